#include "demo/demo_run.h"

#include <chrono>
#include <thread>

#include "demo/step_feed.h"
#include "testkit/process/child_process.h"

namespace fleetwave::e2e {
namespace {

using Clock = std::chrono::steady_clock;
constexpr const char* kDeployment = "apps/guestbook/deployment.yaml";

struct Context {
  const DemoOptions& options;
  std::FILE* out;
  Clock::time_point started = Clock::now();
  Clock::time_point deadline = started + std::chrono::seconds(options.timeout_seconds);
};

// Prints new steps until `done()` holds; an error on timeout or Ctrl-C.
template <typename Done>
Status<> follow(Context& c, StepFeed& feed, Done&& done, const std::string& what) {
  while (true) {
    FW_CHECK(feed.print_new());
    if (done()) {
      FW_CHECK(feed.print_new());  // the step that made done() true may be newer than the last print
      return ok_status();
    }
    if (c.options.stop_requested && c.options.stop_requested()) return internal_error("interrupted");
    if (Clock::now() > c.deadline) return transient("timed out waiting for " + what);
    std::this_thread::sleep_for(Millis(100));
  }
}

// True when `app`'s newest step is `action` (for `release`, when not empty).
bool newest_is(FleetRepo& repo, const std::string& app, const std::set<std::string>& actions,
               const std::string& release = "") {
  Result<std::vector<AuditEntry>> trail = repo.audit_trail();
  if (!trail.ok()) return false;
  for (auto it = trail->rbegin(); it != trail->rend(); ++it) {
    if (it->app != app) continue;
    return actions.count(it->action) != 0 && (release.empty() || it->release == release);
  }
  return false;
}

Result<std::string> ship(Context& c, RolloutStack& stack) {
  FW_TRY(text, stack.repo().file_at("main", kDeployment));
  const std::string from = "guestbook/ui:1.4.0";
  std::size_t at = text.find(from);
  if (at == std::string::npos) return invalid_input(std::string(kDeployment) + ": no " + from + " image to bump");
  text.replace(at, from.size(), "guestbook/ui:" + c.options.tag);
  FW_TRY(release,
         stack.repo().commit_and_push("Dana Developer", {{kDeployment, text}}, "guestbook: ship ui " + c.options.tag));
  std::fprintf(c.out, "==> Dana Developer pushes %s \"guestbook: ship ui %s\"; fleetwave rolls it out wave by wave\n",
               release.substr(0, 7).c_str(), c.options.tag.c_str());
  return release;
}

Status<> print_audit_trail(Context& c, RolloutStack& stack) {
  std::fprintf(c.out, "\n==> the audit trail: git log --reverse (subject, Fleetwave-Action trailer)\n");
  FW_TRY(work, stack.repo().checkout("Audit Reader"));
  FW_TRY(log, stack.repo().git(work, {"log", "--reverse", "--topo-order",
                                      "--format=  %h  %<(16)%(trailers:key=Fleetwave-Action,valueonly,separator=)%s"}));
  std::fprintf(c.out, "%s\n", log.c_str());
  return ok_status();
}

Status<> print_images(Context& c, RolloutStack& stack) {
  std::fprintf(c.out, "\n==> each simulated cluster's images (from the Argo CD simulator's live objects)\n");
  FW_TRY(listed, stack.sim().get("/sim/v1/clusters"));
  for (const Json& name : listed["clusters"]) {
    FW_TRY(objects, stack.sim().cluster_objects(name.get<std::string>()));
    std::string images;
    for (const char* deployment : {"guestbook-ui", "payments-api"}) {
      std::string image = first_image(objects, deployment);
      images += "  " + std::string(deployment) + "=" + (image.empty() ? "-" : image);
    }
    std::fprintf(c.out, "  %-6s%s\n", name.get<std::string>().c_str(), images.c_str());
  }
  return ok_status();
}

// The storefront Rollout's replicas on each simulated cluster: Karmada's division of a custom
// kind through its ResourceInterpreterCustomization (apps/storefront/interpreter.yaml).
Status<> print_rollout_shares(Context& c, RolloutStack& stack) {
  std::fprintf(c.out,
               "\n==> the storefront Argo Rollouts Rollout (10 replicas, Divided 1:1) on each simulated cluster\n");
  FW_TRY(listed, stack.sim().get("/sim/v1/clusters"));
  for (const Json& name : listed["clusters"]) {
    FW_TRY(objects, stack.sim().cluster_objects(name.get<std::string>()));
    for (const Json& o : objects.is_array() ? objects : Json::array()) {
      if (string_at(o, {"kind"}) != "Rollout" || string_at(o, {"metadata", "name"}) != "storefront-web") continue;
      const Json* replicas = find_path(o, {"spec", "replicas"});
      std::fprintf(c.out, "  %-6s  Rollout storefront/storefront-web: %s of 10 replicas\n",
                   name.get<std::string>().c_str(), replicas != nullptr ? replicas->dump().c_str() : "?");
    }
  }
  return ok_status();
}

// `fleetwave status guestbook` as a person would run it mid-rollout, writing to the demo's own
// output: in colour with symbols on a terminal, plain text in a pipe.
Status<> print_status(Context& c, RolloutStack& stack) {
  std::fprintf(c.out, "\n==> fleetwave status guestbook (as anyone can run it while the release rolls)\n");
  std::fflush(c.out);
  testkit::ProcessSpec spec;
  spec.argv = {c.options.binaries.fleetwave, "status", "guestbook"};
  for (const std::string& f : stack.cli_flags(/*argocd=*/true)) spec.argv.push_back(f);
  spec.stdout_path = "/dev/stdout";
  spec.stderr_path = "/dev/stderr";
  FW_TRY(child, testkit::ChildProcess::spawn(spec));
  if (!child.wait_for_exit(std::chrono::seconds(60))) {
    child.stop();
    return transient("fleetwave status did not finish within 60 s");
  }
  std::fprintf(c.out, "\n");
  return *child.exit_code() == 0 ? ok_status()
                                 : transient("fleetwave status exited " + std::to_string(*child.exit_code()));
}

Status<> narrate(Context& c, RolloutStack& stack) {
  std::fprintf(c.out, "    Git server   %s (lighttpd + git http-backend, basic auth)\n", stack.repo().url().c_str());
  std::fprintf(c.out,
               "    Argo CD      %s (simulator: an Application per targets.json entry, synced with fleetwave-render)\n",
               stack.sim().url().c_str());
  std::fprintf(c.out, "    fleetwave    serve %s, a cycle every second\n\n", stack.fleetwave().url().c_str());
  StepFeed feed(stack.repo(), c.out);
  FW_CHECK(feed.skip_existing());
  std::fprintf(c.out, "==> the seed commit %s is every app's first release; it rolls out wave by wave\n",
               stack.repo().seed().substr(0, 7).c_str());
  FW_CHECK(follow(
      c, feed,
      [&] {
        return newest_is(stack.repo(), "guestbook", {"complete"}) &&
               newest_is(stack.repo(), "payments", {"complete"}) && newest_is(stack.repo(), "storefront", {"complete"});
      },
      "the first release"));
  FW_TRY(release, ship(c, stack));
  FW_CHECK(follow(
      c, feed,
      [&] {
        return newest_is(stack.repo(), "guestbook", {"advance", "complete", "rollback"}, release);
      },
      "the guestbook release to move"));
  FW_CHECK(print_status(c, stack));
  FW_CHECK(follow(
      c, feed,
      [&] {
        return newest_is(stack.repo(), "guestbook", {"complete", "rollback"}, release);
      },
      "the guestbook release"));
  FW_CHECK(stack.wait_for_sim_converged("guestbook", Millis(20000)));
  FW_CHECK(print_audit_trail(c, stack));
  FW_CHECK(print_images(c, stack));
  FW_CHECK(print_rollout_shares(c, stack));
  FW_CHECK(stack.check_clusters_match_pins({"guestbook", "payments", "storefront"}));
  std::fprintf(c.out, "\n==> every simulated cluster runs exactly what fleetwave-render prints at its pins\n");
  return ok_status();
}

}  // namespace

Status<> run_demo(const DemoOptions& options, std::FILE* out) {
  Context c{options, out};
  std::fprintf(out, "==> starting the Git server, the Argo CD simulator and fleetwave serve on 127.0.0.1\n");
  std::fflush(out);
  StackOptions stack_options;
  stack_options.binaries = options.binaries;
  stack_options.repo.source_dir = options.fleet_dir;
  stack_options.progress_seconds = 1;
  stack_options.sync_ms = 300;
  FW_TRY(stack, RolloutStack::start(stack_options));
  Status<> told = narrate(c, *stack);
  if (!told.ok()) {
    if (!(options.stop_requested && options.stop_requested())) std::fprintf(out, "\n%s", stack->diagnostics().c_str());
    return told;
  }
  const auto took = std::chrono::duration_cast<std::chrono::seconds>(Clock::now() - c.started).count();
  std::fprintf(out, "==> done in %llds; stopping fleetwave serve, the simulator and the Git server\n",
               static_cast<long long>(took));
  std::fflush(out);
  return ok_status();  // the stack's destructor stops every process and removes its temp dirs
}

}  // namespace fleetwave::e2e
