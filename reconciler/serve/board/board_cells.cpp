#include "serve/board/board_cells.h"

#include "base/timestamp.h"
#include "rollout/duration.h"
#include "serve/json_view.h"

namespace fleetwave::serve {
namespace {

struct StateName {
  CellState state;
  const char* words;
  const char* css;
  const char* letter;
};

// One row per state: the words people read and the class the stylesheet colours.
constexpr StateName kStates[] = {
    {CellState::Cordoned, "cordoned", "cordoned", "k"},
    {CellState::Held, "held", "held", "h"},
    {CellState::Failed, "failed", "failed", "f"},
    {CellState::Baking, "baking", "baking", "b"},
    {CellState::Done, "done", "done", "d"},
    {CellState::Healthy, "healthy", "healthy", "g"},
    {CellState::Syncing, "syncing", "syncing", "s"},
    {CellState::Pinned, "pinned", "pinned", "p"},
    {CellState::OnStable, "on stable", "on-stable", "o"},
    {CellState::NotPinned, "not pinned", "not-pinned", "n"},
};

const StateName& row(CellState state) {
  for (const StateName& s : kStates)
    if (s.state == state) return s;
  return kStates[sizeof kStates / sizeof kStates[0] - 1];
}

std::string str(const Json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

// The index (1-based) of the app's current wave, 0 when no release is in flight.
int current_wave(const Json& app) {
  for (const Json& w : array_at(app, "waves"))
    if (w.value("current", false)) return w.value("index", 0);
  return 0;
}

const Json* wave_at(const Json& app, int index) {
  auto waves = app.find("waves");
  if (waves == app.end() || !waves->is_array()) return nullptr;
  for (const Json& w : *waves)
    if (w.value("index", 0) == index) return &w;
  return nullptr;
}

// A Synced/Healthy cluster of the release: baking until its wave's minSuccessTime has passed
// since the sync finished; done once it has, or when its wave is behind the current one.
Cell healthy_cell(const Json& app, int wave_index, const Json& cluster, std::int64_t now_ms, Cell cell) {
  const int current = current_wave(app);
  if (wave_index > 0 && current > 0 && wave_index < current) {
    cell.state = CellState::Done;
    return cell;
  }
  const Json* wave = wave_at(app, wave_index);
  auto since = parse_rfc3339(str(cluster, "healthySince"));
  auto bake = wave != nullptr ? parse_duration_ms(str(*wave, "minSuccessTime")) : Result<std::int64_t>(0);
  if (!since || !bake.ok()) {
    cell.state = CellState::Healthy;
    return cell;
  }
  const std::int64_t left = *since + *bake - now_ms;
  if (left > 0) {
    cell.state = CellState::Baking;
    // No countdown while nothing can move on: a paused or frozen app.
    const std::string phase = str(app, "phase");
    cell.bake_left_ms = phase == "Paused" || phase == "Frozen" ? 0 : left;
  } else {
    cell.state = CellState::Done;
  }
  return cell;
}

}  // namespace

const char* state_words(CellState state) { return row(state).words; }
const char* state_class(CellState state) { return row(state).css; }
const char* state_letter(CellState state) { return row(state).letter; }

Cell classify_cell(const Json& app, int wave_index, const Json& cluster, std::int64_t now_ms) {
  Cell cell;
  cell.revision = str(cluster, "revision");
  cell.detail = str(cluster, "detail");
  if (!str(cluster, "cordoned").empty()) {
    cell.state = CellState::Cordoned;
    cell.detail = str(cluster, "cordoned");
    return cell;
  }
  if (!str(cluster, "held").empty()) {
    cell.state = CellState::Held;
    cell.detail = "held: " + str(cluster, "held");
    return cell;
  }
  if (cell.revision.empty()) return cell;  // NotPinned
  const std::string release = str(app, "release");
  const std::string verdict = str(cluster, "verdict");
  if (!release.empty() && cell.revision == release) {
    if (verdict == "failed") cell.state = CellState::Failed;
    else if (verdict == "done") return healthy_cell(app, wave_index, cluster, now_ms, cell);
    else if (verdict == "pending") cell.state = CellState::Syncing;
    else cell.state = CellState::Pinned;
    return cell;
  }
  if (cell.revision == str(app, "stable")) {
    cell.state = verdict == "failed" ? CellState::Failed : CellState::OnStable;
    return cell;
  }
  cell.state = verdict == "failed" ? CellState::Failed : CellState::Pinned;
  return cell;
}

}  // namespace fleetwave::serve
