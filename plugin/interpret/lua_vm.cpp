// PUC Lua 5.1 (Debian's liblua5.1, its C++ build: Lua errors are C++ exceptions, so the C++
// frames they cross unwind normally) configured like Karmada's gopher-lua states
// (luavm/lua.go VM.setLib, pkg/util/lifted/lua/*_safe.go in Karmada):
//   base (minus the disabled functions, print discarded), table, string (gsub/rep/dump refused,
//   arguments capped at 1,000,000 bytes), math (deterministic random), os.time/os.date only
//   (no clock: os.time() is 0, dates are UTC), package with the preload loader only, and the
//   kube module through require("kube"). No io, debug, coroutine or file loading.
#include "interpret/lua_vm.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <optional>
#include <set>
#include <stdexcept>

#include "interpret/kube_helpers.h"
#include "interpret/lua_json.h"

#include <lua5.1/lua.hpp>

namespace fleetwave {
namespace {

constexpr int kHookEvery = 1000;  // instructions between budget checks
constexpr std::size_t kMaxStringArgument = 1000000;

struct Budget {
  std::size_t used = 0;
  std::size_t limit = 0;
  std::uint64_t steps = 0;
  std::uint64_t step_limit = 0;
  bool out_of_memory = false;
  bool out_of_time = false;
  std::uint64_t random_state = 0x9E3779B97F4A7C15ull;
};

void* budget_alloc(void* ud, void* ptr, std::size_t osize, std::size_t nsize) {
  auto* b = static_cast<Budget*>(ud);
  std::size_t old = ptr != nullptr ? osize : 0;
  if (nsize == 0) {
    b->used -= old;
    std::free(ptr);
    return nullptr;
  }
  if (nsize > old && b->used - old + nsize > b->limit) {
    b->out_of_memory = true;
    return nullptr;
  }
  void* p = std::realloc(ptr, nsize);
  if (p != nullptr) b->used = b->used - old + nsize;
  return p;
}

int abs_index(lua_State* L, int idx) { return idx > 0 || idx <= LUA_REGISTRYINDEX ? idx : lua_gettop(L) + idx + 1; }

Budget& budget_of(lua_State* L) {
  void* ud = nullptr;
  lua_getallocf(L, &ud);
  return *static_cast<Budget*>(ud);
}

void count_hook(lua_State* L, lua_Debug*) {
  Budget& b = budget_of(L);
  b.steps += b.out_of_time ? 1 : kHookEvery;
  if (b.steps <= b.step_limit) return;
  // From now on every instruction fails, so a script cannot pcall its way past the limit.
  b.out_of_time = true;
  lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
  luaL_error(L, "time limit exceeded");
}

// ---- JSON -> Lua (Karmada's decodeValue / gopher-json Decode) ----

void push_json(lua_State* L, const Json& v) {
  luaL_checkstack(L, 3, "object nested too deeply");
  switch (v.type()) {
    case Json::value_t::object: {
      lua_createtable(L, 0, static_cast<int>(v.size()));
      for (auto it = v.begin(); it != v.end(); ++it) {
        if (it.value().is_null()) continue;  // setting a key to nil deletes it
        lua_pushlstring(L, it.key().data(), it.key().size());
        push_json(L, it.value());
        lua_rawset(L, -3);
      }
      return;
    }
    case Json::value_t::array: {
      lua_createtable(L, static_cast<int>(v.size()), 0);
      int n = 0;
      for (const Json& item : v) {
        if (item.is_null()) continue;  // Append ignores nil: the array closes up
        push_json(L, item);
        lua_rawseti(L, -2, ++n);
      }
      return;
    }
    case Json::value_t::string: {
      const std::string& s = v.get_ref<const std::string&>();
      lua_pushlstring(L, s.data(), s.size());
      return;
    }
    case Json::value_t::boolean: lua_pushboolean(L, v.get<bool>() ? 1 : 0); return;
    case Json::value_t::number_integer: lua_pushnumber(L, static_cast<lua_Number>(v.get<std::int64_t>())); return;
    case Json::value_t::number_unsigned: lua_pushnumber(L, static_cast<lua_Number>(v.get<std::uint64_t>())); return;
    case Json::value_t::number_float: lua_pushnumber(L, v.get<double>()); return;
    default: lua_pushnil(L); return;
  }
}

// ---- Lua -> JSON (gopher-json Encode) ----

struct Encoder {
  lua_State* L;
  std::set<const void*> visited;  // never cleared: a table seen twice anywhere fails
  std::string error;

  Json number(lua_Number n) {
    if (!std::isfinite(n)) {
      error = "json: unsupported value: " + gopher_number_string(n);
      return Json();
    }
    if (n == std::trunc(n) && std::fabs(n) < 9.2233720368547758e18) return static_cast<std::int64_t>(n);
    return n;
  }

  // The value at stack index idx (absolute).
  Json value(int idx) {
    switch (lua_type(L, idx)) {
      case LUA_TNIL: return Json();
      case LUA_TBOOLEAN: return lua_toboolean(L, idx) != 0;
      case LUA_TNUMBER: return number(lua_tonumber(L, idx));
      case LUA_TSTRING: {
        std::size_t len = 0;
        const char* s = lua_tolstring(L, idx, &len);
        return std::string(s, len);
      }
      case LUA_TTABLE: return table(idx);
      default: error = std::string("cannot encode ") + luaL_typename(L, idx) + " to JSON"; return Json();
    }
  }

  Json table(int idx) {
    if (!visited.insert(lua_topointer(L, idx)).second) {
      error = "cannot encode recursively nested tables to JSON";
      return Json();
    }
    luaL_checkstack(L, 4, "table nested too deeply");
    lua_pushnil(L);
    if (lua_next(L, idx) == 0) return Json::array();
    bool array = lua_type(L, -2) == LUA_TNUMBER;
    lua_pop(L, 2);
    return array ? as_array(idx) : as_object(idx);
  }

  // Keys must be exactly 1..n; gopher-lua visits them in that order.
  Json as_array(int idx) {
    std::size_t n = 0;
    bool sparse = false;
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
      lua_pop(L, 1);
      if (lua_type(L, -1) != LUA_TNUMBER) {
        lua_pop(L, 1);
        error = "cannot encode mixed or invalid key types";
        return Json();
      }
      lua_Number k = lua_tonumber(L, -1);
      if (k != std::trunc(k) || k < 1) sparse = true;
      ++n;
    }
    if (sparse || static_cast<std::size_t>(lua_objlen(L, idx)) != n) {
      error = "cannot encode sparse array";
      return Json();
    }
    Json out = Json::array();
    for (std::size_t i = 1; i <= n && error.empty(); ++i) {
      lua_rawgeti(L, idx, static_cast<int>(i));
      if (lua_isnil(L, -1)) error = "cannot encode sparse array";
      else out.push_back(value(lua_gettop(L)));
      lua_pop(L, 1);
    }
    return out;
  }

  Json as_object(int idx) {
    Json out = Json::object();
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
      if (lua_type(L, -2) != LUA_TSTRING) {
        lua_pop(L, 2);
        error = "cannot encode mixed or invalid key types";
        return Json();
      }
      std::size_t len = 0;
      const char* k = lua_tolstring(L, -2, &len);
      Json v = value(lua_gettop(L));
      lua_pop(L, 1);
      if (!error.empty()) {
        lua_pop(L, 1);
        return Json();
      }
      out[std::string(k, len)] = std::move(v);
    }
    return out;
  }
};

// A table argument of a kube helper as Karmada's ConvertLuaResultInto(table, &typed) sees it.
Json table_argument(lua_State* L, int idx) {
  luaL_checktype(L, idx, LUA_TTABLE);
  Encoder e{L, {}, {}};
  Json encoded = e.table(abs_index(L, idx));
  if (!e.error.empty()) luaL_error(L, "encode lua result to json failed: %s", e.error.c_str());
  return repair_empty_tables(std::move(encoded), true, {});
}

// ---- kube module ----

// Runs a helper body; C++ exceptions become Lua errors (Lua's own errors pass through).
template <typename F>
int guarded(lua_State* L, F&& body) {
  std::string error;
  try {
    return body();
  } catch (const std::exception& e) {
    error = e.what();
  }
  return luaL_error(L, "%s", error.c_str());
}

struct HelperError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::optional<std::string> quantity_argument(lua_State* L, int i) {
  int type = lua_type(L, i);
  if (type == LUA_TNIL || type == LUA_TNONE) return std::nullopt;
  if (type != LUA_TSTRING) luaL_typerror(L, i, "string");
  std::size_t len = 0;
  const char* s = lua_tolstring(L, i, &len);
  return std::string(s, len);
}

int kube_resource_add_fn(lua_State* L) {
  return guarded(L, [&] {
    std::vector<std::optional<std::string>> args;
    for (int i = 1; i <= lua_gettop(L); ++i) args.push_back(quantity_argument(L, i));
    auto sum = kube_resource_add(args);
    if (!sum.ok()) throw HelperError(sum.error().message);
    lua_pushlstring(L, sum->data(), sum->size());
    return 1;
  });
}

int kube_requirements_fn(lua_State* L) {
  if (lua_gettop(L) != 1) luaL_error(L, "getPodRequirements only accepts one argument");
  return guarded(L, [&] {
    auto requirements = kube_pod_requirements(table_argument(L, 1));
    if (!requirements.ok())
      throw HelperError("fail to convert lua value to PodTemplateSpec: " + requirements.error().to_string());
    push_json(L, *requirements);
    return 1;
  });
}

int kube_dependencies_fn(lua_State* L) {
  if (lua_gettop(L) != 2) luaL_error(L, "getPodDependencies only accepts two argument");
  return guarded(L, [&] {
    Json pod_template = table_argument(L, 1);
    std::string ns = "default";
    int type = lua_type(L, 2);
    if (type == LUA_TSTRING || type == LUA_TNUMBER) ns = lua_tostring(L, 2);
    else if (type != LUA_TNIL) luaL_typerror(L, 2, "string");
    push_json(L, kube_pod_dependencies(pod_template, ns));
    return 1;
  });
}

int kube_quantity_fn(lua_State* L) {
  if (lua_gettop(L) != 1) luaL_error(L, "getResourceQuantity only accepts one argument");
  return guarded(L, [&] {
    auto value = kube_resource_quantity(quantity_argument(L, 1));
    if (!value.ok()) throw HelperError(value.error().message);
    if (std::isinf(*value)) throw HelperError("int approximation unexpectedly returned an infinite value");
    lua_pushnumber(L, *value);
    return 1;
  });
}

int kube_loader(lua_State* L) {
  static const luaL_Reg kFunctions[] = {{"resourceAdd", kube_resource_add_fn},
                                        {"accuratePodRequirements", kube_requirements_fn},
                                        {"getPodDependencies", kube_dependencies_fn},
                                        {"getResourceQuantity", kube_quantity_fn},
                                        {nullptr, nullptr}};
  lua_newtable(L);
  luaL_register(L, nullptr, kFunctions);
  return 1;
}

// ---- the sandbox ----

int disabled_function(lua_State* L) {
  return luaL_error(L, "call function %s is not supported in karmada customized resourceinterpreter.",
                    lua_tostring(L, lua_upvalueindex(1)));
}

int refused_function(lua_State* L) { return luaL_error(L, "%s", lua_tostring(L, lua_upvalueindex(1))); }

int discard_print(lua_State*) { return 0; }

int gopher_tostring(lua_State* L) {
  luaL_checkany(L, 1);
  if (lua_type(L, 1) == LUA_TNUMBER) {
    std::string s = gopher_number_string(lua_tonumber(L, 1));
    lua_pushlstring(L, s.data(), s.size());
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

// string functions with Karmada's 1,000,000-byte cap on their string arguments.
int capped_string_function(lua_State* L) {
  int checked = static_cast<int>(lua_tointeger(L, lua_upvalueindex(2)));
  for (int i = 1; i <= checked && i <= lua_gettop(L); ++i) {
    if (lua_type(L, i) != LUA_TSTRING) continue;
    std::size_t len = lua_objlen(L, i);
    if (len > kMaxStringArgument) {
      luaL_error(L,
                 "string length %d exceeds the maximum allowed input string length %d in Karmada lua string lib, "
                 "please check your lua script.",
                 static_cast<int>(len), static_cast<int>(kMaxStringArgument));
    }
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

std::uint64_t next_random(Budget& b) {
  b.random_state ^= b.random_state >> 12;
  b.random_state ^= b.random_state << 25;
  b.random_state ^= b.random_state >> 27;
  return b.random_state * 0x2545F4914F6CDD1Dull;
}

// math.random with Lua 5.1's argument rules over a fixed-seed generator: the same sequence in
// every call, so renders stay reproducible.
int deterministic_random(lua_State* L) {
  double r = static_cast<double>(next_random(budget_of(L)) >> 11) * (1.0 / 9007199254740992.0);
  switch (lua_gettop(L)) {
    case 0: lua_pushnumber(L, r); return 1;
    case 1: {
      int u = luaL_checkint(L, 1);
      luaL_argcheck(L, 1 <= u, 1, "interval is empty");
      lua_pushnumber(L, std::floor(r * u) + 1);
      return 1;
    }
    case 2: {
      int l = luaL_checkint(L, 1), u = luaL_checkint(L, 2);
      luaL_argcheck(L, l <= u, 2, "interval is empty");
      lua_pushnumber(L, std::floor(r * (u - l + 1)) + l);
      return 1;
    }
    default: return luaL_error(L, "wrong number of arguments");
  }
}

int deterministic_randomseed(lua_State* L) {
  budget_of(L).random_state = static_cast<std::uint64_t>(luaL_checkint(L, 1)) * 0x9E3779B97F4A7C15ull + 1;
  return 0;
}

int date_field(lua_State* L, const char* key, int fallback) {
  lua_getfield(L, -1, key);
  int value = fallback;
  if (lua_isnumber(L, -1)) value = static_cast<int>(lua_tointeger(L, -1));
  else if (fallback < 0) luaL_error(L, "field '%s' missing in date table", key);
  lua_pop(L, 1);
  return value;
}

// os.time: no clock in a render, so os.time() is 0; a date table converts as UTC.
int os_time(lua_State* L) {
  if (lua_isnoneornil(L, 1)) {
    lua_pushnumber(L, 0);
    return 1;
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  std::tm t{};
  t.tm_sec = date_field(L, "sec", 0);
  t.tm_min = date_field(L, "min", 0);
  t.tm_hour = date_field(L, "hour", 12);
  t.tm_mday = date_field(L, "day", -1);
  t.tm_mon = date_field(L, "month", -1) - 1;
  t.tm_year = date_field(L, "year", -1) - 1900;
  lua_pushnumber(L, static_cast<lua_Number>(timegm(&t)));
  return 1;
}

// os.date in UTC; the default time is 0 like os.time().
int os_date(lua_State* L) {
  std::string format = luaL_optstring(L, 1, "%c");
  std::time_t when = lua_isnoneornil(L, 2) ? 0 : static_cast<std::time_t>(luaL_checknumber(L, 2));
  if (!format.empty() && format[0] == '!') format.erase(0, 1);
  std::tm t{};
  gmtime_r(&when, &t);
  if (format.rfind("*t", 0) == 0) {
    lua_createtable(L, 0, 9);
    const std::pair<const char*, int> fields[] = {{"sec", t.tm_sec},          {"min", t.tm_min},
                                                  {"hour", t.tm_hour},        {"day", t.tm_mday},
                                                  {"month", t.tm_mon + 1},    {"year", t.tm_year + 1900},
                                                  {"wday", t.tm_wday + 1},    {"yday", t.tm_yday + 1}};
    for (const auto& [name, value] : fields) {
      lua_pushinteger(L, value);
      lua_setfield(L, -2, name);
    }
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "isdst");
    return 1;
  }
  std::string out;
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%' || i + 1 == format.size()) {
      out += format[i];
      continue;
    }
    char conversion[3] = {'%', format[++i], '\0'};
    char buf[200];
    out.append(buf, std::strftime(buf, sizeof buf, conversion, &t));
  }
  lua_pushlstring(L, out.data(), out.size());
  return 1;
}

int preload_require(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  lua_settop(L, 1);
  lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
  lua_getfield(L, 2, name);
  if (lua_toboolean(L, -1)) return 1;
  lua_pop(L, 1);
  lua_getglobal(L, "package");
  if (lua_istable(L, -1)) lua_getfield(L, -1, "preload");
  if (lua_istable(L, -1)) lua_getfield(L, -1, name);
  if (!lua_isfunction(L, -1)) return luaL_error(L, "module '%s' not found: no field package.preload['%s']", name, name);
  lua_pushstring(L, name);
  lua_call(L, 1, 1);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, 2, name);
  return 1;
}

void set_closure(lua_State* L, int table, const char* name, lua_CFunction fn, const char* upvalue) {
  lua_pushstring(L, upvalue);
  lua_pushcclosure(L, fn, 1);
  lua_setfield(L, table, name);
}

void open_library(lua_State* L, lua_CFunction open, const char* name) {
  lua_pushcfunction(L, open);
  lua_pushstring(L, name);
  lua_call(L, 1, 0);
}

void open_safe_string(lua_State* L) {
  open_library(L, luaopen_string, LUA_STRLIBNAME);
  lua_getglobal(L, LUA_STRLIBNAME);
  const int strings = lua_gettop(L);
  const std::pair<const char*, int> capped[] = {{"byte", 1},  {"find", 2},    {"format", 1}, {"gmatch", 2},
                                                {"gfind", 2}, {"lower", 1},   {"match", 2},  {"reverse", 1},
                                                {"sub", 1},   {"upper", 1}};
  for (const auto& [name, checked] : capped) {
    lua_getfield(L, strings, name);
    lua_pushinteger(L, checked);
    lua_pushcclosure(L, capped_string_function, 2);
    lua_setfield(L, strings, name);
  }
  for (const char* name : {"gsub", "rep", "dump"}) {
    std::string message = std::string("The Lua function string.") + name +
                          " is not supported by Karmada. If you believe this function is essential for your use "
                          "case, please submit an issue to let us know why you need it.";
    set_closure(L, strings, name, refused_function, message.c_str());
  }
  lua_pop(L, 1);
}

void open_sandbox(lua_State* L) {
  open_library(L, luaopen_base, "");
  open_library(L, luaopen_table, LUA_TABLIBNAME);
  open_safe_string(L);
  open_library(L, luaopen_math, LUA_MATHLIBNAME);
  lua_getglobal(L, LUA_MATHLIBNAME);
  lua_pushcfunction(L, deterministic_random);
  lua_setfield(L, -2, "random");
  lua_pushcfunction(L, deterministic_randomseed);
  lua_setfield(L, -2, "randomseed");
  lua_pop(L, 1);
  static const luaL_Reg kOs[] = {{"time", os_time}, {"date", os_date}, {nullptr, nullptr}};
  luaL_register(L, LUA_OSLIBNAME, kOs);
  lua_pop(L, 1);
  // package: the preload loader only (loadlib_safe.go), and kube preloaded.
  lua_newtable(L);
  lua_newtable(L);
  lua_pushcfunction(L, kube_loader);
  lua_setfield(L, -2, "kube");
  lua_setfield(L, -2, "preload");
  lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
  lua_setfield(L, -2, "loaded");
  set_closure(L, lua_gettop(L), "loadlib", refused_function, "loadlib is not supported");
  lua_setglobal(L, LUA_LOADLIBNAME);
  lua_pushcfunction(L, preload_require);
  lua_setglobal(L, "require");
  // Not in Karmada's base library: the coroutine library and gcinfo that PUC's base opens.
  for (const char* name : {"coroutine", "gcinfo"}) {
    lua_pushnil(L);
    lua_setglobal(L, name);
  }
  lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
  lua_pushnil(L);
  lua_setfield(L, -2, "coroutine");
  lua_pop(L, 1);
  for (const char* name : {"collectgarbage", "dofile", "getfenv", "getmetatable", "load", "loadfile", "loadstring",
                           "rawequal", "rawget", "rawset", "setfenv", "setmetatable", "module", "newproxy"}) {
    lua_pushstring(L, name);
    lua_pushcclosure(L, disabled_function, 1);
    lua_setglobal(L, name);
  }
  lua_pushcfunction(L, discard_print);
  lua_setglobal(L, "print");
  lua_getglobal(L, "tostring");
  lua_pushcclosure(L, gopher_tostring, 1);
  lua_setglobal(L, "tostring");
}

// ---- one call ----

struct Session {
  const LuaCall* call = nullptr;
  bool syntax_only = false;
  std::vector<LuaValue> results;
  std::string error;
};

std::string error_text(lua_State* L) {
  if (lua_type(L, -1) == LUA_TSTRING) return lua_tostring(L, -1);
  return std::string("(error object is a ") + luaL_typename(L, -1) + " value)";
}

LuaValue read_value(lua_State* L, int idx) {
  LuaValue v;
  v.type_name = luaL_typename(L, idx);
  switch (lua_type(L, idx)) {
    case LUA_TNIL: v.type = LuaType::Nil; break;
    case LUA_TBOOLEAN: v.type = LuaType::Boolean; v.boolean = lua_toboolean(L, idx) != 0; break;
    case LUA_TNUMBER: v.type = LuaType::Number; v.number = lua_tonumber(L, idx); break;
    case LUA_TSTRING: v.type = LuaType::String; v.text = lua_tostring(L, idx); break;
    case LUA_TTABLE: {
      v.type = LuaType::Table;
      Encoder e{L, {}, {}};
      int top = lua_gettop(L);
      v.table = e.table(idx);
      lua_settop(L, top);
      v.table_error = e.error;
      break;
    }
    default: v.type = LuaType::Other; break;
  }
  return v;
}

int protected_main(lua_State* L) {
  auto* s = static_cast<Session*>(lua_touserdata(L, 1));
  lua_settop(L, 0);
  open_sandbox(L);
  const LuaCall& call = *s->call;
  std::string chunk = "=" + call.chunk_name;
  if (luaL_loadbuffer(L, call.script.data(), call.script.size(), chunk.c_str()) != 0) {
    s->error = error_text(L);
    return 0;
  }
  if (s->syntax_only) return 0;
  lua_sethook(L, count_hook, LUA_MASKCOUNT, kHookEvery);
  if (lua_pcall(L, 0, 0, 0) != 0) {
    s->error = error_text(L);
    return 0;
  }
  lua_getglobal(L, call.function.c_str());
  if (lua_isnil(L, -1)) {
    s->error = "not found function " + call.function;
    return 0;
  }
  if (!lua_isfunction(L, -1)) {
    s->error = call.function + " is not a function: " + luaL_typename(L, -1);
    return 0;
  }
  for (const Json* arg : call.args) push_json(L, *arg);
  if (lua_pcall(L, static_cast<int>(call.args.size()), call.results, 0) != 0) {
    s->error = error_text(L);
    return 0;
  }
  lua_sethook(L, nullptr, 0, 0);
  const int first = lua_gettop(L) - call.results + 1;
  for (int i = 0; i < call.results; ++i) s->results.push_back(read_value(L, first + i));
  return 0;
}

Result<std::vector<LuaValue>> run(const LuaCall& call, const LuaLimits& limits, bool syntax_only) {
  Budget budget;
  budget.limit = limits.memory_bytes;
  budget.step_limit = limits.instructions;
  lua_State* L = lua_newstate(budget_alloc, &budget);
  if (L == nullptr) return fail(internal_error("cannot create a Lua state"));
  Session session;
  session.call = &call;
  session.syntax_only = syntax_only;
  if (lua_cpcall(L, protected_main, &session) != 0) session.error = error_text(L);
  lua_close(L);
  if (budget.out_of_time) {
    return fail(invalid_input("time limit exceeded: the script ran more than " + std::to_string(limits.instructions) +
                              " Lua instructions (Karmada stops interpreter scripts after 1 s)"));
  }
  if (!session.error.empty() && budget.out_of_memory) {
    return fail(invalid_input("memory limit exceeded: the script allocated more than " +
                              std::to_string(limits.memory_bytes >> 20) + " MiB"));
  }
  if (!session.error.empty()) {
    for (char& c : session.error) {
      if (c == '\n' || c == '\t') c = ' ';  // one stderr line per problem
    }
    return fail(invalid_input(session.error));
  }
  return std::move(session.results);
}

}  // namespace

Result<std::vector<LuaValue>> call_lua(const LuaCall& call, const LuaLimits& limits) {
  return run(call, limits, false);
}

Status<> check_lua_syntax(std::string_view script, const std::string& chunk_name) {
  LuaCall call;
  call.script = script;
  call.chunk_name = chunk_name;
  auto r = run(call, LuaLimits{}, true);
  if (!r.ok()) return fail(std::move(r).error());
  return ok_status();
}

}  // namespace fleetwave
