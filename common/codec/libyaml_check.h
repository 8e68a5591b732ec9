// Acceptance as libyaml decides it. go-yaml, and through it kubectl, sigs.k8s.io/yaml and Argo
// CD, is a port of libyaml: a stream libyaml rejects is one Kubernetes tooling rejects, whatever
// yaml-cpp (parse_yaml_stream's general path) makes of it. yaml-cpp accepts more: a mapping
// line without a colon, undefined tag handles, control characters, unknown directives, a line
// break inside a key. libyaml_check.cpp is the only place libyaml is used.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "base/error.h"

namespace fleetwave {

// nullopt when libyaml reads `text` (valid UTF-8, no byte order mark) to the end of the stream;
// else libyaml's complaint as an InvalidInput error at file:line:column (counted as everywhere
// else: lines end at '\n', columns count bytes). Also refused: the line breaks libyaml knows and
// yaml-cpp does not (a CR without LF, NEL, U+2028, U+2029), which both may accept with
// different values.
std::optional<Error> libyaml_rejects(std::string_view text, const std::string& file);

}  // namespace fleetwave
