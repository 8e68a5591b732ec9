// Checks on raw YAML text that yaml-cpp 0.7.0 does not make, or gets wrong
// (the yaml-cpp hazards listed in codec/yaml_codec.h). Plain text scanning, no parser involved.
#pragma once

#include <cstddef>
#include <string_view>

namespace fleetwave {

// A 1-based line and column; columns count bytes, as yaml-cpp's marks do.
struct TextPos {
  int line = 1;
  int column = 1;
};

TextPos text_position(std::string_view text, std::size_t offset);

// An upper bound on the documents in a stream: one, plus one for every line that starts with
// a "---" or "..." marker. yaml-cpp's LoadAll loops forever on a document that is just ","
// (jbeder/yaml-cpp#1040) and silently starts a new document for "- a\nb: c"; more documents
// than markers means one of those happened.
std::size_t max_yaml_documents(std::string_view text);

// yaml-cpp accepts a quoted scalar that runs into the end of the input. Given the offset where
// a scalar node starts (at its tag or anchor, if any), reports whether it is a quoted scalar
// whose closing quote never comes, and where its opening quote is.
bool is_unterminated_quote(std::string_view text, std::size_t node_offset, std::size_t* quote_offset);

// yaml-cpp decodes the double-quoted escapes \N (U+0085) and \_ (U+00A0) to the single bytes
// 0x85 and 0xA0, which is not UTF-8. In a value decoded from valid UTF-8 input no other byte can
// be out of place, so each such byte is re-encoded as the character it stands for.
// Returns false (and leaves `value` alone) when there is nothing to repair.
bool repair_single_byte_escapes(std::string& value);

}  // namespace fleetwave
