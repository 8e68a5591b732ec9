#include "adapters/signing/allowed_signers.h"

#include <algorithm>
#include <array>
#include <sstream>

#include "adapters/git/known_hosts.h"

namespace fleetwave::signing {
namespace {

constexpr std::array<const char*, 8> kKeyTypes = {"ssh-ed25519",
                                                  "ecdsa-sha2-nistp256",
                                                  "ecdsa-sha2-nistp384",
                                                  "ecdsa-sha2-nistp521",
                                                  "sk-ssh-ed25519@openssh.com",
                                                  "sk-ecdsa-sha2-nistp256@openssh.com",
                                                  "ssh-rsa",
                                                  "ssh-dss"};
constexpr std::array<const char*, 4> kOptions = {"cert-authority", "namespaces", "valid-after", "valid-before"};

bool is_key_type(const std::string& word) {
  return std::find(kKeyTypes.begin(), kKeyTypes.end(), word) != kKeyTypes.end();
}

Error at_line(const std::string& file, int line, const std::string& message) {
  Error e = invalid_input(message);
  e.pos.file = file;
  e.pos.line = line;
  return e;
}

// The next whitespace-separated word of `line` from `at`; double quotes may hold blanks.
Result<std::string> next_word(const std::string& line, std::size_t& at) {
  while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
  std::string word;
  bool quoted = false;
  for (; at < line.size(); ++at) {
    const char c = line[at];
    if (!quoted && (c == ' ' || c == '\t')) break;
    if (c == '"') quoted = !quoted;
    word += c;
  }
  if (quoted) return invalid_input("unterminated quote in \"" + word + "\"");
  return word;
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  std::string part;
  bool quoted = false;
  for (char c : text) {
    if (c == '"') quoted = !quoted;
    if (c == ',' && !quoted) {
      out.push_back(part);
      part.clear();
    } else {
      part += c;
    }
  }
  out.push_back(part);
  return out;
}

Status<> check_options(const std::vector<std::string>& options) {
  for (const std::string& option : options) {
    const std::string name = option.substr(0, option.find('='));
    if (std::find(kOptions.begin(), kOptions.end(), name) == kOptions.end()) {
      return invalid_input("unknown option \"" + name +
                           "\" (valid: cert-authority, namespaces=\"...\", valid-after=\"...\", valid-before=\"...\")");
    }
    if (name != "cert-authority" && (option.size() <= name.size() + 1 || option[name.size()] != '=')) {
      return invalid_input("option " + name + " needs a value: " + name + "=\"...\"");
    }
  }
  return ok_status();
}

Status<> check_key(const std::string& type, const std::string& key) {
  if (!is_key_type(type)) {
    std::string valid;
    for (const char* t : kKeyTypes) valid += (valid.empty() ? "" : ", ") + std::string(t);
    return invalid_input("unknown key type \"" + type + "\" (expected " + valid + ")");
  }
  if (key.empty()) return invalid_input("missing the base64 key after " + type);
  auto blob = git::base64_decode(key);
  if (!blob) return invalid_input("the key after " + type + " is not valid base64");
  const std::string inner = git::key_type_of(*blob);
  if (inner != type) {
    return invalid_input("the key after " + type + " is " +
                         (inner.empty() ? "no SSH public key" : "a " + inner + " key"));
  }
  return ok_status();
}

Result<AllowedSigner> parse_line(const std::string& line) {
  std::size_t at = 0;
  FW_TRY(principals, next_word(line, at));
  FW_TRY(second, next_word(line, at));
  if (second.empty()) return invalid_input("missing key: expected PRINCIPALS [OPTIONS] KEYTYPE BASE64KEY");
  AllowedSigner s;
  for (std::string& p : split_commas(principals)) {
    if (p.size() >= 2 && p.front() == '"' && p.back() == '"') p = p.substr(1, p.size() - 2);
    if (p.empty()) return invalid_input("empty principal in \"" + principals + "\"");
    s.principals.push_back(p);
  }
  std::string type = second;
  if (!is_key_type(second) && second.rfind("ssh-", 0) != 0) {
    s.options = split_commas(second);
    FW_CHECK(check_options(s.options));
    FW_TRY(t, next_word(line, at));
    type = t;
  }
  FW_TRY(key, next_word(line, at));
  FW_CHECK(check_key(type, key));
  s.key_type = type;
  s.key = key;
  return s;
}

}  // namespace

Result<AllowedSigners> parse_allowed_signers(const std::string& text, const std::string& file) {
  AllowedSigners out;
  out.source = file;
  out.text = text;
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line[start] == '#') continue;
    auto signer = parse_line(line.substr(start));
    if (!signer.ok()) return at_line(file, number, signer.error().message);
    signer->line = number;
    out.signers.push_back(std::move(signer).value());
  }
  if (out.signers.empty()) {
    return at_line(file, 0,
                   "no signer in the file: every signed step would be ignored; add a line "
                   "PRINCIPAL namespaces=\"git\" KEYTYPE KEY per person");
  }
  return out;
}

}  // namespace fleetwave::signing
