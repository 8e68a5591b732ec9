// Test support (header-only) for the YAML fuzz tests (fast_yaml_parser_test.cpp,
// yaml_hazard_test.cpp): the byte edits that turn a seed document into a mutant.
#pragma once

#include <cstddef>
#include <string>

namespace fleetwave::testing_support {

// One edit of `text` at byte `at` (0 to text.size()): `kind` 0 inserts `c` there, 1 deletes the
// byte there, 2 replaces it with `c`; deleting or replacing at the end changes nothing.
inline void edit_byte(std::string& text, std::size_t at, char c, unsigned kind) {
  switch (kind) {
    case 0:
      text.insert(at, 1, c);
      break;
    case 1:
      if (at < text.size()) text.erase(at, 1);
      break;
    default:
      if (at < text.size()) text[at] = c;
      break;
  }
}

}  // namespace fleetwave::testing_support
