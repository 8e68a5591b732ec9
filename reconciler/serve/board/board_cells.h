// What the board shows for one cluster of one app: a state from a fixed set, the words for it,
// and the evidence behind it, read from the status document (reconcile/views/status_view.h).
// Pure; the board's HTML (board_html.h) draws cells, tests check the state.
#pragma once

#include <cstdint>
#include <string>

#include "base/json.h"

namespace fleetwave::serve {

// In the order of precedence: a cordoned cluster is shown cordoned whatever its sync says.
enum class CellState {
  Cordoned,   // tainted by `fleetwave cordon` or automatic failover
  Held,       // `fleetwave hold`: kept where it is
  Failed,     // the release's sync failed or it is Degraded
  Baking,     // Synced/Healthy at the release, minSuccessTime not over yet
  Done,       // Synced/Healthy at the release and baked (or its wave is behind the current one)
  Healthy,    // Synced/Healthy at the release, bake start unknown
  Syncing,    // pinned to the release, Argo CD is applying it
  Pinned,     // pinned to the release (or another revision), no verdict yet
  OnStable,   // pinned to the last fully rolled-out release
  NotPinned,  // no pin (a cluster that joined before its wave came)
};

// "baking", "on stable", "not pinned": the words a cell shows and its CSS class suffix
// ("on-stable").
const char* state_words(CellState state);
const char* state_class(CellState state);
// One letter per state: the class of a cell in the fleet page's dense grid ("d" for done).
const char* state_letter(CellState state);

// Every state, in the order of precedence above (the order counts and legends list them).
inline constexpr CellState kCellStates[] = {
    CellState::Cordoned, CellState::Held,    CellState::Failed, CellState::Baking,   CellState::Done,
    CellState::Healthy,  CellState::Syncing, CellState::Pinned, CellState::OnStable, CellState::NotPinned};
inline constexpr std::size_t kCellStateCount = sizeof kCellStates / sizeof kCellStates[0];

struct Cell {
  CellState state = CellState::NotPinned;
  std::string revision;           // the pin, "" when none
  std::string detail;             // evidence in words (Argo CD's verdict, the hold or cordon reason)
  std::int64_t bake_left_ms = 0;  // Baking: how long until minSuccessTime is over
};

// `app` is one app of the status document, `wave_index` the 1-based index of the wave that holds
// `cluster` (0: a pinned cluster no wave holds), `now_ms` the wall clock.
Cell classify_cell(const Json& app, int wave_index, const Json& cluster, std::int64_t now_ms);

}  // namespace fleetwave::serve
