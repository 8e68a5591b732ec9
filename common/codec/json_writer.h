// JSON output exactly as Go's encoding/json writes it (Karmada and Argo CD are Go programs):
// sorted keys for Json, insertion order for OrderedJson, "<>&" and U+2028/9 escaped, \b and \f
// as short escapes (Go 1.22+), invalid UTF-8 as \ufffd, Go's float formatting.
#pragma once

#include <string>

#include "base/json.h"

namespace fleetwave {

using OrderedJson = nlohmann::ordered_json;

struct JsonWriteOptions {
  bool escape_html = true;  // json.Marshal escapes <, > and & as \u003c, \u003e, \u0026
  int indent = 0;           // 0: compact, as json.Marshal; n: json.MarshalIndent(v, "", n spaces)
  int depth = 0;            // with indent: the depth the value sits at in a larger document
};

std::string write_json(const Json& value, const JsonWriteOptions& options = {});
std::string write_json(const OrderedJson& value, const JsonWriteOptions& options = {});

// Appends a JSON string literal for `text`; bytes that are not valid UTF-8 become \ufffd.
void append_json_string(std::string& out, const std::string& text, bool escape_html = true);

}  // namespace fleetwave
