#include "override/lazy_json.h"

#include "codec/json_writer.h"

namespace fleetwave {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::size_t skip_space(std::string_view text, std::size_t pos) {
  while (pos < text.size() && is_space(text[pos])) ++pos;
  return pos;
}

// `pos` is at an opening quote; returns the index just past the closing one.
std::size_t skip_string(std::string_view text, std::size_t pos) {
  for (++pos; pos < text.size(); ++pos) {
    if (text[pos] == '\\') ++pos;
    else if (text[pos] == '"') return pos + 1;
  }
  return pos;
}

// Past the item ending at `end` and the comma after it, if any: the next item or the closing bracket.
std::size_t next_item(std::string_view text, std::size_t end) {
  std::size_t pos = skip_space(text, end);
  return pos < text.size() && text[pos] == ',' ? skip_space(text, pos + 1) : pos;
}

// Returns the index just past the value starting at `pos` (the text is known to be valid).
std::size_t skip_value(std::string_view text, std::size_t pos) {
  char c = text[pos];
  if (c == '"') return skip_string(text, pos);
  if (c == '{' || c == '[') {
    int depth = 0;
    while (pos < text.size()) {
      char d = text[pos];
      if (d == '"') {
        pos = skip_string(text, pos);
        continue;
      }
      if (d == '{' || d == '[') ++depth;
      if ((d == '}' || d == ']') && --depth == 0) return pos + 1;
      ++pos;
    }
    return pos;
  }
  while (pos < text.size() && !is_space(text[pos]) && text[pos] != ',' && text[pos] != '}' && text[pos] != ']') ++pos;
  return pos;
}

// A decoded child: JSON null becomes a nil node, as Go decodes it into a *lazyNode.
LazyPtr child_from_text(std::string_view span) {
  if (span == "null") return nullptr;
  return LazyNode::from_text(std::string(span));
}

LazyPtr child_from_value(Json&& value) {
  if (value.is_null()) return nullptr;
  return LazyNode::from_value(std::move(value));
}

Error not_an_object() { return invalid_input("invalid value, expected object"); }

}  // namespace

LazyPtr LazyNode::from_text(std::string text) {
  auto node = std::make_unique<LazyNode>();
  node->has_text = true;
  node->text = std::move(text);
  return node;
}

LazyPtr LazyNode::from_value(Json value) {
  auto node = std::make_unique<LazyNode>();
  node->value = std::move(value);
  return node;
}

bool LazyNode::holds_array() const {
  if (which != Which::Raw) return which == Which::Ary;
  if (!has_text) return value.is_array();
  for (char c : text) {
    if (c == ' ' || c == '\n' || c == '\t') continue;  // the library's isArray skips only these
    return c == '[';
  }
  return false;
}

namespace {

// A node whose text has been expanded into `form`.
Status<> text_spent(LazyNode& node, LazyNode::Which form) {
  node.text.clear();
  node.has_text = false;
  node.which = form;
  return ok_status();
}

}  // namespace

Status<> LazyNode::into_doc() {
  if (which == Which::Doc) return ok_status();
  if (which == Which::Ary) return invalid_input("invalid state detected");
  if (!has_text) {
    if (!value.is_object()) return not_an_object();
    for (auto it = value.begin(); it != value.end(); ++it) {
      keys.push_back(it.key());
      obj[it.key()] = child_from_value(std::move(it.value()));
    }
    value = Json();
    which = Which::Doc;
    return ok_status();
  }
  std::string_view t = text;
  std::size_t pos = skip_space(t, 0);
  if (pos >= t.size() || t[pos] != '{') return invalid_input("invalid state detected");
  pos = skip_space(t, pos + 1);
  while (pos < t.size() && t[pos] != '}') {
    std::size_t key_end = skip_string(t, pos);
    Json key = Json::parse(t.substr(pos, key_end - pos), nullptr, false);
    if (!key.is_string()) return invalid_input("invalid object key in " + std::string(t.substr(pos, key_end - pos)));
    pos = skip_space(t, skip_space(t, key_end) + 1);  // past ':'
    std::size_t value_end = skip_value(t, pos);
    keys.push_back(key.get<std::string>());
    obj[keys.back()] = child_from_text(t.substr(pos, value_end - pos));
    pos = next_item(t, value_end);
  }
  return text_spent(*this, Which::Doc);
}

Status<> LazyNode::into_ary() {
  if (which == Which::Ary) return ok_status();
  if (!holds_array()) return invalid_input("cannot unmarshal into an array");
  if (!has_text) {
    for (Json& item : value) nodes.push_back(child_from_value(std::move(item)));
    value = Json();
    which = Which::Ary;
    return ok_status();
  }
  std::string_view t = text;
  std::size_t pos = skip_space(t, skip_space(t, 0) + 1);
  while (pos < t.size() && t[pos] != ']') {
    std::size_t end = skip_value(t, pos);
    nodes.push_back(child_from_text(t.substr(pos, end - pos)));
    pos = next_item(t, end);
  }
  return text_spent(*this, Which::Ary);
}

LazyPtr LazyNode::clone() const {
  auto copy = std::make_unique<LazyNode>();
  copy->which = which;
  copy->has_text = has_text;
  copy->text = text;
  copy->value = value;
  copy->keys = keys;
  copy->nil_obj = nil_obj;
  for (const auto& [k, child] : obj) copy->obj[k] = child ? child->clone() : nullptr;
  for (const LazyPtr& child : nodes) copy->nodes.push_back(child ? child->clone() : nullptr);
  return copy;
}

void LazyNode::write(std::string& out) const {
  switch (which) {
    case Which::Raw:
      if (has_text) compact_json(text, out);
      else out += write_json(value);
      return;
    case Which::Doc: {
      if (nil_obj) {
        out += "null";  // unreachable: the patch refuses to marshal such a root
        return;
      }
      out += '{';
      for (std::size_t i = 0; i < keys.size(); ++i) {
        if (i > 0) out += ',';
        append_json_string(out, keys[i], true);
        out += ':';
        auto it = obj.find(keys[i]);
        if (it == obj.end() || !it->second) out += "null";
        else it->second->write(out);
      }
      out += '}';
      return;
    }
    case Which::Ary:
      out += '[';
      for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (i > 0) out += ',';
        if (nodes[i]) nodes[i]->write(out);
        else out += "null";
      }
      out += ']';
      return;
  }
}

Json LazyNode::release() {
  if (which == Which::Raw) return has_text ? Json::parse(text, nullptr, false) : std::move(value);
  if (which == Which::Ary) {
    Json out = Json::array();
    for (LazyPtr& child : nodes) out.push_back(child ? child->release() : Json());
    return out;
  }
  if (nil_obj) return Json();
  Json out = Json::object();
  for (const std::string& k : keys) {
    if (out.contains(k)) continue;  // a key the text held twice: its node is already spent
    auto it = obj.find(k);
    out[k] = it == obj.end() || !it->second ? Json() : it->second->release();
  }
  return out;
}

void compact_json(std::string_view text, std::string& out) {
  static const char kHex[] = "0123456789abcdef";
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '<' || c == '>' || c == '&') {
      out += "\\u00";
      out += kHex[(static_cast<unsigned char>(c) >> 4) & 0xF];
      out += kHex[static_cast<unsigned char>(c) & 0xF];
      continue;
    }
    if (static_cast<unsigned char>(c) == 0xE2 && i + 2 < text.size() &&
        static_cast<unsigned char>(text[i + 1]) == 0x80 && (static_cast<unsigned char>(text[i + 2]) & ~1u) == 0xA8) {
      out += "\\u202";
      out += kHex[static_cast<unsigned char>(text[i + 2]) & 0xF];
      i += 2;
      continue;
    }
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < text.size()) out += text[++i];
      else if (c == '"') in_string = false;
      continue;
    }
    if (is_space(c)) continue;
    if (c == '"') in_string = true;
    out += c;
  }
}

bool is_valid_json(std::string_view text) { return Json::accept(text); }

}  // namespace fleetwave
