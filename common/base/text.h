// Small text helpers shared across the project.
#pragma once

#include <string>
#include <string_view>

namespace fleetwave {

// `text` without leading and trailing ASCII whitespace (space, \t, \r, \n, \f, \v): secrets
// read from files, ports written by servers, values from headers.
std::string trim_space(std::string_view text);

}  // namespace fleetwave
