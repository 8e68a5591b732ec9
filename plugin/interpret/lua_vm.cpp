// PUC Lua 5.1 (Debian's liblua5.1, its C++ build: Lua errors are C++ exceptions, so the C++
// frames they cross unwind normally): states with budgets, the JSON <-> Lua conversion
// (Karmada's luavm/lua.go decodeValue and gopher-json), and one call of a script. The
// libraries a script sees are in lua_sandbox.cpp.
#include "interpret/lua_vm.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>

#include "interpret/lua_api.h"
#include "interpret/lua_json.h"

namespace fleetwave {
namespace lua_internal {

Budget& budget_of(lua_State* L) {
  void* ud = nullptr;
  lua_getallocf(L, &ud);
  return *static_cast<Budget*>(ud);
}

}  // namespace lua_internal

namespace {

using namespace lua_internal;

constexpr int kHookEvery = 1000;  // instructions between budget checks
constexpr const char* kResultTooLarge = "result too large";

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

void count_hook(lua_State* L, lua_Debug*) {
  Budget& b = budget_of(L);
  b.steps += b.out_of_time ? 1 : kHookEvery;
  if (b.steps <= b.step_limit) return;
  // From now on every instruction fails, so a script cannot pcall its way past the limit.
  b.out_of_time = true;
  lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
  luaL_error(L, "time limit exceeded");
}

// ---- Lua -> JSON (gopher-json Encode) ----

struct Encoder {
  lua_State* L;
  std::set<const void*> visited;  // never cleared: a table seen twice anywhere fails
  std::string error;
  // Bytes of text the encoded value may still hold (null: no bound). One string referenced many
  // times is counted each time: that is what the result costs once it is JSON.
  std::size_t* text_left = nullptr;

  bool charge(std::size_t bytes) {
    if (text_left == nullptr) return true;
    if (bytes > *text_left) {
      if (error.empty()) error = kResultTooLarge;
      *text_left = 0;
      return false;
    }
    *text_left -= bytes;
    return true;
  }

  Json number(lua_Number n) {
    if (!std::isfinite(n)) error = "json: unsupported value: " + gopher_number_string(n);
    if (n == std::trunc(n) && std::fabs(n) < 9.2233720368547758e18) return static_cast<std::int64_t>(n);
    return std::isfinite(n) ? Json(n) : Json();
  }

  // The value at stack index idx (absolute).
  Json value(int idx) {
    switch (lua_type(L, idx)) {
      case LUA_TNIL:
        return Json();
      case LUA_TBOOLEAN:
        return lua_toboolean(L, idx) != 0;
      case LUA_TNUMBER:
        return number(lua_tonumber(L, idx));
      case LUA_TSTRING:
        if (!charge(lua_objlen(L, idx))) return Json();
        return std::string(lua_tostring(L, idx), lua_objlen(L, idx));
      case LUA_TTABLE:
        return table(idx);
      default:
        error = std::string("cannot encode ") + luaL_typename(L, idx) + " to JSON";
        return Json();
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
      if (!charge(lua_objlen(L, -2))) {
        lua_pop(L, 2);
        return Json();
      }
      std::string key(lua_tostring(L, -2), lua_objlen(L, -2));
      Json v = value(lua_gettop(L));
      lua_pop(L, 1);
      if (!error.empty()) return Json();  // the caller drops the whole stack
      out[std::move(key)] = std::move(v);
    }
    return out;
  }
};

}  // namespace

namespace lua_internal {

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
    case Json::value_t::boolean:
      lua_pushboolean(L, v.get<bool>() ? 1 : 0);
      return;
    case Json::value_t::number_integer:
      lua_pushnumber(L, static_cast<lua_Number>(v.get<std::int64_t>()));
      return;
    case Json::value_t::number_unsigned:
      lua_pushnumber(L, static_cast<lua_Number>(v.get<std::uint64_t>()));
      return;
    case Json::value_t::number_float:
      lua_pushnumber(L, v.get<double>());
      return;
    default:
      lua_pushnil(L);
      return;
  }
}

Json table_argument(lua_State* L, int idx) {
  luaL_checktype(L, idx, LUA_TTABLE);
  Encoder e{L, {}, {}};
  Json encoded = e.table(abs_index(L, idx));
  if (!e.error.empty()) luaL_error(L, "encode lua result to json failed: %s", e.error.c_str());
  return repair_empty_tables(std::move(encoded), true, {});
}

}  // namespace lua_internal

namespace {

// ---- one call ----

std::string error_text(lua_State* L) {
  if (lua_type(L, -1) == LUA_TSTRING) return lua_tostring(L, -1);
  return std::string("(error object is a ") + luaL_typename(L, -1) + " value)";
}

struct ResultTooLarge {};  // thrown by read_value, caught in protected_call

LuaValue read_value(lua_State* L, int idx) {
  LuaValue v;
  v.type_name = luaL_typename(L, idx);
  switch (lua_type(L, idx)) {
    case LUA_TNIL:
      v.type = LuaType::Nil;
      break;
    case LUA_TBOOLEAN:
      v.type = LuaType::Boolean;
      v.boolean = lua_toboolean(L, idx) != 0;
      break;
    case LUA_TNUMBER:
      v.type = LuaType::Number;
      v.number = lua_tonumber(L, idx);
      break;
    case LUA_TSTRING: {
      v.type = LuaType::String;
      Budget& b = budget_of(L);
      const std::size_t n = lua_objlen(L, idx);
      if (n > b.result_left) throw ResultTooLarge{};
      b.result_left -= n;
      v.text = lua_tostring(L, idx);
      break;
    }
    case LUA_TTABLE: {
      v.type = LuaType::Table;
      Encoder e{L, {}, {}, &budget_of(L).result_left};
      v.table = e.table(idx);
      if (e.error == kResultTooLarge) throw ResultTooLarge{};
      v.table_error = e.error;
      break;
    }
    default:
      v.type = LuaType::Other;
      break;
  }
  return v;
}

// A sandboxed state with one script compiled, reused for the calls of that script on this
// thread: opening the libraries and compiling cost more than most calls. Each call starts from
// the pristine globals (Karmada reuses its states without any reset), so it sees what a fresh
// state would; a state that raised an error is dropped.
struct PreparedState {
  Budget budget;
  std::size_t baseline = 0;  // bytes in use after setup: what a fresh state holds
  lua_State* L = nullptr;
  ~PreparedState() {
    if (L != nullptr) lua_close(L);
  }
};

constexpr const char* kPristine = "fleetwave.pristine";  // registry: a copy of _G after setup
constexpr const char* kChunk = "fleetwave.chunk";        // registry: the compiled script

struct Session {
  const LuaCall* call = nullptr;
  bool syntax_only = false;
  bool result_too_large = false;
  std::vector<LuaValue> results;
  std::string error;
};

int protected_setup(lua_State* L) {
  auto* s = static_cast<Session*>(lua_touserdata(L, 1));
  lua_settop(L, 0);
  open_sandbox(L);
  lua_newtable(L);
  for (lua_pushnil(L); lua_next(L, LUA_GLOBALSINDEX) != 0;) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, 1);
  }
  lua_setfield(L, LUA_REGISTRYINDEX, kPristine);
  std::string chunk = "=" + s->call->chunk_name;
  if (luaL_loadbuffer(L, s->call->script.data(), s->call->script.size(), chunk.c_str()) != 0) {
    s->error = error_text(L);
    return 0;
  }
  lua_setfield(L, LUA_REGISTRYINDEX, kChunk);
  return 0;
}

// Globals back to the copy taken after setup; modules are loaded again.
void restore_globals(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, kPristine);
  const int pristine = lua_gettop(L);
  std::vector<std::string> extra;
  for (lua_pushnil(L); lua_next(L, LUA_GLOBALSINDEX) != 0; lua_pop(L, 1)) {
    if (lua_type(L, -2) != LUA_TSTRING) continue;
    lua_pushvalue(L, -2);
    lua_rawget(L, pristine);
    if (lua_isnil(L, -1)) extra.push_back(lua_tostring(L, -3));
    lua_pop(L, 1);
  }
  for (const std::string& name : extra) {
    lua_pushnil(L);
    lua_setfield(L, LUA_GLOBALSINDEX, name.c_str());
  }
  for (lua_pushnil(L); lua_next(L, pristine) != 0;) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, LUA_GLOBALSINDEX);
  }
  lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
  lua_pushnil(L);
  lua_setfield(L, -2, "kube");
  lua_settop(L, 0);
}

int protected_call(lua_State* L) {
  auto* s = static_cast<Session*>(lua_touserdata(L, 1));
  const LuaCall& call = *s->call;
  restore_globals(L);
  lua_sethook(L, count_hook, LUA_MASKCOUNT, kHookEvery);
  lua_getfield(L, LUA_REGISTRYINDEX, kChunk);
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
  try {
    for (int i = 0; i < call.results; ++i) s->results.push_back(read_value(L, first + i));
  } catch (const ResultTooLarge&) {
    s->results.clear();
    s->result_too_large = true;
    s->error = kResultTooLarge;
  }
  lua_settop(L, 0);
  return 0;
}

using StateCache = std::map<std::string, std::unique_ptr<PreparedState>>;
constexpr std::size_t kMaxCachedStates = 32;
// A state that keeps more than this after a call (data a script left in library tables, which
// survive the reset of globals) is closed rather than reused: what states keep stays bounded
// at kMaxCachedStates x (a fresh state + this), and no call starts with less than its budget.
constexpr std::size_t kMaxRetainedBytes = 1u << 20;

StateCache& thread_states() {
  thread_local StateCache cache;
  return cache;
}

Result<std::vector<LuaValue>> run(const LuaCall& call, const LuaLimits& limits, bool syntax_only) {
  StateCache& cache = thread_states();
  std::string key = call.chunk_name + '\0' + std::string(call.script);
  auto it = cache.find(key);
  Session session;
  session.call = &call;
  session.syntax_only = syntax_only;
  std::unique_ptr<PreparedState> state;
  if (it != cache.end() && !syntax_only) {
    state = std::move(it->second);
    cache.erase(it);
  } else {
    state = std::make_unique<PreparedState>();
    state->budget.limit = std::numeric_limits<std::size_t>::max();
    state->L = lua_newstate(budget_alloc, &state->budget);
    if (state->L == nullptr) return fail(internal_error("cannot create a Lua state"));
    if (lua_cpcall(state->L, protected_setup, &session) != 0) session.error = error_text(state->L);
    state->baseline = state->budget.used;
  }
  Budget& budget = state->budget;
  if (session.error.empty() && !syntax_only) {
    // The budgets count from here: instructions of this call; memory of this call and what the
    // state kept from earlier calls, on top of a fresh state; the text of the results.
    budget.steps = 0;
    budget.step_limit = limits.instructions;
    budget.out_of_time = budget.out_of_memory = false;
    budget.random_state = Budget().random_state;
    budget.limit = state->baseline + limits.memory_bytes;
    budget.result_left = limits.memory_bytes;
    if (lua_cpcall(state->L, protected_call, &session) != 0) session.error = error_text(state->L);
  }
  if (budget.out_of_time) {
    return fail(invalid_input("time limit exceeded: the script ran more than " + std::to_string(limits.instructions) +
                              " Lua instructions (Karmada stops interpreter scripts after 1 s)"));
  }
  if (!session.error.empty() && budget.out_of_memory) {
    return fail(invalid_input("memory limit exceeded: the script allocated more than " +
                              std::to_string(limits.memory_bytes >> 20) + " MiB"));
  }
  if (session.result_too_large) {
    return fail(invalid_input("memory limit exceeded: the script's result holds more than " +
                              std::to_string(limits.memory_bytes >> 20) +
                              " MiB of text (a string referenced many times counts each time)"));
  }
  if (!session.error.empty()) {
    for (char& c : session.error) {
      if (c == '\n' || c == '\t') c = ' ';  // one stderr line per problem
    }
    return fail(invalid_input(session.error));
  }
  // Garbage counts until collected: collect before judging what the state keeps.
  if (!syntax_only && budget.used > state->baseline + kMaxRetainedBytes) lua_gc(state->L, LUA_GCCOLLECT, 0);
  if (!syntax_only && budget.used <= state->baseline + kMaxRetainedBytes) {
    if (cache.size() >= kMaxCachedStates) cache.clear();
    cache.emplace(std::move(key), std::move(state));
  }
  return std::move(session.results);
}

}  // namespace

Result<std::vector<LuaValue>> call_lua(const LuaCall& call, const LuaLimits& limits) {
  return run(call, limits, false);
}

std::size_t lua_cached_bytes() {
  std::size_t total = 0;
  for (const auto& [key, state] : thread_states()) total += state->budget.used;
  return total;
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
