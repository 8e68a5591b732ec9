#include "reconcile/step_trust.h"

#include <algorithm>
#include <array>
#include <functional>

#include "reconcile/repo_snapshot.h"
#include "rollout/commit_message.h"
#include "rollout/observation.h"

namespace fleetwave {
namespace {

using signing::SignatureVerdict;

// A long-running serve: plenty for the commits above every anchor, bounded all the same.
constexpr std::size_t kMaxCachedVerdicts = 20000;
constexpr std::size_t kMaxCachedCommits = 50000;

// Steps only the reconciler takes: before its first signed commit of an app they mark where
// verification starts.
bool reconciler_step(const std::string& action) {
  static constexpr std::array<const char*, 7> kOwn = {"start",    "advance", "wait-approval", "wait-deletion-guard",
                                                      "complete", "hold",    "reject"};
  return std::find(kOwn.begin(), kOwn.end(), action) != kOwn.end();
}

std::string untrusted_reason(const SignatureVerdict& v) {
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

// A missing file reads as "".
Result<std::string> file_or_empty(git::GitRepository& repo, const std::string& commit, const std::string& path) {
  if (commit.empty()) return std::string();
  auto text = repo.read_file(commit, path);
  if (!text.ok() && text.error().kind == ErrorKind::NotFound) return std::string();
  return text;
}

Result<AppFiles> app_files(git::GitRepository& repo, const std::string& commit, const std::string& app) {
  AppFiles files;
  if (commit.empty()) return files;
  FW_TRY(state, file_or_empty(repo, commit, state_path(app)));
  if (!state.empty()) {
    auto parsed = parse_state(state, state_path(app));
    if (parsed.ok()) files.state = std::move(parsed).value();
  }
  FW_TRY(targets, file_or_empty(repo, commit, targets_path(app)));
  files.targets = std::move(targets);
  auto entries = repo.list_tree(commit, ".fleetwave/" + app, /*recursive=*/true);
  if (!entries.ok() && entries.error().kind != ErrorKind::NotFound) return entries.error();
  for (const git::TreeEntry& e : entries.ok() ? *entries : std::vector<git::TreeEntry>{}) {
    if (e.path != state_path(app) && e.path != targets_path(app)) files.others += e.path + "=" + e.oid + "\n";
  }
  return files;
}

}  // namespace

Result<std::vector<Freeze>> freezes_at(git::GitRepository& repo, const std::string& commit) {
  FW_TRY(text, file_or_empty(repo, commit, freezes_path()));
  auto parsed = text.empty() ? Result<std::vector<Freeze>>(std::vector<Freeze>{}) : parse_freezes(text, freezes_path());
  return parsed.ok() ? std::move(parsed).value() : std::vector<Freeze>{};
}

Result<std::vector<Cordon>> cordons_at(git::GitRepository& repo, const std::string& commit) {
  FW_TRY(text, file_or_empty(repo, commit, kCordonsPath));
  auto parsed = text.empty() ? Result<std::vector<Cordon>>(std::vector<Cordon>{}) : parse_cordons_file(text);
  return parsed.ok() ? std::move(parsed).value() : std::vector<Cordon>{};
}

Status<> StepTrust::start_cycle(git::GitRepository& repo, const std::string& head) {
  load_error_.reset();
  if (commits_.size() > kMaxCachedCommits) commits_.clear();
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
                                      "; no change of rollout state, freezes or cordons counts until it does")
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

std::string StepTrust::signers_key() const {
  return std::to_string(std::hash<std::string>{}(allowed_ ? allowed_->text : std::string()));
}

Result<const StepTrust::Commit*> StepTrust::read_commit(git::GitRepository& repo, const std::string& oid) {
  if (auto it = commits_.find(oid); it != commits_.end()) return &it->second;
  FW_TRY(info, repo.commit_info(oid));
  Commit c;
  c.oid = oid;
  c.first_parent = info.parents.empty() ? "" : info.parents.front();
  c.author = info.author.name + " <" + info.author.email + ">";
  const CommitMessage message{"", "", parse_trailers(info.message)};
  c.app = message.trailer("Fleetwave-App");
  c.action = message.trailer("Fleetwave-Action");
  auto tree = repo.tree_id(oid, ".fleetwave");
  if (!tree.ok() && tree.error().kind != ErrorKind::NotFound) return tree.error();
  if (tree.ok()) c.state_tree = *tree;
  return &commits_.emplace(oid, std::move(c)).first->second;
}

Result<SignatureVerdict> StepTrust::verdict(git::GitRepository& repo, const std::string& oid,
                                            const signing::AllowedSigners& signers) {
  const std::string key = oid + ":" + std::to_string(std::hash<std::string>{}(signers.text));
  if (auto it = verdicts_.find(key); it != verdicts_.end()) return it->second;
  FW_TRY(signature, repo.commit_signature(oid));
  SignatureVerdict v;
  v.kind = SignatureVerdict::Kind::Unsigned;
  if (signature) {
    if (settings_.checker == nullptr) return internal_error("no signature checker configured");
    FW_TRY(checked, settings_.checker->check(signers, *signature));
    v = checked;
  }
  if (verdicts_.size() >= kMaxCachedVerdicts) verdicts_.clear();
  verdicts_[key] = v;
  return v;
}

Result<bool> StepTrust::signed_by_reconciler(git::GitRepository& repo, const std::string& oid) {
  if (settings_.own.signers.empty()) return false;
  FW_TRY(v, verdict(repo, oid, settings_.own));
  return v.kind == SignatureVerdict::Kind::Good;
}

Result<std::optional<std::string>> StepTrust::why_untrusted(git::GitRepository& repo, const std::string& oid) {
  if (load_error_) return *load_error_;
  if (!allowed_) return internal_error("StepTrust::start_cycle was not called");
  FW_TRY(v, verdict(repo, oid, *allowed_));
  if (v.kind == SignatureVerdict::Kind::Good) return std::optional<std::string>();
  FW_TRY(own, signed_by_reconciler(repo, oid));
  if (own) return std::optional<std::string>();
  return std::optional<std::string>(untrusted_reason(v));
}

Result<std::optional<GuardedChange>> StepTrust::app_change(git::GitRepository& repo, const Commit& c,
                                                           const std::string& app) {
  std::string parent_tree;
  if (!c.first_parent.empty()) {
    FW_TRY(parent, read_commit(repo, c.first_parent));
    parent_tree = parent->state_tree;
  }
  if (parent_tree == c.state_tree) return std::optional<GuardedChange>();  // nothing under .fleetwave changed
  auto dir_id = [&](const std::string& commit) -> Result<std::string> {
    if (commit.empty()) return std::string();
    auto id = repo.tree_id(commit, ".fleetwave/" + app);
    if (!id.ok() && id.error().kind == ErrorKind::NotFound) return std::string();
    return id;
  };
  FW_TRY(after_id, dir_id(c.oid));
  FW_TRY(before_id, dir_id(c.first_parent));
  if (after_id == before_id) return std::optional<GuardedChange>();
  FW_TRY(before, app_files(repo, c.first_parent, app));
  FW_TRY(after, app_files(repo, c.oid, app));
  return classify_app_change(before, after);
}

Result<std::vector<StepTrust::Found>> StepTrust::app_changes(git::GitRepository& repo, const std::string& head,
                                                             const std::string& app) {
  std::vector<Found> found;
  std::optional<std::size_t> start;  // before the first signed commit: the newest reconciler step
  const auto known = verified_.find(app + "\n" + signers_key());
  for (std::string oid = head; !oid.empty();) {
    if (known != verified_.end() && known->second == oid) return found;
    FW_TRY(c, read_commit(repo, oid));
    if (c->app == app) {
      FW_TRY(own, signed_by_reconciler(repo, oid));
      if (own) return found;
      if (!start && reconciler_step(c->action)) {
        start = found.size();
        if (settings_.own.signers.empty()) break;  // no key to look further for
      }
    }
    FW_TRY(change, app_change(repo, *c, app));
    if (change) found.push_back(Found{c, *change});
    oid = c->first_parent;
  }
  if (start) found.resize(*start);
  return found;
}

Result<std::optional<IgnoredSteps>> StepTrust::check(git::GitRepository& repo, const std::string& head,
                                                     const std::string& app) {
  if (load_error_) return *load_error_;
  FW_TRY(found, app_changes(repo, head, app));
  IgnoredSteps ignored;
  bool counted_newer = false;  // a change newer than the one at hand that counts
  for (const Found& f : found) {
    std::optional<std::string> why;
    if (!f.change.stop_only) {
      FW_TRY(untrusted, why_untrusted(repo, f.commit->oid));
      why = untrusted;
    }
    if (!why) {
      counted_newer = true;
      continue;
    }
    ignored.lines.push_back(f.change.what + " in " + short_sha(f.commit->oid) + " by " + f.commit->author + ": " +
                            *why);
    ignored.oldest = f.commit->oid;
    ignored.oldest_parent = f.commit->first_parent;
    ignored.oldest_action = f.change.what;
    ignored.later_steps = counted_newer;
  }
  if (ignored.lines.empty()) {
    verified_[app + "\n" + signers_key()] = head;
    return std::optional<IgnoredSteps>();
  }
  return std::optional<IgnoredSteps>(std::move(ignored));
}

Result<std::vector<IgnoredControl>> StepTrust::control_changes(git::GitRepository& repo, const Commit& c) {
  std::vector<IgnoredControl> out;
  std::string parent_tree;
  if (!c.first_parent.empty()) {
    FW_TRY(parent, read_commit(repo, c.first_parent));
    parent_tree = parent->state_tree;
  }
  if (parent_tree == c.state_tree) return out;
  // Most commits here are steps of some app: compare the files' blobs before parsing anything.
  auto entries = [&](const std::string& commit) -> Result<std::vector<git::TreeEntry>> {
    if (commit.empty()) return std::vector<git::TreeEntry>{};
    auto listed = repo.list_tree(commit, ".fleetwave", /*recursive=*/false);
    if (!listed.ok() && listed.error().kind == ErrorKind::NotFound) return std::vector<git::TreeEntry>{};
    return listed;
  };
  FW_TRY(now, entries(c.oid));
  FW_TRY(before, entries(c.first_parent));
  auto blob = [](const std::vector<git::TreeEntry>& listing, const std::string& path) {
    for (const git::TreeEntry& e : listing) {
      if (e.path == path) return e.oid;
    }
    return std::string();
  };
  if (blob(now, freezes_path()) != blob(before, freezes_path())) {
    FW_TRY(parent_freezes, freezes_at(repo, c.first_parent));
    FW_TRY(own_freezes, freezes_at(repo, c.oid));
    ControlDiff<Freeze> freezes{std::move(parent_freezes), std::move(own_freezes)};
    if (auto change = classify_freeze_change(freezes.before, freezes.after); change && !change->stop_only)
      out.push_back(IgnoredControl{"", c.oid, change->what, freezes, std::nullopt});
  }
  if (blob(now, kCordonsPath) != blob(before, kCordonsPath)) {
    FW_TRY(parent_cordons, cordons_at(repo, c.first_parent));
    FW_TRY(own_cordons, cordons_at(repo, c.oid));
    ControlDiff<Cordon> cordons{std::move(parent_cordons), std::move(own_cordons)};
    if (auto change = classify_cordon_change(cordons.before, cordons.after))
      out.push_back(IgnoredControl{"", c.oid, change->what, std::nullopt, cordons});
  }
  return out;
}

Result<std::vector<IgnoredControl>> StepTrust::check_controls(git::GitRepository& repo, const std::string& head) {
  if (load_error_) return *load_error_;
  const std::string key = std::string("\n") + signers_key();
  const auto known = verified_.find(key);
  std::vector<IgnoredControl> ignored;
  for (std::string oid = head; !oid.empty();) {
    if (known != verified_.end() && known->second == oid) break;
    FW_TRY(own, signed_by_reconciler(repo, oid));
    if (own) break;
    FW_TRY(c, read_commit(repo, oid));
    FW_TRY(changes, control_changes(repo, *c));
    if (!changes.empty()) {
      FW_TRY(why, why_untrusted(repo, oid));
      for (IgnoredControl& change : changes) {
        if (!why) continue;
        change.line = change.what + " in " + short_sha(oid) + " by " + c->author + ": " + *why;
        ignored.push_back(std::move(change));
      }
    }
    oid = c->first_parent;
  }
  if (ignored.empty()) verified_[key] = head;
  return ignored;
}

}  // namespace fleetwave
