// The board's HTML: server-rendered pages of the status snapshot (the fleet, one app, 404) and
// the "live part" of each page, which the event stream sends again after every cycle and the
// small script (board_assets.h) swaps in. Every text from Git or Argo CD (commit subjects,
// author names, reasons, app and cluster names) goes through html_escape. Pure and deterministic
// for a snapshot and a clock reading.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/json.h"
#include "serve/board/git_links.h"
#include "serve/serve_state.h"

namespace fleetwave::serve {

// & < > " ' as entities; CR and other control characters but tab and newline as U+FFFD (a
// carriage return would end a line of an event stream).
std::string html_escape(std::string_view text);

// Percent-encodes one path segment (an app name in /apps/<name>).
std::string url_segment(std::string_view text);

struct BoardView {
  const Snapshot& snapshot;
  const BoardLinks& links;
  std::int64_t now_ms = 0;
};

// The live part of the fleet page (/) and of an app's page (/apps/<app>); `app` is one entry of
// the status document's "apps".
std::string fleet_fragment(const BoardView& view);
std::string app_fragment(const BoardView& view, const Json& app);

// A whole page around a live part. `events` is the event stream's path ("" = none); `controls`
// go above the live part, so they keep their state while events replace it.
std::string board_page(const std::string& title, const std::string& events, const std::string& refresh,
                       const std::string& fragment, const std::string& controls = "");
// The fleet page's filters (state, wave, cluster name, and a label selector when the inventory's
// clusters have labels), applied by the board's script.
std::string fleet_filters(const BoardView& view);
// The app page's place for the board's actions (serve/board_actions.h), the same for every
// viewer: board.js fills it with what the signed-in person may do.
std::string actions_panel(const std::string& app);
// The 404 page for `path`, and the page shown before the first cycle.
std::string not_found_page(const std::string& path);
std::string waiting_page();

// "4m 12s left": the same words the script counts down with.
std::string time_left(std::int64_t ms);

}  // namespace fleetwave::serve
