// HttpMetricsProvider and HttpWebProbe over HTTPS against an in-process loopback server with a
// throwaway CA made by the openssl CLI for each test (testkit/servers/tls_test_certs.h).
#include <gtest/gtest.h>

#include "adapters/analysis/analysis_http_fixture.h"
#include "adapters/analysis/http_metrics_provider.h"
#include "adapters/analysis/http_web_probe.h"
#include "testkit/process/scratch_dir_fixture.h"
#include "testkit/servers/tls_test_certs.h"

namespace fleetwave {
namespace {

using testing_analysis::RecordingServer;

class AnalysisHttpTlsTest : public testkit::TlsFilesTest {
 protected:
  void SetUp() override {
    set_up_tls_files("fw-analysis-tls");
    if (HasFatalFailure()) return;
    server_ = std::make_unique<RecordingServer>(files_.server_cert, files_.server_key);
    ASSERT_TRUE(server_->running());
    server_->answer(200, R"({"status":"success"})");
  }

  Result<HttpAnswer> query(const std::string& ca, bool insecure = false) {
    MetricsProviderSettings s;
    s.url = server_->url("https");
    s.token = "tls-token-1234";
    s.ca_file = ca;
    s.insecure_skip_tls_verify = insecure;
    s.timeout_ms = 5000;
    auto p = HttpMetricsProvider::create(s);
    if (!p.ok()) return p.error();
    return (*p)->query_range({"up", 0, 60000, 15000});
  }

  std::unique_ptr<RecordingServer> server_;
};

TEST_F(AnalysisHttpTlsTest, MetricsTrustTheServerThroughTheGivenCa) {
  auto got = query(files_.ca_cert);
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  EXPECT_EQ(got->status, 200);
  ASSERT_EQ(server_->requests().size(), 1u);
  EXPECT_EQ(server_->requests()[0].header("Authorization"), "Bearer tls-token-1234");
}

TEST_F(AnalysisHttpTlsTest, AnUntrustedCertificateIsTransientAndNamesTheFlag) {
  auto got = query("");
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::Transient);
  EXPECT_EQ(got.error().to_string(), "prometheus at " + server_->url("https") +
                                         " unreachable: TLS certificate not trusted: unable to get the local issuer "
                                         "certificate; set --prometheus-ca-file to the CA that signed its certificate");
  EXPECT_TRUE(server_->requests().empty());  // nothing, not even the token, was sent
}

TEST_F(AnalysisHttpTlsTest, InsecureSkipsVerification) {
  auto got = query("", /*insecure=*/true);
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  EXPECT_EQ(got->status, 200);
}

TEST_F(AnalysisHttpTlsTest, WebProbeUsesItsCaFile) {
  WebProbeSettings s;
  s.ca_file = files_.ca_cert;
  auto probe = HttpWebProbe::create(s);
  ASSERT_TRUE(probe.ok()) << probe.error().to_string();
  auto got = (*probe)->fetch({server_->url("https") + "/health", "GET", {}});
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  EXPECT_EQ(got->status, 200);

  auto untrusted = HttpWebProbe::create({});
  ASSERT_TRUE(untrusted.ok());
  auto refused = (*untrusted)->fetch({server_->url("https") + "/health", "GET", {}});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::Transient);
  EXPECT_EQ(refused.error().to_string(),
            "web check at " + server_->url("https") +
                "/health unreachable: TLS certificate not trusted: unable to get the local issuer certificate; the "
                "server needs a certificate the system's CA store trusts");
}

}  // namespace
}  // namespace fleetwave
