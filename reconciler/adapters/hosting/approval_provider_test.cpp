// The GitHub and GitLab clients against the recorded-shape fake (testkit/fakes/fake_hosting_server.h):
// every case runs for both providers.
#include "adapters/hosting/approval_provider.h"

#include <gtest/gtest.h>

#include "adapters/hosting/fake_provider_fixture.h"

namespace fleetwave {
namespace {

using testkit::FakeProviderKind;

const char* kBranch = "fleetwave/approve/shop/abc1234/europe";

class ProviderTest : public testkit::FakeProviderTest {
 protected:
  void SetUp() override {
    FakeProviderTest::SetUp();
    if (HasFatalFailure()) return;
    provider_ = make(fake_->options().token + "\n");  // token files end in a newline
  }

  std::unique_ptr<ApprovalProvider> make(const std::string& token) {
    auto p = make_approval_provider(client_config(token));
    EXPECT_TRUE(p.ok()) << p.error().to_string();
    return p.ok() ? std::move(p).value() : nullptr;
  }

  ReviewRequest open_one() {
    auto r = provider_->find_or_open({kBranch, "main", "fleetwave(shop): approve abc1234 wave europe", "the body"});
    EXPECT_TRUE(r.ok()) << r.error().to_string();
    return r.ok() ? *r : ReviewRequest{};
  }

  std::unique_ptr<ApprovalProvider> provider_;
};

TEST_P(ProviderTest, OpensOnceAndFindsTheOpenRequestAfterwards) {
  auto none = provider_->find(kBranch);
  ASSERT_TRUE(none.ok()) << none.error().to_string();
  EXPECT_FALSE(*none);

  ReviewRequest first = open_one();
  EXPECT_EQ(first.number, 1);
  EXPECT_EQ(first.state, RequestState::Open);
  EXPECT_EQ(first.head_branch, kBranch);
  EXPECT_EQ(first.url, github() ? "https://github.example/acme/fleet/pull/1"
                                : "https://gitlab.example/acme/fleet/-/merge_requests/1");
  ReviewRequest again = open_one();
  EXPECT_EQ(again.number, 1);
  ASSERT_EQ(fake_->requests().size(), 1u);
  const testkit::FakeRequest stored = fake_->requests()[0];
  EXPECT_EQ(stored.head, kBranch);
  EXPECT_EQ(stored.base, "main");
  EXPECT_EQ(stored.title, "fleetwave(shop): approve abc1234 wave europe");
  EXPECT_EQ(stored.body, "the body");
}

TEST_P(ProviderTest, SendsTheDocumentedRequests) {
  ReviewRequest r = open_one();
  ASSERT_TRUE(provider_->review_state(r).ok());
  std::vector<std::string> want =
      github() ? std::vector<std::string>{"GET /api/v3/repos/acme/fleet/pulls?head=acme%3Afleetwave%2Fapprove%2Fshop%2Fabc1234%2Feurope&state=all&per_page=100",
                                          "POST /api/v3/repos/acme/fleet/pulls",
                                          "GET /api/v3/repos/acme/fleet/pulls/1",
                                          "GET /api/v3/repos/acme/fleet/pulls/1/reviews?per_page=100"}
               : std::vector<std::string>{"GET /api/v4/projects/acme%2Ffleet/merge_requests?source_branch=fleetwave%2Fapprove%2Fshop%2Fabc1234%2Feurope&state=opened",
                                          "GET /api/v4/projects/acme%2Ffleet/merge_requests?source_branch=fleetwave%2Fapprove%2Fshop%2Fabc1234%2Feurope",
                                          "POST /api/v4/projects/acme%2Ffleet/merge_requests",
                                          "GET /api/v4/projects/acme%2Ffleet/merge_requests/1",
                                          "GET /api/v4/projects/acme%2Ffleet/merge_requests/1/approvals"};
  EXPECT_EQ(fake_->request_log(), want);
}

TEST_P(ProviderTest, ReviewStateFollowsEachReviewersLatestDecision) {
  struct Case {
    std::string name;
    std::vector<std::pair<std::string, std::string>> reviews;
    std::vector<std::string> want;
  };
  std::vector<Case> cases = {
      {"no reviews", {}, {}},
      {"approved", {{"alice", "APPROVED"}}, {"alice"}},
      {"comment only", {{"alice", "COMMENTED"}}, {}},
  };
  if (github()) {  // GitLab approvals have no "changes requested"
    cases.push_back({"changes requested", {{"alice", "CHANGES_REQUESTED"}}, {}});
    cases.push_back({"approved then changes requested", {{"alice", "APPROVED"}, {"alice", "CHANGES_REQUESTED"}}, {}});
    cases.push_back({"changes requested then approved", {{"bob", "CHANGES_REQUESTED"}, {"bob", "APPROVED"}}, {"bob"}});
    cases.push_back({"approval survives a later comment", {{"bob", "APPROVED"}, {"bob", "COMMENTED"}}, {"bob"}});
    cases.push_back({"dismissed", {{"carol", "APPROVED"}, {"carol", "DISMISSED"}}, {}});
  }
  cases.push_back({"two approvers, sorted", {{"zed", "APPROVED"}, {"amy", "APPROVED"}}, {"amy", "zed"}});
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::int64_t n = fake_->add_request({0, kBranch, "main", "t", "b", "open", {}, {}});
    for (const auto& [login, state] : c.reviews) ASSERT_TRUE(fake_->review(n, login, state).ok());
    auto state = provider_->review_state({n, "", kBranch, RequestState::Open});
    ASSERT_TRUE(state.ok()) << state.error().to_string();
    EXPECT_EQ(state->state, RequestState::Open);
    EXPECT_EQ(state->approvers, c.want);
    EXPECT_EQ(state->approved(), !c.want.empty());
  }
}

TEST_P(ProviderTest, MergedAndClosedRequests) {
  std::int64_t merged = fake_->add_request({0, kBranch, "main", "t", "b", "merged", {{"alice", "APPROVED"}}, {}});
  std::int64_t closed = fake_->add_request({0, "other", "main", "t", "b", "closed", {}, {}});
  auto m = provider_->review_state({merged, "", kBranch, RequestState::Open});
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->state, RequestState::Merged);
  auto c = provider_->review_state({closed, "", "other", RequestState::Open});
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->state, RequestState::Closed);
  // find() reports a request that is no longer open instead of letting a new one be opened.
  auto found = provider_->find(kBranch);
  ASSERT_TRUE(found.ok() && *found);
  EXPECT_EQ((*found)->state, RequestState::Merged);
  auto declined = provider_->find_or_open({"other", "main", "t", "b"});
  ASSERT_TRUE(declined.ok());
  EXPECT_EQ(declined->number, closed);
  EXPECT_EQ(declined->state, RequestState::Closed);
  EXPECT_EQ(fake_->requests().size(), 2u);
}

TEST_P(ProviderTest, CommentsAndCloses) {
  ReviewRequest r = open_one();
  ASSERT_TRUE(provider_->comment(r, "wave europe started").ok());
  ASSERT_TRUE(provider_->close(r).ok());
  auto stored = fake_->request(r.number);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->comments, std::vector<std::string>{"wave europe started"});
  EXPECT_EQ(stored->state, "closed");
  auto state = provider_->review_state(r);
  ASSERT_TRUE(state.ok());
  EXPECT_EQ(state->state, RequestState::Closed);
}

// GitLab-only behaviour: the same fixture, instantiated for GitLab alone.
class GitLabProviderTest : public ProviderTest {};

TEST_P(GitLabProviderTest, ApprovedWithoutApproverIsNotAnApproval) {
  // The fake requires no approvals (the GitLab default): approved is true, approved_by empty.
  ReviewRequest r = open_one();
  auto state = provider_->review_state(r);
  ASSERT_TRUE(state.ok());
  EXPECT_FALSE(state->approved());
}

TEST_P(ProviderTest, ErrorsCarryKindsAndNeverTheToken) {
  struct Case {
    std::string name;
    int status;
    std::string body;
    std::map<std::string, std::string> headers;
    ErrorKind want;
  };
  const std::string token = fake_->options().token;
  std::vector<Case> cases = {
      {"server error", 502, "{\"message\":\"Server Error\"}", {}, ErrorKind::Transient},
      {"rate limited",
       403,
       "{\"message\":\"API rate limit exceeded\"}",
       {{"X-RateLimit-Remaining", "0"}},
       ErrorKind::Transient},
      {"forbidden",
       403,
       "{\"message\":\"Resource not accessible by integration " + token + "\"}",
       {},
       ErrorKind::InvalidInput},
      {"not found", 404, "{\"message\":\"Not Found\"}", {}, ErrorKind::NotFound},
      {"validation", 422, "{\"message\":\"Validation Failed\"}", {}, ErrorKind::Conflict},
      {"not json", 200, "<html>", {}, ErrorKind::Transient},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    fake_->set_response_override(testkit::FakeProviderResponse{c.status, c.body, c.headers});
    auto r = provider_->find(kBranch);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, c.want) << r.error().to_string();
    EXPECT_EQ(r.error().to_string().find(token), std::string::npos) << r.error().to_string();
  }
  fake_->set_response_override(std::nullopt);
  fake_->set_unavailable(true);
  auto down = provider_->find(kBranch);
  ASSERT_FALSE(down.ok());
  EXPECT_EQ(down.error().kind, ErrorKind::Transient);
}

TEST_P(ProviderTest, AWrongTokenIsRejectedWithoutBeingQuoted) {
  auto wrong = make("wrong-token-9876543210");
  auto r = wrong->find(kBranch);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::InvalidInput);
  const std::string label = github() ? "github" : "gitlab";
  const std::string list = github() ? "list pull requests of " : "list merge requests of ";
  EXPECT_EQ(r.error().message, label + " API at " + fake_->api_url() + ": " + list + kBranch + ": HTTP 401 (" +
                                   (github() ? "Bad credentials" : "401 Unauthorized") + "); check the " + label +
                                   " token");
  EXPECT_EQ(r.error().to_string().find("wrong-token"), std::string::npos);
}

TEST_P(ProviderTest, UnreachableServerIsTransient) {
  std::string url = fake_->api_url();
  fake_.reset();  // nothing listens there any more
  auto p = make_approval_provider({github() ? "github" : "gitlab", url, "acme/fleet", "t0ken-value", ""});
  ASSERT_TRUE(p.ok());
  auto r = (*p)->find(kBranch);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::Transient);
}

INSTANTIATE_TEST_SUITE_P(Providers, ProviderTest, ::testing::Values(FakeProviderKind::GitHub, FakeProviderKind::GitLab),
                         [](const auto& param_info) {
                           return param_info.param == FakeProviderKind::GitHub ? "GitHub" : "GitLab";
                         });
INSTANTIATE_TEST_SUITE_P(GitLab, GitLabProviderTest, ::testing::Values(FakeProviderKind::GitLab));

TEST(MakeApprovalProviderTest, RejectsBadConfiguration) {
  struct Case {
    std::string name;
    ApprovalProviderConfig config;
    std::string want;
  };
  const std::vector<Case> cases = {
      {"unknown provider",
       {"bitbucket", "https://x", "a/b", "t", ""},
       "unknown approval provider \"bitbucket\"; valid providers: github, gitlab"},
      {"empty url", {"github", "", "a/b", "t", ""}, "the github API URL is empty (e.g. https://api.github.com)"},
      {"github repo",
       {"github", "https://x", "a/b/c", "t", ""},
       "invalid github repository \"a/b/c\"; expected OWNER/NAME"},
      {"gitlab repo",
       {"gitlab", "https://x", "/a", "t", ""},
       "invalid gitlab repository \"/a\"; expected GROUP/NAME or a numeric project id"},
      {"empty token",
       {"gitlab", "https://x/api/v4", "g/p", " \n", ""},
       "the gitlab token is empty; check the token file"},
      {"token control",
       {"github", "https://x", "a/b", "a\rb", ""},
       "the github token contains control characters; check the token file"},
      {"bad scheme", {"github", "ftp://x", "a/b", "t", ""}, "github API URL \"ftp://x\": scheme must be http or https"},
      {"ca with http",
       {"github", "http://x", "a/b", "t", "/etc/hosts"},
       "a CA file needs an https github API URL, not http://x"},
      {"missing ca",
       {"github", "https://x", "a/b", "t", "/nonexistent/ca.pem"},
       "cannot read the CA file /nonexistent/ca.pem"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto p = make_approval_provider(c.config);
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(p.error().message, c.want);
  }
  auto ghe = make_approval_provider({"github", "https://ghe.example.com/api/v3/", "a/b", "t", ""});
  ASSERT_TRUE(ghe.ok());
  EXPECT_EQ((*ghe)->name(), "github");
  auto numeric = make_approval_provider({"gitlab", "https://gitlab.example.com/api/v4", "1234", "t", ""});
  ASSERT_TRUE(numeric.ok());
  EXPECT_EQ((*numeric)->name(), "gitlab");
}

}  // namespace
}  // namespace fleetwave
