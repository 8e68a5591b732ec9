// HttpArgoCdClient over HTTPS against the fake Argo CD, with a throwaway CA made by the openssl
// CLI for each test (testkit/servers/tls_test_certs.h).
#include <gtest/gtest.h>

#include "adapters/argocd/http_argocd_client.h"
#include "testkit/fakes/fake_argocd.h"
#include "testkit/process/scratch_dir_fixture.h"
#include "testkit/process/temp_dir.h"
#include "testkit/servers/tls_test_certs.h"

namespace fleetwave {
namespace {

using testkit::FakeArgoCd;
using testkit::TempDir;

class HttpArgoCdClientTlsTest : public testkit::TlsFilesTest {
 protected:
  void SetUp() override {
    set_up_tls_files("fw-argocd-tls");
    if (HasFatalFailure()) return;
    fake_ = start(files_.server_cert, files_.server_key);
    ASSERT_NE(fake_, nullptr);
    auto app = testkit::make_application("web-eu-1", {{"fleetwave.io/app", "web"}}, "eu-1", "abc123");
    ASSERT_TRUE(fake_->put_application(app).ok());
  }

  std::unique_ptr<FakeArgoCd> start(const std::string& cert, const std::string& key) {
    testkit::FakeArgoCdOptions o;
    o.tls_cert_path = cert;
    o.tls_key_path = key;
    auto fake = FakeArgoCd::start(o);
    EXPECT_TRUE(fake.ok()) << fake.error().to_string();
    return fake.ok() ? std::move(fake).value() : nullptr;
  }

  Result<std::vector<ApplicationSummary>> list(const FakeArgoCd& fake, const std::string& ca, bool insecure = false,
                                               const std::string& url = "") {
    HttpArgoCdOptions o;
    o.base_url = url.empty() ? fake.url() : url;
    o.token = fake.token();
    o.ca_cert_path = ca;
    o.insecure_skip_tls_verify = insecure;
    o.connect_timeout = std::chrono::milliseconds(2000);
    o.read_timeout = std::chrono::milliseconds(5000);
    auto client = HttpArgoCdClient::create(o);
    if (!client.ok()) return client.error();
    return (*client)->list_applications("");
  }

  std::unique_ptr<FakeArgoCd> fake_;
};

TEST_F(HttpArgoCdClientTlsTest, TrustsTheServerThroughTheGivenCa) {
  auto got = list(*fake_, files_.ca_cert);
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  ASSERT_EQ(got->size(), 1u);
  EXPECT_EQ((*got)[0].name, "web-eu-1");
  EXPECT_EQ(fake_->url().rfind("https://127.0.0.1:", 0), 0u);
}

TEST_F(HttpArgoCdClientTlsTest, RejectsUntrustedCertificates) {
  auto other = TempDir::create("fw-argocd-tls-other");
  ASSERT_TRUE(other.ok()) << other.error().to_string();
  auto other_files = testkit::make_test_tls_files(other->path());
  ASSERT_TRUE(other_files.ok()) << other_files.error().to_string();
  struct Case {
    const char* name;
    std::string ca;
  };
  const Case cases[] = {
      {"system store does not know the CA", ""},
      {"another CA", other_files->ca_cert},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = list(*fake_, c.ca);
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().to_string(), "TLS certificate of Argo CD at " + fake_->url() +
                                           " not trusted: unable to get the local issuer certificate");
    EXPECT_EQ(got.error().to_string().find(fake_->token()), std::string::npos);
  }
  EXPECT_TRUE(fake_->request_targets().empty());  // nothing, not even the token, was sent
}

TEST_F(HttpArgoCdClientTlsTest, RejectsACertificateForAnotherHost) {
  auto other = TempDir::create("fw-argocd-tls-host");
  ASSERT_TRUE(other.ok()) << other.error().to_string();
  auto files = testkit::make_test_tls_files(other->path(), "DNS:argocd.example.com");
  ASSERT_TRUE(files.ok()) << files.error().to_string();
  auto fake = start(files->server_cert, files->server_key);
  ASSERT_NE(fake, nullptr);
  auto got = list(*fake, files->ca_cert);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
  EXPECT_EQ(got.error().to_string(),
            "TLS certificate of Argo CD at " + fake->url() + " not trusted: certificate does not match the host name");
}

TEST_F(HttpArgoCdClientTlsTest, InsecureSkipsVerification) {
  auto got = list(*fake_, "", /*insecure=*/true);
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  EXPECT_EQ(got->size(), 1u);
}

TEST_F(HttpArgoCdClientTlsTest, UnloadableCaIsInvalidInput) {
  std::string bogus = dir_->path() + "/bogus-ca.pem";
  ASSERT_TRUE(testkit::write_text_file(bogus, "not a certificate\n").ok());
  auto got = list(*fake_, bogus);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
  EXPECT_EQ(got.error().to_string(), "cannot load CA certificates from " + bogus);
}

TEST_F(HttpArgoCdClientTlsTest, HttpsAgainstPlainHttpIsTransient) {
  auto plain = FakeArgoCd::start();
  ASSERT_TRUE(plain.ok()) << plain.error().to_string();
  std::string url = "https://127.0.0.1:" + std::to_string((*plain)->port());
  auto got = list(**plain, files_.ca_cert, false, url);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().kind, ErrorKind::Transient);
  EXPECT_EQ(got.error().to_string(), "Argo CD at " + url + " unreachable: TLS handshake failed");
}

}  // namespace
}  // namespace fleetwave
