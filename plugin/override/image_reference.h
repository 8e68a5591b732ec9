// Container image references as Karmada's imageOverrider sees them
// (pkg/util/imageparser on top of github.com/distribution/reference.Parse): no docker.io
// normalisation, the hostname is the first path segment only when it looks like a host.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "base/result.h"

namespace fleetwave {

// imageparser.Components. At most one of tag and digest is set.
struct ImageReference {
  std::string hostname;    // "registry.k8s.io", "fictional.registry.example:10443", or ""
  std::string repository;  // the rest of the name, e.g. "karmada/karmada-scheduler"
  std::string tag;
  std::string digest;  // "sha256:..."

  // [hostname/]repository then ":tag" or "@digest" (a tag wins when both are set).
  std::string to_string() const;
  const std::string& tag_or_digest() const { return tag.empty() ? digest : tag; }
  // SetTagOrDigest: `input` becomes the tag when it matches the tag grammar, else the digest
  // when it matches the digest grammar; otherwise nothing changes.
  void set_tag_or_digest(const std::string& input);
  // RemoveTagOrDigest: drops the tag if set, else the digest.
  void remove_tag_or_digest();
};

// imageparser.Parse: errors carry distribution/reference's and go-digest's messages
// ("invalid reference format", "repository name must be lowercase", ...). When the image has
// both a tag and a digest, the digest is dropped.
Result<ImageReference> parse_image_reference(std::string_view image);

// imageparser.SplitHostname.
std::pair<std::string, std::string> split_image_hostname(std::string_view name);

// The anchored tag grammar [\w][\w.-]{0,127} and digest grammar
// [A-Za-z][A-Za-z0-9]*([-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}.
bool is_image_tag(std::string_view text);
bool is_image_digest(std::string_view text);

}  // namespace fleetwave
