// Stop-the-line: freezes written by `fleetwave freeze` into .fleetwave/freezes.yaml (fleetwave's
// own directory, so a freeze is no input of any app and starts no release). A frozen app takes
// no start and no advance; rollback and pause stay allowed. Documented in docs/formats.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "rollout/commit_message.h"

namespace fleetwave {

struct Freeze {
  std::vector<std::string> apps;  // empty: every app
  std::string reason;
  std::string by;  // "Name <email>" of who froze
  std::int64_t since_ms = 0;
  std::optional<std::int64_t> until_ms;  // ends by itself then; absent: until `fleetwave unfreeze`
  bool operator==(const Freeze&) const = default;
};

std::string freezes_path();  // .fleetwave/freezes.yaml

std::string serialize_freezes(const std::vector<Freeze>& freezes);
Result<std::vector<Freeze>> parse_freezes(const std::string& text, const std::string& file);

// The freeze that stops `app` at `now_ms` (the first in file order), if any.
const Freeze* active_freeze(const std::vector<Freeze>& freezes, const std::string& app, std::int64_t now_ms);
// "frozen by Jane <jane@example.com> since ...: <reason> (until ...)", for status and gates.
std::string describe_freeze(const Freeze& freeze);

// The commit of a freeze or an unfreeze: the new file content and its message.
struct FreezeChange {
  std::vector<Freeze> next;
  CommitMessage message;
};

// Adds a freeze of `apps` (empty: every app). Refused when the same apps are already frozen.
Result<FreezeChange> freeze_change(const std::vector<Freeze>& current, const std::vector<std::string>& apps,
                                   const std::string& reason, std::optional<std::int64_t> until_ms,
                                   const std::string& by, std::int64_t now_ms);
// Lifts the freezes of `apps` (a freeze listing others keeps them); empty: every freeze.
// Refused when nothing would change, naming what does freeze those apps.
Result<FreezeChange> unfreeze_change(const std::vector<Freeze>& current, const std::vector<std::string>& apps,
                                     std::int64_t now_ms);

}  // namespace fleetwave
