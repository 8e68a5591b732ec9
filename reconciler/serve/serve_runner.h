// fleetwave serve as a whole: wires the observed ports, the reconciler, the loop thread and
// the HTTP server, then waits for SIGTERM/SIGINT on the calling thread while watching the
// running cycle.
//
// Shutdown: stop accepting HTTP, refuse any push not yet started (observed_ports.h), let the
// running cycle end, exit 0. A cycle that does not end within the grace period is abandoned
// (exit 0 as well: a push is one compare-and-swap on the server, so nothing is half-written).
//
// Watchdog: libgit2 1.5 has no network timeouts, so a fetch or push to a server that stops
// answering can block for ever. A cycle running longer than cycle_timeout marks the process
// not ready (503 "cycle stuck"); at twice that, fleetwave logs an error and exits 1, so
// Kubernetes restarts it with a fresh connection (the bare clone is re-anchored on the next fetch).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "adapters/argocd/argocd_client.h"
#include "adapters/git/git_repository.h"
#include "adapters/hosting/approval_provider.h"
#include "base/clock.h"
#include "reconcile/reconciler.h"
#include "serve/board_actors.h"
#include "serve/http_server.h"
#include "serve/json_log.h"
#include "serve/loop_schedule.h"
#include "serve/serve_api.h"
#include "serve/serve_metrics.h"
#include "serve/serve_notify.h"
#include "serve/snapshot_builder.h"

namespace fleetwave::serve {

struct ServeOptions {
  HttpOptions http;
  std::string port_file;  // written with the bound port once listening ("" = none)
  LoopSchedule schedule;
  std::int64_t cycle_timeout_ms = 5 * 60'000;
  std::int64_t shutdown_grace_ms = 45'000;
  ApiSecrets secrets;
  ReconcilerOptions reconciler;
  // Pull/merge requests for approval waves (nullptr: approval branches only). Not owned.
  ApprovalProvider* approval_provider = nullptr;
  std::vector<std::string> allowed_reviewers;  // approvals.allowedReviewers; empty: anyone's review counts
  BuildInfo build;                             // fleetwave_build_info
  BoardLinks board_links;                      // the board's links to the Git host's and Argo CD's pages
  NotifyOptions notify;                        // commit statuses and notifications.webhooks
  std::optional<BoardActors> board_actors;     // who may act from the board; nullopt: read-only
};

struct ServePorts {
  git::GitRepository& repo;
  ArgoCdClient& argocd;
  const Clock& clock;
  Sleeper& sleeper;
  Random& random;
  JsonLog& log;
};

// Runs until SIGTERM or SIGINT; returns the exit code (0 after a clean shutdown, 2 when the
// address cannot be bound or the port file written).
int run_serve(const ServeOptions& options, ServePorts ports);

}  // namespace fleetwave::serve
