// The demo's live view: every new commit on main printed once, as one line with a progress bar
// of the app's clusters pinned to the release that step belongs to, e.g.
//
//   [■■■■■□□] guestbook  5/7  advance   fleetwave(guestbook): advance 1a2b3c4 to wave 3/3 rest ...
//
// Thread-safety: single-threaded.
#pragma once

#include <cstdio>
#include <set>
#include <string>

#include "harness/fleet_repo.h"

namespace fleetwave::e2e {

class StepFeed {
 public:
  StepFeed(FleetRepo& repo, std::FILE* out) : repo_(repo), out_(out) {}

  // Prints the commits that appeared since the last call (oldest first). Returns how many.
  [[nodiscard]] Result<std::size_t> print_new();
  // Marks every commit on main as seen without printing it.
  [[nodiscard]] Status<> skip_existing();

  // "[■■■□□□□]" for `done` of `total`.
  static std::string bar(std::size_t done, std::size_t total);

 private:
  std::string line(const AuditEntry& entry);

  FleetRepo& repo_;
  std::FILE* out_;
  std::set<std::string> seen_;
};

}  // namespace fleetwave::e2e
