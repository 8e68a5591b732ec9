// The board's stylesheet and script, served from the binary (/board.css, /board.js): no fonts,
// CDNs or trackers. The script only counts down bake times and swaps in the live part of the
// page from the event stream; without it the pages are complete and Refresh updates them.
#pragma once

#include <string_view>

namespace fleetwave::serve {

std::string_view board_css();
std::string_view board_js();

}  // namespace fleetwave::serve
