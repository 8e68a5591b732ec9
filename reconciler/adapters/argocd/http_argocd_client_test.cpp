// HttpArgoCdClient against the in-process fake Argo CD over plain HTTP (HTTPS: *_tls_test.cpp).
#include "adapters/argocd/http_argocd_client.h"

#include <gtest/gtest.h>

#include "reconcile/observer.h"
#include "testkit/fakes/fake_argocd.h"
#include "testkit/process/free_port.h"
#include "testkit/servers/hostile_http_server.h"

namespace fleetwave {
namespace {

using testkit::FakeArgoCd;
using testkit::FakeResponse;
using testkit::make_application;

constexpr const char* kPin = "0f2a1c8e5b3d4a69788c1d2e3f405162738495a6";
constexpr const char* kOld = "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a291807";

std::map<std::string, std::string> labels(const std::string& app, const std::string& wave) {
  return {{"fleetwave.io/app", app}, {"fleetwave.io/wave", wave}};
}

class HttpArgoCdClientTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto fake = FakeArgoCd::start();
    ASSERT_TRUE(fake.ok()) << fake.error().to_string();
    fake_ = std::move(fake).value();
    ASSERT_TRUE(fake_->put_application(make_application("web-us-1", labels("web", "2"), "us-1", kOld)).ok());
    ASSERT_TRUE(fake_
                    ->put_application(make_application("web-eu-1", labels("web", "1"), "eu-1", kPin, "Synced",
                                                       "Healthy", "Succeeded", "2026-03-05T07:33:04Z"))
                    .ok());
    ASSERT_TRUE(fake_->put_application(make_application("api-eu-1", labels("api", "1"), "eu-1", kOld)).ok());
  }

  HttpArgoCdOptions options() const {
    HttpArgoCdOptions o;
    o.base_url = fake_->url();
    o.token = fake_->token();
    o.connect_timeout = std::chrono::milliseconds(2000);
    o.read_timeout = std::chrono::milliseconds(5000);
    return o;
  }

  std::unique_ptr<HttpArgoCdClient> client(HttpArgoCdOptions o) {
    auto c = HttpArgoCdClient::create(std::move(o));
    EXPECT_TRUE(c.ok()) << c.error().to_string();
    return c.ok() ? std::move(c).value() : nullptr;
  }
  std::unique_ptr<HttpArgoCdClient> client() { return client(options()); }

  // The error's kind and text, and that neither the token nor a part of it leaked.
  template <typename T>
  void expect_error(const Result<T>& got, ErrorKind kind, const std::string& message) {
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(to_string(got.error().kind), std::string(to_string(kind)));
    EXPECT_EQ(got.error().to_string(), message);
    EXPECT_EQ(got.error().to_string().find(fake_->token()), std::string::npos);
  }

  std::string server() const { return fake_->url(); }

  std::unique_ptr<FakeArgoCd> fake_;
};

std::vector<std::string> names(const std::vector<ApplicationSummary>& apps) {
  std::vector<std::string> out;
  for (const ApplicationSummary& a : apps) out.push_back(a.name);
  return out;
}

TEST_F(HttpArgoCdClientTest, ListsApplicationsWithTheirStatus) {
  auto got = client()->list_applications("fleetwave.io/app=web");
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  ASSERT_EQ(names(*got), (std::vector<std::string>{"web-eu-1", "web-us-1"}));  // sorted by name
  const ApplicationSummary& eu = (*got)[0];
  EXPECT_EQ(eu.labels.at("fleetwave.io/cluster"), "eu-1");
  EXPECT_EQ(eu.labels.at("fleetwave.io/wave"), "1");
  EXPECT_EQ(eu.observation.sync_status, "Synced");
  EXPECT_EQ(eu.observation.sync_revision, kPin);
  EXPECT_EQ(eu.observation.health_status, "Healthy");
  EXPECT_EQ(eu.observation.operation_phase, "Succeeded");
  EXPECT_EQ(eu.observation.operation_revision, kPin);
  EXPECT_EQ(eu.observation.sync_result_revision, kPin);
  EXPECT_EQ(eu.observation.finished_at_ms, 1772695984000);

  Observations obs = observations_from(got);
  ASSERT_TRUE(obs.reachable);
  EXPECT_EQ(judge_cluster(obs, "eu-1", kPin).verdict, Verdict::Done);
  EXPECT_EQ(judge_cluster(obs, "us-1", kPin).verdict, Verdict::Pending);
  EXPECT_EQ(fake_->request_targets().back(), "GET /api/v1/applications?selector=fleetwave.io%2Fapp%3Dweb");
}

TEST_F(HttpArgoCdClientTest, EncodesSelectors) {
  struct Case {
    const char* name;
    const char* selector;
    std::vector<std::string> want;
    const char* target;
  };
  const Case cases[] = {
      {"all", "", {"api-eu-1", "web-eu-1", "web-us-1"}, "GET /api/v1/applications"},
      {"two equalities",
       "fleetwave.io/app=web,fleetwave.io/wave=2",
       {"web-us-1"},
       "GET /api/v1/applications?selector=fleetwave.io%2Fapp%3Dweb%2Cfleetwave.io%2Fwave%3D2"},
      {"double equals",
       "fleetwave.io/cluster==eu-1",
       {"api-eu-1", "web-eu-1"},
       "GET /api/v1/applications?selector=fleetwave.io%2Fcluster%3D%3Deu-1"},
      {"not equal",
       "fleetwave.io/app!=web",
       {"api-eu-1"},
       "GET /api/v1/applications?selector=fleetwave.io%2Fapp%21%3Dweb"},
      {"set with spaces",
       "fleetwave.io/wave in (1, 3)",
       {"api-eu-1", "web-eu-1"},
       "GET /api/v1/applications?selector=fleetwave.io%2Fwave%20in%20%281%2C%203%29"},
      {"no match", "fleetwave.io/app=db", {}, "GET /api/v1/applications?selector=fleetwave.io%2Fapp%3Ddb"},
      {"plus and ampersand stay in the value", "a=x+y&b=1", {}, "GET /api/v1/applications?selector=a%3Dx%2By%26b%3D1"},
  };
  auto c = client();
  for (const Case& tc : cases) {
    SCOPED_TRACE(tc.name);
    auto got = c->list_applications(tc.selector);
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(names(*got), tc.want);
    EXPECT_EQ(fake_->request_targets().back(), tc.target);
  }
}

TEST_F(HttpArgoCdClientTest, BadSelectorIsInvalidInput) {
  expect_error(client()->list_applications("a in (b"), ErrorKind::InvalidInput,
               "Argo CD refused the application list (HTTP 400): error parsing labelSelector: invalid label selector "
               "requirement \"a in (b\"");
}

TEST_F(HttpArgoCdClientTest, EmptyListIsNotAnError) {
  auto got = client()->list_applications("fleetwave.io/app=nothing");  // the fake answers "items": null
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  EXPECT_TRUE(got->empty());
}

TEST_F(HttpArgoCdClientTest, FollowsStatusTransitions) {
  struct Case {
    const char* name;
    std::function<Status<>(FakeArgoCd&)> move;
    Verdict want;
    const char* detail;
  };
  const Case cases[] = {
      {"out of sync", [](FakeArgoCd& f) { return f.mark_out_of_sync("web-us-1", kPin); }, Verdict::Pending,
       "OutOfSync, 0f2a1c8 not applied yet (operation Succeeded)"},
      {"sync running", [](FakeArgoCd& f) { return f.mark_sync_running("web-us-1", kPin); }, Verdict::Pending,
       "OutOfSync, 0f2a1c8 not applied yet (operation Running)"},
      {"progressing", [](FakeArgoCd& f) { return f.mark_progressing("web-us-1", kPin); }, Verdict::Pending,
       "Synced/Progressing at 0f2a1c8"},
      {"degraded", [](FakeArgoCd& f) { return f.mark_degraded("web-us-1", kPin, "Back-off pulling image"); },
       Verdict::Failed, "Degraded at 0f2a1c8: Back-off pulling image"},
      {"failed", [](FakeArgoCd& f) { return f.mark_failed("web-us-1", kPin, "one or more objects failed to apply"); },
       Verdict::Failed, "sync of 0f2a1c8 Failed: one or more objects failed to apply"},
      {"synced", [](FakeArgoCd& f) { return f.mark_synced("web-us-1", kPin, "Healthy", "2026-03-05T07:40:00Z"); },
       Verdict::Done, "Synced/Healthy at 0f2a1c8"},
  };
  auto c = client();  // one client, as serve keeps it: each list sees the change, not the last answer's
  for (const Case& tc : cases) {
    SCOPED_TRACE(tc.name);
    ASSERT_TRUE(tc.move(*fake_).ok());
    ASSERT_TRUE(c->list_applications("fleetwave.io/app=api").ok());  // another selector in between
    Observations obs = observations_from(c->list_applications("fleetwave.io/app=web"));
    ClusterJudgement j = judge_cluster(obs, "us-1", kPin);
    EXPECT_EQ(j.verdict, tc.want) << j.detail;
    EXPECT_EQ(j.detail, tc.detail);
  }
  Observations obs = observations_from(c->list_applications("fleetwave.io/app=web"));
  EXPECT_EQ(judge_cluster(obs, "us-1", kPin).done_since_ms, 1772696400000);
  ASSERT_TRUE(fake_->remove_application("web-us-1").ok());
  obs = observations_from(c->list_applications("fleetwave.io/app=web"));
  EXPECT_EQ(judge_cluster(obs, "us-1", kPin).verdict, Verdict::Unknown);
}

TEST_F(HttpArgoCdClientTest, RefreshesApplications) {
  auto c = client();
  ASSERT_TRUE(c->refresh_application("web-eu-1").ok());
  EXPECT_EQ(fake_->refresh_calls(), std::vector<std::string>{"web-eu-1"});
  EXPECT_EQ(fake_->request_targets().back(), "GET /api/v1/applications/web-eu-1?refresh=normal");
  expect_error(c->refresh_application("web-xx-9"), ErrorKind::NotFound,
               "Argo CD application \"web-xx-9\" not found (HTTP 404)");
}

TEST_F(HttpArgoCdClientTest, SyncsApplications) {
  auto c = client();
  ASSERT_TRUE(c->sync_application("web-us-1", kPin).ok());
  ASSERT_TRUE(c->sync_application("web-eu-1", "").ok());
  auto calls = fake_->sync_calls();
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[0].name, "web-us-1");
  EXPECT_EQ(calls[0].revision, kPin);
  EXPECT_EQ(calls[1].name, "web-eu-1");
  EXPECT_EQ(calls[1].revision, "");
  EXPECT_EQ(fake_->request_targets().back(), "POST /api/v1/applications/web-eu-1/sync");

  expect_error(c->sync_application("web-xx-9", kPin), ErrorKind::NotFound,
               "Argo CD application \"web-xx-9\" not found (HTTP 404)");
  ASSERT_TRUE(fake_->mark_sync_running("web-us-1", kPin).ok());
  expect_error(c->sync_application("web-us-1", kPin), ErrorKind::Conflict,
               "Argo CD refused application \"web-us-1\" (HTTP 400): another operation is already in progress");
}

TEST_F(HttpArgoCdClientTest, RejectsBadApplicationNamesWithoutSending) {
  const char* bad[] = {"", "../x", "web/../../api", "Web", "a b", "web?refresh=hard", "-web", "web-"};
  auto c = client();
  std::size_t before = fake_->request_count();
  for (const char* name : bad) {
    SCOPED_TRACE(name);
    expect_error(c->refresh_application(name), ErrorKind::InvalidInput,
                 std::string("invalid Argo CD application name \"") + name + "\"");
    EXPECT_FALSE(c->sync_application(name, kPin).ok());
  }
  EXPECT_EQ(fake_->request_count(), before);
}

TEST_F(HttpArgoCdClientTest, WrongTokenIsInvalidInputWithoutTheToken) {
  HttpArgoCdOptions o = options();
  o.token = "wrong-token-abcdef";
  auto c = client(o);
  const std::string want = "Argo CD rejected the token (HTTP 401); check --argocd-token-file";
  expect_error(c->list_applications("fleetwave.io/app=web"), ErrorKind::InvalidInput, want);
  expect_error(c->refresh_application("web-eu-1"), ErrorKind::InvalidInput, want);
  expect_error(c->sync_application("web-eu-1", kPin), ErrorKind::InvalidInput, want);
  Observations obs = observations_from(c->list_applications(""));
  EXPECT_FALSE(obs.reachable);
  EXPECT_EQ(obs.error, want);
  EXPECT_EQ(obs.error.find("wrong-token"), std::string::npos);
  EXPECT_TRUE(fake_->sync_calls().empty());
}

TEST_F(HttpArgoCdClientTest, ServerDownIsTransient) {
  auto port = testkit::pick_free_port();
  ASSERT_TRUE(port.ok());
  HttpArgoCdOptions o = options();
  o.base_url = "http://127.0.0.1:" + std::to_string(*port);
  auto c = client(o);
  expect_error(c->list_applications(""), ErrorKind::Transient,
               "Argo CD at http://127.0.0.1:" + std::to_string(*port) + " unreachable: connection failed");
  expect_error(c->sync_application("web-eu-1", kPin), ErrorKind::Transient,
               "Argo CD at http://127.0.0.1:" + std::to_string(*port) + " unreachable: connection failed");
}

TEST_F(HttpArgoCdClientTest, EndlessHeadersOrATrickledBodyAreTransientAndBounded) {
  auto streaming = testkit::HostileHttpServer::start(testkit::HostileAnswer::EndlessHeaders);
  ASSERT_TRUE(streaming.ok());
  HttpArgoCdOptions o = options();
  o.base_url = (*streaming)->url("");
  expect_error(client(o)->list_applications(""), ErrorKind::Transient,
               "Argo CD at " + o.base_url + " sent too many or too large response headers");
  // One byte every 100 ms is never idle; the attempt still ends at connect + read timeout.
  auto trickling =
      testkit::HostileHttpServer::start(testkit::HostileAnswer::TrickledBody, std::chrono::milliseconds(100));
  ASSERT_TRUE(trickling.ok());
  o.base_url = (*trickling)->url("");
  o.connect_timeout = std::chrono::milliseconds(200);
  o.read_timeout = std::chrono::milliseconds(500);
  const auto before = std::chrono::steady_clock::now();
  expect_error(client(o)->list_applications(""), ErrorKind::Transient,
               "Argo CD at " + o.base_url + " unreachable: no complete response within 500 ms");
  EXPECT_LT(std::chrono::steady_clock::now() - before, std::chrono::milliseconds(1500));
}

TEST_F(HttpArgoCdClientTest, UnavailableIsTransientAndRecovers) {
  auto c = client();
  fake_->set_unavailable(true);
  expect_error(c->list_applications(""), ErrorKind::Transient, "Argo CD at " + server() + " unreachable: HTTP 503");
  expect_error(c->refresh_application("web-eu-1"), ErrorKind::Transient,
               "Argo CD at " + server() + " unreachable: HTTP 503");
  fake_->set_unavailable(false);
  EXPECT_TRUE(c->list_applications("").ok());
}

TEST_F(HttpArgoCdClientTest, SlowServerTimesOut) {
  HttpArgoCdOptions o = options();
  o.read_timeout = std::chrono::milliseconds(300);
  auto c = client(o);
  fake_->set_response_delay(std::chrono::milliseconds(1500));
  expect_error(c->list_applications(""), ErrorKind::Transient,
               "Argo CD at " + server() + " unreachable: no complete response within 300 ms");
  fake_->set_response_delay(std::chrono::milliseconds(0));
}

TEST_F(HttpArgoCdClientTest, BadBodiesAreErrorsNotCrashes) {
  // An answer is read one Application at a time: the limit bounds each (and the list's own fields).
  const std::string big_list =
      R"({"items": [{"metadata": {"name": "a"}}, {"spec": ")" + std::string(2 * 1024 * 1024, 'x') + R"("}]})";
  struct Case {
    const char* name;
    FakeResponse response;
    ErrorKind kind;
    std::string want_suffix;  // after "Argo CD at URL "
  };
  const Case cases[] = {
      {"malformed",
       {200, "{\"items\": [", "application/json"},
       ErrorKind::Transient,
       "sent an invalid response for the application list: line 1 column 12: invalid JSON: the answer ended early"},
      {"not json",
       {200, "<!doctype html><html>Argo CD UI</html>", "text/html"},
       ErrorKind::Transient,
       "sent an invalid response for the application list: line 1 column 1: invalid JSON: syntax error while parsing "
       "value - "
       "invalid literal; last read: '<'"},
      {"deeply nested",
       {200, std::string(100000, '['), "application/json"},
       ErrorKind::Transient,
       "sent an invalid response for the application list: line 1 column 129: JSON nested deeper than 128 levels"},
      {"not an object",
       {200, "[]", "application/json"},
       ErrorKind::Transient,
       "sent an invalid response for the application list: expected object, got array"},
      {"items not an array",
       {200, R"({"items": {"a": 1}})", "application/json"},
       ErrorKind::Transient,
       "sent an invalid response for the application list: items: expected array, got object"},
      {"wrong field type",
       {200, R"({"items": [{"metadata": {"name": "a"}, "status": {"health": {"status": 1}}}]})", "application/json"},
       ErrorKind::Transient,
       "sent an invalid response for the application list: items[0].status.health.status: expected string, got number"},
      {"oversized with length",
       {200, big_list, "application/json"},
       ErrorKind::Transient,
       "sent an invalid response for the application list: line 1 column 41: items[1]: an Application larger than 1 "
       "MiB"},
      {"oversized chunked",
       {200, big_list, "application/json", true},
       ErrorKind::Transient,
       "sent an invalid response for the application list: line 1 column 41: items[1]: an Application larger than 1 "
       "MiB"},
      {"oversized list fields",
       {200, R"({"metadata": {"x": ")" + std::string(2 * 1024 * 1024, 'x') + R"("}, "items": []})", "application/json"},
       ErrorKind::Transient,
       "sent an invalid response for the application list: line 1 column 1: the list's own fields are larger than 1 "
       "MiB"},
      {"500 with Argo CD error",
       {500, R"({"error": "etcd timeout", "code": 14, "message": "etcd timeout"})", "application/json"},
       ErrorKind::Transient,
       "unreachable: HTTP 500: etcd timeout"},
      {"redirect",
       {302, "", "text/plain"},
       ErrorKind::InvalidInput,
       "answered HTTP 302 (redirects are not followed); check the URL"},
  };
  HttpArgoCdOptions o = options();
  o.max_response_bytes = 1024 * 1024;
  auto c = client(o);
  for (const Case& tc : cases) {
    SCOPED_TRACE(tc.name);
    fake_->set_response_override(tc.response);
    expect_error(c->list_applications(""), tc.kind, "Argo CD at " + server() + " " + tc.want_suffix);
  }
  fake_->set_response_override(FakeResponse{200, "{\"metadata\": {}}", "application/json", true});
  auto got = c->list_applications("");  // a chunked body under the limit is read whole
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  fake_->set_response_override(std::nullopt);
}

TEST_F(HttpArgoCdClientTest, ServesBelowAPathPrefix) {
  auto prefixed = FakeArgoCd::start({fake_->token(), "", "", "/argocd"});
  ASSERT_TRUE(prefixed.ok()) << prefixed.error().to_string();
  ASSERT_TRUE((*prefixed)->put_application(make_application("web-eu-1", labels("web", "1"), "eu-1", kPin)).ok());
  HttpArgoCdOptions o = options();
  o.base_url = (*prefixed)->url() + "/";
  auto got = client(o)->list_applications("");
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  EXPECT_EQ(names(*got), std::vector<std::string>{"web-eu-1"});
  EXPECT_EQ((*prefixed)->request_targets().back(), "GET /argocd/api/v1/applications");

  o.base_url = fake_->url() + "/argocd";  // the unprefixed fake has no API there
  expect_error(
      client(o)->list_applications(""), ErrorKind::NotFound,
      "Argo CD at " + fake_->url() + "/argocd has no application API (HTTP 404); check the URL and its path prefix");
}

TEST(HttpArgoCdClientCreateTest, ValidatesOptions) {
  struct Case {
    const char* name;
    std::function<void(HttpArgoCdOptions&)> edit;
    const char* want;  // "" = accepted
  };
  const Case cases[] = {
      {"valid", [](HttpArgoCdOptions&) {}, ""},
      {"token newline trimmed", [](HttpArgoCdOptions& o) { o.token = "  tok-123\n"; }, ""},
      {"empty token", [](HttpArgoCdOptions& o) { o.token = " \n"; },
       "the Argo CD token is empty; check --argocd-token-file"},
      {"token with newline inside", [](HttpArgoCdOptions& o) { o.token = "tok\r\nX-Evil: 1"; },
       "the Argo CD token contains control characters; check --argocd-token-file"},
      {"bad url", [](HttpArgoCdOptions& o) { o.base_url = "ftp://h"; },
       "Argo CD URL \"ftp://h\": scheme must be http or https"},
      {"url with credentials", [](HttpArgoCdOptions& o) { o.base_url = "https://admin:tok-123@h"; },
       "Argo CD URL \"https://***@h\": credentials do not belong in the URL; pass the token in a file"},
      {"ca with http", [](HttpArgoCdOptions& o) { o.ca_cert_path = "/etc/hostname"; },
       "a CA certificate file needs an https Argo CD URL, not http://127.0.0.1:8080"},
      {"missing ca file",
       [](HttpArgoCdOptions& o) {
         o.base_url = "https://h";
         o.ca_cert_path = "/nonexistent/ca.pem";
       },
       "cannot read the CA certificate file /nonexistent/ca.pem"},
      {"zero timeout", [](HttpArgoCdOptions& o) { o.read_timeout = std::chrono::milliseconds(0); },
       "Argo CD timeouts must be positive"},
      {"zero size limit", [](HttpArgoCdOptions& o) { o.max_response_bytes = 0; },
       "Argo CD response limits must be positive"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    HttpArgoCdOptions o;
    o.base_url = "http://127.0.0.1:8080";
    o.token = "tok-123";
    c.edit(o);
    auto got = HttpArgoCdClient::create(o);
    if (std::string(c.want).empty()) {
      EXPECT_TRUE(got.ok()) << got.error().to_string();
      continue;
    }
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().to_string(), c.want);
    EXPECT_EQ(got.error().to_string().find("tok-123"), std::string::npos);
  }
}

}  // namespace
}  // namespace fleetwave
