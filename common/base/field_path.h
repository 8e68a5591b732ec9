// FieldPath names a place inside a document, e.g. spec.placement.clusterAffinities[0].affinityName.
// Errors carry its string form; the source locator parses that form back to find line:column.
#pragma once

#include <cstddef>
#include <memory>
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

  std::vector<Segment> segments() const;  // root first
  bool empty() const { return last_ == nullptr; }

  // Keys are joined with '.', indexes as [i]; keys with '.', '[', ']' or '"' are written ["k"].
  std::string to_string() const;

 private:
  // The last segment, which shares its parent's: validators name every field they look at
  // while errors are rare, so a child costs one node instead of a copy of the whole path.
  struct Node;
  explicit FieldPath(std::shared_ptr<const Node> last) : last_(std::move(last)) {}
  std::shared_ptr<const Node> last_;
};

}  // namespace fleetwave
