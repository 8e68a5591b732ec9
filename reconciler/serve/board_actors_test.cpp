// Who may act from the board: the actors file's lines and its errors (file:line and the fix),
// basic credentials checked against the token's SHA-256, rights per action, and the CSRF token
// bound to one person.
#include "serve/board_actors.h"

#include <gtest/gtest.h>

#include "reconcile/manual_change.h"

namespace fleetwave::serve {
namespace {

// printf %s alice-token | sha256sum, and bob-token.
constexpr const char* kAliceHash = "9c220f200955d76c0a38d308225e0ef10c5f971acaf2f8d1d8f732affa5bd1dc";
constexpr const char* kBobHash = "97dd3707015dcf069cf73022ed7173b1165db6eff24b441cb57fd069a8c4e525";

std::string actors_file() {
  return std::string("# who may act\n\n") + "alice@example.com  *  sha256:" + kAliceHash + "  Alice Doe\n" +
         "bob@example.com approve,hold sha256:" + kBobHash + " Bob\n";
}

std::map<std::string, std::string> basic(const std::string& base64) { return {{"authorization", "Basic " + base64}}; }

TEST(BoardActors, ReadsEachPersonsEmailRightsHashAndName) {
  auto actors = BoardActors::parse(actors_file(), "actors");
  ASSERT_TRUE(actors.ok()) << actors.error().to_string();
  // alice@example.com:alice-token
  const BoardActor* alice = actors->authenticate(basic("YWxpY2VAZXhhbXBsZS5jb206YWxpY2UtdG9rZW4="));
  ASSERT_NE(alice, nullptr);
  EXPECT_EQ(alice->signature(), "Alice Doe <alice@example.com>");
  for (const ManualAction& a : manual_actions()) EXPECT_TRUE(alice->may(a.name)) << a.name;
  const BoardActor* bob = actors->authenticate(basic("Ym9iQGV4YW1wbGUuY29tOmJvYi10b2tlbg=="));  // bob-token
  ASSERT_NE(bob, nullptr);
  EXPECT_EQ(bob->name, "Bob");
  EXPECT_TRUE(bob->may("approve"));
  EXPECT_TRUE(bob->may("hold"));
  EXPECT_TRUE(bob->may("release-hold")) << "the hold right covers ending a hold";
  EXPECT_FALSE(bob->may("pause"));
  EXPECT_FALSE(bob->may("rollback"));
}

TEST(BoardActors, OnlyTheRightTokenOfTheRightPersonSignsIn) {
  auto actors = BoardActors::parse(actors_file(), "actors");
  ASSERT_TRUE(actors.ok());
  const std::vector<std::pair<std::string, std::map<std::string, std::string>>> refused = {
      {"none", {}},
      {"bob's token for alice", basic("YWxpY2VAZXhhbXBsZS5jb206Ym9iLXRva2Vu")},  // alice@example.com:bob-token
      {"the hash as the token", basic("YWxpY2VAZXhhbXBsZS5jb206OWMyMjBmMjAwOTU1ZDc2YzBhMzhkMzA4MjI1ZTBlZjEwYzVmOTcxYWNh"
                                      "ZjJmOGQxZDhmNzMyYWZmYTViZDFkYw==")},
      {"not base64", basic("!!!")},
      {"no colon", basic("YWxpY2VAZXhhbXBsZS5jb20=")},
      {"a bearer token", {{"authorization", "Bearer alice-token"}}},
  };
  for (const auto& [name, headers] : refused) EXPECT_EQ(actors->authenticate(headers), nullptr) << name;
}

TEST(BoardActors, CsrfTokensAreBoundToOnePersonAndOneProcess) {
  auto actors = BoardActors::parse(actors_file(), "actors");
  auto again = BoardActors::parse(actors_file(), "actors");
  ASSERT_TRUE(actors.ok() && again.ok());
  const BoardActor* alice = actors->authenticate(basic("YWxpY2VAZXhhbXBsZS5jb206YWxpY2UtdG9rZW4="));
  const BoardActor* bob = actors->authenticate(basic("Ym9iQGV4YW1wbGUuY29tOmJvYi10b2tlbg=="));
  ASSERT_TRUE(alice != nullptr && bob != nullptr);
  const std::string token = actors->csrf_token(*alice);
  EXPECT_EQ(token.size(), 64u);
  EXPECT_TRUE(actors->csrf_matches(*alice, token));
  EXPECT_FALSE(actors->csrf_matches(*bob, token)) << "one person's token is not another's";
  EXPECT_FALSE(actors->csrf_matches(*alice, ""));
  EXPECT_NE(again->csrf_token(*alice), token) << "a restart (a new key) ends every open form";
}

TEST(BoardActors, ErrorsNameTheLineAndTheFix) {
  const std::string hash = std::string("sha256:") + kAliceHash;
  struct Case {
    std::string text;
    std::string error;
  };
  const std::vector<Case> cases = {
      {"alice@example.com * " + hash + "\n", "actors:1: expected EMAIL RIGHTS sha256:HEX NAME"},
      {"# x\nalice@example.com approve,deploy " + hash + " Alice\n", "actors:2: unknown right \"deploy\""},
      {"alice@example.com * alice-token Alice\n", "actors:1: the token must be sha256:<64 lower-case hex digits>"},
      {"alice * " + hash + " Alice\n", "actors:1: \"alice\" is not an email address"},
      {"alice@example.com * " + hash + " Alice\nalice@example.com pause " + hash + " Alice\n",
       "actors:2: alice@example.com is listed twice"},
      {"# nobody\n", "actors: lists nobody"},
  };
  for (const Case& c : cases) {
    auto parsed = BoardActors::parse(c.text, "actors");
    ASSERT_FALSE(parsed.ok()) << c.text;
    EXPECT_EQ(parsed.error().kind, ErrorKind::InvalidInput);
    EXPECT_NE(parsed.error().message.find(c.error), std::string::npos) << parsed.error().message;
  }
}

}  // namespace
}  // namespace fleetwave::serve
