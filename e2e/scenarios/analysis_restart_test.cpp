// A Prometheus restart across a release's start never judges the release by pre-release data.
// Prometheus (Debian's, on a persistent data directory) is stopped just before the release, so
// the last samples it holds are the previous version's bad ones; it comes back after the canary
// became healthy and finds the target not answering yet. An instant query as written then still
// answers with the pre-release sample (Prometheus' 5 minute lookback, and no staleness marker after
// a restart), which would fail the release; fleetwave bounds each measurement to the time since
// the analysis started, so those measurements find no data (Errors, under the limit) and the
// release completes once the new version is scraped.
#include <httplib.h>

#include <atomic>
#include <thread>

#include "scenario_test.h"

namespace fleetwave::e2e {
namespace {

// An exporter the test sets: a bad error ratio, a good one, or 503 while "starting".
class GaugeTarget {
 public:
  enum class Mode { Bad, Unavailable, Good };
  GaugeTarget() {
    server_.Get("/metrics", [this](const httplib::Request&, httplib::Response& res) {
      const Mode mode = mode_.load();
      if (mode == Mode::Unavailable) {
        res.status = 503;
        return;
      }
      res.set_content(
          std::string("guestbook_error_ratio{cluster=\"dev-1\"} ") + (mode == Mode::Bad ? "0.5" : "0") + "\n",
          "text/plain; version=0.0.4");
    });
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
  }
  ~GaugeTarget() {
    server_.stop();
    if (thread_.joinable()) thread_.join();
  }
  GaugeTarget(const GaugeTarget&) = delete;
  GaugeTarget& operator=(const GaugeTarget&) = delete;

  void set(Mode mode) { mode_ = mode; }
  std::string address() const { return "127.0.0.1:" + std::to_string(port_); }

 private:
  httplib::Server server_;
  std::atomic<Mode> mode_{Mode::Bad};
  int port_ = 0;
  std::thread thread_;
};

const char* kRatioCheck =
    "      analysis:\n"
    "        - name: error-ratio\n"
    "          prometheus:\n"
    "            query: guestbook_error_ratio{cluster=\"{{cluster}}\"}\n"
    "          interval: 2s\n"
    "          count: 3\n"
    "          consecutiveErrorLimit: 10\n"
    "          successCondition: result[0] < 0.05\n";

class AnalysisRestartE2eTest : public ScenarioTest {
 protected:
  void configure(StackOptions& options) override {
    options.prometheus = true;
    options.prometheus_targets.push_back({gauge_.address()});
  }

  std::optional<double> ratio_now() {
    auto result = stack_->prometheus()->query("guestbook_error_ratio");
    return result.ok() ? testkit::single_sample_value(*result) : std::nullopt;
  }

  GaugeTarget gauge_;
};

TEST_F(AnalysisRestartE2eTest, APrometheusRestartAcrossTheReleaseStartNeverJudgesByPreReleaseData) {
  wait_for_first_rollout();
  ASSERT_FALSE(HasFatalFailure());
  E2E_ASSERT_OK(poll_until([&] { return ratio_now() == 0.5; }, Millis(20000), "the bad ratio scraped", Millis(250)));

  // Prometheus goes down with the previous version's samples; the release ships meanwhile,
  // bringing its check on the canary.
  stack_->prometheus()->stop();
  gauge_.set(GaugeTarget::Mode::Unavailable);
  const std::string release = ship_guestbook_with_plan("1.6.0", [](std::string& plan) {
    const std::string canary = "      clusters: {clusterNames: [dev-1]}\n";
    plan.replace(plan.find(canary), canary.size(), canary + kRatioCheck);
  });
  ASSERT_FALSE(release.empty());
  E2E_ASSERT_OK(wait_for_guestbook("start", Millis(30000)));
  E2E_ASSERT_OK(stack_->wait_for_sim_converged(kGuestbook, Millis(30000)));
  std::this_thread::sleep_for(std::chrono::seconds(3));  // measurements fall due while it is down

  // Back on its data, before the new version answers: as written, the query still reads the
  // pre-release sample.
  E2E_ASSERT_OK(stack_->prometheus()->restart());
  EXPECT_EQ(ratio_now(), 0.5) << "the trap is real: the lookback reaches the pre-release sample";
  std::this_thread::sleep_for(std::chrono::seconds(4));
  EXPECT_EQ(ratio_now(), 0.5);
  gauge_.set(GaugeTarget::Mode::Good);

  E2E_ASSERT_OK(wait_for_guestbook("complete", Millis(120000)));
  expect_complete_rollout(release);
  std::string evidence;
  for (const AuditEntry& e : steps_of(kGuestbook, release)) {
    evidence += message_of(e.commit);
  }
  const std::size_t passed = evidence.find("error-ratio on dev-1 (result[0] < 0.05): successful: 3/3 measurements");
  ASSERT_NE(passed, std::string::npos) << evidence;
  const std::string line = evidence.substr(passed, evidence.find('\n', passed) - passed);
  EXPECT_NE(line.find(" errors ("), std::string::npos) << "the restart's measurements found no data: " << line;
  EXPECT_EQ(evidence.find("rollback"), std::string::npos) << evidence;
}

}  // namespace
}  // namespace fleetwave::e2e
