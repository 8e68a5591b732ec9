// fleetwave serve benchmarks (issue 4), each against a peer measured in the same run:
//  1. the ApplicationSet plugin generator for A apps x C clusters of targets, under load from a
//     second process (wrk): p50/p99 latency and throughput, next to lighttpd serving the same
//     targets.json files as static files (the floor for "send these bytes over loopback");
//     target p99 < 10 ms;
//  2. the time from a webhook POST to the pushed step commit visible on the remote (lighttpd +
//     git-http-backend with basic auth), for a start and for an advance; target < 1 s, compared
//     with the mean wait of interval polling (interval / 2).
//  3. with --board 1: serve's resident memory against views of the board's fleet page at
//     A apps x C clusters mid-rollout (release 1 everywhere, release 2 pinned on each canary and
//     not yet synced), one viewer at a time and --connections at once; the floor is serve's
//     memory before the first view. Target: growth per view ~0, peak under the sidecar's 1 GiB.
//     Then --viewers live viewers (serve's CPU per published cycle) and webhook -> pushed step.
//  4. with --curve DIR: the board's figures at several fleet sizes and viewer counts, into
//     DIR/serve.csv for bench/plot-curves.sh (board_curve below lists the points).
//
//   fleetwave-bench-serve [--apps 100] [--clusters 1000] [--seconds 10] [--connections 16] [--runs 10]
//   fleetwave-bench-serve --board 1 [--apps 50] [--clusters 1000] [--connections 16] [--runs 10] [--viewers 100]
//                         [--screenshot 1]
//   fleetwave-bench-serve --curve DIR [--runs 3]
#include <httplib.h>
#include <poll.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <netinet/in.h>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <sys/socket.h>
#include <thread>
#include <vector>

#include "base/json.h"
#include "bench_support.h"
#include "serve/webhook_auth.h"
#include "testkit/build_paths.h"
#include "testkit/builders/git_cli.h"
#include "testkit/fakes/fake_argocd.h"
#include "testkit/fakes/fake_argocd_apps.h"
#include "testkit/process/child_process.h"
#include "testkit/process/free_port.h"
#include "testkit/process/temp_dir.h"
#include "testkit/servers/git_http_server.h"

namespace fw = fleetwave;
namespace fb = fleetwave::bench;
namespace ft = fleetwave::testkit;

namespace {

struct Options {
  int apps = 100;
  int clusters = 1000;
  int seconds = 10;
  int connections = 16;
  int runs = 10;
  int board = 0;
  int viewers = 100;
  int screenshot = 0;  // 1: board-<apps>x<clusters>.png of the fleet page (Debian's chromium)
};

// Exits with a usage line on a bad flag.
Options parse(int argc, char** argv) {
  Options o;
  fb::parse_int_flags_or_exit(argc, argv,
                              {{"--apps", &o.apps},
                               {"--clusters", &o.clusters},
                               {"--seconds", &o.seconds},
                               {"--connections", &o.connections},
                               {"--runs", &o.runs},
                               {"--board", &o.board},
                               {"--viewers", &o.viewers},
                               {"--screenshot", &o.screenshot}});
  return o;
}

bool wait_until(const std::function<bool()>& done, int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (std::chrono::steady_clock::now() < deadline) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return false;
}

std::string targets_json(int app, int clusters) {
  fw::Json list = fw::Json::array();
  for (int c = 0; c < clusters; ++c) {
    const std::string cluster = "cluster-" + fb::zero_padded(c, 4);
    list.push_back({{"app", "app-" + fb::zero_padded(app, 3)},
                    {"cluster", cluster},
                    {"server", "https://" + cluster + ".example.com:6443"},
                    {"wave", c < 10 ? "canary" : "rest"},
                    {"revision", "0123456789abcdef0123456789abcdef01234567"},
                    {"path", "apps/app-" + fb::zero_padded(app, 3)}});
  }
  return list.dump() + "\n";
}

struct Serve {
  std::optional<ft::ChildProcess> process;
  int port = 0;
};

// Starts `fleetwave serve` and waits until /readyz answers 200.
bool start_serve(Serve& s, const ft::TempDir& dir, const std::string& repo_url,
                 const std::vector<std::string>& git_flags, const ft::FakeArgoCd& argocd, const std::string& interval) {
  ft::ProcessSpec spec;
  spec.argv = {fleetwave::testkit::cli_binary(),
               "serve",
               "--repo",
               repo_url,
               "--argocd-url",
               argocd.url(),
               "--argocd-token-file",
               dir / "argocd-token",
               "--listen",
               "127.0.0.1:0",
               "--port-file",
               dir / "port",
               "--interval",
               interval,
               "--cache-dir",
               dir / "cache",
               "--webhook-secret-file",
               dir / "webhook-secret",
               "--generator-token-file",
               dir / "generator-token",
               "--author",
               "Bench <bench@fleetwave.test>"};
  spec.argv.insert(spec.argv.end(), git_flags.begin(), git_flags.end());
  spec.env = {"HOME=" + (dir / "home")};
  spec.stderr_path = dir / "serve.err";
  if (!ft::write_text_file(dir / "argocd-token", argocd.token()).ok() ||
      !ft::write_text_file(dir / "webhook-secret", "bench-secret").ok() ||
      !ft::write_text_file(dir / "generator-token", "bench-token").ok()) {
    return false;
  }
  auto child = ft::ChildProcess::spawn(spec);
  if (!child.ok()) return false;
  s.process.emplace(std::move(child).value());
  if (!wait_until([&] { return !ft::read_text_file(dir / "port").empty(); }, 30'000)) return false;
  s.port = std::atoi(ft::read_text_file(dir / "port").c_str());
  return wait_until(
      [&] {
        httplib::Client c("127.0.0.1", s.port);
        auto r = c.Get("/readyz");
        return r && r->status == 200;
      },
      300'000);
}

struct WrkResult {
  double p50_ms = 0, p99_ms = 0, requests_per_s = 0;
  std::string errors;
};

// "  99%    1.23ms" -> 1.23 (wrk prints us, ms, s or m).
double wrk_ms(const std::string& out, const std::string& label) {
  auto at = out.find("  " + label);
  if (at == std::string::npos) return -1;
  char* end = nullptr;
  const double v = std::strtod(out.c_str() + at + label.size() + 2, &end);
  const std::string unit(end, end + std::strcspn(end, " \n"));
  if (unit == "us") return v / 1000;
  if (unit == "s") return v * 1000;
  if (unit == "m") return v * 60'000;
  return v;
}

WrkResult run_wrk(const std::string& url, const std::string& script, const Options& o) {
  ft::ProcessSpec spec;
  spec.argv = {"wrk",       "-t", "2",    "-c", std::to_string(o.connections), "-d", std::to_string(o.seconds) + "s",
               "--latency", "-s", script, url};
  auto r = ft::run_command(spec, std::chrono::seconds(o.seconds + 60));
  WrkResult w;
  if (!r.ok()) return w;
  w.p50_ms = wrk_ms(r->output, "50%");
  w.p99_ms = wrk_ms(r->output, "99%");
  auto rps = r->output.find("Requests/sec:");
  w.requests_per_s = rps == std::string::npos ? 0 : std::atof(r->output.c_str() + rps + 13);
  auto errors = r->output.find("Non-2xx");
  if (errors != std::string::npos) w.errors = r->output.substr(errors, r->output.find('\n', errors) - errors);
  return w;
}

int generator_bench(const Options& o) {
  auto dir = ft::TempDir::create("fw-bench-serve");
  std::map<std::string, std::string> files = {{"README.md", "bench\n"}};
  for (int a = 0; a < o.apps; ++a)
    files[".fleetwave/app-" + fb::zero_padded(a, 3) + "/targets.json"] = targets_json(a, o.clusters);
  const std::string remote = dir->path() + "/remote.git";
  if (!ft::seed_bare_repo(remote, files).ok()) return 1;
  auto argocd = ft::FakeArgoCd::start();
  if (!argocd.ok()) return 1;
  Serve serve;
  auto t0 = std::chrono::steady_clock::now();
  if (!start_serve(serve, *dir, "file://" + remote, {}, **argocd, "1h")) {
    std::fprintf(stderr, "fleetwave serve did not become ready:\n%s\n", ft::read_text_file(*dir / "serve.err").c_str());
    return 1;
  }
  std::printf("generator: %d apps x %d clusters (%zu KB of targets.json per app), ready after %.0f ms\n", o.apps,
              o.clusters, files[".fleetwave/app-000/targets.json"].size() / 1024, fb::ms_since(t0));
  // Every request asks for a random app, as many ApplicationSets would.
  const std::string script = dir->path() + "/generator.lua";
  (void)ft::write_text_file(script,
                            "wrk.method = \"POST\"\nwrk.headers[\"Content-Type\"] = \"application/json\"\n"
                            "wrk.headers[\"Authorization\"] = \"Bearer bench-token\"\n"
                            "request = function()\n  local app = string.format(\"app-%03d\", math.random(0, " +
                                std::to_string(o.apps - 1) +
                                "))\n"
                                "  return wrk.format(nil, nil, nil, '{\"applicationSetName\":\"' .. app .. "
                                "'\",\"input\":{\"parameters\":{\"app\":\"' .. app .. '\"}}}')\nend\n");
  WrkResult fleet = run_wrk("http://127.0.0.1:" + std::to_string(serve.port) + "/api/v1/getparams.execute", script, o);
  serve.process->stop();

  // The peer: lighttpd serving the same files statically.
  auto port = ft::pick_free_port();
  const std::string docroot = dir->path() + "/static";
  for (int a = 0; a < o.apps; ++a)
    (void)ft::write_text_file(docroot + "/app-" + fb::zero_padded(a, 3) + ".json",
                              files[".fleetwave/app-" + fb::zero_padded(a, 3) + "/targets.json"]);
  (void)ft::write_text_file(dir->path() + "/lighttpd.conf", "server.document-root = \"" + docroot +
                                                                "\"\nserver.bind = \"127.0.0.1\"\n"
                                                                "server.port = " +
                                                                std::to_string(*port) +
                                                                "\nserver.max-keep-alive-requests = 5\n");
  ft::ProcessSpec lighttpd;
  lighttpd.argv = {"/usr/sbin/lighttpd", "-D", "-f", dir->path() + "/lighttpd.conf"};
  auto peer = ft::ChildProcess::spawn(lighttpd);
  WrkResult stat;
  if (peer.ok() && wait_until([&] { return ft::port_accepts(*port); }, 5000)) {
    const std::string get_script = dir->path() + "/static.lua";
    (void)ft::write_text_file(
        get_script,
        "request = function()\n  return wrk.format(\"GET\", string.format(\"/app-%03d.json\", math.random(0, " +
            std::to_string(o.apps - 1) + ")))\nend\n");
    stat = run_wrk("http://127.0.0.1:" + std::to_string(*port) + "/", get_script, o);
    peer->stop();
  }
  std::printf("  fleetwave generator: p50 %.2f ms, p99 %.2f ms, %.0f req/s (wrk, %d connections, %d s)%s%s\n",
              fleet.p50_ms, fleet.p99_ms, fleet.requests_per_s, o.connections, o.seconds,
              fleet.errors.empty() ? "" : " ", fleet.errors.c_str());
  std::printf("  lighttpd static files: p50 %.2f ms, p99 %.2f ms, %.0f req/s\n", stat.p50_ms, stat.p99_ms,
              stat.requests_per_s);
  std::printf("  ratio fleetwave/lighttpd: p99 %.2fx, throughput %.2fx; target p99 < 10 ms: %s\n",
              stat.p99_ms > 0 ? fleet.p99_ms / stat.p99_ms : 0,
              stat.requests_per_s > 0 ? fleet.requests_per_s / stat.requests_per_s : 0,
              fleet.p99_ms > 0 && fleet.p99_ms < 10 ? "ok" : "MISSED");
  return 0;
}

// A small fleet: one app, canary (dev-1, minSuccessTime 10s) then europe then the rest.
std::map<std::string, std::string> small_fleet(const std::string& image) {
  std::map<std::string, std::string> files;
  for (const auto& [name, geo] : std::vector<std::pair<std::string, std::string>>{
           {"dev-1", "us"}, {"eu-1", "eu"}, {"eu-2", "eu"}, {"us-1", "us"}}) {
    files["clusters/" + name + ".yaml"] =
        "apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: " + name +
        "\n  labels: {geo: " + geo + "}\nspec:\n  syncMode: Push\n  apiEndpoint: https://" + name +
        ".example.com:6443\n";
  }
  files["apps/shop/deploy.yaml"] =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n  replicas: 4\n"
      "  template:\n    spec:\n      containers:\n      - {name: web, image: " +
      image + "}\n";
  files["apps/shop/policy.yaml"] =
      "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: shop, namespace: shop}\n"
      "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n  placement:\n"
      "    replicaScheduling: {replicaSchedulingType: Divided, replicaDivisionPreference: Weighted,\n"
      "      weightPreference: {staticWeightList: [{targetCluster: {clusterNames: [dev-1, eu-1, eu-2, us-1]}, weight: "
      "1}]}}\n";
  files["apps/shop/rollout.yaml"] =
      "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: shop}\nspec:\n  waves:\n"
      "  - name: canary\n    clusters: {clusterNames: [dev-1]}\n    minSuccessTime: 10s\n"
      "  - name: europe\n    clusters: {labelSelector: {matchLabels: {geo: eu}}}\n    maxConcurrency: 1\n"
      "  - name: rest\n    clusters: {}\n";
  return files;
}

// POSTs a signed GitHub push webhook; true when serve queued a cycle (202).
bool post_push_webhook(int port) {
  httplib::Client c("127.0.0.1", port);
  const std::string body = R"({"ref":"refs/heads/main"})";
  auto r = c.Post("/webhook/git",
                  {{"X-GitHub-Event", "push"},
                   {"X-Hub-Signature-256", "sha256=" + fw::serve::hmac_sha256_hex("bench-secret", body)}},
                  body, "application/json");
  return r && r->status == 202;
}

int webhook_bench(const Options& o) {
  auto dir = ft::TempDir::create("fw-bench-webhook");
  auto git = ft::GitHttpServer::start({"alice", "bench-pw-123"});
  if (!git.ok() || !(*git)->create_repo("fleet.git", small_fleet("web:1")).ok()) return 1;
  const std::string bare = (*git)->repo_path("fleet.git");
  auto argocd = ft::FakeArgoCd::start();
  if (!argocd.ok()) return 1;
  (void)ft::write_text_file(*dir / "git-password", "bench-pw-123");
  Serve serve;
  const std::string interval = "1h";
  if (!start_serve(serve, *dir, (*git)->url("fleet.git"),
                   {"--git-username", "alice", "--git-password-file", *dir / "git-password"}, **argocd, interval)) {
    std::fprintf(stderr, "fleetwave serve did not become ready:\n%s\n", ft::read_text_file(*dir / "serve.err").c_str());
    return 1;
  }
  auto subject = [&] {
    auto s = ft::git(bare, {"log", "-1", "--format=%s", "main"});
    return s.ok() ? *s : "";
  };
  auto webhook = [&] { return post_push_webhook(serve.port); };
  // A person's release: a new image pushed through a scratch clone.
  const std::string work = dir->path() + "/work";
  (void)ft::git(dir->path(), {"clone", "-q", bare, work});
  std::vector<double> starts, advances;
  for (int run = 0; run < o.runs; ++run) {
    (void)ft::git(work, {"pull", "-q", "--rebase", "origin", "main"});
    (void)ft::write_text_file(work + "/apps/shop/deploy.yaml",
                              small_fleet("web:" + std::to_string(run + 2))["apps/shop/deploy.yaml"]);
    (void)ft::git(work, {"commit", "-qam", "release " + std::to_string(run + 2)});
    (void)ft::git(work, {"push", "-q", "origin", "HEAD:main"});
    auto t0 = std::chrono::steady_clock::now();
    if (!webhook() || !wait_until([&] { return subject().rfind("fleetwave(shop): start ", 0) == 0; }, 20'000)) return 1;
    starts.push_back(fb::ms_since(t0));
    auto targets = ft::git(bare, {"show", "main:.fleetwave/shop/targets.json"});
    for (const fw::Json& t : fw::Json::parse(*targets)) {
      const std::string cluster = t["cluster"];
      (void)(*argocd)->put_application(ft::make_application("shop-" + cluster, {{"fleetwave.io/app", "shop"}}, cluster,
                                                            t["revision"], "Synced", "Healthy", "Succeeded",
                                                            "2020-01-01T00:00:00Z"));
    }
    t0 = std::chrono::steady_clock::now();
    if (!webhook() || !wait_until([&] { return subject().rfind("fleetwave(shop): advance ", 0) == 0; }, 20'000))
      return 1;
    advances.push_back(fb::ms_since(t0));
  }
  serve.process->stop();
  auto max_of = [](const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); };
  const double polling_ms = 30'000 / 2.0;  // the default --interval 30s, waited half of on average
  std::printf("webhook -> pushed commit visible on the remote (lighttpd + git-http-backend, basic auth), %d runs:\n",
              o.runs);
  std::printf("  start:   median %.0f ms, max %.0f ms\n", fleetwave::bench::median(starts), max_of(starts));
  std::printf("  advance: median %.0f ms, max %.0f ms; target < 1000 ms: %s\n", fleetwave::bench::median(advances),
              max_of(advances), max_of(advances) < 1000 ? "ok" : "MISSED");
  std::printf("  ratio to interval polling (30s interval, mean wait 15 s): %.3fx\n",
              fleetwave::bench::median(advances) / polling_ms);
  return 0;
}

// VmRSS or VmHWM of a process, in MiB.
double proc_mib(int pid, const std::string& field) {
  return static_cast<double>(ft::proc_status_kib(pid, field)) / 1024.0;
}

// Every app's Applications Synced and Healthy at their pins (Argo CD caught up).
void sync_all(ft::FakeArgoCd& argocd, const std::string& bare, int apps) {
  for (int a = 0; a < apps; ++a) {
    const std::string app = "app-" + fb::zero_padded(a, 3);
    auto text = ft::git(bare, {"show", "main:.fleetwave/" + app + "/targets.json"});
    if (!text.ok()) continue;
    for (const fw::Json& t : fw::Json::parse(*text)) {
      const std::string cluster = t["cluster"];
      (void)argocd.put_application(ft::make_application(app + "-" + cluster, {{"fleetwave.io/app", app}}, cluster,
                                                        t["revision"], "Synced", "Healthy", "Succeeded",
                                                        "2020-01-01T00:00:00Z"));
    }
  }
}

// How many apps are in `phase` (GET /api/v1/apps).
int apps_in(int port, const std::string& phase) {
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(120, 0);
  auto r = c.Get("/api/v1/apps");
  if (!r || r->status != 200) return -1;
  const fw::Json doc = fw::Json::parse(r->body, nullptr, false);
  int n = 0;
  for (const fw::Json& app : doc.value("apps", fw::Json::array())) n += app.value("phase", "") == phase ? 1 : 0;
  return n;
}

// CPU seconds (user + system) a process has used: /proc/<pid>/stat fields 14 and 15.
double cpu_seconds(int pid) {
  const std::string stat = ft::read_text_file("/proc/" + std::to_string(pid) + "/stat");
  const std::size_t close = stat.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(stat.substr(close + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i)
    if (i >= 14) ticks += std::strtod(field.c_str(), nullptr);
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// A live viewer of the fleet page as a browser is one: GET /events accepting gzip on a raw
// socket, counting the events that arrive (inflated) and the bytes that carried them.
struct LiveViewer {
  int fd = -1;
  int events = 0;
  bool refused = false;
  std::size_t wire_bytes = 0;
  std::string head;  // the answer's head, until it is whole
  bool in_body = false;
  z_stream z{};
  std::string tail;  // the last inflated bytes, to find "event: board" split across reads

  explicit LiveViewer(int port) {
    inflateInit2(&z, 15 + 16);
    fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    (void)::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    pollfd p{fd, POLLOUT, 0};
    (void)::poll(&p, 1, 10'000);
    const std::string request = "GET /events HTTP/1.1\r\nHost: board\r\nAccept-Encoding: gzip, deflate, br\r\n\r\n";
    (void)!::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
  }
  ~LiveViewer() {
    inflateEnd(&z);
    ::close(fd);
  }
  LiveViewer(const LiveViewer&) = delete;
  LiveViewer& operator=(const LiveViewer&) = delete;

  // Reads what has arrived without waiting.
  void drain() {
    char buffer[1 << 16];
    for (;;) {
      const ssize_t n = ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
      if (n <= 0) return;
      wire_bytes += static_cast<std::size_t>(n);
      std::string_view got(buffer, static_cast<std::size_t>(n));
      if (!in_body) {
        head.append(got);
        const std::size_t end = head.find("\r\n\r\n");
        if (end == std::string::npos) continue;
        if (head.rfind("HTTP/1.1 503", 0) == 0) refused = true;
        in_body = true;
        const std::string body = head.substr(end + 4);
        read_body(body);
        continue;
      }
      read_body(got);
    }
  }

 private:
  void read_body(std::string_view data) {
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    char out[1 << 16];
    while (z.avail_in > 0) {
      z.next_out = reinterpret_cast<Bytef*>(out);
      z.avail_out = sizeof out;
      if (int rc = inflate(&z, Z_NO_FLUSH); rc != Z_OK && rc != Z_BUF_ERROR) return;
      count_events(std::string_view(out, sizeof out - z.avail_out));
    }
  }
  void count_events(std::string_view text) {
    std::string chunk = tail + std::string(text);
    for (std::size_t at = chunk.find("event: board\n"); at != std::string::npos;
         at = chunk.find("event: board\n", at + 1))
      ++events;
    tail = chunk.size() > 16 ? chunk.substr(chunk.size() - 12) : "";
  }
};

// What live viewers saw and what they cost serve.
struct ViewerPhase {
  int viewers = 0;
  int refused = 0;
  int least = 0, most = 0;  // events per viewer
  double cpu_seconds = 0;   // serve's, over the phase
  double cpu_per_cycle = 0;
};

// `count` live viewers on the fleet page through `cycles` published snapshots: how many events
// each got, and serve's CPU and memory meanwhile.
ViewerPhase live_viewers(int port, int pid, int count, int cycles) {
  std::vector<std::unique_ptr<LiveViewer>> viewers;
  std::printf("  %d live viewers connecting\n", count);
  for (int i = 0; i < count; ++i) viewers.push_back(std::make_unique<LiveViewer>(port));
  const double cpu0 = cpu_seconds(pid);
  const auto t0 = std::chrono::steady_clock::now();
  // Cycles publish a snapshot every ~2 s (serve's --interval); read for that long.
  while (fb::ms_since(t0) < cycles * 2'000.0 + 1'000) {
    for (auto& v : viewers) v->drain();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (auto& v : viewers) v->drain();
  int least = 1 << 30, most = 0, refused = 0;
  std::size_t wire = 0;
  for (auto& v : viewers) {
    wire += v->wire_bytes;
    least = std::min(least, v->events);
    most = std::max(most, v->events);
    refused += v->refused ? 1 : 0;
  }
  const double seconds = fb::ms_since(t0) / 1000.0;
  const double cpu = cpu_seconds(pid) - cpu0;
  std::printf(
      "  %d live viewers for %.0f s: %d refused; events per viewer %d to %d (%.0f KiB gzipped per viewer); serve "
      "CPU %.2f s (%.2f CPU-s per second); RSS %.0f MiB, peak %.0f MiB (target <= 768 MiB: %s)\n",
      count, seconds, refused, least, most, static_cast<double>(wire) / 1024.0 / std::max(count, 1), cpu, cpu / seconds,
      proc_mib(pid, "VmRSS"), proc_mib(pid, "VmHWM"), proc_mib(pid, "VmHWM") <= 768 ? "ok" : "MISSED");
  // Each event is one published snapshot, so one cycle: serve's CPU over them, the viewers' share
  // included.
  std::printf("  serve CPU per cycle: %.2f CPU-s over %d cycles (target <= 2 CPU-s: %s)\n", cpu / std::max(most, 1),
              most, most > 0 && cpu / most <= 2.0 ? "ok" : "MISSED");
  return {count, refused, least, most, cpu, cpu / std::max(most, 1)};
}

// One view of the fleet page: its size in bytes, 0 on failure.
std::size_t view_board(int port) {
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(300, 0);
  auto r = c.Get("/");
  return r && r->status == 200 ? r->body.size() : 0;
}

// Release 1 rolled out everywhere, then release 2 committed and started on every canary.
bool mid_rollout(Serve& serve, ft::FakeArgoCd& argocd, const std::string& bare, const ft::TempDir& dir,
                 const Options& o) {
  std::printf("board: serve ready at %.0f MiB\n", proc_mib(serve.process->pid(), "VmRSS"));
  if (!wait_until(
          [&] {
            sync_all(argocd, bare, o.apps);
            return apps_in(serve.port, "Stable") == o.apps;
          },
          1'800'000))
    return false;
  std::printf("board: release 1 rolled out, serve at %.0f MiB\n", proc_mib(serve.process->pid(), "VmRSS"));
  const std::string work = dir.path() + "/work";
  (void)ft::git(dir.path(), {"clone", "-q", bare, work});
  for (const auto& [path, text] : fleetwave::bench::wave_fleet_repo(o.apps, 1, false, "web:2.0")) {
    if (path.rfind("apps/", 0) == 0) (void)ft::write_text_file(work + "/" + path, text);
  }
  (void)ft::git(work, {"commit", "-qam", "release 2"});
  (void)ft::git(work, {"push", "-q", "origin", "HEAD:main"});
  return wait_until([&] { return apps_in(serve.port, "Stable") == 0; }, 600'000);
}

// Webhook -> pushed step at the board's fleet size: a release of app-000 pushed by a person, the
// webhook posted, until fleetwave's step for it is on the remote; `runs` releases, in ms each.
std::vector<double> webhook_steps(int port, const std::string& bare, const ft::TempDir& dir, int runs) {
  const std::string work = dir.path() + "/work";  // mid_rollout's clone
  std::vector<double> out;
  for (int run = 0; run < runs; ++run) {
    (void)ft::git(work, {"pull", "-q", "--rebase", "origin", "main"});
    const std::string image = "web:3." + std::to_string(run);
    (void)ft::write_text_file(work + "/apps/app-000/deploy.yaml",
                              fleetwave::bench::wave_fleet_repo(1, 1, false, image).at("apps/app-000/deploy.yaml"));
    (void)ft::git(work, {"commit", "-qam", "app-000 " + image});
    if (!ft::git(work, {"push", "-q", "origin", "HEAD:main"}).ok()) break;
    auto head = ft::git(work, {"rev-parse", "HEAD"});
    const std::string pushed = head.ok() ? *head : "";
    const auto t0 = std::chrono::steady_clock::now();
    // Any commit above the release that is app-000's step (other apps' steps may land on top).
    auto stepped = [&] {
      auto log = ft::git(bare, {"log", "--format=%s", pushed + "..main"});
      return log.ok() && log->find("fleetwave(app-000): ") != std::string::npos;
    };
    if (!post_push_webhook(port) || !wait_until(stepped, 60'000)) break;
    out.push_back(fb::ms_since(t0));
  }
  return out;
}

// One fleet size's figures (a row of the curve per viewer phase).
struct BoardPoint {
  std::size_t page_bytes = 0;
  double first_view_ms = 0;
  std::vector<ViewerPhase> phases;
  double peak_mib = 0;  // through views, viewers and webhooks
  double webhook_median_ms = 0;
};

int board_bench(const Options& o, const std::vector<int>& viewer_counts, BoardPoint& point) {
  auto dir = ft::TempDir::create("fw-bench-board");
  const std::string bare = dir->path() + "/remote.git";
  if (!ft::seed_bare_repo(bare, fleetwave::bench::wave_fleet_repo(o.apps, o.clusters)).ok()) return 1;
  auto argocd = ft::FakeArgoCd::start();
  if (!argocd.ok()) return 1;
  Serve serve;
  if (!start_serve(serve, *dir, "file://" + bare, {}, **argocd, "2s") || !mid_rollout(serve, **argocd, bare, *dir, o)) {
    std::fprintf(stderr, "fleetwave serve did not reach mid-rollout:\n%s\n",
                 ft::read_text_file(*dir / "serve.err").c_str());
    return 1;
  }
  const int pid = serve.process->pid();
  if (o.screenshot != 0) {
    const std::string file = "board-" + std::to_string(o.apps) + "x" + std::to_string(o.clusters) + ".png";
    ft::ProcessSpec shot;
    shot.argv = {"chromium",
                 "--headless",
                 "--no-sandbox",
                 "--disable-gpu",
                 "--hide-scrollbars",
                 "--window-size=1280,1400",
                 "--screenshot=" + file,
                 "http://127.0.0.1:" + std::to_string(serve.port) + "/"};
    auto taken = ft::run_command(shot, std::chrono::seconds(120));
    std::printf("board: screenshot %s: %s\n", file.c_str(), taken.ok() && taken->exit_code == 0 ? "taken" : "failed");
  }
  const double floor_mib = proc_mib(pid, "VmRSS");
  std::vector<double> view_ms;
  std::size_t bytes = 0;
  for (int i = 0; i < o.runs; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    bytes = view_board(serve.port);
    view_ms.push_back(fb::ms_since(t0));
  }
  const double after_sequential = proc_mib(pid, "VmRSS");
  std::vector<std::thread> viewers;
  std::atomic<int> failed{0};
  const auto t0 = std::chrono::steady_clock::now();
  for (int v = 0; v < o.connections; ++v) viewers.emplace_back([&] { failed += view_board(serve.port) == 0 ? 1 : 0; });
  for (std::thread& t : viewers) t.join();
  const double concurrent_ms = fb::ms_since(t0);
  const double after_concurrent = proc_mib(pid, "VmRSS");
  const double peak = proc_mib(pid, "VmHWM");
  std::this_thread::sleep_for(std::chrono::seconds(5));  // a cycle or two: serve hands freed pages back
  const double settled = proc_mib(pid, "VmRSS");
  for (int count : viewer_counts) point.phases.push_back(live_viewers(serve.port, pid, count, 20));
  const std::vector<double> webhook_ms = webhook_steps(serve.port, bare, *dir, 5);
  point.peak_mib = proc_mib(pid, "VmHWM");
  serve.process->stop();
  point.page_bytes = bytes;
  point.first_view_ms = view_ms.front();
  point.webhook_median_ms = webhook_ms.empty() ? 0 : fb::median(webhook_ms);
  std::printf("board: %d apps x %d clusters mid-rollout, fleet page %zu KB (target <= 2048 KB: %s)\n", o.apps,
              o.clusters, bytes / 1024, bytes <= 2u << 20 ? "ok" : "MISSED");
  std::printf("  first view (serve builds the page): %.0f ms (target <= 1000 ms: %s)\n", view_ms.front(),
              view_ms.front() <= 1000 ? "ok" : "MISSED");
  std::printf("  one viewer at a time, %d views: median %.0f ms; RSS %.0f -> %.0f MiB (%.2f MiB per view)\n", o.runs,
              fleetwave::bench::median(view_ms), floor_mib, after_sequential, (after_sequential - floor_mib) / o.runs);
  std::printf("  %d viewers at once: %.0f ms for all, %d refused; RSS %.0f MiB, peak %.0f MiB\n", o.connections,
              concurrent_ms, failed.load(), after_concurrent, peak);
  std::printf(
      "  after the next cycles: RSS %.0f MiB, %.0f MiB over the floor (audit trails the board asked for, one "
      "cached page)\n",
      settled, settled - floor_mib);
  std::printf("  ratio peak / floor: %.2fx; target peak < 1024 MiB (the sidecar's limit): %s\n", peak / floor_mib,
              peak < 1024 ? "ok" : "MISSED");
  if (webhook_ms.size() < 5) return std::fprintf(stderr, "a webhook did not lead to app-000's step\n"), 1;
  std::printf(
      "  webhook -> pushed step of a release of app-000: median %.0f ms, max %.0f ms of 5 (target <= 1000 ms: %s)\n",
      fb::median(webhook_ms), *std::max_element(webhook_ms.begin(), webhook_ms.end()),
      fb::median(webhook_ms) <= 1000 ? "ok" : "MISSED");
  return 0;
}

// The board's curves (docs/benchmarks.md) into DIR/serve.csv: the fleet page and serve's CPU
// per cycle against clusters (50 apps) and apps (1,000 clusters), each with 100 live viewers, and
// against live viewers (1, 10, 100) at 50 apps x 1,000 clusters. A fresh serve per fleet size.
int board_curve(Options o, const std::string& out) {
  struct Size {
    int apps, clusters;
    std::vector<int> viewers;
  };
  const Size sizes[] = {
      {50, 100, {100}}, {50, 300, {100}}, {10, 1000, {100}}, {25, 1000, {100}}, {50, 1000, {1, 10, 100}}};
  std::ofstream csv(out + "/serve.csv");
  csv << "apps,clusters,applications,viewers,page_kb,first_view_ms,cpu_per_cycle,cycles,refused,least_events,"
         "peak_mib,webhook_median_ms\n";
  for (const Size& size : sizes) {
    o.apps = size.apps;
    o.clusters = size.clusters;
    BoardPoint point;
    if (board_bench(o, size.viewers, point) != 0) return 1;
    for (const ViewerPhase& phase : point.phases) {
      csv << size.apps << ',' << size.clusters << ',' << size.apps * size.clusters << ',' << phase.viewers << ','
          << point.page_bytes / 1024 << ',' << point.first_view_ms << ',' << phase.cpu_per_cycle << ',' << phase.most
          << ',' << phase.refused << ',' << phase.least << ',' << point.peak_mib << ',' << point.webhook_median_ms
          << '\n';
    }
    csv.flush();
  }
  std::printf("wrote %s/serve.csv\n", out.c_str());
  return csv ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // each figure shows as it is measured, also into a file
  // --curve DIR (the one flag that is not a number): the board's curves instead.
  std::vector<char*> args(argv, argv + argc);
  const std::string curve_out = fb::take_flag_value(args, "--curve");
  const Options o = parse(static_cast<int>(args.size()), args.data());
  if (!curve_out.empty()) return board_curve(o, curve_out);
  BoardPoint point;
  if (o.board != 0) return board_bench(o, {o.viewers}, point);
  int rc = generator_bench(o);
  if (rc != 0) return rc;
  return webhook_bench(o);
}
