#include "serve/observed_ports.h"

namespace fleetwave::serve {

Result<std::string> ObservedRepository::fetch(const std::string& branch) {
  if (stopping_) return transient("shutting down: fetch of " + branch + " not started");
  auto tip = inner_.fetch(branch);
  state_.git_result(tip.ok(), tip.ok() ? "" : scrub_(tip.error().to_string()));
  return tip;
}

Status<> ObservedRepository::push(const std::string& branch, const std::string& oid, git::PushMode mode) {
  if (stopping_) return transient("shutting down: push to " + branch + " abandoned before it started");
  return inner_.push(branch, oid, mode);
}

Status<> ObservedRepository::delete_remote_branch(const std::string& branch) {
  if (stopping_) return transient("shutting down: deletion of " + branch + " abandoned");
  return inner_.delete_remote_branch(branch);
}

Result<std::vector<ApplicationSummary>> ObservedArgoCd::list_applications(const std::string& label_selector) {
  ++queries_;
  auto apps = inner_.list_applications(label_selector);
  state_.argocd_result(apps.ok(), apps.ok() ? "" : scrub_(apps.error().to_string()));
  return apps;
}

}  // namespace fleetwave::serve
