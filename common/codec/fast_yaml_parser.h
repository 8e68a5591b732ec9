// A fast reader for the YAML that Kubernetes manifests use, in front of the yaml-cpp path of
// parse_yaml_stream (yaml-cpp's scanner costs ~1,400 instructions per byte; this reader about
// 1/100 of that).
//
// Contract: for any input, it either declines (std::nullopt) or returns exactly the documents
// (values and lines) the yaml-cpp path returns. It declines on anything it is not sure to read
// the same way, including every input the yaml-cpp path rejects, so errors always come from that
// path. fast_yaml_parser_test.cpp checks the contract differentially against yaml-cpp on a
// corpus and on mutants of it.
//
// Read: block mappings and sequences (including sequences not indented under their key and
// "- key: v" compact maps), flow mappings and sequences (also over several lines), plain
// scalars (multi-line ones as map values), single- and double-quoted scalars with every escape
// and line folding, literal and folded block scalars with chomping and indentation indicators,
// comments, empty values, "---" and "..." markers. Scalars are typed as in scalar_resolver.h.
//
// Declined: anchors, aliases, tags, "?" keys, directives, merge keys ("<<"), null or
// non-scalar keys, duplicate keys, tabs between tokens in the block context, control characters
// (C0 but tab and LF, DEL, C1), NEL and U+2028/9, a byte order mark after the one
// parse_yaml_stream strips, a stream starting with "..." or content after "..." without "---",
// nesting beyond the limits (or 128 levels), and any syntax error or construct whose yaml-cpp
// or libyaml reading is doubtful (see the .cpp for the exact rules): the yaml-cpp path, which
// also asks libyaml (libyaml_check.h), decides those.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "codec/yaml_codec.h"

namespace fleetwave {

// `text` is what parse_yaml_stream hands to yaml-cpp: no leading byte order mark, valid UTF-8,
// no NUL byte. `sink` (yaml_codec.h) takes each entry of its sequence as the entry ends; when the
// reader declines, it may have taken some.
std::optional<std::vector<YamlDocument>> fast_parse_yaml_stream(std::string_view text, const YamlLimits& limits,
                                                                YamlEntrySink* sink = nullptr);

}  // namespace fleetwave
