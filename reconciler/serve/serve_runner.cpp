#include "serve/serve_runner.h"

#include <pthread.h>

#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <thread>

#include "base/duration_text.h"
#include "reconcile/approvals/approval_hook.h"
#include "serve/board_actions.h"
#include "serve/heap.h"
#include "serve/reconcile_loop.h"

namespace fleetwave::serve {
namespace {

Status<> write_port_file(const std::string& path, int port) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << port << "\n";
    if (!out) return invalid_input("--port-file " + path + ": cannot write " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    return invalid_input("--port-file " + path + ": cannot rename " + tmp);
  return ok_status();
}

// Signals to wait for on the calling thread; blocked before any thread starts, so every
// thread inherits the mask and only sigtimedwait() sees them.
sigset_t shutdown_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  return set;
}

// Marks a long cycle stuck, and ends the process when it is hopeless.
void watch_cycle(const ServeOptions& o, ServeState& state, ServeMetrics& metrics, JsonLog& log, const Clock& clock,
                 bool& reported) {
  const std::int64_t started = state.cycle_started_at();
  if (started == 0) {
    reported = false;
    return;
  }
  const std::int64_t running = clock.now_ms() - started;
  if (running > 2 * o.cycle_timeout_ms) {
    log.error("reconcile cycle hung for " + format_elapsed_ms(running) +
                  " (Git or Argo CD stopped answering); exiting so the process restarts",
              {{"duration_ms", running}});
    std::_Exit(1);
  }
  if (running > o.cycle_timeout_ms && !reported) {
    reported = true;
    metrics.error("timeout");
    const std::string why = "cycle stuck: running for " + format_elapsed_ms(running) + " (limit " +
                            format_duration_ms(o.cycle_timeout_ms) + ")";
    state.set_stuck(why);
    log.error(why, {{"duration_ms", running}});
  }
}

// Starts the HTTP server and writes the port file; nullptr (logged) when either fails.
std::unique_ptr<HttpServer> start_http(const ServeOptions& o, ServeApi& api, ServeMetrics& metrics, JsonLog& log) {
  auto http = HttpServer::start(o.http, api, metrics);
  if (!http.ok()) {
    log.error(http.error().to_string());
    return nullptr;
  }
  log.info("listening", {{"address", o.http.host + ":" + std::to_string((*http)->port())}, {"port", (*http)->port()}});
  if (!o.port_file.empty()) {
    auto written = write_port_file(o.port_file, (*http)->port());
    if (!written.ok()) {
      log.error(written.error().to_string());
      (*http)->stop();
      return nullptr;
    }
  }
  return std::move(http).value();
}

// Blocks until SIGTERM or SIGINT, watching the running cycle meanwhile; returns the signal.
int wait_for_shutdown(const sigset_t& signals, const ServeOptions& o, ServeState& state, ServeMetrics& metrics,
                      JsonLog& log, const Clock& clock) {
  bool reported = false;
  int signal_number = 0;
  while (signal_number <= 0) {
    timespec tick{0, 250'000'000};
    signal_number = sigtimedwait(&signals, nullptr, &tick);
    watch_cycle(o, state, metrics, log, clock, reported);
  }
  return signal_number;
}

// board.actorsFile: the board's actions, which use the reconciler between cycles.
std::optional<BoardActions> board_actions(const ServeOptions& o, Reconciler& reconciler, std::mutex& reconciler_mu,
                                          ServeState& state, TriggerQueue& triggers, JsonLog& log) {
  if (!o.board_actors) return std::nullopt;
  auto take_step = [&reconciler, &reconciler_mu](const std::string& app, const ManualRequest& request,
                                                 const git::Signature& person, bool dry_run) {
    std::lock_guard<std::mutex> lock(reconciler_mu);
    return reconciler.take_manual_step(app, request, person, dry_run);
  };
  return std::optional<BoardActions>(std::in_place, *o.board_actors, take_step, state, triggers, log);
}

}  // namespace

int run_serve(const ServeOptions& o, ServePorts p) {
  limit_heap_arenas();
  std::signal(SIGPIPE, SIG_IGN);  // a client that hangs up must not kill the process
  const sigset_t signals = shutdown_signals();
  sigset_t previous;
  pthread_sigmask(SIG_BLOCK, &signals, &previous);
  ServeState state;
  ServeMetrics metrics(o.build);
  TriggerQueue triggers;
  Scrubber scrub = [&p](const std::string& text) { return p.log.scrub(text); };
  ObservedRepository repo(p.repo, state, scrub);
  ObservedArgoCd argocd(p.argocd, state, scrub);
  ApprovalHook approvals(repo, o.reconciler.branch, o.approval_provider, o.allowed_reviewers);
  ServeNotifier notifier(o.notify, metrics, p.log, p.sleeper, p.clock);  // drains after the loop ends
  ReconcilerOptions reconciler_options = o.reconciler;
  reconciler_options.hooks.push_back(&approvals);
  notifier.add_hooks(reconciler_options.hooks);
  Reconciler reconciler(repo, argocd, CycleServices{p.clock, p.sleeper, p.random}, reconciler_options);
  StatusBuilder status(p.repo, p.argocd, p.clock, o.reconciler.metrics, reconciler.blob_cache(),
                       reconciler.reach_cache());
  SnapshotBuilder snapshots(p.repo, status, o.reconciler.branch,
                            ApprovalRules{o.allowed_reviewers, o.reconciler.trust != nullptr});
  ServeApi api(state, metrics, triggers, p.log, o.secrets, o.board_links);
  std::mutex reconciler_mu;  // a cycle or a board action, never both
  std::optional<BoardActions> actions = board_actions(o, reconciler, reconciler_mu, state, triggers, p.log);
  if (actions) api.set_actions(&*actions);
  std::unique_ptr<HttpServer> http = start_http(o, api, metrics, p.log);
  if (http == nullptr) {
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    return 2;
  }

  std::mutex done_mu;
  std::condition_variable done_cv;
  bool done = false;
  ReconcileLoop loop({reconciler, argocd, snapshots, state, metrics, triggers, p.log, p.clock, p.random, reconciler_mu},
                     o.schedule);
  std::thread worker([&] {
    loop.run();
    std::lock_guard<std::mutex> lock(done_mu);
    done = true;
    done_cv.notify_all();
  });

  const int signal_number = wait_for_shutdown(signals, o, state, metrics, p.log, p.clock);
  p.log.info("shutting down", {{"signal", signal_number == SIGTERM ? "SIGTERM" : "SIGINT"}});
  http->stop();
  repo.request_stop();
  triggers.stop();
  std::unique_lock<std::mutex> lock(done_mu);
  if (!done_cv.wait_for(lock, std::chrono::milliseconds(o.shutdown_grace_ms), [&] { return done; })) {
    p.log.warn("abandoning the running cycle (no push was left half done)", {{"grace_ms", o.shutdown_grace_ms}});
    std::_Exit(0);
  }
  lock.unlock();
  worker.join();
  p.log.info("stopped");
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  return 0;
}

}  // namespace fleetwave::serve
