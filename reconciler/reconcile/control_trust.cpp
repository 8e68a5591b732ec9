#include "reconcile/control_trust.h"

#include "rollout/messages.h"
#include "rollout/observation.h"

namespace fleetwave {
namespace {

CommitMessage controls_reject_message(const std::vector<IgnoredControl>& ignored) {
  const IgnoredControl& oldest = ignored.back();
  const std::string what = oldest.what + " in " + short_sha(oldest.oid);
  CommitMessage m;
  m.subject = "fleetwave: reject " + what + " (not signed by an allowed key)";
  for (const IgnoredControl& i : ignored) m.body += "- ignored " + i.line + "\n";
  m.body += "\nWhat they changed is undone in " + freezes_path() + " and " + kCordonsPath +
            " (later changes stay). Make the change again with a signed commit (fleetwave --signing-key, or "
            "git commit -S with an SSH key listed in approvals.allowedSigners).";
  m.trailers = {{"Fleetwave-Action", "reject"},
                {"Fleetwave-Evidence", what + " is not signed by a key in approvals.allowedSigners"}};
  return m;
}

}  // namespace

Result<std::optional<ControlsReject>> check_controls(StepTrust& trust, git::GitRepository& repo,
                                                     const std::string& head) {
  FW_TRY(ignored, trust.check_controls(repo, head));
  if (ignored.empty()) return std::optional<ControlsReject>();
  std::vector<ControlDiff<Freeze>> freezes;
  std::vector<ControlDiff<Cordon>> cordons;
  ControlsReject reject;
  for (const IgnoredControl& i : ignored) {
    reject.lines.push_back(i.line);
    if (i.freezes) freezes.push_back(*i.freezes);
    if (i.cordons) cordons.push_back(*i.cordons);
  }
  // A file that does not parse at the head is replaced by the controls that count.
  if (!freezes.empty()) {
    FW_TRY(now, freezes_at(repo, head));
    reject.freezes = undo_freeze_changes(std::move(now), freezes);
  }
  if (!cordons.empty()) {
    FW_TRY(now, cordons_at(repo, head));
    reject.cordons = undo_cordon_changes(std::move(now), cordons);
  }
  reject.message = controls_reject_message(ignored);
  return std::optional<ControlsReject>(std::move(reject));
}

}  // namespace fleetwave
