#include "harness/rollout_stack.h"

#include <cstdlib>

#include "argocd_sim/live_clusters.h"
#include "argocd_sim/manifest_parser.h"
#include "testkit/process/child_process.h"

namespace fleetwave::e2e {
namespace {

std::string short_sha(const std::string& sha) { return sha.substr(0, 7); }

// Why an Application is not yet done with its pin ("" when it is).
// `hydrated`: the Application follows a branch (fleetwave's hydrated mode), so only its operation
// and health are checked here; the caller reads the pin its synced directory holds.
std::string unsettled(const Json& app, bool hydrated) {
  const std::string pin = string_at(app, {"spec", "source", "targetRevision"});
  const std::string name = string_at(app, {"metadata", "name"});
  if (!hydrated && string_at(app, {"status", "sync", "revision"}) != pin)
    return name + ": not compared at " + short_sha(pin);
  if (string_at(app, {"status", "operationState", "phase"}) == "Running") return name + ": sync running";
  if (!hydrated && string_at(app, {"status", "operationState", "syncResult", "revision"}) != pin)
    return name + ": not synced to the pin";
  const std::string health = string_at(app, {"status", "health", "status"});
  if (health != "Healthy" && health != "Degraded") return name + ": " + health;
  return "";
}

std::string describe(const ::fleetwave::sim::ObjectKey& key) {
  return std::get<1>(key) + " " + std::get<2>(key) + "/" + std::get<3>(key);
}

}  // namespace

RolloutStack::~RolloutStack() {
  replicas_.clear();
  prometheus_.reset();
  sim_.reset();
  repo_.reset();  // removes the exports too: they live in its directory
}

Result<std::unique_ptr<RolloutStack>> RolloutStack::start(const StackOptions& options) {
  std::unique_ptr<RolloutStack> stack(new RolloutStack());
  stack->options_ = options;
  FW_TRY(repo, FleetRepo::start(options.repo));
  stack->repo_ = std::move(repo);
  SimProcessOptions sim{
      options.binaries.simulator,    options.binaries.render,  stack->repo_->url(), stack->repo_->user(),
      stack->repo_->password_file(), options.progress_seconds, options.sync_ms};
  sim.hydrated_branch = options.sim_hydrated_branch;
  FW_TRY(simulator, SimProcess::start(sim));
  stack->sim_ = std::move(simulator);
  if (options.prometheus) {
    testkit::PrometheusServerOptions scrape;
    const std::string sim_address = stack->sim_->url().substr(std::string("http://").size());
    scrape.targets.push_back({sim_address, "/metrics", stack->sim_->token()});
    scrape.targets.insert(scrape.targets.end(), options.prometheus_targets.begin(), options.prometheus_targets.end());
    scrape.scrape_interval = std::chrono::milliseconds(500);
    scrape.rules = options.prometheus_rules;
    FW_TRY(prometheus, testkit::PrometheusServer::start(scrape));
    stack->prometheus_ = std::move(prometheus);
  }
  for (int i = 0; i < options.replicas; ++i) {
    FleetwaveOptions f;
    f.binary = options.binaries.fleetwave;
    f.repo_url = stack->repo_->url();
    f.git_username = stack->repo_->user();
    f.git_password_file = stack->repo_->password_file();
    f.argocd_url = stack->sim_->url();
    f.argocd_token_file = stack->sim_->token_file();
    f.interval_ms = options.interval_ms;
    f.name = "fleetwave-" + std::to_string(i);
    if (stack->prometheus_) f.prometheus_url = stack->prometheus_->url();
    f.extra_args = options.serve_args;
    FW_TRY(replica, FleetwaveProcess::start(f));
    stack->replicas_.push_back(std::move(replica));
  }
  return stack;
}

Result<std::vector<std::string>> RolloutStack::wait_for_actions(const std::string& app, std::size_t count,
                                                                Millis timeout) {
  std::vector<std::string> actions;
  Status<> done = poll_until(
      [&] {
        Result<std::vector<std::string>> now = repo_->actions(app);
        if (now.ok()) actions = *now;
        return actions.size() >= count;
      },
      timeout, std::to_string(count) + " fleetwave steps of " + app, Millis(100));
  if (!done.ok()) return done.error().with_context("so far " + std::to_string(actions.size()));
  return actions;
}

Result<std::vector<std::string>> RolloutStack::wait_for_last_action(const std::string& app, const std::string& action,
                                                                    Millis timeout, std::size_t after) {
  std::vector<std::string> actions;
  Status<> done = poll_until(
      [&] {
        Result<std::vector<std::string>> now = repo_->actions(app);
        if (now.ok()) actions = *now;
        return actions.size() > after && actions.back() == action;
      },
      timeout, app + " to " + action, Millis(100));
  if (!done.ok()) {
    std::string seen;
    for (const std::string& a : actions) seen += (seen.empty() ? "" : ",") + a;
    return done.error().with_context("actions so far [" + seen + "]");
  }
  return actions;
}

Status<> RolloutStack::wait_for_sim_converged(const std::string& app, Millis timeout) {
  std::string why = "no answer";
  Status<> done = poll_until(
      [&] {
        Result<Json> targets = repo_->targets(app);
        Result<Json> apps = sim_->applications(app);
        if (!targets.ok() || !apps.ok()) return false;
        std::map<std::string, std::string> pins;
        for (const Json& t : *targets) pins[string_at(t, {"cluster"})] = string_at(t, {"revision"});
        std::map<std::string, std::string> seen;
        const bool hydrated = !options_.sim_hydrated_branch.empty();
        for (const Json& a : *apps) {
          const std::string cluster = string_at(a, {"metadata", "labels", "fleetwave.io/cluster"});
          seen[cluster] = hydrated ? hydrated_pin(a, app, cluster) : string_at(a, {"spec", "source", "targetRevision"});
          why = unsettled(a, hydrated);
          if (!why.empty()) return false;
        }
        why = "Applications do not follow targets.json yet";
        return seen == pins;
      },
      timeout, app + "'s Applications to settle", Millis(100));
  if (!done.ok()) return done.error().with_context(why);
  return ok_status();
}

std::string RolloutStack::hydrated_pin(const Json& application, const std::string& app, const std::string& cluster) {
  const std::string synced = string_at(application, {"status", "operationState", "syncResult", "revision"});
  if (synced.empty()) return "";
  Result<std::string> text = repo_->file_at(synced, app + "/" + cluster + "/hydrator.metadata");
  if (!text.ok()) return "";
  Json metadata = Json::parse(*text, nullptr, false);
  return metadata.is_discarded() ? "" : string_at(metadata, {"drySha"});
}

Result<std::string> RolloutStack::export_commit(const std::string& commit) {
  if (auto it = exports_.find(commit); it != exports_.end()) return it->second;
  const std::string dir = repo_->dir("export-" + commit);
  FW_CHECK(repo_->export_tree(commit, dir));
  exports_[commit] = dir;
  return dir;
}

Result<std::vector<Json>> RolloutStack::render(const std::string& commit, const std::string& app_path,
                                               const std::string& cluster) {
  FW_TRY(dir, export_commit(commit));
  const char* path = std::getenv("PATH");
  testkit::ProcessOutcome run = testkit::run_process(
      {options_.binaries.render, "--repo-root", dir, "--app", app_path, "--cluster", cluster, "--output", "json"},
      {{"PATH", path != nullptr ? path : "/usr/bin:/bin"}}, dir, 60);
  if (run.exit_code != 0) return internal_error("fleetwave-render " + app_path + " " + cluster + ": " + run.err);
  return sim::parse_manifests(run.out);
}

Status<> RolloutStack::check_clusters_match_pins(const std::vector<std::string>& apps) {
  std::map<std::string, std::map<sim::ObjectKey, Json>> want;  // cluster -> objects
  for (const std::string& app : apps) {
    FW_TRY(targets, repo_->targets(app));
    for (const Json& t : targets) {
      const std::string cluster = string_at(t, {"cluster"});
      FW_TRY(objects, render(string_at(t, {"revision"}), string_at(t, {"path"}), cluster));
      for (Json& o : objects) {
        sim::ObjectKey key = sim::object_key(o);  // before the move: the right side of = runs first
        want[cluster][key] = std::move(o);
      }
    }
  }
  FW_TRY(listed, sim_->get("/sim/v1/clusters"));
  std::string problems;
  for (const Json& c : listed["clusters"]) want[c.get<std::string>()];  // clusters with nothing pinned: empty
  for (const auto& [cluster, objects] : want) {
    FW_TRY(live, sim_->cluster_objects(cluster));
    std::map<sim::ObjectKey, Json> have;
    for (const Json& o : live) have[sim::object_key(o)] = o;
    for (const auto& [key, obj] : objects) {
      auto it = have.find(key);
      if (it == have.end()) problems += "\n" + cluster + ": missing " + describe(key);
      else if (it->second != obj)
        problems +=
            "\n" + cluster + ": " + describe(key) + " differs: live " + it->second.dump() + " want " + obj.dump();
    }
    for (const auto& [key, obj] : have) {
      if (objects.count(key) == 0) problems += "\n" + cluster + ": unexpected " + describe(key);
    }
  }
  if (!problems.empty()) return internal_error("simulated clusters differ from the renders at the pins:" + problems);
  return ok_status();
}

std::vector<std::string> RolloutStack::cli_flags(bool argocd) const {
  std::vector<std::string> flags = {"--repo",      repo_->url(),           "--git-username",
                                    repo_->user(), "--git-password-file",  repo_->password_file(),
                                    "--cache-dir", repo_->dir("cli-cache")};
  if (argocd) flags.insert(flags.end(), {"--argocd-url", sim_->url(), "--argocd-token-file", sim_->token_file()});
  return flags;
}

Result<testkit::CommandResult> RolloutStack::fleetwave_cli(std::vector<std::string> args, const std::string& author) {
  for (const std::string& a : cli_flags(false)) args.push_back(a);
  args.insert(args.end(), {"--author", author});
  testkit::ProcessSpec spec;
  spec.argv = {options_.binaries.fleetwave};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  return testkit::run_command(spec, std::chrono::seconds(60));
}

std::string RolloutStack::diagnostics() const {
  std::string out = "--- simulator log\n" + (sim_ ? sim_->log() : "") + "\n";
  if (prometheus_) out += "--- prometheus log (tail)\n" + prometheus_->log_tail() + "\n";
  for (std::size_t i = 0; i < replicas_.size(); ++i) {
    out += "--- fleetwave " + std::to_string(i) + " log\n" + replicas_[i]->log() + "\n";
  }
  return out;
}

}  // namespace fleetwave::e2e
