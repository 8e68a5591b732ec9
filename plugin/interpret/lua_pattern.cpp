// string.find, string.match and string.gmatch (and its alias gfind) with Lua 5.1's pattern
// semantics, written here rather than taken from liblua5.1: its matcher recurses once per
// quantifier or capture with no limit (a pattern of 300,000 "a?" overflows the C stack and kills
// the process) and backtracks inside C, where the instruction hook never runs (30 "a*" and a "b"
// take minutes). This one is the same algorithm, read item by item from Lua 5.1's lstrlib.c
// (match, max_expand, min_expand, captures, %b, %f, back-references; a pattern ends at its first
// NUL byte as in 5.1), with two limits: recursion depth 200 ("pattern too complex", as Lua 5.2
// and later say), and every step counted against the script's instruction budget, so a
// backtracking pattern fails with "time limit exceeded" like any other long-running script.
#include <cctype>
#include <cstring>
#include <string_view>

#include "interpret/lua_api.h"

namespace fleetwave::lua_internal {
namespace {

constexpr char kEscape = '%';
constexpr const char* kSpecials = "^$*+?.([%-";
constexpr int kMaxCaptures = 32;  // LUA_MAXCAPTURES
constexpr int kMaxDepth = 200;    // Lua 5.2's MAXCCALLS for the matcher
constexpr std::ptrdiff_t kCapUnfinished = -1;
constexpr std::ptrdiff_t kCapPosition = -2;

int uchar(char c) { return static_cast<unsigned char>(c); }

struct Matcher {
  lua_State* L;
  Budget* budget;
  const char* src_init;
  const char* src_end;
  const char* pattern_end;  // the first NUL of the pattern, or its end
  int level = 0;
  int depth = 0;
  struct {
    const char* init;
    std::ptrdiff_t len;
  } capture[kMaxCaptures];

  // The byte at s; Lua strings end with a NUL, which 5.1's matcher reads at the end of the subject.
  int at(const char* s) const { return s < src_end ? uchar(*s) : 0; }
  char pat(const char* p) const { return p < pattern_end ? *p : '\0'; }

  // One step of matching, counted like one instruction of the script.
  void step() {
    if (!budget->out_of_time && ++budget->steps <= budget->step_limit) return;
    budget->out_of_time = true;
    luaL_error(L, "time limit exceeded");
  }

  int check_capture(int l) {
    l -= '1';
    if (l < 0 || l >= level || capture[l].len == kCapUnfinished) return luaL_error(L, "invalid capture index");
    return l;
  }

  int capture_to_close() {
    for (int l = level - 1; l >= 0; --l) {
      if (capture[l].len == kCapUnfinished) return l;
    }
    return luaL_error(L, "invalid pattern capture");
  }

  const char* class_end(const char* p) {
    switch (pat(p++)) {
      case kEscape:
        if (pat(p) == '\0') luaL_error(L, "malformed pattern (ends with '%%')");
        return p + 1;
      case '[':
        if (pat(p) == '^') p++;
        do {  // look for a ']'
          if (pat(p) == '\0') luaL_error(L, "malformed pattern (missing ']')");
          if (pat(p++) == kEscape && pat(p) != '\0') p++;  // skip escapes (e.g. '%]')
        } while (pat(p) != ']');
        return p + 1;
      default:
        return p;
    }
  }

  static bool match_class(int c, int cl) {
    bool res;
    switch (std::tolower(cl)) {
      case 'a':
        res = std::isalpha(c);
        break;
      case 'c':
        res = std::iscntrl(c);
        break;
      case 'd':
        res = std::isdigit(c);
        break;
      case 'l':
        res = std::islower(c);
        break;
      case 'p':
        res = std::ispunct(c);
        break;
      case 's':
        res = std::isspace(c);
        break;
      case 'u':
        res = std::isupper(c);
        break;
      case 'w':
        res = std::isalnum(c);
        break;
      case 'x':
        res = std::isxdigit(c);
        break;
      case 'z':
        res = c == 0;
        break;
      default:
        return cl == c;
    }
    return std::islower(cl) ? res : !res;
  }

  // p at '[', ec at its ']'.
  bool match_bracket_class(int c, const char* p, const char* ec) const {
    bool sig = true;
    if (pat(p + 1) == '^') {
      sig = false;
      p++;
    }
    while (++p < ec) {
      if (*p == kEscape) {
        p++;
        if (match_class(c, uchar(*p))) return sig;
      } else if (pat(p + 1) == '-' && p + 2 < ec) {
        p += 2;
        if (uchar(*(p - 2)) <= c && c <= uchar(*p)) return sig;
      } else if (uchar(*p) == c) {
        return sig;
      }
    }
    return !sig;
  }

  bool single_match(int c, const char* p, const char* ep) const {
    switch (*p) {
      case '.':
        return true;
      case kEscape:
        return match_class(c, uchar(pat(p + 1)));
      case '[':
        return match_bracket_class(c, p, ep - 1);
      default:
        return uchar(*p) == c;
    }
  }

  const char* match_balance(const char* s, const char* p) {
    if (pat(p) == '\0' || pat(p + 1) == '\0') luaL_error(L, "unbalanced pattern");
    if (at(s) != uchar(*p)) return nullptr;
    const int open = uchar(*p), close = uchar(*(p + 1));
    int depth_of_nesting = 1;
    while (++s < src_end) {
      step();
      if (uchar(*s) == close) {
        if (--depth_of_nesting == 0) return s + 1;
      } else if (uchar(*s) == open) {
        depth_of_nesting++;
      }
    }
    return nullptr;
  }

  const char* max_expand(const char* s, const char* p, const char* ep) {
    std::ptrdiff_t i = 0;
    while (s + i < src_end && single_match(uchar(s[i]), p, ep)) {
      step();
      i++;
    }
    for (; i >= 0; i--) {  // try with the longest run, then shorter ones
      if (const char* res = match(s + i, ep + 1)) return res;
    }
    return nullptr;
  }

  const char* min_expand(const char* s, const char* p, const char* ep) {
    for (;;) {
      if (const char* res = match(s, ep + 1)) return res;
      if (s < src_end && single_match(uchar(*s), p, ep)) s++;
      else return nullptr;
    }
  }

  const char* start_capture(const char* s, const char* p, std::ptrdiff_t what) {
    if (level >= kMaxCaptures) luaL_error(L, "too many captures");
    capture[level].init = s;
    capture[level].len = what;
    level++;
    const char* res = match(s, p);
    if (res == nullptr) level--;  // undo the capture
    return res;
  }

  const char* end_capture(const char* s, const char* p) {
    const int l = capture_to_close();
    capture[l].len = s - capture[l].init;
    const char* res = match(s, p);
    if (res == nullptr) capture[l].len = kCapUnfinished;
    return res;
  }

  const char* match_capture(const char* s, int l) {
    l = check_capture(l);
    const auto len = static_cast<std::size_t>(capture[l].len);
    if (static_cast<std::size_t>(src_end - s) >= len && std::memcmp(capture[l].init, s, len) == 0) return s + len;
    return nullptr;
  }

  // %b, %f and back-references (%1-%9) at p: advances s and p past them, or false for no match.
  bool match_escape(const char*& s, const char*& p) {
    if (pat(p + 1) == 'b') {
      s = match_balance(s, p + 2);
      p += 4;
      return s != nullptr;
    }
    if (pat(p + 1) == 'f') {
      p += 2;
      if (pat(p) != '[') luaL_error(L, "missing '[' after '%%f' in pattern");
      const char* ep = class_end(p);
      const int previous = s == src_init ? 0 : uchar(*(s - 1));
      if (match_bracket_class(previous, p, ep - 1) || !match_bracket_class(at(s), p, ep - 1)) return false;
      p = ep;
      return true;
    }
    s = match_capture(s, uchar(pat(p + 1)));
    p += 2;
    return s != nullptr;
  }

  // Lua 5.1's match(): the end of the match of pattern p at s, or nullptr.
  const char* match(const char* s, const char* p) {
    if (++depth > kMaxDepth) luaL_error(L, "pattern too complex");
    const char* res = match_here(s, p);
    depth--;
    return res;
  }

  const char* match_here(const char* s, const char* p) {
    for (;;) {
      step();
      switch (pat(p)) {
        case '(':
          if (pat(p + 1) == ')') return start_capture(s, p + 2, kCapPosition);
          return start_capture(s, p + 1, kCapUnfinished);
        case ')':
          return end_capture(s, p + 1);
        case '\0':
          return s;  // end of pattern
        case '$':
          if (pat(p + 1) == '\0') return s == src_end ? s : nullptr;
          break;  // else an ordinary character
        case kEscape:
          if (pat(p + 1) == 'b' || pat(p + 1) == 'f' || std::isdigit(uchar(pat(p + 1)))) {
            if (!match_escape(s, p)) return nullptr;
            continue;
          }
          break;  // an escaped class
        default:
          break;
      }
      const char* ep = class_end(p);
      const bool m = s < src_end && single_match(uchar(*s), p, ep);
      switch (pat(ep)) {
        case '?':
          if (m) {
            if (const char* res = match(s + 1, ep + 1)) return res;
          }
          p = ep + 1;
          continue;
        case '*':
          return max_expand(s, p, ep);
        case '+':
          return m ? max_expand(s + 1, p, ep) : nullptr;
        case '-':
          return min_expand(s, p, ep);
        default:
          if (!m) return nullptr;
          s++;
          p = ep;
          continue;
      }
    }
  }

  void push_one_capture(int i, const char* s, const char* e) {
    if (i >= level) {
      if (i == 0) {
        lua_pushlstring(L, s, static_cast<std::size_t>(e - s));  // the whole match
      } else {
        luaL_error(L, "invalid capture index");
      }
      return;
    }
    const std::ptrdiff_t l = capture[i].len;
    if (l == kCapUnfinished) luaL_error(L, "unfinished capture");
    if (l == kCapPosition) {
      lua_pushinteger(L, capture[i].init - src_init + 1);
    } else {
      lua_pushlstring(L, capture[i].init, static_cast<std::size_t>(l));
    }
  }

  int push_captures(const char* s, const char* e) {
    const int n = (level == 0 && s != nullptr) ? 1 : level;
    luaL_checkstack(L, n, "too many captures");
    for (int i = 0; i < n; i++) push_one_capture(i, s, e);
    return n;
  }
};

std::ptrdiff_t relative_position(lua_Integer pos, std::size_t len) {
  if (pos < 0) pos += static_cast<lua_Integer>(len) + 1;
  return pos >= 0 ? static_cast<std::ptrdiff_t>(pos) : 0;
}

const char* pattern_end(const char* p, std::size_t len) {
  const void* nul = std::memchr(p, '\0', len);
  return nul != nullptr ? static_cast<const char*>(nul) : p + len;
}

int find_or_match(lua_State* L, bool find) {
  std::size_t ls = 0, lp = 0;
  const char* s = luaL_checklstring(L, 1, &ls);
  const char* p = luaL_checklstring(L, 2, &lp);
  std::ptrdiff_t init = relative_position(luaL_optinteger(L, 3, 1), ls) - 1;
  if (init < 0) init = 0;
  else if (static_cast<std::size_t>(init) > ls) init = static_cast<std::ptrdiff_t>(ls);
  const char* p_end = pattern_end(p, lp);
  const bool plain = find && (lua_toboolean(L, 4) ||
                              std::string_view(p, static_cast<std::size_t>(p_end - p)).find_first_of(kSpecials) ==
                                  std::string_view::npos);
  if (plain) {  // a plain search, of the whole pattern (NULs included) as 5.1 does
    const std::size_t at = std::string_view(s, ls).find(std::string_view(p, lp), static_cast<std::size_t>(init));
    if (at != std::string_view::npos) {
      lua_pushinteger(L, static_cast<lua_Integer>(at) + 1);
      lua_pushinteger(L, static_cast<lua_Integer>(at + lp));
      return 2;
    }
    lua_pushnil(L);
    return 1;
  }
  Matcher m{L, &budget_of(L), s, s + ls, p_end};
  const bool anchor = p < p_end && *p == '^';
  if (anchor) p++;
  const char* s1 = s + init;
  do {
    m.level = 0;
    m.depth = 0;
    if (const char* res = m.match(s1, p)) {
      if (!find) return m.push_captures(s1, res);
      lua_pushinteger(L, s1 - s + 1);  // start
      lua_pushinteger(L, res - s);     // end
      return m.push_captures(nullptr, nullptr) + 2;
    }
  } while (s1++ < m.src_end && !anchor);
  lua_pushnil(L);
  return 1;
}

int str_find(lua_State* L) { return find_or_match(L, true); }
int str_match(lua_State* L) { return find_or_match(L, false); }

int gmatch_next(lua_State* L) {
  std::size_t ls = 0, lp = 0;
  const char* s = lua_tolstring(L, lua_upvalueindex(1), &ls);
  const char* p = lua_tolstring(L, lua_upvalueindex(2), &lp);
  Matcher m{L, &budget_of(L), s, s + ls, pattern_end(p, lp)};
  for (const char* src = s + static_cast<std::size_t>(lua_tointeger(L, lua_upvalueindex(3))); src <= m.src_end; src++) {
    m.level = 0;
    m.depth = 0;
    if (const char* e = m.match(src, p)) {
      lua_Integer next = e - s;
      if (e == src) next++;  // an empty match moves on by one
      lua_pushinteger(L, next);
      lua_replace(L, lua_upvalueindex(3));
      return m.push_captures(src, e);
    }
  }
  return 0;
}

int str_gmatch(lua_State* L) {
  luaL_checkstring(L, 1);
  luaL_checkstring(L, 2);
  lua_settop(L, 2);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, gmatch_next, 3);
  return 1;
}

}  // namespace

void replace_pattern_functions(lua_State* L, int strings) {
  const std::pair<const char*, lua_CFunction> functions[] = {
      {"find", str_find}, {"match", str_match}, {"gmatch", str_gmatch}, {"gfind", str_gmatch}};
  for (const auto& [name, function] : functions) {
    lua_pushcfunction(L, function);
    lua_setfield(L, strings, name);
  }
}

}  // namespace fleetwave::lua_internal
