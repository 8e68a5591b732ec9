#include "reconcile/step_trust.h"

#include <algorithm>
#include <array>
#include <functional>

#include "rollout/observation.h"

namespace fleetwave {
namespace {

using signing::SignatureVerdict;

constexpr std::size_t kMaxCachedVerdicts = 20000;  // a long-running serve: plenty for the history window

// Steps only the reconciler takes: before its first signed commit (or without its key, for
// `fleetwave status`) they bound the search.
bool reconciler_only(const std::string& action) {
  static constexpr std::array<const char*, 7> kOwn = {"start",    "advance", "wait-approval", "wait-deletion-guard",
                                                      "complete", "hold",    "reject"};
  return std::find(kOwn.begin(), kOwn.end(), action) != kOwn.end();
}

std::string reason(const SignatureVerdict& v) {
  const std::string base = "not signed by a key in approvals.allowedSigners";
  switch (v.kind) {
    case SignatureVerdict::Kind::Good:
      return "";
    case SignatureVerdict::Kind::Unsigned:
      return base + " (unsigned)";
    case SignatureVerdict::Kind::UnknownKey:
      return base + " (signed by an unknown " + (v.key.empty() ? "key" : v.key) + ")";
    case SignatureVerdict::Kind::Bad:
      break;
  }
  return base + " (" + v.detail + ")";
}

}  // namespace

bool needs_signature(const std::string& action) {
  static constexpr std::array<const char*, 5> kGated = {"approve", "resume", "promote", "release-hold", "unfreeze"};
  return std::find(kGated.begin(), kGated.end(), action) != kGated.end();
}

Status<> StepTrust::start_cycle(git::GitRepository& repo, const std::string& head) {
  load_error_.reset();
  if (settings_.mounted) {
    allowed_ = settings_.mounted;
    return ok_status();
  }
  allowed_.reset();
  const std::string& path = settings_.allowed_signers;
  auto text = repo.read_file(head, path);
  if (!text.ok()) {
    load_error_ = text.error().kind == ErrorKind::NotFound
                      ? invalid_input("approvals.allowedSigners: " + path + " does not exist at " + short_sha(head) +
                                      "; no approve, resume, promote, release-hold or unfreeze counts until it does")
                      : text.error().with_context("approvals.allowedSigners " + path);
    return *load_error_;
  }
  auto parsed = signing::parse_allowed_signers(*text, path);
  if (!parsed.ok()) {
    Error e = parsed.error();
    e.message = "approvals.allowedSigners does not parse: " + e.message;
    load_error_ = e;
    return e;
  }
  allowed_ = std::move(parsed).value();
  return ok_status();
}

Result<SignatureVerdict> StepTrust::verdict(git::GitRepository& repo, const std::string& oid,
                                            const signing::AllowedSigners& signers) {
  const std::string key = oid + ":" + std::to_string(std::hash<std::string>{}(signers.text));
  if (auto it = cache_.find(key); it != cache_.end()) return it->second;
  FW_TRY(signature, repo.commit_signature(oid));
  SignatureVerdict v;
  v.kind = SignatureVerdict::Kind::Unsigned;
  if (signature) {
    if (settings_.checker == nullptr) return internal_error("no signature checker configured");
    FW_TRY(checked, settings_.checker->check(signers, *signature));
    v = checked;
  }
  if (cache_.size() >= kMaxCachedVerdicts) cache_.clear();
  cache_[key] = v;
  return v;
}

Result<std::optional<std::string>> StepTrust::why_untrusted(git::GitRepository& repo, const std::string& oid) {
  if (load_error_) return *load_error_;
  if (!allowed_) return internal_error("StepTrust::start_cycle was not called");
  FW_TRY(v, verdict(repo, oid, *allowed_));
  if (v.kind == SignatureVerdict::Kind::Good) return std::optional<std::string>();
  return std::optional<std::string>(reason(v));
}

Result<std::size_t> StepTrust::boundary(git::GitRepository& repo, const History& history, const std::string& app) {
  const auto& entries = history.entries();
  auto of_app = [&](const HistoryEntry& e) { return app.empty() ? !e.action.empty() : e.app == app; };
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (!of_app(entries[i]) || settings_.own.signers.empty()) continue;
    FW_TRY(v, verdict(repo, entries[i].oid, settings_.own));
    if (v.kind == SignatureVerdict::Kind::Good) return i;
  }
  for (std::size_t i = 0; i < entries.size(); ++i) {  // no signed commit of the reconciler yet
    if (of_app(entries[i]) && reconciler_only(entries[i].action)) return i;
  }
  return entries.size();
}

Result<std::optional<IgnoredSteps>> StepTrust::check(git::GitRepository& repo, const History& history,
                                                     const std::string& app) {
  if (load_error_) return *load_error_;
  FW_TRY(end, boundary(repo, history, app));
  IgnoredSteps ignored;
  bool seen_other = false;  // a change newer than the step at hand that counts
  for (std::size_t i = 0; i < end; ++i) {
    const HistoryEntry& e = history.entries()[i];
    FW_TRY(changed, changes_app(repo, e, app));
    if (!changed) continue;
    const bool step = e.app == app && needs_signature(e.action);
    if (!step && !(e.app.empty() && approval_commit(repo, e, app))) {
      seen_other = true;
      continue;
    }
    FW_TRY(why, why_untrusted(repo, e.oid));
    if (!why) {
      seen_other = true;
      continue;
    }
    ignored.oldest_action = step ? e.action : "approval merge";
    ignored.lines.push_back(ignored.oldest_action + " in " + short_sha(e.oid) + " by " + e.author + ": " + *why);
    ignored.oldest = e.oid;
    ignored.later_steps = seen_other;
  }
  if (ignored.lines.empty()) return std::optional<IgnoredSteps>();
  return std::optional<IgnoredSteps>(std::move(ignored));
}

}  // namespace fleetwave
