// The sandbox's string.find/match/gmatch (lua_pattern.cpp) against Lua 5.1's own string library
// (liblua5.1, the library fleetwave links): the same script, the same answers; and the two limits
// that the library lacks, which hostile scripts hit.
#include <lua5.1/lua.hpp>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "interpret/lua_vm.h"

namespace fleetwave {
namespace {

struct PatternCase {
  std::string subject;
  std::string pattern;
  int init = 1;
  bool plain = false;
};

// A Lua string literal of any bytes: every byte as a decimal escape.
std::string lua_literal(const std::string& bytes) {
  std::string out = "\"";
  for (unsigned char c : bytes) out += "\\" + std::to_string(c);
  return out + "\"";
}

// A script whose f() returns every answer of find, match and gmatch on the cases, one line per
// case; errors are answers too (pcall), so the two libraries must also fail alike.
std::string differential_script(const std::vector<PatternCase>& cases) {
  std::string script = R"(
local function show(ok, ...)
  if not ok then return "error: " .. tostring((...)) end
  local parts = {}
  for i = 1, select("#", ...) do parts[#parts + 1] = tostring((select(i, ...))) end
  return table.concat(parts, ",")
end
local function all(s, p)
  local out = {}
  for a, b in string.gmatch(s, p) do
    out[#out + 1] = tostring(a) .. (b ~= nil and ("|" .. tostring(b)) or "")
    if #out > 50 then break end
  end
  return table.concat(out, " ")
end
cases = {
)";
  for (const PatternCase& c : cases) {
    script += "  {" + lua_literal(c.subject) + ", " + lua_literal(c.pattern) + ", " + std::to_string(c.init) + ", " +
              (c.plain ? "true" : "false") + "},\n";
  }
  script += R"(}
function f()
  local lines = {}
  for _, c in ipairs(cases) do
    lines[#lines + 1] = show(pcall(string.find, c[1], c[2], c[3], c[4])) .. " / " ..
                        show(pcall(string.match, c[1], c[2], c[3])) .. " / " .. show(pcall(all, c[1], c[2]))
  end
  return table.concat(lines, "\n")
end
)";
  return script;
}

std::string with_liblua(const std::string& script) {
  lua_State* L = luaL_newstate();
  luaL_openlibs(L);
  std::string out;
  if (luaL_dostring(L, script.c_str()) != 0) {
    out = std::string("load error: ") + lua_tostring(L, -1);
  } else {
    lua_getglobal(L, "f");
    out = lua_pcall(L, 0, 1, 0) == 0 ? lua_tostring(L, -1) : std::string("call error: ") + lua_tostring(L, -1);
  }
  lua_close(L);
  return out;
}

Result<std::vector<LuaValue>> in_sandbox(const std::string& script) {
  LuaCall call;
  call.script = script;
  call.chunk_name = "patterns";
  call.function = "f";
  return call_lua(call);
}

TEST(LuaPattern, AnswersAsLua51Does) {
  const std::vector<PatternCase> cases = {
      {"hello world", "o w"},
      {"hello world", "l+"},
      {"hello world", "o", 6},
      {"hello world", "o", -3},
      {"hello world", "o", 100},
      {"key=value, k2=v2", "(%w+)=(%w+)"},
      {"  trim me  ", "^%s*(.-)%s*$"},
      {"a.b.c", ".", 1, true},
      {"a.b.c", "%."},
      {"THE (quick) fox", "%((%a+)%)"},
      {"hello", "()ll()"},
      {"one two  three", "%a+"},
      {"f(a(b)c) d(e)", "%b()"},
      {"THE (quick) fox", "%f[%a]%a+"},
      {"abcabc", "(abc)%1"},
      {"", ""},
      {"abc", "", 10},
      {"x$", "x$"},
      {"x$y", "x$y"},
      {"aaab", "a-b"},
      {"aaab", "^a*"},
      {"[x] ]", "[]x[]+"},
      {"A1 b2 C3", "[%u%d]+"},
      {"a-z", "[a%-z]+"},
      {"abc", "[^b]+"},
      {"tab\there", "%c"},
      {"0x1F ff", "%x+"},
      {std::string("a\0b", 3), "%z"},
      {std::string("a\0b", 3), std::string("a\0b", 3), 1, true},
      {"ab", std::string("a\0x", 3)},
      {"ab", "(a)(b)(c?)"},
      {"ab", "((a)b)"},
      {"abc", "^(a)(%1)"},
      {"abc", "%"},
      {"abc", "[a"},
      {"abc", "(a"},
      {"abc", "a)"},
      {"abc", "%1"},
      {"abc", "%f"},
      {"abc", "%b"},
      {"a,b,,c", "([^,]*)"},
      {"10.0.0.1:80", "^(%d+)%.(%d+)%.(%d+)%.(%d+):?(%d*)$"},
  };
  const std::string script = differential_script(cases);
  auto ours = in_sandbox(script);
  ASSERT_TRUE(ours.ok()) << ours.error().to_string();
  ASSERT_EQ(ours->size(), 1u);
  EXPECT_EQ((*ours)[0].text, with_liblua(script));
}

// Lua 5.1's matcher recurses once per quantifier: 300,000 of them overflowed the C stack. Here
// the 201st nested level is an error, as in Lua 5.2 and later.
TEST(LuaPattern, DeepPatternsAreTooComplexNotACrash) {
  const std::string script = R"(
function f()
  local s, p = {}, {}
  for i = 1, 300000 do s[i] = "a"; p[i] = "a?" end
  return pcall(string.find, table.concat(s), table.concat(p))
end)";
  LuaCall call;
  call.script = script;
  call.chunk_name = "deep";
  call.function = "f";
  call.results = 2;
  auto r = call_lua(call);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_FALSE((*r)[0].boolean);
  EXPECT_EQ((*r)[1].text, "pattern too complex");
}

// Backtracking happens inside the matcher, where the instruction hook never runs; its steps are
// counted against the same budget, so the script stops like any other endless one.
TEST(LuaPattern, BacktrackingCountsAgainstTheInstructionBudget) {
  const std::string script = R"(
function f()
  local s, p = {}, {}
  for i = 1, 30 do s[i] = "a"; p[i] = "a*" end
  return string.find(table.concat(s), table.concat(p) .. "b")
end)";
  LuaCall call;
  call.script = script;
  call.chunk_name = "backtrack";
  call.function = "f";
  auto r = call_lua(call, LuaLimits{1'000'000, 64u << 20});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message.rfind("time limit exceeded", 0), 0u) << r.error().message;
}

}  // namespace
}  // namespace fleetwave
