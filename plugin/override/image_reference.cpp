#include "override/image_reference.h"

#include <algorithm>
#include <optional>
#include <tuple>

namespace fleetwave {
namespace {

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_reference_digit(char c) { return c >= '0' && c <= '9'; }
bool is_reference_alnum(char c) { return is_alpha(c) || is_reference_digit(c); }
bool is_lower_alnum(char c) { return (c >= 'a' && c <= 'z') || is_reference_digit(c); }
bool is_hex(char c) { return is_reference_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool is_word(char c) { return is_reference_alnum(c) || c == '_'; }

// [a-zA-Z0-9] | [a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]
bool is_domain_component(std::string_view s) {
  if (s.empty() || !is_reference_alnum(s.front()) || !is_reference_alnum(s.back())) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return is_reference_alnum(c) || c == '-'; });
}

// host (domain name or [ipv6]) with an optional :port.
bool is_domain_and_port(std::string_view s) {
  std::string_view host = s;
  if (std::size_t colon = s.rfind(':'); colon != std::string_view::npos && (s.front() != '[' || colon > s.find(']'))) {
    std::string_view port = s.substr(colon + 1);
    if (port.empty() || !std::all_of(port.begin(), port.end(), is_reference_digit)) return false;
    host = s.substr(0, colon);
  }
  if (!host.empty() && host.front() == '[') {
    if (host.size() < 3 || host.back() != ']') return false;
    std::string_view inner = host.substr(1, host.size() - 2);
    return std::all_of(inner.begin(), inner.end(), [](char c) { return is_hex(c) || c == ':'; });
  }
  std::size_t start = 0;
  while (true) {
    std::size_t dot = host.find('.', start);
    if (!is_domain_component(
            host.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start))) {
      return false;
    }
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

// [a-z0-9]+ separated by ".", "_", "__" or one or more "-".
bool is_path_component(std::string_view s) {
  if (s.empty() || !is_lower_alnum(s.front()) || !is_lower_alnum(s.back())) return false;
  std::size_t i = 0;
  while (i < s.size()) {
    if (is_lower_alnum(s[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && !is_lower_alnum(s[j])) ++j;
    std::string_view sep = s.substr(i, j - i);
    bool dashes = std::all_of(sep.begin(), sep.end(), [](char c) { return c == '-'; });
    if (!(sep == "." || sep == "_" || sep == "__" || dashes)) return false;
    i = j;
  }
  return true;
}

bool is_remote_name(std::string_view s) {
  std::size_t start = 0;
  while (true) {
    std::size_t slash = s.find('/', start);
    if (!is_path_component(s.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start))) {
      return false;
    }
    if (slash == std::string_view::npos) return true;
    start = slash + 1;
  }
}

// The path part of a name, as anchoredNameRegexp captures it (a leading host is split off
// whenever the first segment is a valid host and the rest a valid remote name).
std::string_view name_path(std::string_view name) {
  std::size_t slash = name.find('/');
  if (slash != std::string_view::npos && is_domain_and_port(name.substr(0, slash)) &&
      is_remote_name(name.substr(slash + 1))) {
    return name.substr(slash + 1);
  }
  return name;
}

bool is_name(std::string_view name) {
  if (is_remote_name(name)) return true;
  std::size_t slash = name.find('/');
  return slash != std::string_view::npos && is_domain_and_port(name.substr(0, slash)) &&
         is_remote_name(name.substr(slash + 1));
}

struct Split {
  std::string_view name, tag, digest;
  bool has_tag = false, has_digest = false;
};

// ReferenceRegexp: name, then optional ":tag", then optional "@digest". Tags hold no '/' or
// ':' and digests no '@', which pins down where each part starts.
std::optional<Split> match_reference(std::string_view s) {
  Split out;
  std::string_view rest = s;
  if (std::size_t at = s.find('@'); at != std::string_view::npos) {
    out.has_digest = true;
    out.digest = s.substr(at + 1);
    rest = s.substr(0, at);
    if (!is_image_digest(out.digest)) return std::nullopt;
  }
  std::size_t last_slash = rest.rfind('/');
  std::size_t colon = rest.find(':', last_slash == std::string_view::npos ? 0 : last_slash + 1);
  out.name = rest;
  if (colon != std::string_view::npos) {
    out.has_tag = true;
    out.tag = rest.substr(colon + 1);
    out.name = rest.substr(0, colon);
    if (!is_image_tag(out.tag)) return std::nullopt;
  }
  if (!is_name(out.name)) return std::nullopt;
  return out;
}

// go-digest's Digest.Validate for the algorithms Karmada links in (sha256, sha384, sha512).
std::string validate_digest(std::string_view d) {
  std::size_t colon = d.find(':');
  std::string_view algorithm = d.substr(0, colon), encoded = d.substr(colon + 1);
  std::size_t hex_length = algorithm == "sha256" ? 64 : algorithm == "sha384" ? 96 : algorithm == "sha512" ? 128 : 0;
  if (hex_length == 0) {
    // DigestRegexpAnchored: [a-z0-9]+([.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]+
    bool algorithm_ok = !algorithm.empty() && is_lower_alnum(algorithm.front()) && is_lower_alnum(algorithm.back()) &&
                        std::all_of(algorithm.begin(), algorithm.end(), [](char c) {
                          return is_lower_alnum(c) || c == '.' || c == '+' || c == '_' || c == '-';
                        });
    for (std::size_t i = 1; algorithm_ok && i < algorithm.size(); ++i) {
      if (!is_lower_alnum(algorithm[i]) && !is_lower_alnum(algorithm[i - 1])) algorithm_ok = false;
    }
    return algorithm_ok ? "unsupported digest algorithm" : "invalid checksum digest format";
  }
  if (encoded.size() != hex_length) return "invalid checksum digest length";
  bool lower_hex = std::all_of(encoded.begin(), encoded.end(),
                               [](char c) { return is_reference_digit(c) || (c >= 'a' && c <= 'f'); });
  return lower_hex ? "" : "invalid checksum digest format";
}

}  // namespace

bool is_image_tag(std::string_view text) {
  return !text.empty() && text.size() <= 128 && is_word(text.front()) &&
         std::all_of(text.begin(), text.end(), [](char c) { return is_word(c) || c == '.' || c == '-'; });
}

bool is_image_digest(std::string_view text) {
  std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return false;
  std::string_view algorithm = text.substr(0, colon), hex = text.substr(colon + 1);
  if (hex.size() < 32 || !std::all_of(hex.begin(), hex.end(), is_hex)) return false;
  // [A-Za-z][A-Za-z0-9]* components joined by one of "-_+."
  bool expect_letter = true;
  for (char c : algorithm) {
    if (expect_letter) {
      if (!is_alpha(c)) return false;
      expect_letter = false;
    } else if (c == '-' || c == '_' || c == '+' || c == '.') {
      expect_letter = true;
    } else if (!is_reference_alnum(c)) {
      return false;
    }
  }
  return !expect_letter;
}

std::pair<std::string, std::string> split_image_hostname(std::string_view name) {
  std::size_t slash = name.find('/');
  if (slash == std::string_view::npos) return {"", std::string(name)};
  std::string_view first = name.substr(0, slash);
  if (first.find_first_of(".:") == std::string_view::npos && first != "localhost") return {"", std::string(name)};
  return {std::string(first), std::string(name.substr(slash + 1))};
}

Result<ImageReference> parse_image_reference(std::string_view image) {
  auto split = match_reference(image);
  if (!split) {
    if (image.empty()) return invalid_input("repository name must have at least one component");
    std::string lower(image);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; });
    if (match_reference(lower)) return invalid_input("repository name must be lowercase");
    return invalid_input("invalid reference format");
  }
  if (name_path(split->name).size() > 255) return invalid_input("repository name must not be more than 255 characters");
  if (split->has_digest) {
    if (std::string why = validate_digest(split->digest); !why.empty()) return invalid_input(why);
  }
  ImageReference ref;
  std::tie(ref.hostname, ref.repository) = split_image_hostname(split->name);
  if (split->has_tag) ref.tag = std::string(split->tag);
  else if (split->has_digest) ref.digest = std::string(split->digest);
  return ref;
}

std::string ImageReference::to_string() const {
  std::string out = hostname.empty() ? repository : hostname + "/" + repository;
  if (!tag.empty()) return out + ":" + tag;
  if (!digest.empty()) return out + "@" + digest;
  return out;
}

void ImageReference::set_tag_or_digest(const std::string& input) {
  if (is_image_tag(input)) {
    tag = input;
    digest.clear();
  } else if (is_image_digest(input)) {
    digest = input;
    tag.clear();
  }
}

void ImageReference::remove_tag_or_digest() {
  if (!tag.empty()) tag.clear();
  else digest.clear();
}

}  // namespace fleetwave
