#include "serve/board_actors.h"

#include <algorithm>
#include <sstream>

#include <openssl/evp.h>
#include <openssl/rand.h>

#include "adapters/hosting/hosting_providers.h"
#include "codec/base64.h"

namespace fleetwave::serve {
namespace {

std::string sha256_hex(std::string_view data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(data.data(), data.size(), digest, &size, EVP_sha256(), nullptr);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < size; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 0xf];
  }
  return out;
}

std::string random_key() {
  unsigned char bytes[32];
  if (RAND_bytes(bytes, sizeof bytes) != 1) std::abort();  // no entropy: no CSRF key worth having
  return std::string(reinterpret_cast<const char*>(bytes), sizeof bytes);
}

bool is_hex64(std::string_view s) {
  return s.size() == 64 &&
         std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

Result<std::set<std::string>> parse_rights(const std::string& field, const std::string& where) {
  std::set<std::string> rights;
  std::istringstream in(field);
  for (std::string right; std::getline(in, right, ',');) {
    const auto& known = board_rights();
    if (right != "*" && std::find(known.begin(), known.end(), right) == known.end()) {
      return invalid_input(
          where + ": unknown right \"" + right +
          "\" (expected * or a comma-separated list of approve, pause, resume, rollback, promote, hold)");
    }
    rights.insert(right);
  }
  return rights;
}

Result<BoardActor> parse_line(const std::string& line, const std::string& where) {
  std::istringstream in(line);
  BoardActor actor;
  std::string rights, token;
  in >> actor.email >> rights >> token;
  std::getline(in >> std::ws, actor.name);
  if (actor.name.empty()) {
    return invalid_input(where +
                         ": expected EMAIL RIGHTS sha256:HEX NAME (e.g. alice@example.com approve,pause "
                         "sha256:<sha256 of the token> Alice Doe)");
  }
  if (actor.email.find('@') == std::string::npos || actor.email.find(':') != std::string::npos)
    return invalid_input(where + ": \"" + actor.email +
                         "\" is not an email address (no ':' allowed: it is the basic auth user)");
  FW_TRY(parsed, parse_rights(rights, where));
  actor.rights = std::move(parsed);
  if (!token.starts_with("sha256:") || !is_hex64(token.substr(7))) {
    return invalid_input(where +
                         ": the token must be sha256:<64 lower-case hex digits>, the SHA-256 of the person's "
                         "token (printf %s TOKEN | sha256sum), never the token itself");
  }
  actor.token_sha256 = token.substr(7);
  return actor;
}

}  // namespace

const std::vector<std::string>& board_rights() {
  static const std::vector<std::string> rights = {"approve", "pause", "resume", "rollback", "promote", "hold"};
  return rights;
}

std::string right_of(std::string_view action) { return action == "release-hold" ? "hold" : std::string(action); }

bool BoardActor::may(std::string_view action) const {
  return rights.count("*") > 0 || rights.count(right_of(action)) > 0;
}

BoardActors::BoardActors() : csrf_key_(random_key()) {}

Result<BoardActors> BoardActors::parse(std::string_view text, const std::string& file) {
  BoardActors out;
  std::istringstream in{std::string(text)};
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos || line[start] == '#') continue;
    const std::string where = file + ":" + std::to_string(number);
    FW_TRY(actor, parse_line(line, where));
    for (const BoardActor& other : out.actors_) {
      if (other.email == actor.email)
        return invalid_input(where + ": " + actor.email + " is listed twice; keep one line");
    }
    out.actors_.push_back(std::move(actor));
  }
  if (out.actors_.empty())
    return invalid_input(file + ": lists nobody; add a line per person or drop board.actorsFile");
  return out;
}

const BoardActor* BoardActors::authenticate(const std::map<std::string, std::string>& headers) const {
  auto header = headers.find("authorization");
  if (header == headers.end() || !header->second.starts_with("Basic ")) return nullptr;
  auto decoded = base64_decode(std::string_view(header->second).substr(6));
  if (!decoded) return nullptr;
  const std::size_t colon = decoded->find(':');
  if (colon == std::string::npos) return nullptr;
  const std::string email = decoded->substr(0, colon);
  const std::string digest = sha256_hex(std::string_view(*decoded).substr(colon + 1));
  for (const BoardActor& actor : actors_) {
    if (actor.email == email && constant_time_equal(digest, actor.token_sha256)) return &actor;
  }
  return nullptr;
}

std::string BoardActors::csrf_token(const BoardActor& actor) const { return hmac_sha256_hex(csrf_key_, actor.email); }

bool BoardActors::csrf_matches(const BoardActor& actor, std::string_view token) const {
  return constant_time_equal(csrf_token(actor), token);
}

}  // namespace fleetwave::serve
