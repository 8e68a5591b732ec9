// The endpoints as functions: readiness reasons, the generator's auth, input and answers
// (never an empty list), the status documents, and the webhook's trigger; plus the snapshot's
// generator answers built from targets.json text and the JSON log line.
#include "serve/serve_api.h"

#include <gtest/gtest.h>

#include "base/timestamp.h"
#include "codec/json_writer.h"
#include "serve/snapshot_builder.h"
#include "serve/webhook_auth.h"

namespace fleetwave::serve {
namespace {

const std::string kToken = "generator-token-1234";
const std::string kTargets =
    R"([{"app":"shop","cluster":"eu-1","path":"apps/shop","revision":"abc","server":"https://eu-1","wave":"europe"}])";

class ServeApiTest : public ::testing::Test {
 protected:
  ServeState state_;
  ServeMetrics metrics_;
  TriggerQueue triggers_;
  JsonLog log_{{kToken, "webhook-secret-99"}};
  ServeApi api_{state_, metrics_, triggers_, log_, {"webhook-secret-99", kToken}};

  void publish() {
    auto s = std::make_shared<Snapshot>();
    s->head = "h1";
    s->generator["shop"] = generator_answer("shop", kTargets, "h1");
    s->generator["idle"] = generator_answer("idle", "[]", "h1");
    s->generator["broken"] = generator_answer("broken", "{", "h1");
    s->status_body = "{\"apps\":[]}\n";
    s->app_bodies["shop"] = "{\"shop\":1}\n";
    s->app_bodies["new"] = "{\"new\":1}\n";
    state_.publish(s);
  }

  ApiResponse generate(const std::string& body, const std::string& auth = "Bearer " + kToken) {
    ApiRequest r;
    if (!auth.empty()) r.headers["authorization"] = auth;
    r.body = body;
    return api_.generator(r);
  }
};

std::string request_for(const std::string& app) {
  return R"({"applicationSetName":"shop","input":{"parameters":{"app":")" + app + "\"}}}\n";
}

TEST_F(ServeApiTest, Readiness) {
  EXPECT_EQ(api_.healthz().status, 200);
  ApiResponse r = api_.readyz();
  EXPECT_EQ(r.status, 503);
  EXPECT_NE(r.body.find("\"reason\":\"waiting for the first reconcile cycle\""), std::string::npos) << r.body;
  state_.git_result(false, "fetch main from http://h/r: connection refused");
  EXPECT_NE(api_.readyz().body.find("\"reason\":\"git down: fetch main from http://h/r: connection refused\""),
            std::string::npos);
  state_.git_result(true, "");
  state_.cycle_finished(true, "");
  state_.argocd_result(true, "");
  EXPECT_EQ(api_.readyz().status, 200);
  EXPECT_NE(api_.readyz().body.find("\"ready\":true,\"reason\":\"\""), std::string::npos) << api_.readyz().body;
  state_.argocd_result(false, "argocd unavailable: 503");
  r = api_.readyz();
  EXPECT_EQ(r.status, 503);
  EXPECT_NE(r.body.find("\"reason\":\"argocd down: argocd unavailable: 503\""), std::string::npos) << r.body;
  state_.argocd_result(true, "");
  state_.set_stuck("cycle stuck: running for 5m1s (limit 5m)");
  EXPECT_EQ(api_.readyz().status, 503);
  state_.cycle_finished(true, "");  // a cycle that ends clears it
  EXPECT_EQ(api_.readyz().status, 200);
  // A cycle that gives way to a webhook's ends too: no cycle runs, the last outcome stands.
  state_.cycle_started(1'000);
  EXPECT_EQ(state_.cycle_started_at(), 1'000);
  state_.cycle_gave_way();
  EXPECT_EQ(state_.cycle_started_at(), 0);
  EXPECT_EQ(api_.readyz().status, 200);
}

TEST_F(ServeApiTest, NotReadyWhileTheServerRefusesPushes_D3) {
  state_.git_result(true, "");
  state_.argocd_result(true, "");
  state_.cycle_finished(true, "");
  ASSERT_EQ(api_.readyz().status, 200);
  state_.set_push_refused(
      "push main to http://h/r: the server refused the update (refs/heads/main pre-receive hook "
      "declined); remote: frozen");
  state_.cycle_finished(false, "push to main: ...");
  ApiResponse r = api_.readyz();
  EXPECT_EQ(r.status, 503);
  EXPECT_NE(r.body.find("\"reason\":\"push refused: push main to http://h/r: the server refused the update "
                        "(refs/heads/main pre-receive hook declined); remote: frozen\""),
            std::string::npos)
      << r.body;
  EXPECT_NE(api_.metrics().body.find("fleetwave_ready 0\n"), std::string::npos);
  state_.set_push_refused("");  // the loop clears it after a cycle that succeeds
  state_.cycle_finished(true, "");
  EXPECT_EQ(api_.readyz().status, 200);
}

TEST_F(ServeApiTest, GeneratorAnswers) {
  EXPECT_EQ(generate(request_for("shop")).status, 503);  // nothing read yet: never an empty list
  publish();
  ApiResponse ok = generate(request_for("shop"));
  EXPECT_EQ(ok.status, 200);
  EXPECT_EQ(ok.body, "{\"output\":{\"parameters\":" + kTargets + "}}");
  struct Case {
    std::string name;
    std::string body;
    std::string auth;
    int status;
    std::string message;
  } cases[] = {
      {"no token", request_for("shop"), "", 403, "missing or wrong bearer token"},
      {"wrong token", request_for("shop"), "Bearer " + kToken + "x", 403, "missing or wrong bearer token"},
      {"basic auth", request_for("shop"), "Basic " + kToken, 403, "missing or wrong bearer token"},
      {"malformed", "{\"input\":", "Bearer " + kToken, 400, "request body:"},
      {"no app", R"({"input":{}})", "Bearer " + kToken, 400, "input.parameters.app must name the app"},
      {"app not a string", R"({"input":{"parameters":{"app":3}}})", "Bearer " + kToken, 400,
       "input.parameters.app must name the app"},
      {"unknown app", request_for("nope"), "Bearer " + kToken, 404, "unknown app nope at h1"},
      {"app without targets file", request_for("new"), "Bearer " + kToken, 404,
       "app new has no targets at h1 (no rollout has started)"},
      {"empty targets", request_for("idle"), "Bearer " + kToken, 404,
       "app idle has no pinned clusters at h1 (no rollout has started)"},
      {"unreadable targets", request_for("broken"), "Bearer " + kToken, 503,
       "app broken: cannot read its targets at h1"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    ApiResponse r = generate(c.body, c.auth);
    EXPECT_EQ(r.status, c.status);
    EXPECT_EQ(r.body.rfind("{\"message\":\"" + c.message, 0), 0u) << r.body;
    EXPECT_EQ(r.body.find("\"parameters\":[]"), std::string::npos);
  }
}

TEST_F(ServeApiTest, StatusDocuments) {
  EXPECT_EQ(api_.apps().status, 503);
  publish();
  EXPECT_EQ(api_.apps().text(), "{\"apps\":[]}\n");
  EXPECT_EQ(api_.app("shop").text(), "{\"shop\":1}\n");
  EXPECT_EQ(api_.app("nope").status, 404);
}

TEST_F(ServeApiTest, WebhookTriggersOnlyWhenAuthentic) {
  ApiRequest bad;
  bad.headers = {{"x-gitlab-event", "Push Hook"}, {"x-gitlab-token", "wrong"}};
  bad.body = "{}";
  EXPECT_EQ(api_.webhook(bad).status, 401);
  EXPECT_EQ(triggers_.notifications(), 0u);
  ApiRequest good;
  good.headers = {{"x-github-event", "push"},
                  {"x-hub-signature-256", "sha256=" + hmac_sha256_hex("webhook-secret-99", "{}")}};
  good.body = "{}";
  EXPECT_EQ(api_.webhook(good).status, 202);
  EXPECT_EQ(triggers_.notifications(), 1u);
  const std::string text = api_.metrics().body;
  EXPECT_NE(text.find("fleetwave_webhooks_total{result=\"triggered\"} 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("fleetwave_webhooks_total{result=\"unauthorized\"} 1\n"), std::string::npos) << text;
}

TEST_F(ServeApiTest, RefusedWebhookLogLinesAreRateLimited_D12) {
  ApiRequest bad;
  bad.headers = {{"x-gitlab-event", "Push Hook"}, {"x-gitlab-token", "wrong"}};
  bad.body = "{}";
  for (int i = 0; i < 2000; ++i) EXPECT_EQ(api_.webhook(bad).status, 401);
  const std::string text = api_.metrics().body;
  EXPECT_NE(text.find("fleetwave_webhooks_total{result=\"unauthorized\"} 2000\n"), std::string::npos) << text;
  // A burst of ServeApi::kRefusedLogBurst lines at most (plus one a second): the rest are counted.
  const std::string series = "\nfleetwave_webhook_logs_suppressed_total ";
  const std::size_t at = text.find(series);
  ASSERT_NE(at, std::string::npos) << text;
  const long suppressed = std::atol(text.c_str() + at + series.size());
  EXPECT_GE(suppressed, 2000 - ServeApi::kRefusedLogBurst - 5);
  EXPECT_LE(suppressed, 2000 - ServeApi::kRefusedLogBurst);
}

TEST(JsonLog, OneObjectPerLineWithSecretsRedacted) {
  JsonLog log({"hunter2-secret"});
  EXPECT_EQ(
      log.format("info", "fetch from https://bob:pw@h/r with hunter2-secret",
                 {{"app", "shop"}, {"duration_ms", 12}, {"msg", "ignored"}, {"list", Json::array({"hunter2-secret"})}},
                 1'800'000'000'123),
      R"({"time":"2027-01-15T08:00:00.123Z","level":"info","msg":"fetch from https://***@h/r with ***","app":"shop","duration_ms":12,"list":["***"]})");
}

// The deadline gauge reads the status document: the current wave's progressDeadline after the
// last cluster pinned to the release; nothing without a deadline, a current wave or a pin.
// Each app is written once for both texts, and both are what writing the whole documents gives.
TEST(StatusBodies, TheFleetsAndEachAppsDocumentAsTheCliPrintsThem) {
  const JsonWriteOptions pretty{false, 2};
  Json doc = Json::parse(R"({"branch": "main", "head": "abc", "approvalRules": {"allowedReviewers": ["a"]},
      "apps": [{"app": "a", "waves": [{"clusters": [{"cluster": "eu-1"}, {"cluster": "eu-2"}]}], "errors": []},
               {"app": "b", "waves": [], "note": "placeholder"},
               {"app": "c", "errors": ["\"apps\": ["]}],
      "clusterLabels": {"eu-1": {"geo": "eu"}}, "cordons": [], "warnings": ["placeholder"]})");
  Snapshot snapshot;
  write_status_bodies(doc, snapshot);
  EXPECT_EQ(snapshot.status_body, write_json(doc, pretty) + "\n");
  ASSERT_EQ(snapshot.app_bodies.size(), 3u);
  for (const Json& app : doc["apps"]) {
    Json one = doc;
    one["apps"] = Json::array({app});
    EXPECT_EQ(snapshot.app_bodies[app["app"]], write_json(one, pretty) + "\n") << app["app"];
  }
  doc["apps"] = Json::array();
  Snapshot empty;
  write_status_bodies(doc, empty);
  EXPECT_EQ(empty.status_body, write_json(doc, pretty) + "\n");
  EXPECT_TRUE(empty.app_bodies.empty());
}

TEST(WaveDeadline, LastPinOfTheReleaseInTheCurrentWavePlusItsProgressDeadline) {
  Json app = Json::parse(R"({
    "release": "r2",
    "waves": [
      {"index": 1, "current": false, "progressDeadline": "5m",
       "clusters": [{"cluster": "dev-1", "revision": "r2", "pinnedAt": "2026-11-25T10:00:00Z"}]},
      {"index": 2, "current": true, "progressDeadline": "30m",
       "clusters": [{"cluster": "eu-1", "revision": "r2", "pinnedAt": "2026-11-25T10:10:00Z"},
                    {"cluster": "eu-2", "revision": "r2", "pinnedAt": "2026-11-25T10:20:00Z"},
                    {"cluster": "eu-3", "revision": "r1", "pinnedAt": "2026-11-25T11:00:00Z"},
                    {"cluster": "eu-4"}]}
    ]})");
  const double ten_twenty = static_cast<double>(*parse_rfc3339("2026-11-25T10:20:00Z")) / 1000.0;
  EXPECT_EQ(wave_deadline_seconds(app), ten_twenty + 30 * 60);
  app["waves"][1]["progressDeadline"] = "";
  EXPECT_EQ(wave_deadline_seconds(app), 0);
  app["waves"][1]["progressDeadline"] = "30m";
  app["waves"][1]["current"] = false;
  EXPECT_EQ(wave_deadline_seconds(app), 0);
  app["waves"][1]["current"] = true;
  app["release"] = "r3";
  EXPECT_EQ(wave_deadline_seconds(app), 0);
}

}  // namespace
}  // namespace fleetwave::serve
