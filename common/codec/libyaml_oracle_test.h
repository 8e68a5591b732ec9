// The libyaml oracle of the YAML reader's tests (test-only; built into plugin_tests): libyaml
// itself, called directly rather than through libyaml_check.h, so the check under test is not
// its own judge. go-yaml, and through it kubectl, is a port of libyaml.
#pragma once

#include <string_view>

namespace fleetwave::libyaml_oracle {

// True when libyaml parses `text` to the end of the stream.
bool accepts(std::string_view text);

}  // namespace fleetwave::libyaml_oracle
