// A sandboxed Lua 5.1 call, as Karmada's luavm runs interpreter scripts
// (pkg/resourceinterpreter/customized/declarative/luavm/lua.go in Karmada): only the libraries
// Karmada opens and the `kube` module, pristine globals for every call, a bounded budget of
// instructions (Karmada's 1 s timeout, made deterministic) and of memory. States are kept per
// script and per thread (compiling and opening libraries cost more than most calls).
//
// The Lua C API stays inside lua_vm.cpp and lua_sandbox.cpp (through lua_api.h); everything
// else sees JSON values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

struct LuaLimits {
  // Karmada stops a script after 1 s of wall-clock time. A render must not depend on the
  // machine's speed, so fleetwave counts VM instructions instead: 50 million is about what
  // gopher-lua (Karmada's VM) executes in one second, and about 0.3 s of PUC Lua.
  std::uint64_t instructions = 50'000'000;
  // Karmada sets no memory bound; a render process must not be taken down by one script.
  std::size_t memory_bytes = 64u << 20;
};

enum class LuaType { Nil, Boolean, Number, String, Table, Other };

// One value a script returned, read out before its state was closed.
struct LuaValue {
  LuaType type = LuaType::Nil;
  std::string type_name = "nil";  // Lua's type() name
  double number = 0;
  bool boolean = false;
  std::string text;
  // Tables, encoded as gopher-json does (lua_json.h): every empty table is [], object keys are
  // sorted. table_error says why a table cannot be encoded ("" when it can).
  Json table;
  std::string table_error;
};

struct LuaCall {
  std::string_view script;
  std::string chunk_name;  // prefixes positions in Lua's messages ("replicaResource:3: ...")
  std::string function;    // the global the script must define
  std::vector<const Json*> args;
  int results = 1;
};

// Runs the chunk, then calls its `function` with `args` (converted as Karmada's decodeValue
// does: nulls dropped, every number a float64). Errors are InvalidInput with Lua's message.
Result<std::vector<LuaValue>> call_lua(const LuaCall& call, const LuaLimits& limits = {});

// Bytes the Lua states kept for reuse on this thread hold: at most 32 states of a fresh state's
// size plus 1 MiB each, whatever scripts leave in library tables.
std::size_t lua_cached_bytes();

// Compiles the script without running it, as Karmada's admission webhook checks scripts.
Status<> check_lua_syntax(std::string_view script, const std::string& chunk_name);

// gopher-lua's number to string conversion (tostring): integral values without a fraction,
// others in Go's shortest %v form ("0.1", "1e-05", "1.5e+06", "NaN", "+Inf").
// PUC Lua's own conversions (`..`, string.format) keep %.14g; see docs/interpreter.md.
std::string gopher_number_string(double value);

}  // namespace fleetwave
