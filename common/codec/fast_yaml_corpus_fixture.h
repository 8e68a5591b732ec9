// Inputs for fast_yaml_parser_test.cpp (test-only helpers; built into common_tests only).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fleetwave::fast_yaml_test {

// The string literals of a C++ source file, with escapes decoded and adjacent literals joined.
std::vector<std::string> cpp_string_literals(std::string_view source);

// Multi-document streams in the shapes of bench/fleet_generator.cpp.
std::vector<std::string> generated_manifests();

// Hand-written documents for every construct the fast reader supports, and edge cases around
// them. Those starting with "# decline" are expected to leave the fast path.
std::vector<std::string> handwritten_cases();

}  // namespace fleetwave::fast_yaml_test
