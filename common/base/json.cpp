#include "base/json.h"

namespace fleetwave {

const Json* find_member(const Json& object, std::string_view key) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

Json* find_member(Json& object, std::string_view key) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

const Json* find_path(const Json& root, std::initializer_list<std::string_view> keys) {
  const Json* node = &root;
  for (std::string_view key : keys) {
    node = find_member(*node, key);
    if (node == nullptr) return nullptr;
  }
  return node;
}

std::string string_at(const Json& root, std::initializer_list<std::string_view> keys) {
  const Json* node = find_path(root, keys);
  return node != nullptr && node->is_string() ? node->get<std::string>() : std::string();
}

void free_tree(Json& value) {
  // Every map and list emptied before its own destructor runs (scalars free nothing else).
  if (value.is_object()) {
    auto& members = value.get_ref<Json::object_t&>();
    for (auto& [key, member] : members) {
      if (member.is_structured()) free_tree(member);
    }
    members.clear();
  } else if (value.is_array()) {
    auto& items = value.get_ref<Json::array_t&>();
    for (Json& item : items) {
      if (item.is_structured()) free_tree(item);
    }
    items.clear();
  }
}

}  // namespace fleetwave
