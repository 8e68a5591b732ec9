// Read-only views into the status document without copies. Json::value(key, default) returns a
// copy: on the whole fleet's document (50 apps x 1,000 clusters) one page view copied it several
// times over, and serve's memory grew with every viewer.
#pragma once

#include "base/json.h"

namespace fleetwave::serve {

// The member `key` of `object` when it is an array, else a shared empty array.
inline const Json& array_at(const Json& object, const char* key) {
  static const Json kEmpty = Json::array();
  if (!object.is_object()) return kEmpty;
  auto it = object.find(key);
  return it != object.end() && it->is_array() ? *it : kEmpty;
}

// The member `key` of `object` when it is an object, else a shared empty object.
inline const Json& object_at(const Json& object, const char* key) {
  static const Json kEmpty = Json::object();
  if (!object.is_object()) return kEmpty;
  auto it = object.find(key);
  return it != object.end() && it->is_object() ? *it : kEmpty;
}

}  // namespace fleetwave::serve
