// Commit statuses against the recorded-shape fake (testkit/fakes/fake_hosting_server.h), for
// both hosts: the documented path, body and authentication, and refusals as values.
#include "adapters/hosting/commit_status.h"

#include <gtest/gtest.h>

#include "adapters/hosting/fake_provider_fixture.h"
#include "adapters/hosting/hosting_providers.h"

namespace fleetwave {
namespace {

using testkit::FakeProviderKind;

const std::string kSha = "0123456789abcdef0123456789abcdef01234567";

class CommitStatusTest : public testkit::FakeProviderTest {
 protected:
  void SetUp() override {
    FakeProviderTest::SetUp();
    if (HasFatalFailure()) return;
    auto client = make_commit_status_client(client_config(fake_->options().token + "\n"));
    ASSERT_TRUE(client.ok()) << client.error().to_string();
    client_ = std::move(client).value();
  }

  std::unique_ptr<CommitStatusClient> client_;
};

TEST_P(CommitStatusTest, PostsTheDocumentedRequest) {
  StatusPost post = client_->post(
      {kSha, "fleetwave/shop/europe", CommitState::Running, "rolling out", "https://board.example/apps/shop"});
  ASSERT_TRUE(post.ok) << (post.error ? post.error->to_string() : "");
  EXPECT_EQ(post.http_status, 201);
  EXPECT_EQ(fake_->request_log(),
            std::vector<std::string>{github() ? "POST /api/v3/repos/acme/fleet/statuses/" + kSha
                                              : "POST /api/v4/projects/acme%2Ffleet/statuses/" + kSha});
  auto statuses = fake_->statuses();
  ASSERT_EQ(statuses.size(), 1u);
  EXPECT_EQ(statuses[0].sha, kSha);
  EXPECT_EQ(statuses[0].context, "fleetwave/shop/europe");
  EXPECT_EQ(statuses[0].state, github() ? "pending" : "running");
  EXPECT_EQ(statuses[0].description, "rolling out");
  EXPECT_EQ(statuses[0].target_url, "https://board.example/apps/shop");
  EXPECT_EQ(statuses[0].authorization, github() ? "Bearer " + fake_->options().token : fake_->options().token);
}

TEST_P(CommitStatusTest, EveryStateIsOneTheHostAccepts) {
  const std::vector<std::pair<CommitState, std::string>> states = {
      {CommitState::Pending, "pending"},
      {CommitState::Running, github() ? "pending" : "running"},
      {CommitState::Success, "success"},
      {CommitState::Failure, github() ? "failure" : "failed"},
      {CommitState::Canceled, github() ? "error" : "canceled"}};
  for (std::size_t i = 0; i < states.size(); ++i) {
    SCOPED_TRACE(to_string(states[i].first));
    StatusPost post = client_->post({kSha, "fleetwave/shop/w" + std::to_string(i), states[i].first, "d", ""});
    ASSERT_TRUE(post.ok) << (post.error ? post.error->to_string() : "");
    EXPECT_EQ(fake_->statuses().back().state, states[i].second);
    EXPECT_EQ(fake_->statuses().back().target_url, "");  // left out when there is no board
  }
}

TEST_P(CommitStatusTest, RepeatingAStateIsNoFailure) {
  const CommitStatus status{kSha, "fleetwave/shop/canary", CommitState::Running, "rolling out", ""};
  ASSERT_TRUE(client_->post(status).ok);
  StatusPost again = client_->post(status);  // e.g. after a restart forgot what was posted
  EXPECT_TRUE(again.ok) << (again.error ? again.error->to_string() : "");
  EXPECT_EQ(again.http_status, github() ? 201 : 400);  // GitLab: "Cannot transition status via :run from :running"
  EXPECT_EQ(fake_->statuses().size(), github() ? 2u : 1u);
}

TEST_P(CommitStatusTest, RefusalsAreValuesWithTheHttpStatus) {
  struct Case {
    std::string name;
    int status;
    ErrorKind kind;
  };
  const std::vector<Case> cases = {
      {"validation", 422, ErrorKind::Conflict},
      {"server error", 500, ErrorKind::Transient},
      {"no permission", 403, ErrorKind::InvalidInput},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    fake_->set_response_override(testkit::FakeProviderResponse{c.status, R"({"message": "no"})", {}});
    StatusPost post = client_->post({kSha, "fleetwave/shop/canary", CommitState::Success, "wave done", ""});
    EXPECT_FALSE(post.ok);
    EXPECT_EQ(post.http_status, c.status);
    ASSERT_TRUE(post.error);
    EXPECT_EQ(post.error->kind, c.kind);
    EXPECT_EQ(post.error->to_string().find(fake_->options().token), std::string::npos);
  }
  fake_->set_response_override(std::nullopt);
}

INSTANTIATE_TEST_SUITE_P(Hosts, CommitStatusTest, ::testing::Values(FakeProviderKind::GitHub, FakeProviderKind::GitLab),
                         [](const auto& param_info) {
                           return param_info.param == FakeProviderKind::GitHub ? "GitHub" : "GitLab";
                         });

TEST(CommitStatusShape, DescriptionsAreCutAndEveryRowHasAShape) {
  CommitStatus status{kSha, "fleetwave/a/b", CommitState::Failure, std::string(200, 'x'), ""};
  for (const HostingProvider& p : hosting_providers()) {
    SCOPED_TRACE(std::string(p.name));
    ASSERT_NE(p.commit_status_request, nullptr);
    ProviderRequest r = p.commit_status_request("acme/fleet", status);
    EXPECT_EQ(r.method, "POST");
    EXPECT_EQ(string_at(r.body, {"description"}).size(), 140u);
    EXPECT_FALSE(r.body.contains("target_url"));
  }
  const auto& github = *find_hosting_provider("github");
  const auto& gitlab = *find_hosting_provider("gitlab");
  EXPECT_EQ(gitlab.commit_status_request("1234", status).path, "/projects/1234/statuses/" + kSha);
  EXPECT_EQ(github.commit_status_request("acme/fleet", status).body["context"], "fleetwave/a/b");
  EXPECT_EQ(gitlab.commit_status_request("acme/fleet", status).body["name"], "fleetwave/a/b");
}

TEST(CommitStatusShape, AnUnreachableHostHasNoStatus) {
  auto client = make_commit_status_client({"github", "http://127.0.0.1:1", "acme/fleet", "token", ""});
  ASSERT_TRUE(client.ok());
  StatusPost post = (*client)->post({kSha, "fleetwave/a/b", CommitState::Pending, "", ""});
  EXPECT_FALSE(post.ok);
  EXPECT_EQ(post.http_status, 0);
  ASSERT_TRUE(post.error);
  EXPECT_EQ(post.error->kind, ErrorKind::Transient);
  auto bad = make_commit_status_client({"bitbucket", "http://x", "a/b", "t", ""});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "unknown approval provider \"bitbucket\"; valid providers: github, gitlab");
}

}  // namespace
}  // namespace fleetwave
