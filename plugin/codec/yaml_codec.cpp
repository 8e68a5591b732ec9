#include "codec/yaml_codec.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "codec/scalar_resolver.h"

namespace fleetwave {
namespace {

// Thrown from inside event callbacks (which return void) and caught in parse_yaml_stream.
struct StreamError {
  std::string message;
  YAML::Mark mark;
};

std::size_t count_nodes(const Json& j) {
  std::size_t n = 1;
  if (j.is_object() || j.is_array()) {
    for (const auto& child : j) n += count_nodes(child);
  }
  return n;
}

// Builds Json values from parser events with an explicit stack (no recursion, so nesting
// depth cannot overflow the C++ stack) and, optionally, records where one field sits.
class JsonBuilder : public YAML::EventHandler {
 public:
  JsonBuilder(std::string_view text, const YamlLimits& limits) : text_(text), limits_(limits) {}

  void track(const FieldPath& target) { target_ = &target; }
  std::optional<YAML::Mark> tracked_mark() const { return best_mark_; }
  std::size_t tracked_depth() const { return best_depth_; }

  Json take_document() { return std::move(document_); }
  int document_line() const { return document_line_; }

  void OnDocumentStart(const YAML::Mark& mark) override {
    document_ = Json();
    document_line_ = mark.line + 1;
    stack_.clear();
    anchors_.clear();
  }
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { add_value(mark, Json(nullptr), anchor); }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto it = anchors_.find(anchor);
    if (it == anchors_.end() || !it->second.complete) {
      throw StreamError{"alias refers to an anchor that contains it (a cycle); remove the recursive alias", mark};
    }
    nodes_ += it->second.nodes;
    if (nodes_ > limits_.max_nodes) {
      throw StreamError{"aliases expand to more than " + std::to_string(limits_.max_nodes) +
                            " nodes (an alias bomb?); write the values out without anchors",
                        mark};
    }
    add_value(mark, it->second.value, 0);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor, const std::string& value) override {
    check_closed_quote(mark);
    if (expecting_key()) {
      take_key(mark, tag, value);
      if (anchor != 0) anchors_[anchor] = Anchor{Json(value), 1, true};
      return;
    }
    Result<Json> resolved = tag == "?" ? resolve_plain_scalar(value)
                            : tag == "!" ? Result<Json>(Json(value))
                                         : resolve_tagged_scalar(tag, value);
    if (!resolved.ok()) throw StreamError{resolved.error().message, mark};
    add_value(mark, std::move(resolved).value(), anchor);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, Json::array(), anchor);
  }
  void OnSequenceEnd() override { close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(mark, Json::object(), anchor);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Frame {
    Json value;
    YAML::anchor_t anchor = 0;
    std::string key;       // pending key (maps)
    bool has_key = false;  // a key was read and waits for its value
    bool merging = false;  // the pending key is "<<"
    YAML::Mark key_mark;
    std::size_t first_node = 0;
    std::vector<std::string> merged_keys;  // keys copied by "<<"; an explicit key may override them
  };
  struct Anchor {
    Json value;
    std::size_t nodes = 0;
    bool complete = false;
  };

  bool expecting_key() const {
    return !stack_.empty() && stack_.back().value.is_object() && !stack_.back().has_key;
  }

  void take_key(const YAML::Mark& mark, const std::string& tag, const std::string& value) {
    Frame& f = stack_.back();
    if (tag == "?" && value == "<<") {
      f.merging = true;
    } else if (tag == "?") {
      Result<std::string> key = resolve_plain_key(value);
      if (!key.ok()) throw StreamError{key.error().message, mark};
      f.key = std::move(key).value();
    } else {
      f.key = value;
    }
    f.has_key = true;
    f.key_mark = mark;
  }

  // Where the next value goes, as a path segment of the current position (for tracking).
  void note_position(const YAML::Mark& mark) {
    if (target_ == nullptr) return;
    const auto& want = target_->segments();
    std::size_t depth = 0;
    for (std::size_t i = 0; i < stack_.size() && depth < want.size(); ++i) {
      const Frame& f = stack_[i];
      FieldPath::Segment here;
      if (f.value.is_object()) {
        if (f.merging) return;
        here = f.key;
      } else {
        here = f.value.size();
      }
      if (here != want[depth]) return;
      ++depth;
    }
    if (depth != stack_.size()) return;  // went deeper than the target or diverged
    if (!best_mark_ || depth > best_depth_) {
      best_mark_ = mark;
      best_depth_ = depth;
    }
  }

  void open(const YAML::Mark& mark, Json container, YAML::anchor_t anchor) {
    if (expecting_key()) {
      throw StreamError{"complex mapping keys (a map or list used as a key) are not supported", mark};
    }
    note_position(mark);
    if (stack_.size() >= limits_.max_depth) {
      throw StreamError{"nesting deeper than " + std::to_string(limits_.max_depth) + " levels", mark};
    }
    count_node(mark);
    Frame f;
    f.value = std::move(container);
    f.anchor = anchor;
    f.first_node = nodes_;
    stack_.push_back(std::move(f));
    if (anchor != 0) anchors_[anchor] = Anchor{};
  }

  void close() {
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    if (f.anchor != 0) anchors_[f.anchor] = Anchor{f.value, count_nodes(f.value), true};
    insert(std::move(f.value), YAML::Mark());
  }

  void add_value(const YAML::Mark& mark, Json value, YAML::anchor_t anchor) {
    if (expecting_key()) {
      // An empty (null) or aliased key.
      throw StreamError{"mapping keys must be non-empty strings", mark};
    }
    note_position(mark);
    count_node(mark);
    if (anchor != 0) anchors_[anchor] = Anchor{value, count_nodes(value), true};
    insert(std::move(value), mark);
  }

  void count_node(const YAML::Mark& mark) {
    if (++nodes_ > limits_.max_nodes) {
      throw StreamError{"document has more than " + std::to_string(limits_.max_nodes) + " nodes", mark};
    }
  }

  void insert(Json value, const YAML::Mark& mark) {
    if (stack_.empty()) {
      document_ = std::move(value);
      return;
    }
    Frame& f = stack_.back();
    if (f.value.is_array()) {
      f.value.push_back(std::move(value));
      return;
    }
    f.has_key = false;
    if (f.merging) {
      f.merging = false;
      merge_into(f, value, f.key_mark);
      return;
    }
    auto [it, inserted] = f.value.emplace(f.key, nullptr);
    if (!inserted) {
      auto merged = std::find(f.merged_keys.begin(), f.merged_keys.end(), f.key);
      if (merged == f.merged_keys.end()) throw StreamError{"duplicate key '" + f.key + "'", f.key_mark};
      f.merged_keys.erase(merged);
    }
    it.value() = std::move(value);
    (void)mark;
  }

  // YAML merge keys ("<<: *base"): copy keys that the mapping does not set explicitly.
  void merge_into(Frame& f, const Json& source, const YAML::Mark& mark) {
    auto merge_one = [&](const Json& m) {
      if (!m.is_object()) throw StreamError{"a merge key (<<) needs a mapping or a list of mappings", mark};
      for (auto it = m.begin(); it != m.end(); ++it) {
        if (f.value.contains(it.key())) continue;  // explicit keys and earlier merges win
        f.value[it.key()] = it.value();
        f.merged_keys.push_back(it.key());
      }
    };
    if (source.is_array()) {
      for (const Json& m : source) merge_one(m);
    } else {
      merge_one(source);
    }
  }

  // yaml-cpp accepts a quoted scalar that runs into the end of the input; reject it.
  void check_closed_quote(const YAML::Mark& mark) {
    if (mark.pos < 0 || static_cast<std::size_t>(mark.pos) >= text_.size()) return;
    std::size_t i = static_cast<std::size_t>(mark.pos);
    char quote = text_[i];
    if (quote != '"' && quote != '\'') return;
    for (++i; i < text_.size(); ++i) {
      char c = text_[i];
      if (quote == '"' && c == '\\') {
        ++i;
        continue;
      }
      if (c == quote) {
        if (quote == '\'' && i + 1 < text_.size() && text_[i + 1] == '\'') {
          ++i;
          continue;
        }
        return;
      }
    }
    throw StreamError{std::string("unterminated ") + (quote == '"' ? "double" : "single") + "-quoted string", mark};
  }

  std::string_view text_;
  const YamlLimits& limits_;
  std::vector<Frame> stack_;
  std::map<YAML::anchor_t, Anchor> anchors_;
  Json document_;
  int document_line_ = 0;
  std::size_t nodes_ = 0;
  const FieldPath* target_ = nullptr;
  std::optional<YAML::Mark> best_mark_;
  std::size_t best_depth_ = 0;
};

// Upper bound on the number of documents: each "---" or "..." line can start one more.
std::size_t max_documents(std::string_view text) {
  std::size_t count = 1;
  std::size_t i = 0;
  while (i < text.size()) {
    std::string_view rest = text.substr(i);
    if ((rest.substr(0, 3) == "---" || rest.substr(0, 3) == "...") &&
        (rest.size() == 3 || rest[3] == ' ' || rest[3] == '\t' || rest[3] == '\n' || rest[3] == '\r')) {
      ++count;
    }
    std::size_t nl = text.find('\n', i);
    if (nl == std::string_view::npos) break;
    i = nl + 1;
  }
  return count;
}

Error stream_error(const std::string& file, const std::string& message, const YAML::Mark& mark) {
  Error e = invalid_input(message);
  e.pos.file = file;
  if (mark.line >= 0) {
    e.pos.line = mark.line + 1;
    e.pos.column = mark.column + 1;
  }
  return e;
}

std::string_view strip_bom(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  return text;
}

}  // namespace

bool is_valid_utf8(std::string_view s, std::size_t* bad_offset) {
  std::size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    std::size_t len = 0;
    std::uint32_t cp = 0;
    if (c < 0x80) { ++i; continue; }
    if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; }
    else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; }
    else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; }
    else { if (bad_offset) *bad_offset = i; return false; }
    if (i + len > s.size()) { if (bad_offset) *bad_offset = i; return false; }
    for (std::size_t k = 1; k < len; ++k) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) { if (bad_offset) *bad_offset = i; return false; }
      cp = (cp << 6) | (cc & 0x3F);
    }
    bool overlong = (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
    if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) { if (bad_offset) *bad_offset = i; return false; }
    i += len;
  }
  return true;
}

Result<std::vector<YamlDocument>> parse_yaml_stream(std::string_view raw, const std::string& file,
                                                    const YamlLimits& limits) {
  std::string_view text = strip_bom(raw);
  std::size_t bad = 0;
  if (!is_valid_utf8(text, &bad)) {
    std::size_t line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<long>(bad), '\n'));
    Error e = invalid_input("invalid UTF-8 byte; save the file as UTF-8");
    e.pos = {file, static_cast<int>(line), 0};
    return e;
  }
  if (std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
    std::size_t line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<long>(nul), '\n'));
    Error e = invalid_input("NUL byte in a YAML file; it is binary or corrupt");
    e.pos = {file, static_cast<int>(line), 0};
    return e;
  }
  std::vector<YamlDocument> docs;
  const std::size_t bound = max_documents(text);
  try {
    std::istringstream in{std::string(text)};
    YAML::Parser parser(in);
    JsonBuilder builder(text, limits);
    while (parser.HandleNextDocument(builder)) {
      if (docs.size() >= bound) {
        // yaml-cpp read a second document without a "---" between them: either content it
        // could not attach (e.g. a list followed by a map), or its endless "," loop (#1040).
        Error e = invalid_input("unexpected content after the end of a document; a document must be one node (separate documents with '---')");
        e.pos = {file, builder.document_line(), 0};
        return e;
      }
      docs.push_back(YamlDocument{builder.take_document(), builder.document_line()});
    }
  } catch (const StreamError& e) {
    return stream_error(file, e.message, e.mark);
  } catch (const YAML::Exception& e) {
    return stream_error(file, "invalid YAML: " + e.msg, e.mark);
  } catch (const std::exception& e) {
    return stream_error(file, std::string("invalid YAML: ") + e.what(), YAML::Mark::null_mark());
  }
  return docs;
}

std::optional<SourcePos> locate_yaml_field(std::string_view raw, std::size_t doc_index, const FieldPath& field) {
  std::string_view text = strip_bom(raw);
  YamlLimits limits;
  try {
    std::istringstream in{std::string(text)};
    YAML::Parser parser(in);
    JsonBuilder builder(text, limits);
    builder.track(field);
    const std::size_t bound = max_documents(text);
    for (std::size_t i = 0; i <= doc_index && i < bound; ++i) {
      JsonBuilder& b = builder;
      if (i == doc_index) {
        if (!parser.HandleNextDocument(b)) return std::nullopt;
        if (auto mark = b.tracked_mark()) return SourcePos{"", mark->line + 1, mark->column + 1};
        return SourcePos{"", b.document_line(), 0};
      }
      JsonBuilder skip(text, limits);
      if (!parser.HandleNextDocument(skip)) return std::nullopt;
    }
  } catch (...) {
  }
  return std::nullopt;
}

}  // namespace fleetwave
