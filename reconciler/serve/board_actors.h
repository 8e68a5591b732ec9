// The people who may act from the board (board.actorsFile, a mounted Secret). Each signs in with
// HTTP basic auth as their email and a token of their own; the file keeps only the token's
// SHA-256, so reading it grants nothing. One line per person:
//
//   # email               rights                          token                  name
//   alice@example.com     approve,pause,resume,rollback    sha256:9f86d081884c...  Alice Doe
//   bob@example.com       *                               sha256:60303ae22b99...  Bob
//
// Rights are the board's actions: approve, pause, resume, rollback, promote, hold (hold and
// release-hold), or * for all. A board action is a commit authored by the person; its form
// carries a CSRF token bound to them (HMAC under a key made at start), so another site cannot
// make a signed-in browser act.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace fleetwave::serve {

struct BoardActor {
  std::string email;
  std::string name;
  std::set<std::string> rights;  // "*" = every action
  std::string token_sha256;      // lower-case hex

  bool may(std::string_view action) const;
  std::string signature() const { return name + " <" + email + ">"; }
};

class BoardActors {
 public:
  BoardActors();  // nobody may act
  // Errors name `file`:line and the fix.
  static Result<BoardActors> parse(std::string_view text, const std::string& file);

  bool empty() const { return actors_.empty(); }
  // The actor whose email and token the request's basic credentials are; null for anyone else.
  const BoardActor* authenticate(const std::map<std::string, std::string>& headers) const;
  std::string csrf_token(const BoardActor& actor) const;
  bool csrf_matches(const BoardActor& actor, std::string_view token) const;

 private:
  std::vector<BoardActor> actors_;
  std::string csrf_key_;  // random, made at start: a restart ends every open form
};

// The rights a line may give, in the board's order.
const std::vector<std::string>& board_rights();
// The right an action needs: "hold" for hold and release-hold, else the action itself.
std::string right_of(std::string_view action);

}  // namespace fleetwave::serve
