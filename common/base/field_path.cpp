#include "base/field_path.h"

#include <algorithm>

namespace fleetwave {

struct FieldPath::Node {
  std::shared_ptr<const Node> parent;
  Segment segment;
};

FieldPath FieldPath::key(std::string_view name) const {
  return FieldPath(std::make_shared<const Node>(Node{last_, Segment(std::in_place_index<0>, name)}));
}

FieldPath FieldPath::index(std::size_t i) const {
  return FieldPath(std::make_shared<const Node>(Node{last_, Segment(i)}));
}

std::vector<FieldPath::Segment> FieldPath::segments() const {
  std::vector<Segment> out;
  for (const Node* n = last_.get(); n != nullptr; n = n->parent.get()) out.push_back(n->segment);
  std::reverse(out.begin(), out.end());
  return out;
}

static bool needs_brackets(const std::string& key) {
  if (key.empty()) return true;
  for (char c : key) {
    if (c == '.' || c == '[' || c == ']' || c == '"' || c == '\\') return true;
  }
  return false;
}

std::string FieldPath::to_string() const {
  std::string out;
  for (const Segment& s : segments()) {
    if (const auto* i = std::get_if<std::size_t>(&s)) {
      out += '[' + std::to_string(*i) + ']';
      continue;
    }
    const std::string& k = std::get<std::string>(s);
    if (needs_brackets(k)) {
      out += "[\"";
      for (char c : k) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
      }
      out += "\"]";
    } else {
      if (!out.empty()) out += '.';
      out += k;
    }
  }
  return out;
}

FieldPath FieldPath::parse(std::string_view text) {
  FieldPath path;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '.') {
      ++i;
      continue;
    }
    if (text[i] == '[') {
      if (i + 1 < text.size() && text[i + 1] == '"') {
        std::string key;
        i += 2;
        while (i < text.size() && text[i] != '"') {
          if (text[i] == '\\' && i + 1 < text.size()) ++i;
          key += text[i++];
        }
        i += 2;  // closing quote and bracket
        path = path.key(key);
      } else {
        std::size_t value = 0;
        ++i;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') value = value * 10 + (text[i++] - '0');
        ++i;  // closing bracket
        path = path.index(value);
      }
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && text[end] != '.' && text[end] != '[') ++end;
    path = path.key(text.substr(i, end - i));
    i = end;
  }
  return path;
}

}  // namespace fleetwave
