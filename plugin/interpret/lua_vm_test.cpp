// The Lua VM adapter: Karmada's sandbox (what is open, what is refused), its JSON <-> Lua
// conversion rules, the instruction and memory budgets, and gopher-lua number formatting.
#include "interpret/lua_vm.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

Result<std::vector<LuaValue>> run(const std::string& script, std::vector<Json> args = {}, int results = 1,
                                  LuaLimits limits = {}) {
  static std::vector<Json> keep;
  keep = std::move(args);
  LuaCall call;
  call.script = script;
  call.chunk_name = "test";
  call.function = "F";
  for (const Json& a : keep) call.args.push_back(&a);
  call.results = results;
  return call_lua(call, limits);
}

std::string error_of(const std::string& script, LuaLimits limits = {}) {
  auto r = run(script, {}, 1, limits);
  return r.ok() ? "(no error)" : r.error().message;
}

struct ErrorCase {
  std::string name;
  std::string script;
  std::string expected;  // substring of the message
};

TEST(LuaVm, SandboxRefusesWhatKarmadaRefuses) {
  const ErrorCase cases[] = {
      {"os.execute is not opened", "function F() return os.execute('id') end", "attempt to call field 'execute'"},
      {"os.getenv is not opened", "function F() return os.getenv('HOME') end", "attempt to call field 'getenv'"},
      {"io is not opened", "function F() return io.open('/etc/passwd') end", "attempt to index global 'io'"},
      {"debug is not opened", "function F() return debug.getinfo(1) end", "attempt to index global 'debug'"},
      {"coroutine is not opened", "function F() return coroutine.create(F) end", "attempt to index global 'coroutine'"},
      {"require of anything but kube", "function F() return require('io') end", "module 'io' not found"},
      {"load", "function F() return load('return 1') end",
       "call function load is not supported in karmada customized resourceinterpreter."},
      {"loadstring", "function F() return loadstring('return 1') end", "call function loadstring is not supported"},
      {"dofile", "function F() return dofile('/etc/passwd') end", "call function dofile is not supported"},
      {"loadfile", "function F() return loadfile('/etc/passwd') end", "call function loadfile is not supported"},
      {"setmetatable", "function F() return setmetatable({}, {}) end", "call function setmetatable is not supported"},
      {"rawget", "function F() return rawget({}, 1) end", "call function rawget is not supported"},
      {"collectgarbage", "function F() return collectgarbage() end", "call function collectgarbage is not supported"},
      {"package.loadlib", "function F() return package.loadlib('x', 'y') end", "loadlib is not supported"},
      {"string.rep", "function F() return string.rep('x', 3) end", "The Lua function string.rep is not supported"},
      {"string.gsub via a method", "function F() return ('x'):gsub('x', 'y') end", "string.gsub is not supported"},
      {"string.dump", "function F() return string.dump(F) end", "string.dump is not supported"},
      {"missing function", "function G() end", "not found function F"},
      {"not a function", "F = 3", "F is not a function: number"},
      {"syntax error", "function F( return 1 end", "test:1:"},
      {"runtime error with position", "function F()\n  local x = nil\n  return x.y\nend", "test:3: attempt to index"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_NE(error_of(c.script).find(c.expected), std::string::npos) << error_of(c.script);
  }
}

TEST(LuaVm, LibrariesKarmadaOpensWork) {
  auto r = run(R"(
    local kube = require("kube")
    function F()
      local t = {3, 1, 2}
      table.sort(t)
      return table.concat(t, ",") .. " " .. string.upper("ab") .. " " .. ("Hi"):lower() .. " " ..
             string.format("%d", math.floor(2.7)) .. " " .. tostring(type(kube.resourceAdd)) .. " " ..
             tostring(select("#", 1, 2)) .. " " .. os.date("!%Y-%m-%d", 86400) .. " " .. tostring(os.time())
    end)");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ((*r)[0].text, "1,2,3 AB hi 2 function 2 1970-01-02 0");
}

TEST(LuaVm, EveryCallStartsFromPristineGlobals) {
  // The same script twice (one cached state): globals it set or removed are back.
  const std::string script =
      "function F() local before = type(tostring) counter = (counter or 0) + 1 tostring = nil "
      "return before .. counter end";
  for (int i = 0; i < 2; ++i) {
    auto r = run(script);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    EXPECT_EQ((*r)[0].text, "function1");
  }
}

TEST(LuaVm, PrintWritesNothing) {
  auto r = run("function F() print('to stdout?') return 1 end");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ((*r)[0].number, 1);
}

TEST(LuaVm, RandomIsTheSameInEveryCall) {
  auto a = run("function F() return tostring(math.random(1000)) .. ',' .. tostring(math.random()) end");
  auto b = run("function F() return tostring(math.random(1000)) .. ',' .. tostring(math.random()) end");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ((*a)[0].text, (*b)[0].text);
}

TEST(LuaVm, StringArgumentsAreCapped) {
  std::string script =
      "function F() local s = 'x' for i = 1, 20 do s = s .. s end return string.upper(s) end";  // 1,048,576 bytes
  EXPECT_NE(error_of(script).find("exceeds the maximum allowed input string length 1000000"), std::string::npos);
}

TEST(LuaVm, InstructionBudgetStopsEndlessScripts) {
  LuaLimits limits;
  limits.instructions = 100000;
  EXPECT_NE(error_of("function F() while true do end end", limits).find("time limit exceeded"), std::string::npos);
  // pcall cannot swallow the limit.
  EXPECT_NE(error_of("function F() while true do pcall(function() while true do end end) end end", limits)
                .find("time limit exceeded"),
            std::string::npos);
  EXPECT_EQ(error_of("function F() local n = 0 for i = 1, 1000 do n = n + i end return n end", limits), "(no error)");
}

TEST(LuaVm, MemoryBudgetStopsGreedyScripts) {
  LuaLimits limits;
  limits.memory_bytes = 4u << 20;
  EXPECT_NE(error_of("function F() local t = {} for i = 1, 1e7 do t[i] = 'v' .. i end end", limits)
                .find("memory limit exceeded: the script allocated more than 4 MiB"),
            std::string::npos);
}

// Issue 24, E10: the text of a result counts against the memory limit, each reference to a
// string once per reference (what the JSON costs), though the script allocated it once.
TEST(LuaVm, ResultsLargerThanTheMemoryLimitAreRefused) {
  LuaLimits limits;
  limits.memory_bytes = 4u << 20;
  const std::string many_refs =
      "function F() local big = 'x' for i = 1, 19 do big = big .. big end local t = {} for i = 1, 20 do t[i] = big "
      "end return t end";
  EXPECT_EQ(error_of(many_refs, limits),
            "memory limit exceeded: the script's result holds more than 4 MiB of text (a string referenced many "
            "times counts each time)");
  EXPECT_EQ(
      error_of("function F() local big = 'x' for i = 1, 19 do big = big .. big end return {big, big} end", limits),
      "(no error)");
}

// Issue 24, E10: what a script leaves in library tables survives the reset of globals; a state
// keeping more than 1 MiB is closed instead of reused, so reuse never accumulates it.
TEST(LuaVm, WhatScriptsKeepBetweenCallsStaysBounded) {
  const std::string keeper =
      "function F() string.kept = string.kept or {} local s = #string.kept .. 'k' for i = 1, 18 do s = s .. s end "
      "string.kept[#string.kept + 1] = s return #string.kept end";
  for (int i = 0; i < 50; ++i) {
    auto r = run(keeper);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    EXPECT_LE((*r)[0].number, 2) << "a state holding more than 1 MiB is not reused";
  }
  EXPECT_LT(lua_cached_bytes(), 32u << 20);
}

TEST(LuaVm, JsonToLuaFollowsKarmada) {
  // null members and null elements vanish; every number is a float64; {} and [] look alike.
  auto r = run(R"(function F(o)
      local n = 0 for _ in pairs(o) do n = n + 1 end
      return tostring(o.gone == nil) .. " " .. n .. " " .. #o.list .. " " .. o.list[2] .. " " ..
             type(o.int) .. " " .. tostring(o.int) .. " " .. tostring(o.float) .. " " .. #o.emptyMap .. #o.emptyList
    end)",
               {Json::parse(R"({"gone":null,"list":[1,null,3],"int":7,"float":0.5,"emptyMap":{},"emptyList":[]})")});
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ((*r)[0].text, "true 5 2 3 number 7 0.5 00");
}

struct EncodeCase {
  std::string name;
  std::string script;  // F returns one value
  std::string json;    // expected encoding, or "" when an error is expected
  std::string error;
};

TEST(LuaVm, LuaToJsonFollowsGopherJson) {
  const EncodeCase cases[] = {
      {"integers stay integers, keys sorted", "function F() return {b = 2.0, a = 1, c = 0.25} end",
       R"({"a":1,"b":2,"c":0.25})", ""},
      {"empty table is a list", "function F() return {x = {}} end", R"({"x":[]})", ""},
      {"array", "function F() return {'a', 'b'} end", R"(["a","b"])", ""},
      {"sparse array", "function F() return {[1] = 'a', [3] = 'c'} end", "", "cannot encode sparse array"},
      {"mixed keys", "function F() return {'a', x = 1} end", "", "cannot encode mixed or invalid key types"},
      {"same table twice", "function F() local t = {1} return {a = t, b = t} end", "",
       "cannot encode recursively nested tables to JSON"},
      {"function", "function F() return {f = F} end", "", "cannot encode function to JSON"},
      {"NaN", "function F() return {x = 0/0} end", "", "unsupported value"},
  };
  for (const EncodeCase& c : cases) {
    SCOPED_TRACE(c.name);
    auto r = run(c.script);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    ASSERT_EQ((*r)[0].type, LuaType::Table);
    if (c.error.empty()) {
      EXPECT_EQ((*r)[0].table_error, "");
      EXPECT_EQ((*r)[0].table.dump(), c.json);
    } else {
      EXPECT_NE((*r)[0].table_error.find(c.error), std::string::npos) << (*r)[0].table_error;
    }
  }
}

TEST(LuaVm, MissingResultsAreNil) {
  auto r = run("function F() return 1 end", {}, 2);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[1].type, LuaType::Nil);
}

TEST(LuaVm, SyntaxCheckDoesNotRun) {
  EXPECT_TRUE(check_lua_syntax("error('runs?')", "x").ok());
  auto bad = check_lua_syntax("function (", "replicaResource");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message.rfind("replicaResource:1:", 0), 0u) << bad.error().message;
}

TEST(LuaVm, NumbersPrintLikeGopherLua) {
  const std::pair<double, const char*> cases[] = {{3, "3"},
                                                  {-2, "-2"},
                                                  {0.5, "0.5"},
                                                  {0.1, "0.1"},
                                                  {1.0 / 3, "0.3333333333333333"},
                                                  {1e-5, "1e-05"},
                                                  {0.0001, "0.0001"},
                                                  {1234567.5, "1.2345675e+06"},
                                                  {123456.5, "123456.5"},
                                                  {1e20, "1e+20"},
                                                  {1e300, "1e+300"}};
  for (const auto& [value, text] : cases) EXPECT_EQ(gopher_number_string(value), text) << value;
  auto r = run("function F() return tostring(1/3) .. ' ' .. tostring(2^53) end");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ((*r)[0].text, "0.3333333333333333 9007199254740992");
}

}  // namespace
}  // namespace fleetwave
