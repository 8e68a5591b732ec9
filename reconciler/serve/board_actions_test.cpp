// The board's actions as functions of a request: what each person is offered as the app stands,
// and every refusal before a step is taken (no credentials, no right, another site, no CSRF
// token, a bad body), then what is handed to the step and what comes back. The step itself
// (made and pushed on a real remote) is Reconciler::take_manual_step's, tested in
// reconcile/reconciler_test.cpp.
#include "serve/board_actions.h"

#include <gtest/gtest.h>

namespace fleetwave::serve {
namespace {

constexpr const char* kAlice = "YWxpY2VAZXhhbXBsZS5jb206YWxpY2UtdG9rZW4=";  // alice@example.com:alice-token
constexpr const char* kBob = "Ym9iQGV4YW1wbGUuY29tOmJvYi10b2tlbg==";        // bob@example.com:bob-token

BoardActors actors() {
  auto parsed = BoardActors::parse(
      "alice@example.com * sha256:9c220f200955d76c0a38d308225e0ef10c5f971acaf2f8d1d8f732affa5bd1dc Alice Doe\n"
      "bob@example.com pause sha256:97dd3707015dcf069cf73022ed7173b1165db6eff24b441cb57fd069a8c4e525 Bob\n",
      "actors");
  EXPECT_TRUE(parsed.ok());
  return std::move(parsed).value();
}

// shop waits for the approval of its wave rest; eu-2 is held.
Json shop() {
  return Json::parse(R"({"app":"shop","phase":"WaitingApproval","paused":false,"release":"abc","waves":[
    {"name":"europe","approval":"none","approved":false,"clusters":[{"cluster":"eu-1","held":""},{"cluster":"eu-2","held":"disk"}]},
    {"name":"rest","approval":"required","approved":false,"clusters":[{"cluster":"us-1","held":""}]}]})");
}

std::vector<std::string> names(const Json& offered) {
  std::vector<std::string> out;
  for (const Json& a : offered) out.push_back(a["action"]);
  return out;
}

TEST(BoardActionsOffer, WhatTheAppAllowsAndThePersonMay) {
  BoardActors all = actors();
  const BoardActor* alice = all.authenticate({{"authorization", std::string("Basic ") + kAlice}});
  const BoardActor* bob = all.authenticate({{"authorization", std::string("Basic ") + kBob}});
  ASSERT_TRUE(alice != nullptr && bob != nullptr);
  Json offered = offered_actions(shop(), *alice);
  EXPECT_EQ(names(offered),
            (std::vector<std::string>{"approve", "pause", "rollback", "promote", "hold", "release-hold"}));
  EXPECT_EQ(offered[0]["wave"], "rest");
  EXPECT_EQ(offered[1]["needsReason"], true);
  EXPECT_EQ(offered[4]["takesClusters"], true);
  EXPECT_EQ(names(offered_actions(shop(), *bob)), (std::vector<std::string>{"pause"}));

  Json paused = shop();
  paused["paused"] = true;
  paused["waves"][1]["approved"] = true;
  paused["waves"][0]["clusters"][1]["held"] = "";
  EXPECT_EQ(names(offered_actions(paused, *alice)),
            (std::vector<std::string>{"resume", "rollback", "promote", "hold"}));
  Json stable = {{"app", "web"}, {"phase", "Stable"}, {"paused", false}, {"release", ""}, {"waves", Json::array()}};
  EXPECT_EQ(names(offered_actions(stable, *alice)), (std::vector<std::string>{"pause"}));
}

TEST(BoardActionsOffer, CrossSiteRequestsAreTold) {
  auto with = [](std::map<std::string, std::string> headers) { return ApiRequest{std::move(headers), "", {}}; };
  EXPECT_EQ(cross_site_reason(with({})), "")
      << "a client that names no origin (curl) is not a browser's cross-site form";
  EXPECT_EQ(cross_site_reason(with({{"origin", "http://board:8080"}, {"host", "board:8080"}})), "");
  EXPECT_EQ(cross_site_reason(with({{"origin", "https://fleet.example.com"},
                                    {"host", "10.0.0.1:8080"},
                                    {"x-forwarded-host", "fleet.example.com"}})),
            "");
  EXPECT_EQ(cross_site_reason(with({{"origin", "https://evil.example"}, {"host", "board:8080"}})),
            "Origin https://evil.example is not this board");
  EXPECT_EQ(cross_site_reason(with({{"sec-fetch-site", "cross-site"}, {"host", "board:8080"}})),
            "Sec-Fetch-Site is cross-site");
  EXPECT_EQ(cross_site_reason(with({{"sec-fetch-site", "same-origin"}})), "");
}

class BoardActionsTest : public ::testing::Test {
 protected:
  BoardActionsTest() {
    auto s = std::make_shared<Snapshot>();
    s->head = "h1";
    s->status = {{"apps", Json::array({shop()})}};
    state_.publish(s);
  }

  ApiRequest as(const char* who, const std::string& body = "{}", bool with_csrf = true) {
    ApiRequest r{{{"authorization", std::string("Basic ") + who}, {"host", "board:8080"}}, body, {}};
    if (with_csrf) {
      const BoardActor* actor = actions_.actors().authenticate(r.headers);
      if (actor != nullptr) r.headers["x-fleetwave-csrf"] = actions_.actors().csrf_token(*actor);
    }
    return r;
  }

  struct Taken {
    std::string app;
    ManualRequest request;
    git::Signature person;
    bool dry_run = false;
  };
  std::vector<Taken> taken_;
  Result<ManualOutcome> answer_ = ManualOutcome{"h1", "c0ffee", "fleetwave(shop): pause", "msg", "diff", {}};
  ServeState state_;
  TriggerQueue triggers_;
  JsonLog log_{{}};
  BoardActions actions_{actors(),
                        [this](const std::string& app, const ManualRequest& r, const git::Signature& who, bool dry) {
                          taken_.push_back({app, r, who, dry});
                          return answer_;
                        },
                        state_, triggers_, log_};
};

TEST_F(BoardActionsTest, RefusalsComeBeforeAnyStep) {
  ApiRequest nobody{{{"host", "board:8080"}}, "{}", {}};
  ApiResponse r = actions_.act("shop", "pause", nobody);
  EXPECT_EQ(r.status, 401);
  ASSERT_EQ(r.headers.size(), 1u);
  EXPECT_EQ(r.headers[0].second, "Basic realm=\"fleetwave actors\", charset=\"UTF-8\"");
  EXPECT_EQ(actions_.act("shop", "rollback", as(kBob)).status, 403) << "bob may only pause";
  EXPECT_EQ(actions_.act("shop", "deploy", as(kAlice)).status, 404);
  EXPECT_EQ(actions_.act("shop", "pause", as(kAlice, "{}", false)).status, 403) << "no CSRF token";
  ApiRequest bobs_token = as(kBob);
  ApiRequest alice = as(kAlice);
  alice.headers["x-fleetwave-csrf"] = bobs_token.headers["x-fleetwave-csrf"];
  EXPECT_EQ(actions_.act("shop", "pause", alice).status, 403) << "another person's CSRF token";
  ApiRequest foreign = as(kAlice);
  foreign.headers["origin"] = "https://evil.example";
  EXPECT_EQ(actions_.act("shop", "pause", foreign).body.find("another site") != std::string::npos, true);
  EXPECT_EQ(actions_.act("shop", "pause", as(kAlice, "[1]")).status, 400);
  EXPECT_EQ(actions_.act("shop", "pause", as(kAlice, R"({"dryRun":"yes"})")).status, 400);
  EXPECT_EQ(actions_.act("shop", "hold", as(kAlice, R"({"clusters":[1]})")).status, 400);
  EXPECT_EQ(actions_.act("shop", "hold", as(kAlice, R"({"clusters":"eu-1"})")).status, 400);
  EXPECT_TRUE(taken_.empty());
  EXPECT_EQ(triggers_.notifications(), 0u);
}

TEST_F(BoardActionsTest, TheStepIsTakenAsThePersonAndItsAnswerReturned) {
  ApiResponse dry = actions_.act("shop", "hold", as(kAlice, R"({"dryRun":true,"reason":"disk","clusters":["eu-1"]})"));
  ASSERT_EQ(dry.status, 200) << dry.body;
  ASSERT_EQ(taken_.size(), 1u);
  EXPECT_EQ(taken_[0].app, "shop");
  EXPECT_EQ(taken_[0].request.action, "hold");
  EXPECT_EQ(taken_[0].request.reason, "disk");
  EXPECT_EQ(taken_[0].request.clusters, (std::vector<std::string>{"eu-1"}));
  EXPECT_TRUE(taken_[0].dry_run);
  EXPECT_EQ(taken_[0].person.name, "Alice Doe");
  EXPECT_EQ(taken_[0].person.email, "alice@example.com");
  EXPECT_EQ(triggers_.notifications(), 0u) << "a dry run changes nothing";

  ApiResponse done = actions_.act("shop", "approve", as(kAlice, R"({"wave":"rest"})"));
  ASSERT_EQ(done.status, 200);
  EXPECT_EQ(taken_.back().request.wave, std::optional<std::string>("rest"));
  EXPECT_FALSE(taken_.back().dry_run);
  EXPECT_EQ(Json::parse(done.body)["commit"], "c0ffee");
  EXPECT_EQ(triggers_.notifications(), 1u) << "a cycle runs at once to show the step";

  answer_ = invalid_input("nothing to approve: wave rest is approved already");
  ApiResponse refused = actions_.act("shop", "approve", as(kAlice));
  EXPECT_EQ(refused.status, 409);
  EXPECT_NE(refused.body.find("nothing to approve"), std::string::npos);
}

TEST_F(BoardActionsTest, TheOfferIsPerPerson) {
  Json anonymous = Json::parse(actions_.offered("shop", ApiRequest{}).body);
  EXPECT_EQ(anonymous["actor"], nullptr);
  EXPECT_EQ(anonymous["signIn"], true);
  EXPECT_TRUE(anonymous["actions"].empty());
  EXPECT_FALSE(anonymous.contains("csrf"));
  Json bob = Json::parse(actions_.offered("shop", as(kBob)).body);
  EXPECT_EQ(bob["actor"], "Bob <bob@example.com>");
  EXPECT_EQ(names(bob["actions"]), (std::vector<std::string>{"pause"}));
  EXPECT_EQ(bob["csrf"], as(kBob).headers["x-fleetwave-csrf"]);
  EXPECT_EQ(actions_.offered("nope", as(kBob)).status, 404);
  EXPECT_EQ(actions_.sign_in(as(kBob)).status, 303);
  EXPECT_EQ(actions_.sign_in(ApiRequest{}).status, 401);
}

}  // namespace
}  // namespace fleetwave::serve
