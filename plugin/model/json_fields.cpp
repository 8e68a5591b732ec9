#include "model/json_fields.h"

#include <algorithm>

#include "base/nearest_name.h"
#include "base/text.h"

namespace fleetwave {

std::string json_type_name(const Json& value) {
  switch (value.type()) {
    case Json::value_t::null:
      return "null";
    case Json::value_t::boolean:
      return "boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
      return "integer";
    case Json::value_t::number_float:
      return "number";
    case Json::value_t::string:
      return "string";
    case Json::value_t::array:
      return "list";
    case Json::value_t::object:
      return "map";
    default:
      return "value";
  }
}

bool expect_map(const Json& value, std::string_view expected, const FieldPath& at, Problems& problems) {
  if (value.is_object()) return true;
  problems.add(at, "expected " + std::string(expected) + ", got a " + json_type_name(value));
  return false;
}

void reject_unknown_fields(const Json& object, std::initializer_list<std::string_view> known, const FieldPath& at,
                           Problems& problems) {
  if (!object.is_object()) return;
  for (auto it = object.begin(); it != object.end(); ++it) {
    const std::string& name = it.key();
    if (std::find(known.begin(), known.end(), name) != known.end()) continue;
    const std::string best = nearest_name(name, std::vector<std::string_view>(known.begin(), known.end()));
    std::string message = "unknown field \"" + printable(name) + "\"";
    if (!best.empty()) {
      message += "; did you mean \"" + best + "\"?";
    } else {
      message += "; valid fields are:";
      bool first = true;
      for (std::string_view candidate : known) {
        message += first ? " " : ", ";
        message += candidate;
        first = false;
      }
    }
    problems.add(at.key(name), message);
  }
}

static const Json* member(const Json& object, std::string_view key) {
  const Json* v = find_member(object, key);
  return v == nullptr || v->is_null() ? nullptr : v;
}

std::string get_string(const Json& object, std::string_view key, const FieldPath& at, Problems& problems,
                       bool required) {
  const Json* v = member(object, key);
  if (v == nullptr) {
    if (required) problems.add(at.key(key), "required field is missing");
    return {};
  }
  if (!v->is_string()) {
    std::string hint = v->is_boolean() || v->is_number()
                           ? "; quote it (YAML reads unquoted yes, no, on, off, y, n and numbers as non-strings)"
                           : "";
    problems.add(at.key(key), "expected a string, got a " + json_type_name(*v) + hint);
    return {};
  }
  if (required && v->get_ref<const std::string&>().empty()) problems.add(at.key(key), "must not be empty");
  return v->get<std::string>();
}

std::optional<std::int64_t> get_int(const Json& object, std::string_view key, const FieldPath& at, Problems& problems) {
  const Json* v = member(object, key);
  if (v == nullptr) return std::nullopt;
  if (v->is_number_integer()) {
    if (v->is_number_unsigned() && v->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) {
      problems.add(at.key(key), "integer is out of range");
      return std::nullopt;
    }
    return v->get<std::int64_t>();
  }
  if (v->is_number_float()) {
    double d = v->get<double>();
    if (d == static_cast<double>(static_cast<std::int64_t>(d))) return static_cast<std::int64_t>(d);
  }
  problems.add(at.key(key), "expected an integer, got a " + json_type_name(*v));
  return std::nullopt;
}

bool get_bool(const Json& object, std::string_view key, const FieldPath& at, Problems& problems, bool fallback) {
  const Json* v = member(object, key);
  if (v == nullptr) return fallback;
  if (!v->is_boolean()) {
    problems.add(at.key(key), "expected true or false, got a " + json_type_name(*v));
    return fallback;
  }
  return v->get<bool>();
}

std::vector<std::string> get_string_list(const Json& object, std::string_view key, const FieldPath& at,
                                         Problems& problems) {
  std::vector<std::string> out;
  const Json* v = member(object, key);
  if (v == nullptr) return out;
  if (!v->is_array()) {
    problems.add(at.key(key), "expected a list of strings, got a " + json_type_name(*v));
    return out;
  }
  for (std::size_t i = 0; i < v->size(); ++i) {
    const Json& item = (*v)[i];
    if (!item.is_string()) {
      problems.add(at.key(key).index(i), "expected a string, got a " + json_type_name(item));
      continue;
    }
    out.push_back(item.get<std::string>());
  }
  return out;
}

StringMap get_string_map(const Json& object, std::string_view key, const FieldPath& at, Problems& problems) {
  StringMap out;
  const Json* v = member(object, key);
  if (v == nullptr) return out;
  if (!expect_map(*v, "a map of strings", at.key(key), problems)) return out;
  for (auto it = v->begin(); it != v->end(); ++it) {
    if (!it.value().is_string()) {
      problems.add(at.key(key).key(it.key()),
                   "expected a string, got a " + json_type_name(it.value()) + "; quote the value");
      continue;
    }
    out.emplace(it.key(), it.value().get<std::string>());
  }
  return out;
}

// The member `key` when it has the type `is` tests (named `want` in the problem), else nullptr.
static const Json* get_typed(const Json& object, std::string_view key, const FieldPath& at, Problems& problems,
                             bool required, bool (Json::*is)() const noexcept, const char* want) {
  const Json* v = member(object, key);
  if (v == nullptr) {
    if (required) problems.add(at.key(key), "required field is missing");
    return nullptr;
  }
  if (!(v->*is)()) {
    problems.add(at.key(key), std::string("expected a ") + want + ", got a " + json_type_name(*v));
    return nullptr;
  }
  return v;
}

const Json* get_object(const Json& object, std::string_view key, const FieldPath& at, Problems& problems,
                       bool required) {
  return get_typed(object, key, at, problems, required, &Json::is_object, "map");
}

const Json* get_array(const Json& object, std::string_view key, const FieldPath& at, Problems& problems,
                      bool required) {
  return get_typed(object, key, at, problems, required, &Json::is_array, "list");
}

StringMap labels_of(const Json& object) {
  StringMap out;
  const Json* labels = find_path(object, {"metadata", "labels"});
  if (labels == nullptr || !labels->is_object()) return out;
  for (auto it = labels->begin(); it != labels->end(); ++it) {
    if (it.value().is_string()) out.emplace(it.key(), it.value().get<std::string>());
  }
  return out;
}

static bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

static std::string check_qualified_name_part(std::string_view name) {
  if (name.empty()) return "name part must be non-empty";
  if (name.size() > 63) return "name part must be no more than 63 characters";
  if (!is_alnum(name.front()) || !is_alnum(name.back())) {
    return "name part must start and end with an alphanumeric character";
  }
  for (char c : name) {
    if (!is_alnum(c) && c != '-' && c != '_' && c != '.') {
      return "name part must consist of alphanumeric characters, '-', '_' or '.'";
    }
  }
  return {};
}

std::string check_label_key(std::string_view key) {
  std::size_t slash = key.find('/');
  if (slash == std::string_view::npos) return check_qualified_name_part(key);
  std::string_view prefix = key.substr(0, slash);
  std::string_view name = key.substr(slash + 1);
  if (prefix.empty() || prefix.size() > 253) return "prefix part must be a DNS subdomain of at most 253 characters";
  for (char c : prefix) {
    if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '-' ||
          c == '.')) {
      return "prefix part must be a lowercase DNS subdomain";
    }
  }
  return check_qualified_name_part(name);
}

std::string check_label_value(std::string_view value) {
  if (value.empty()) return {};
  if (value.size() > 63) return "must be no more than 63 characters";
  if (!is_alnum(value.front()) || !is_alnum(value.back())) return "must start and end with an alphanumeric character";
  for (char c : value) {
    if (!is_alnum(c) && c != '-' && c != '_' && c != '.')
      return "must consist of alphanumeric characters, '-', '_' or '.'";
  }
  return {};
}

}  // namespace fleetwave
