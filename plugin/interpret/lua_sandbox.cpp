// The libraries a script sees, configured like Karmada's gopher-lua states (luavm/lua.go
// VM.setLib and pkg/util/lifted/lua/*_safe.go in Karmada): base (the disabled functions raise
// Karmada's error, print writes nothing), table, string (gsub/rep/dump refused, arguments capped
// at 1,000,000 bytes), math (a fixed-seed random), os.time/os.date only (no clock: os.time() is
// 0, dates are UTC), package with the preload loader only, and the kube module.
#include <cmath>
#include <cstring>
#include <ctime>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "interpret/kube_helpers.h"
#include "interpret/lua_api.h"
#include "interpret/lua_vm.h"

namespace fleetwave::lua_internal {
namespace {

constexpr std::size_t kMaxStringArgument = 1000000;

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
    if (!sum.ok()) throw std::runtime_error(sum.error().message);
    lua_pushlstring(L, sum->data(), sum->size());
    return 1;
  });
}

int kube_requirements_fn(lua_State* L) {
  if (lua_gettop(L) != 1) luaL_error(L, "getPodRequirements only accepts one argument");
  return guarded(L, [&] {
    auto requirements = kube_pod_requirements(table_argument(L, 1));
    if (!requirements.ok())
      throw std::runtime_error("fail to convert lua value to PodTemplateSpec: " + requirements.error().to_string());
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
    if (!value.ok()) throw std::runtime_error(value.error().message);
    if (std::isinf(*value)) throw std::runtime_error("int approximation unexpectedly returned an infinite value");
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
  int args = lua_gettop(L);
  if (args == 0) {
    lua_pushnumber(L, r);
    return 1;
  }
  if (args > 2) return luaL_error(L, "wrong number of arguments");
  int low = args == 2 ? luaL_checkint(L, 1) : 1, high = luaL_checkint(L, args);
  luaL_argcheck(L, low <= high, args, "interval is empty");
  lua_pushnumber(L, std::floor(r * (high - low + 1)) + low);
  return 1;
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

// os.date in UTC; the default time is 0 like os.time(). "*t" gives the date table.
int os_date(lua_State* L) {
  std::string format = luaL_optstring(L, 1, "%c");
  std::time_t when = lua_isnoneornil(L, 2) ? 0 : static_cast<std::time_t>(luaL_checknumber(L, 2));
  if (!format.empty() && format[0] == '!') format.erase(0, 1);
  std::tm t{};
  gmtime_r(&when, &t);
  if (format.rfind("*t", 0) == 0) {
    lua_createtable(L, 0, 9);
    for (const auto& [name, value] : {std::pair{"sec", t.tm_sec},
                                      {"min", t.tm_min},
                                      {"hour", t.tm_hour},
                                      {"day", t.tm_mday},
                                      {"month", t.tm_mon + 1},
                                      {"year", t.tm_year + 1900},
                                      {"wday", t.tm_wday + 1},
                                      {"yday", t.tm_yday + 1}}) {
      lua_pushinteger(L, value);
      lua_setfield(L, -2, name);
    }
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "isdst");
    return 1;
  }
  char buf[512];
  std::size_t n = format.empty() ? 0 : std::strftime(buf, sizeof buf, format.c_str(), &t);
  if (n == 0 && !format.empty()) return luaL_error(L, "os.date: format too long");
  lua_pushlstring(L, buf, n);
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
  replace_pattern_functions(L, strings);  // before the caps below wrap them
  const std::pair<const char*, int> capped[] = {{"byte", 1},  {"find", 2},  {"format", 1}, {"gmatch", 2},
                                                {"gfind", 2}, {"lower", 1}, {"match", 2},  {"reverse", 1},
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

}  // namespace

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
    std::string message =
        std::string("call function ") + name + " is not supported in karmada customized resourceinterpreter.";
    set_closure(L, LUA_GLOBALSINDEX, name, refused_function, message.c_str());
  }
  lua_pushcfunction(L, discard_print);
  lua_setglobal(L, "print");
  lua_getglobal(L, "tostring");
  lua_pushcclosure(L, gopher_tostring, 1);
  lua_setglobal(L, "tostring");
}

}  // namespace fleetwave::lua_internal
