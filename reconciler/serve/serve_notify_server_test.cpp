// fleetwave serve as a real process (serve_fixture.h) with notifications and commit statuses
// configured: the first cycle's start step reaches a webhook (the URL from a mounted file, never
// logged) and the release commit gets the canary's status on the fake GitHub, linked to the board;
// the status document names the allowed reviewers.
#include <signal.h>

#include "codec/json_reader.h"
#include "serve/serve_fixture.h"
#include "testkit/fakes/fake_hosting_server.h"
#include "testkit/fakes/fake_webhook_receiver.h"
#include "testkit/servers/hostile_http_server.h"

namespace fleetwave::serve {
namespace {

class ServeNotifyServerTest : public testing_support::ServeFixture {
 protected:
  long rss_kib() const { return testkit::proc_status_kib(serve_->pid(), "VmRSS"); }
};

// E5 of the trust issue, against the built binary: a webhook endpoint that streams response
// headers without end is cut at the client's header limit on every attempt; serve stays flat.
TEST_F(ServeNotifyServerTest, AWebhookStreamingHeadersDoesNotGrowServe) {
  auto streaming = testkit::HostileHttpServer::start(testkit::HostileAnswer::EndlessHeaders);
  ASSERT_TRUE(streaming.ok()) << streaming.error().to_string();
  std::vector<std::string> argv = serve_args("1h");
  argv.insert(argv.end(),
              {"--notifications-webhooks", R"([{"url": ")" + (*streaming)->url("/a") + R"(", "events": ["start"]}])"});
  start("1h", argv);
  ASSERT_TRUE(wait_until([&] { return (*streaming)->requests() >= 1; }, 30'000)) << logs();
  const long rss_before = rss_kib();
  ASSERT_TRUE(wait_until([&] { return (*streaming)->requests() >= 3; }, 30'000)) << logs();  // retried twice
  const long rss_after = rss_kib();
  ASSERT_GT(rss_before, 0);
  EXPECT_LT(rss_after - rss_before, 16 * 1024) << "serve grew from " << rss_before << " KiB to " << rss_after;
  EXPECT_LT((*streaming)->bytes_sent(), std::size_t{64} << 20);  // each attempt reads ~64 KiB
  // Each attempt closes its connection; the third may still be reading when it is counted.
  EXPECT_TRUE(wait_until([&] { return (*streaming)->open_connections() == 0; }, 10'000))
      << (*streaming)->open_connections() << " connection(s) left open";
}

// E6, against the built binary: a webhook endpoint sending one byte every 3 s holds an attempt
// in flight; SIGTERM still ends serve within the documented 3 s drain (plus the wind-down).
TEST_F(ServeNotifyServerTest, ATricklingWebhookDoesNotHoldShutdown) {
  auto trickling = testkit::HostileHttpServer::start(testkit::HostileAnswer::TrickledBody, std::chrono::seconds(3));
  ASSERT_TRUE(trickling.ok()) << trickling.error().to_string();
  std::vector<std::string> argv = serve_args("1h");
  argv.insert(argv.end(),
              {"--notifications-webhooks", R"([{"url": ")" + (*trickling)->url("/b") + R"(", "events": ["start"]}])"});
  start("1h", argv);
  ASSERT_TRUE(wait_until([&] { return (*trickling)->open_connections() == 1; }, 30'000)) << logs();
  const auto stop_at = std::chrono::steady_clock::now();
  ASSERT_EQ(kill(serve_->pid(), SIGTERM), 0);
  ASSERT_TRUE(serve_->wait_for_exit(std::chrono::milliseconds(20'000)));
  const auto took = std::chrono::steady_clock::now() - stop_at;
  EXPECT_EQ(serve_->exit_code(), 0) << logs();
  EXPECT_LT(took, std::chrono::milliseconds(4000)) << logs();
}

TEST_F(ServeNotifyServerTest, TheStartStepIsNotifiedAndItsWaveGetsAStatus) {
  auto receiver = testkit::FakeWebhookReceiver::start();
  ASSERT_TRUE(receiver.ok()) << receiver.error().to_string();
  const std::string secret_path = "/services/T0/B0/HooKSeCrEt";
  ASSERT_TRUE(testkit::write_text_file(file("slack-url"), (*receiver)->url(secret_path) + "\n").ok());
  auto github = testkit::FakeGitProvider::start({});
  ASSERT_TRUE(github.ok()) << github.error().to_string();
  ASSERT_TRUE(testkit::write_text_file(file("github-token"), (*github)->options().token + "\n").ok());

  std::vector<std::string> argv = serve_args("1s");
  const std::vector<std::string> more = {
      "--approvals-provider",
      "github",
      "--approvals-api-url",
      (*github)->api_url(),
      "--approvals-repository",
      "acme/fleet",
      "--approvals-token-file",
      file("github-token"),
      "--allowed-reviewers",
      "alice,bob",
      "--board-url",
      "https://fleetwave.example.com/",
      "--notifications-webhooks",
      R"([{"urlFile": ")" + file("slack-url") + R"(", "events": ["start"], "format": "json"}])"};
  argv.insert(argv.end(), more.begin(), more.end());
  start("1s", argv);
  ASSERT_EQ((*receiver)->wait_for(1, std::chrono::seconds(30)), 1u) << logs();
  ASSERT_TRUE(wait_until([&] { return !(*github)->statuses().empty(); }, 20'000)) << logs();

  const testkit::ReceivedWebhook got = (*receiver)->received()[0];
  EXPECT_EQ(got.target, secret_path);
  auto body = parse_json(got.body, "body");
  ASSERT_TRUE(body.ok()) << got.body;
  EXPECT_EQ(string_at(*body, {"event"}), "start");
  EXPECT_EQ(string_at(*body, {"app"}), "shop");
  EXPECT_EQ(string_at(*body, {"branch"}), "main");
  EXPECT_EQ(string_at(*body, {"actor"}),  // the step's Fleetwave-Actor: author and instance
            remote({"log", "-1", "--format=%(trailers:key=Fleetwave-Actor,valueonly)", string_at(*body, {"commit"})}));
  EXPECT_EQ(string_at(*body, {"actor"}).rfind("Fleetwave Serve <serve@fleetwave.test>", 0), 0u);
  EXPECT_EQ(string_at(*body, {"url"}), "https://fleetwave.example.com/apps/shop");
  const std::string commit = string_at(*body, {"commit"});
  EXPECT_EQ(got.headers.at("x-fleetwave-delivery"), commit);
  EXPECT_EQ(remote({"log", "-1", "--format=%s", commit}).rfind("fleetwave(shop): start ", 0), 0u);
  EXPECT_EQ(got.headers.at("user-agent").rfind("fleetwave/", 0), 0u);

  const testkit::FakeCommitStatus status = (*github)->statuses()[0];
  EXPECT_EQ(status.sha, string_at(*body, {"release"}));
  EXPECT_EQ(status.context, "fleetwave/shop/" + string_at(*body, {"wave"}));
  EXPECT_EQ(status.state, "pending");
  EXPECT_EQ(status.target_url, "https://fleetwave.example.com/apps/shop");

  // The status document says whose approval counts, from serve's settings.
  testing_support::HttpResult apps = get("/api/v1/apps");
  ASSERT_EQ(apps.status, 200) << apps.body;
  auto doc = parse_json(apps.body, "apps");
  ASSERT_TRUE(doc.ok()) << apps.body;
  EXPECT_EQ((*doc)["approvalRules"],
            Json::parse(R"({"allowedReviewers": ["alice", "bob"], "signedCommitsOnly": false})"));

  EXPECT_EQ(logs().find("HooKSeCrEt"), std::string::npos) << logs();
  EXPECT_NE(logs().find("\"notifications\":1"), std::string::npos) << logs();
  EXPECT_NE(logs().find("\"commitStatuses\":\"github\""), std::string::npos) << logs();
}

TEST_F(ServeNotifyServerTest, BadNotificationSettingsExitWithOneLine) {
  struct Case {
    std::string name;
    std::vector<std::string> args;
    std::string err;
  };
  const std::vector<Case> cases = {
      {"unknown event",
       {"--notifications-webhooks", R"([{"url": "https://hooks.example.com/x", "events": ["strat"]}])"},
       "error: notifications.webhooks[0].events[0]: unknown event \"strat\" (valid: start, advance, "},
      {"unreadable url file",
       {"--notifications-webhooks", R"([{"urlFile": "/nonexistent/slack-url"}])"},
       "error: notifications.webhooks[0].urlFile: cannot read /nonexistent/slack-url: "},
      {"board url", {"--board-url", "fleetwave.example.com"}, "error: --board-url \"fleetwave.example.com\": "},
      {"commit statuses", {"--commit-statuses", "maybe"}, "error: --commit-statuses \"maybe\": expected on or off"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    testkit::ProcessSpec spec;
    spec.argv = serve_args("1s");
    spec.argv.insert(spec.argv.end(), c.args.begin(), c.args.end());
    spec.env = {"HOME=" + file("home")};
    auto r = testkit::run_command(spec, std::chrono::seconds(30));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->exit_code, 2) << r->output;
    EXPECT_EQ(r->output.rfind(c.err, 0), 0u) << r->output;
    EXPECT_EQ(std::count(r->output.begin(), r->output.end(), '\n'), 1) << r->output;
  }
}

}  // namespace
}  // namespace fleetwave::serve
