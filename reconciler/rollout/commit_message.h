// fleetwave's commit messages: a subject that says what happened, a body with the evidence, and
// machine-readable trailers (Fleetwave-App, -Release, -Wave, -Action, -Evidence).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace fleetwave {

struct CommitMessage {
  std::string subject;
  std::string body;  // may be empty
  std::vector<std::pair<std::string, std::string>> trailers;

  std::string format() const;
  std::string trailer(const std::string& key) const;  // "" when absent
};

// Parses "Key: value" trailers from the last paragraph of a commit message (git's rules,
// simplified: every line of the last paragraph must be a trailer).
std::vector<std::pair<std::string, std::string>> parse_trailers(const std::string& message);
std::string find_trailer(const std::string& message, const std::string& key);

// The actions fleetwave records in Fleetwave-Action.
inline constexpr const char* kActions[] = {
    "start",    "advance",  "wait-approval", "wait-deletion-guard", "approve",      "pause",   "resume",
    "rollback", "complete", "hold",          "hold-cluster",        "release-hold", "promote", "reject"};

}  // namespace fleetwave
