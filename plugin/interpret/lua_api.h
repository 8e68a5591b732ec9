// Private to the Lua adapter (lua_vm.cpp: states and calls; lua_sandbox.cpp: the libraries a
// script sees). The only place that includes the Lua headers; nothing outside interpret/
// includes this file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <lua5.1/lua.hpp>

#include "base/json.h"

namespace fleetwave::lua_internal {

// Per-state budgets (lua_vm.h LuaLimits) and the deterministic random generator's state; the
// allocator's user data.
struct Budget {
  std::size_t used = 0;
  std::size_t limit = 0;
  std::uint64_t steps = 0;
  std::uint64_t step_limit = 0;
  bool out_of_memory = false;
  bool out_of_time = false;
  std::uint64_t random_state = 0x9E3779B97F4A7C15ull;
  std::size_t result_left = 0;  // bytes of strings the call's results may still hold
};

Budget& budget_of(lua_State* L);

// JSON -> Lua as Karmada's decodeValue does; pushes one value.
void push_json(lua_State* L, const Json& v);

// A table argument of a kube helper as Karmada's ConvertLuaResultInto(table, &typed) sees it;
// raises a Lua error when it cannot be encoded.
Json table_argument(lua_State* L, int idx);

// Sets string.find, match, gmatch and gfind in the table at index `strings` to the bounded
// Lua 5.1 pattern matcher of lua_pattern.cpp.
void replace_pattern_functions(lua_State* L, int strings);

// Opens exactly the libraries and modules Karmada gives scripts (lua_sandbox.cpp).
void open_sandbox(lua_State* L);

}  // namespace fleetwave::lua_internal
