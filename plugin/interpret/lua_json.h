// Karmada's JSON <-> Lua conversion rules that do not need a Lua state
// (pkg/resourceinterpreter/customized/declarative/luavm/lua_convert.go in Karmada).
//
// Lua cannot tell {} from [], so gopher-json encodes every empty table as []. Karmada repairs
// that with "references" (the objects the script was given): an empty [] in the result stays
// [] or becomes {} when a reference has an empty list or map at the same path (array indexes
// left out of paths, a map winning over a list), and is deleted otherwise.
#pragma once

#include <vector>

#include "base/json.h"

namespace fleetwave {

// convertEmptySliceToEmptyStructPartly: `encoded` is a script's table as lua_vm encoded it.
// `into_struct` is true when Karmada decodes the result into a Go struct (an object, a
// PodTemplateSpec, ReplicaRequirements): a result that is only [] then becomes {}.
Json repair_empty_tables(Json encoded, bool into_struct, const std::vector<const Json*>& references);

// What a JSON value decoded by Kubernetes' unstructured decoder looks like: integral numbers
// that fit int64 are int64, the rest float64 (apimachinery's util/json convertNumber).
void normalise_numbers(Json& value);

}  // namespace fleetwave
