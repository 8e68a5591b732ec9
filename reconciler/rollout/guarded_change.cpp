#include "rollout/guarded_change.h"

#include <algorithm>
#include <functional>
#include <utility>

namespace fleetwave {
namespace {

bool contains(const auto& list, const auto& item) { return std::find(list.begin(), list.end(), item) != list.end(); }

// Whether `after` only pauses `before`: paused set, a reason given, nothing else touched.
bool only_pauses(const RolloutState& before, const RolloutState& after) {
  if (before.paused || !after.paused) return false;
  RolloutState expected = before;
  expected.paused = true;
  expected.pause_reason = after.pause_reason;
  return expected == after;
}

bool approvals_added(const RolloutState& b, const RolloutState& a) {
  if (!a.release) return false;
  for (const std::string& wave : a.release->approvals) {
    if (!b.release || b.release->revision != a.release->revision || !contains(b.release->approvals, wave)) return true;
  }
  return false;
}

bool holds_added(const RolloutState& b, const RolloutState& a) {
  return std::any_of(a.holds.begin(), a.holds.end(), [&](const auto& h) { return !b.holds.contains(h.first); });
}

std::string promoted_to(const RolloutState& s) { return s.release ? s.release->promoted_to : ""; }

// The first that applies names the change; one table so a new kind of change has one place.
using StateTest = std::function<bool(const RolloutState&, const RolloutState&)>;
const std::vector<std::pair<const char*, StateTest>>& state_words() {
  static const std::vector<std::pair<const char*, StateTest>> kWords = {
      {"approve", approvals_added},
      {"resume", [](const RolloutState& b, const RolloutState& a) { return b.paused && !a.paused; }},
      {"promote", [](const RolloutState& b, const RolloutState& a) { return promoted_to(b) != promoted_to(a); }},
      {"hold-cluster", holds_added},
      {"release-hold", [](const RolloutState& b, const RolloutState& a) { return holds_added(a, b); }},
      {"rollback", [](const RolloutState& b, const RolloutState& a) { return b.release && !a.release; }},
      {"release change", [](const RolloutState& b, const RolloutState& a) { return b.release != a.release; }},
      {"pin change", [](const RolloutState& b, const RolloutState& a) { return b.pins != a.pins; }},
  };
  return kWords;
}

std::string state_word(const RolloutState& before, const RolloutState& after) {
  for (const auto& [word, applies] : state_words()) {
    if (applies(before, after)) return word;
  }
  return "state change";
}

}  // namespace

std::optional<GuardedChange> classify_app_change(const AppFiles& before, const AppFiles& after) {
  if (before.state == after.state && before.targets == after.targets && before.others == after.others)
    return std::nullopt;
  const bool same_files = before.targets == after.targets && before.others == after.others;
  if (!before.state || !after.state) return GuardedChange{"state change", false};
  if (same_files && only_pauses(*before.state, *after.state)) return GuardedChange{"pause", true};
  if (*before.state == *after.state)
    return GuardedChange{before.targets != after.targets ? "pin change" : "file change", false};
  return GuardedChange{state_word(*before.state, *after.state), false};
}

std::optional<GuardedChange> classify_freeze_change(const std::vector<Freeze>& before,
                                                    const std::vector<Freeze>& after) {
  if (before == after) return std::nullopt;
  const bool lifts = std::any_of(before.begin(), before.end(), [&](const Freeze& f) { return !contains(after, f); });
  return lifts ? GuardedChange{"unfreeze", false} : GuardedChange{"freeze", true};
}

std::optional<GuardedChange> classify_cordon_change(const std::vector<Cordon>& before,
                                                    const std::vector<Cordon>& after) {
  if (before == after) return std::nullopt;
  const bool adds = std::any_of(after.begin(), after.end(), [&](const Cordon& c) { return !contains(before, c); });
  return GuardedChange{adds ? "cordon" : "uncordon", false};
}

std::vector<Freeze> undo_freeze_changes(std::vector<Freeze> head, const std::vector<ControlDiff<Freeze>>& ignored) {
  for (const ControlDiff<Freeze>& diff : ignored) {
    for (const Freeze& f : diff.before) {
      if (!contains(diff.after, f) && !contains(head, f)) head.push_back(f);
    }
  }
  return head;
}

std::vector<Cordon> undo_cordon_changes(std::vector<Cordon> head, const std::vector<ControlDiff<Cordon>>& ignored) {
  for (const ControlDiff<Cordon>& diff : ignored) {
    for (const Cordon& c : diff.after) {  // added by the ignored commit
      if (!contains(diff.before, c)) std::erase(head, c);
    }
    for (const Cordon& c : diff.before) {  // removed by it
      if (!contains(diff.after, c) && find_cordon(head, c.cluster) == nullptr) head.push_back(c);
    }
  }
  std::sort(head.begin(), head.end(), [](const Cordon& a, const Cordon& b) { return a.cluster < b.cluster; });
  return head;
}

}  // namespace fleetwave
