// The machine-readable outputs of every read command: `-o json` (indented by two spaces) and
// `-o yaml` (the same document as YAML, as kubectl prints either). Text stays each command's own.
#pragma once

#include <string>

#include "base/json.h"

namespace fleetwave::cli {

// json or yaml.
bool is_structured(const std::string& format);

// `doc` as `format` ("json" or "yaml"), ending with a newline.
std::string write_structured(const Json& doc, const std::string& format);

// One document of a stream (status --watch): a JSON line, or a YAML document after "---".
std::string write_stream_document(const Json& doc, const std::string& format);

}  // namespace fleetwave::cli
