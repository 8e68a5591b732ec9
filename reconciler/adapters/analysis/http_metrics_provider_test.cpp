// HttpMetricsProvider against an in-process loopback server (analysis_http_fixture.h): what it
// sends, that every status is an answer, and that only a missing answer is an error.
#include "adapters/analysis/http_metrics_provider.h"

#include <gtest/gtest.h>

#include "adapters/analysis/analysis_http_fixture.h"
#include "testkit/process/free_port.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave {
namespace {

using testing_analysis::RecordingServer;

constexpr const char* kToken = "prom-secret-token-4711";

std::unique_ptr<HttpMetricsProvider> provider(MetricsProviderSettings s) {
  auto made = HttpMetricsProvider::create(s);
  EXPECT_TRUE(made.ok()) << made.error().to_string();
  return made.ok() ? std::move(made).value() : nullptr;
}

MetricsProviderSettings settings(const std::string& url, const std::string& token = kToken) {
  MetricsProviderSettings s;
  s.url = url;
  s.token = token;
  s.timeout_ms = 2000;
  return s;
}

RangeQuery error_rate() {
  return {"sum(rate(http_requests_total{code=~\"5..\"}[1m])) / sum(rate(http_requests_total[1m]))", 1800000030000,
          1800000330500, 30500};
}

TEST(PrometheusParametersTest, TimesAreSecondsWithMillisecondsAndStepsDropTrailingZeros) {
  EXPECT_EQ(prometheus_time(1800000030000), "1800000030.000");
  EXPECT_EQ(prometheus_time(1800000030123), "1800000030.123");
  EXPECT_EQ(prometheus_time(5), "0.005");
  EXPECT_EQ(prometheus_time(0), "0.000");
  EXPECT_EQ(prometheus_step(30000), "30");
  EXPECT_EQ(prometheus_step(30500), "30.5");
  EXPECT_EQ(prometheus_step(250), "0.25");
  EXPECT_EQ(prometheus_step(1001), "1.001");
}

TEST(HttpMetricsProviderTest, SendsTheRangeQueryUnderThePathPrefixWithTheToken) {
  RecordingServer server;
  ASSERT_TRUE(server.running());
  const std::string body = R"({"status":"success","data":{"resultType":"matrix","result":[]}})";
  server.answer(200, body);
  auto p = provider(settings(server.url() + "/prometheus/"));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->describe(), server.url() + "/prometheus");

  auto got = p->query_range(error_rate());
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  EXPECT_EQ(got->status, 200);
  EXPECT_EQ(got->body, body);
  auto requests = server.requests();
  ASSERT_EQ(requests.size(), 1u);
  const auto& r = requests[0];
  EXPECT_EQ(r.method, "GET");
  EXPECT_EQ(r.path, "/prometheus/api/v1/query_range");
  EXPECT_EQ(r.param("query"), error_rate().query);  // percent-encoded on the wire, decoded by the server
  EXPECT_EQ(r.param("start"), "1800000030.000");
  EXPECT_EQ(r.param("end"), "1800000330.500");
  EXPECT_EQ(r.param("step"), "30.5");
  EXPECT_EQ(r.header("Authorization"), std::string("Bearer ") + kToken);
  EXPECT_EQ(r.header("Accept"), "application/json");
  EXPECT_EQ(r.target.find(' '), std::string::npos);
}

// The instant query that tells a scalar expression from a vector, at one measurement time.
TEST(HttpMetricsProviderTest, SendsTheInstantQueryUnderThePathPrefixWithTheToken) {
  RecordingServer server;
  ASSERT_TRUE(server.running());
  const std::string body = R"({"status":"success","data":{"resultType":"scalar","result":[1800000030,"1"]}})";
  server.answer(200, body);
  auto p = provider(settings(server.url() + "/prometheus"));
  ASSERT_NE(p, nullptr);
  auto got = p->query_instant(error_rate().query, 1800000030123);
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  EXPECT_EQ(got->body, body);
  auto requests = server.requests();
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0].path, "/prometheus/api/v1/query");
  EXPECT_EQ(requests[0].param("query"), error_rate().query);
  EXPECT_EQ(requests[0].param("time"), "1800000030.123");
  EXPECT_EQ(requests[0].header("Authorization"), std::string("Bearer ") + kToken);
  EXPECT_FALSE(p->query_instant("", 1).ok()) << "an empty query is refused without sending it";
  EXPECT_EQ(server.requests().size(), 1u);
}

TEST(HttpMetricsProviderTest, SendsNoAuthorizationWithoutAToken) {
  RecordingServer server;
  ASSERT_TRUE(server.running());
  auto p = provider(settings(server.url(), ""));
  ASSERT_NE(p, nullptr);
  ASSERT_TRUE(p->query_range(error_rate()).ok());
  ASSERT_EQ(server.requests().size(), 1u);
  EXPECT_EQ(server.requests()[0].path, "/api/v1/query_range");
  EXPECT_EQ(server.requests()[0].header("Authorization"), "<absent>");
}

TEST(HttpMetricsProviderTest, EveryStatusIsAnAnswer) {
  RecordingServer server;
  ASSERT_TRUE(server.running());
  auto p = provider(settings(server.url()));
  ASSERT_NE(p, nullptr);
  const std::string bad_data =
      R"({"status":"error","errorType":"bad_data","error":"invalid parameter \"query\": 1:5: parse error"})";
  for (int status : {400, 401, 422, 503}) {
    SCOPED_TRACE(status);
    server.answer(status, bad_data);
    auto got = p->query_range(error_rate());
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(got->status, status);
    EXPECT_EQ(got->body, bad_data);
  }
  server.answer([](const httplib::Request&, httplib::Response& res) {
    res.status = 302;
    res.set_header("Location", "http://elsewhere.example/");
  });
  auto redirect = p->query_range(error_rate());
  ASSERT_TRUE(redirect.ok()) << redirect.error().to_string();
  EXPECT_EQ(redirect->status, 302);  // not followed: the token stays with the configured server
}

TEST(HttpMetricsProviderTest, ASlowServerIsTransientAndNamesTheTimeout) {
  RecordingServer server;
  ASSERT_TRUE(server.running());
  server.answer([](const httplib::Request&, httplib::Response& res) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));
    res.set_content("{}", "application/json");
  });
  MetricsProviderSettings s = settings(server.url());
  s.timeout_ms = 300;
  auto p = provider(s);
  ASSERT_NE(p, nullptr);
  const auto start = std::chrono::steady_clock::now();
  auto got = p->query_range(error_rate());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(1100));
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::Transient);
  EXPECT_EQ(got.error().to_string(), "prometheus at " + server.url() + " unreachable: timed out after 300ms");
  EXPECT_EQ(got.error().to_string().find(kToken), std::string::npos);
}

TEST(HttpMetricsProviderTest, AServerThatTricklesItsAnswerTimesOutAtTheDeadline) {
  RecordingServer server;
  ASSERT_TRUE(server.running());
  // Each byte arrives well within the read timeout; the whole answer never does.
  server.answer([](const httplib::Request&, httplib::Response& res) {
    res.set_chunked_content_provider("application/json", [](std::size_t offset, httplib::DataSink& sink) {
      if (offset >= 20) {
        sink.done();
        return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      return sink.write(" ", 1);
    });
  });
  MetricsProviderSettings s = settings(server.url());
  s.timeout_ms = 500;
  auto p = provider(s);
  ASSERT_NE(p, nullptr);
  auto got = p->query_range(error_rate());
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::Transient);
  EXPECT_EQ(got.error().to_string(), "prometheus at " + server.url() + " unreachable: timed out after 500ms");
}

TEST(HttpMetricsProviderTest, ARefusedPortIsTransient) {
  auto port = testkit::pick_free_port();
  ASSERT_TRUE(port.ok()) << port.error().to_string();
  const std::string url = "http://127.0.0.1:" + std::to_string(*port);
  auto p = provider(settings(url));
  ASSERT_NE(p, nullptr);
  auto got = p->query_range(error_rate());
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::Transient);
  EXPECT_EQ(got.error().to_string(), "prometheus at " + url +
                                         " unreachable: connection failed (refused, no route to the host, or its "
                                         "name does not resolve)");
}

TEST(HttpMetricsProviderTest, AnAnswerOverTheSizeLimitIsTransient) {
  RecordingServer server;
  ASSERT_TRUE(server.running());
  server.answer(200, std::string(4096, 'x'));
  MetricsProviderSettings s = settings(server.url());
  s.max_response_bytes = 1000;
  auto p = provider(s);
  ASSERT_NE(p, nullptr);
  auto got = p->query_range(error_rate());
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::Transient);
  EXPECT_EQ(got.error().to_string(), "prometheus at " + server.url() + " sent an answer larger than 1000 bytes");
}

TEST(HttpMetricsProviderTest, RefusesABadQueryWithoutSendingIt) {
  RecordingServer server;
  ASSERT_TRUE(server.running());
  auto p = provider(settings(server.url()));
  ASSERT_NE(p, nullptr);
  struct Case {
    RangeQuery query;
    std::string message;
  };
  const Case cases[] = {
      {{"", 0, 1000, 1000}, "prometheus query_range: the query is empty"},
      {{"up", 0, 1000, 0}, "prometheus query_range: the step must be positive"},
      {{"up", 2000, 1000, 1000}, "prometheus query_range: the end is before the start"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    auto got = p->query_range(c.query);
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().to_string(), c.message);
  }
  EXPECT_TRUE(server.requests().empty());
}

TEST(HttpMetricsProviderTest, CreateRefusesBadSettingsNamingTheFlag) {
  auto dir = testkit::TempDir::create("fw-prom-settings");
  ASSERT_TRUE(dir.ok()) << dir.error().to_string();
  const std::string not_pem = dir->path() + "/ca.txt";
  ASSERT_TRUE(testkit::write_text_file(not_pem, "hello\n").ok());
  struct Case {
    const char* name;
    MetricsProviderSettings settings;
    std::string message;
  };
  const Case cases[] = {
      {"scheme",
       {"ftp://prom:9090", "", "", false, 1000, 1000},
       "--prometheus-url \"ftp://prom:9090\": scheme must be http or https"},
      {"credentials",
       {"https://admin:hunter22@prom:9090", "", "", false, 1000, 1000},
       "--prometheus-url \"https://***@prom:9090\": credentials do not belong in the URL; pass the token in a file"},
      {"token",
       {"https://prom:9090", "abc\ndef", "", false, 1000, 1000},
       "the Prometheus token contains control characters; check --prometheus-token-file"},
      {"ca with http",
       {"http://prom:9090", "", not_pem, false, 1000, 1000},
       "--prometheus-ca-file needs an https --prometheus-url, not http://prom:9090"},
      {"ca missing",
       {"https://prom:9090", "", dir->path() + "/nope.pem", false, 1000, 1000},
       "--prometheus-ca-file: cannot read the CA file " + dir->path() +
           "/nope.pem; check the path and its permissions"},
      {"ca not pem",
       {"https://prom:9090", "", not_pem, false, 1000, 1000},
       "--prometheus-ca-file: " + not_pem + " holds no PEM certificate (-----BEGIN CERTIFICATE-----)"},
      {"timeout", {"https://prom:9090", "", "", false, 0, 1000}, "prometheus: the timeout must be positive"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = HttpMetricsProvider::create(c.settings);
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().to_string(), c.message);
    EXPECT_EQ(got.error().to_string().find("hunter22"), std::string::npos);
  }
}

}  // namespace
}  // namespace fleetwave
