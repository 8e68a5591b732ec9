// Ports traverseToFindEmptyField / traverseToFindEmptyFieldNeededModify of Karmada's
// lua_convert.go. Paths are kept as segment lists instead of sjson's escaped dotted strings;
// "without indexes" paths drop array positions exactly as the Go code does.
#include "interpret/lua_json.h"

#include <cmath>
#include <set>
#include <string>

namespace fleetwave {
namespace {

using LuaPath = std::vector<std::string>;

struct EmptyFields {
  std::set<LuaPath> lists;
  std::set<LuaPath> maps;
};

// traverseToFindEmptyField: array elements keep their parent's path. `path` is one stack the
// walk pushes keys onto and pops, so only the paths it records are copied.
void find_empty(const Json& node, LuaPath& path, EmptyFields& out) {
  auto visit = [&](const Json& value) {
    if (value.is_array() && value.empty()) out.lists.insert(path);
    else if (value.is_object() && value.empty()) out.maps.insert(path);
    else if (value.is_array() || value.is_object()) find_empty(value, path, out);
  };
  if (node.is_object()) {
    for (auto it = node.begin(); it != node.end(); ++it) {
      path.push_back(it.key());
      visit(it.value());
      path.pop_back();
    }
  } else if (node.is_array()) {
    for (const Json& v : node) visit(v);
  }
}

// traverseToFindEmptyFieldNeededModify, applied in place: an empty list found in the result is
// turned into {} or deleted. Deleting walks backwards so indexes of the rest stay valid.
void repair(Json& node, LuaPath& path, const EmptyFields& refs) {
  auto decide = [&](Json& value) -> int {  // 0 keep, 1 to map, 2 delete
    if (value.is_array() && value.empty()) {
      if (refs.maps.count(path)) return 1;
      if (!refs.lists.count(path)) return 2;
      return 0;
    }
    if (value.is_array() || value.is_object()) repair(value, path, refs);
    return 0;
  };
  if (node.is_object()) {
    std::vector<std::string> doomed;
    for (auto it = node.begin(); it != node.end(); ++it) {
      path.push_back(it.key());
      int d = decide(it.value());
      path.pop_back();
      if (d == 1) it.value() = Json::object();
      if (d == 2) doomed.push_back(it.key());
    }
    for (const std::string& k : doomed) node.erase(k);
  } else if (node.is_array()) {
    for (std::size_t i = node.size(); i-- > 0;) {
      int d = decide(node[i]);
      if (d == 1) node[i] = Json::object();
      if (d == 2) node.erase(i);
    }
  }
}

}  // namespace

Json repair_empty_tables(Json encoded, bool into_struct, const std::vector<const Json*>& references) {
  if (encoded.is_array() && encoded.empty()) return into_struct ? Json::object() : Json::array();
  EmptyFields refs;
  LuaPath path;
  for (const Json* r : references) {
    if (r != nullptr) find_empty(*r, path, refs);
  }
  repair(encoded, path, refs);
  return encoded;
}

void normalise_numbers(Json& value) {
  if (value.is_number_float()) {
    double d = value.get<double>();
    if (std::isfinite(d) && d == std::trunc(d) && std::fabs(d) < 9.2233720368547758e18) {
      value = static_cast<std::int64_t>(d);
    }
  } else if (value.is_object() || value.is_array()) {
    for (Json& v : value) normalise_numbers(v);
  }
}

}  // namespace fleetwave
