#include "adapters/git/known_hosts.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <sstream>
#include <vector>

#include "adapters/git/digest.h"
#include "base/enum_names.h"
#include "base/text.h"

namespace fleetwave::git {
namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// OpenSSH's match_pattern: '*' any run, '?' any one character.
bool glob_match(std::string_view text, std::string_view pattern) {
  if (pattern.empty()) return text.empty();
  if (pattern.front() == '*') {
    for (size_t i = 0; i <= text.size(); ++i) {
      if (glob_match(text.substr(i), pattern.substr(1))) return true;
    }
    return false;
  }
  if (text.empty()) return false;
  if (pattern.front() != '?' && pattern.front() != text.front()) return false;
  return glob_match(text.substr(1), pattern.substr(1));
}

bool hashed_match(std::string_view field, const std::string& name) {
  // |1|base64(salt)|base64(hmac_sha1(salt, name))
  size_t sep = field.find('|', 3);
  if (field.substr(0, 3) != "|1|" || sep == std::string_view::npos) return false;
  std::optional<std::string> salt = base64_decode(field.substr(3, sep - 3));
  std::optional<std::string> hash = base64_decode(field.substr(sep + 1));
  if (!salt || !hash || hash->size() != 20) return false;
  Sha1Digest digest = hmac_sha1(*salt, name);
  return std::memcmp(digest.data(), hash->data(), digest.size()) == 0;
}

// Whether a host field (comma-separated patterns) names `name`; a matching negation wins.
bool hosts_field_matches(std::string_view field, const std::string& name) {
  if (field.substr(0, 3) == "|1|") return hashed_match(field, name);
  bool matched = false;
  std::string patterns = ascii_lower(field);
  std::stringstream in(patterns);
  std::string pattern;
  while (std::getline(in, pattern, ',')) {
    bool negated = !pattern.empty() && pattern.front() == '!';
    if (negated) pattern.erase(0, 1);
    if (!glob_match(name, pattern)) continue;
    if (negated) return false;
    matched = true;
  }
  return matched;
}

uint32_t read_u32(std::string_view data) {
  return uint32_t(uint8_t(data[0])) << 24 | uint32_t(uint8_t(data[1])) << 16 | uint32_t(uint8_t(data[2])) << 8 |
         uint32_t(uint8_t(data[3]));
}

}  // namespace

constexpr auto kHostKeyVerdictNames =
    enum_names(EnumName(HostKeyVerdict::Match, "match"), EnumName(HostKeyVerdict::Mismatch, "mismatch"),
               EnumName(HostKeyVerdict::UnknownKeyType, "unknown key type"),
               EnumName(HostKeyVerdict::Unknown, "unknown host"), EnumName(HostKeyVerdict::Revoked, "revoked"));

const char* to_string(HostKeyVerdict verdict) { return enum_name(kHostKeyVerdictNames, verdict, "unknown"); }

HostKeyVerdict check_known_hosts(std::string_view known_hosts, std::string_view host, int port,
                                 std::string_view key_blob) {
  const std::string name =
      port == 22 || port == 0 ? ascii_lower(host) : "[" + ascii_lower(host) + "]:" + std::to_string(port);
  const std::string key_type = key_type_of(key_blob);
  bool match = false, host_known = false, same_type_seen = false;
  std::stringstream in{std::string(known_hosts)};
  std::string line;
  while (std::getline(in, line)) {
    std::stringstream fields(line);
    std::string first, hosts, type, key;
    if (!(fields >> first) || first.front() == '#') continue;
    std::string marker;
    if (first.front() == '@') {
      marker = first;
      if (!(fields >> hosts)) continue;
    } else {
      hosts = first;
    }
    if (!(fields >> type >> key) || marker == "@cert-authority") continue;
    if (!hosts_field_matches(hosts, name)) continue;
    std::optional<std::string> blob = base64_decode(key);
    bool same_key = blob && *blob == key_blob;
    if (marker == "@revoked") {
      if (same_key) return HostKeyVerdict::Revoked;
      continue;
    }
    host_known = true;
    if (type == key_type) same_type_seen = true;
    if (same_key) match = true;
  }
  if (match) return HostKeyVerdict::Match;
  if (same_type_seen) return HostKeyVerdict::Mismatch;
  return host_known ? HostKeyVerdict::UnknownKeyType : HostKeyVerdict::Unknown;
}

std::string key_type_of(std::string_view key_blob) {
  if (key_blob.size() < 4) return "";
  uint32_t length = read_u32(key_blob);
  if (length > key_blob.size() - 4) return "";
  return std::string(key_blob.substr(4, length));
}

std::string base64_encode(std::string_view data, bool pad) {
  std::string out;
  size_t i = 0;
  for (; i + 2 < data.size(); i += 3) {
    uint32_t n = uint32_t(uint8_t(data[i])) << 16 | uint32_t(uint8_t(data[i + 1])) << 8 | uint8_t(data[i + 2]);
    for (int shift : {18, 12, 6, 0}) out += kAlphabet[(n >> shift) & 63];
  }
  size_t rest = data.size() - i;
  if (rest > 0) {
    uint32_t n = uint32_t(uint8_t(data[i])) << 16 | (rest == 2 ? uint32_t(uint8_t(data[i + 1])) << 8 : 0);
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    if (rest == 2) out += kAlphabet[(n >> 6) & 63];
    if (pad) out.append(rest == 1 ? "==" : "=");
  }
  return out;
}

std::optional<std::string> base64_decode(std::string_view text) {
  while (!text.empty() && text.back() == '=') text.remove_suffix(1);
  std::string out;
  uint32_t acc = 0;
  int bits = 0;
  for (char c : text) {
    size_t v = kAlphabet.find(c);
    if (v == std::string_view::npos) return std::nullopt;
    acc = (acc << 6) | uint32_t(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += char((acc >> bits) & 0xff);
    }
  }
  if (bits >= 6) return std::nullopt;  // a lone trailing character cannot encode a byte
  return out;
}

}  // namespace fleetwave::git
