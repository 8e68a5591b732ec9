#include "argocd_sim/manifest_parser.h"

#include "codec/json_reader.h"
#include "codec/yaml_codec.h"

namespace fleetwave::sim {
namespace {

constexpr const char* kStdout = "<plugin stdout>";

bool looks_like_json(std::string_view text) {
  std::size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && (text[first] == '{' || text[first] == '[');
}

Result<std::vector<Json>> documents(std::string_view text) {
  std::vector<Json> docs;
  if (looks_like_json(text)) {
    FW_TRY(values, parse_json_stream(text, kStdout));
    return values;
  }
  FW_TRY(yaml, parse_yaml_stream(text, kStdout));
  for (YamlDocument& d : yaml) docs.push_back(std::move(d.value));
  return docs;
}

Status<> add_object(Json obj, std::size_t index, std::vector<Json>& out) {
  std::string where = kStdout;  // appended piecewise: an operator+ chain trips GCC 12's -Warray-bounds
  where += ": document ";
  where += std::to_string(index + 1);
  if (!obj.is_object()) return invalid_input(where + ": expected an object");
  const std::string kind = string_at(obj, {"kind"});
  const Json* items = find_member(obj, "items");
  if (kind.size() >= 4 && kind.compare(kind.size() - 4, 4, "List") == 0 && items != nullptr && items->is_array()) {
    for (const Json& item : *items) FW_CHECK(add_object(item, index, out));
    return ok_status();
  }
  if (string_at(obj, {"apiVersion"}).empty() || kind.empty() || string_at(obj, {"metadata", "name"}).empty()) {
    return invalid_input(where + ": expected apiVersion, kind and metadata.name");
  }
  out.push_back(std::move(obj));
  return ok_status();
}

}  // namespace

Result<std::vector<Json>> parse_manifests(std::string_view text) {
  Result<std::vector<Json>> docs = documents(text);
  if (!docs.ok()) return invalid_input(docs.error().to_string());
  std::vector<Json> objects;
  for (std::size_t i = 0; i < docs->size(); ++i) {
    Json& doc = (*docs)[i];
    if (doc.is_null()) continue;
    FW_CHECK(add_object(std::move(doc), i, objects));
  }
  return objects;
}

}  // namespace fleetwave::sim
