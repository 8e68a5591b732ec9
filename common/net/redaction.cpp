#include "net/redaction.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "base/text.h"

namespace fleetwave {
namespace {

constexpr std::string_view kMask = "***";

// Query parameter names (lowercase) whose values are secrets.
constexpr std::array<std::string_view, 20> kSecretParams = {
    "access_token",     "token",  "private_token", "oauth_token", "id_token",        "refresh_token",
    "password",         "passwd", "pwd",           "secret",      "client_secret",   "api_key",
    "apikey",           "key",    "sig",           "signature",   "x-amz-signature", "x-amz-security-token",
    "x-goog-signature", "auth"};

bool is_scheme_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.'; }

std::string redact_userinfo(std::string_view scheme, std::string_view userinfo) {
  std::string s = ascii_lower(scheme);
  bool keeps_user = s == "ssh" || s == "git+ssh" || s == "ssh+git" || s == "git" || s == "file";
  if (!keeps_user) return std::string(kMask);
  size_t colon = userinfo.find(':');
  if (colon == std::string_view::npos) return std::string(userinfo);
  return std::string(userinfo.substr(0, colon + 1)) + std::string(kMask);
}

std::string redact_query(std::string_view query) {
  std::string out;
  size_t start = 0;
  while (start <= query.size()) {
    size_t end = query.find('&', start);
    if (end == std::string_view::npos) end = query.size();
    std::string_view param = query.substr(start, end - start);
    size_t eq = param.find('=');
    std::string name = ascii_lower(param.substr(0, eq));
    bool secret = eq != std::string_view::npos &&
                  std::find(kSecretParams.begin(), kSecretParams.end(), name) != kSecretParams.end();
    out += secret ? std::string(param.substr(0, eq + 1)) + std::string(kMask) : std::string(param);
    if (end < query.size()) out += '&';
    start = end + 1;
  }
  return out;
}

void replace_all(std::string& text, const std::string& needle) {
  for (size_t pos = text.find(needle); pos != std::string::npos; pos = text.find(needle, pos + kMask.size())) {
    text.replace(pos, needle.size(), kMask);
  }
}

}  // namespace

std::string redact_url(std::string_view url) {
  size_t sep = url.find("://");
  if (sep == std::string_view::npos || sep == 0 || !std::all_of(url.begin(), url.begin() + sep, is_scheme_char)) {
    return std::string(url);
  }
  std::string_view scheme = url.substr(0, sep);
  std::string_view rest = url.substr(sep + 3);
  size_t auth_end = rest.find_first_of("/?#");
  std::string_view authority = rest.substr(0, auth_end);
  std::string out = std::string(url.substr(0, sep + 3));
  size_t at = authority.rfind('@');
  if (at != std::string_view::npos) {
    out += redact_userinfo(scheme, authority.substr(0, at)) + "@";
    authority = authority.substr(at + 1);
  }
  out += authority;
  if (auth_end == std::string_view::npos) return out;
  std::string_view tail = rest.substr(auth_end);
  size_t q = tail.find('?');
  if (q == std::string_view::npos) return out + std::string(tail);
  size_t hash = tail.find('#', q);
  out += tail.substr(0, q + 1);
  out += redact_query(tail.substr(q + 1, hash == std::string_view::npos ? std::string_view::npos : hash - q - 1));
  if (hash != std::string_view::npos) out += tail.substr(hash);
  return out;
}

std::string redact_text(std::string_view text, const std::vector<std::string>& secrets) {
  std::string out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t sep = text.find("://", pos);
    if (sep == std::string_view::npos) break;
    size_t start = sep;
    while (start > pos && is_scheme_char(text[start - 1])) --start;
    if (start == sep) {  // "://" without a scheme in front
      out += text.substr(pos, sep + 3 - pos);
      pos = sep + 3;
      continue;
    }
    size_t end = sep + 3;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) &&
           std::string_view("'\"<>`").find(text[end]) == std::string_view::npos) {
      ++end;
    }
    out += text.substr(pos, start - pos);
    out += redact_url(text.substr(start, end - start));
    pos = end;
  }
  if (pos < text.size()) out += text.substr(pos);
  for (const std::string& secret : secrets) {
    if (secret.size() >= 4) replace_all(out, secret);
  }
  return out;
}

std::string quotable_server_text(std::string_view text, const std::vector<std::string>& secrets,
                                 std::size_t max_length) {
  std::string out = redact_text(text, secrets);
  for (char& c : out) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) c = ' ';
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (out.size() <= max_length) return out;
  std::size_t cut = max_length;
  while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;  // keep UTF-8 whole
  return out.substr(0, cut) + "...";
}

}  // namespace fleetwave
