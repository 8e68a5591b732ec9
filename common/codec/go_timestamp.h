// go-yaml v2's timestamp recognition (resolve.go parseTimestamp), which decides whether a plain
// scalar is a timestamp: such strings are written quoted by go-yaml's encoder, and a
// !!timestamp tag only accepts them. It mirrors Go's time.Parse with the four layouts go-yaml
// tries, including its quirks (one-digit fields, any run of spaces for the layout's space,
// "," as a fraction separator, day-of-month validation).
#pragma once

#include <string_view>

namespace fleetwave {

bool is_go_yaml_timestamp(std::string_view text);

}  // namespace fleetwave
