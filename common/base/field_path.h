// FieldPath names a place inside a document, e.g. spec.placement.clusterAffinities[0].affinityName.
// Errors carry its string form; the source locator parses that form back to find line:column.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace fleetwave {

class FieldPath {
 public:
  using Segment = std::variant<std::string, std::size_t>;

  FieldPath() = default;
  static FieldPath parse(std::string_view text);  // inverse of to_string()

  FieldPath key(std::string_view name) const;  // child object member
  FieldPath index(std::size_t i) const;        // child array element

  const std::vector<Segment>& segments() const { return segments_; }
  bool empty() const { return segments_.empty(); }

  // Keys are joined with '.', indexes as [i]; keys with '.', '[', ']' or '"' are written ["k"].
  std::string to_string() const;

 private:
  std::vector<Segment> segments_;
};

}  // namespace fleetwave
