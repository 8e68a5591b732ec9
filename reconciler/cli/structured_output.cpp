#include "cli/structured_output.h"

#include "codec/json_writer.h"
#include "codec/yaml_writer.h"

namespace fleetwave::cli {

bool is_structured(const std::string& format) { return format == "json" || format == "yaml"; }

std::string write_structured(const Json& doc, const std::string& format) {
  return format == "yaml" ? write_yaml(doc) : write_json(doc, JsonWriteOptions{false, 2}) + "\n";
}

std::string write_stream_document(const Json& doc, const std::string& format) {
  return format == "yaml" ? "---\n" + write_yaml(doc) : write_json(doc) + "\n";
}

}  // namespace fleetwave::cli
