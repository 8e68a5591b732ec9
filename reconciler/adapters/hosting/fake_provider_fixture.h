// Test fixture (header-only) for the hosting clients against the recorded-shape fake of GitHub
// and GitLab (testkit/fakes/fake_hosting_server.h): every case runs once per provider.
#pragma once

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "adapters/hosting/approval_provider.h"
#include "testkit/fakes/fake_hosting_server.h"

namespace fleetwave::testkit {

class FakeProviderTest : public ::testing::TestWithParam<FakeProviderKind> {
 protected:
  // Starts the fake of the provider the test runs for.
  void SetUp() override {
    FakeGitProviderOptions options;
    options.kind = GetParam();
    auto fake = FakeGitProvider::start(options);
    ASSERT_TRUE(fake.ok()) << fake.error().to_string();
    fake_ = std::move(fake).value();
  }

  bool github() const { return GetParam() == FakeProviderKind::GitHub; }

  // Client settings for the fake's repository "acme/fleet", authenticating with `token`.
  ApprovalProviderConfig client_config(const std::string& token) const {
    return {github() ? "github" : "gitlab", fake_->api_url(), "acme/fleet", token, ""};
  }

  std::unique_ptr<FakeGitProvider> fake_;
};

}  // namespace fleetwave::testkit
