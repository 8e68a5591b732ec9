#include "codec/yaml_codec.h"

#include <algorithm>
#include <istream>
#include <map>
#include <streambuf>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include "base/text.h"
#include "codec/fast_yaml_parser.h"
#include "codec/libyaml_check.h"
#include "codec/scalar_resolver.h"
#include "codec/yaml_text.h"

namespace fleetwave {
namespace {

constexpr std::string_view kMergeTag = "tag:yaml.org,2002:merge";

// Thrown from inside event callbacks (which return void) and caught where the parser runs.
struct StreamError {
  std::string message;
  YAML::Mark mark;
};

// Lets yaml-cpp read the caller's buffer in place; an istringstream would copy the input.
// There is no put area, and putback of the byte just read only moves the get pointer, so the
// buffer is never written.
class MemoryBuffer : public std::streambuf {
 public:
  explicit MemoryBuffer(std::string_view text) {
    char* begin = const_cast<char*>(text.data());
    setg(begin, begin, begin + text.size());
  }
};

// The fields a locate pass looks for: one trie of path segments per document. Each node keeps
// the first mark where a node at its path was seen.
class FieldTrie {
 public:
  explicit FieldTrie(const std::vector<FieldQuery>& queries) {
    for (const FieldQuery& q : queries) {
      auto [it, added] = roots_.try_emplace(q.document, static_cast<int>(nodes_.size()));
      if (added) nodes_.emplace_back();
      int node = it->second;
      for (const FieldPath::Segment& s : q.field.segments()) {
        auto [child, inserted] = nodes_[static_cast<std::size_t>(node)].children.try_emplace(s, 0);
        if (inserted) {
          child->second = static_cast<int>(nodes_.size());
          nodes_.emplace_back();
        }
        node = child->second;
      }
    }
  }

  int root(std::size_t document) const {
    auto it = roots_.find(document);
    return it == roots_.end() ? -1 : it->second;
  }
  int child(int node, const FieldPath::Segment& segment) const {
    const auto& children = nodes_[static_cast<std::size_t>(node)].children;
    auto it = children.find(segment);
    return it == children.end() ? -1 : it->second;
  }
  void see(int node, const YAML::Mark& mark) {
    auto& seen = nodes_[static_cast<std::size_t>(node)].mark;
    if (!seen) seen = mark;
  }

  // The mark of the query's field, or of its deepest ancestor that was seen.
  std::optional<YAML::Mark> best(const FieldQuery& q) const {
    int node = root(q.document);
    if (node < 0) return std::nullopt;
    std::optional<YAML::Mark> found = nodes_[static_cast<std::size_t>(node)].mark;
    for (const FieldPath::Segment& s : q.field.segments()) {
      node = child(node, s);
      if (node < 0 || !nodes_[static_cast<std::size_t>(node)].mark) break;
      found = nodes_[static_cast<std::size_t>(node)].mark;
    }
    return found;
  }

 private:
  struct Node {
    std::map<FieldPath::Segment, int> children;
    std::optional<YAML::Mark> mark;
  };
  std::vector<Node> nodes_;
  std::map<std::size_t, int> roots_;
};

// Builds Json values from parser events with an explicit stack (no recursion, so nesting
// depth cannot overflow the C++ stack) and, optionally, records where one field sits.
class JsonBuilder : public YAML::EventHandler {
 public:
  JsonBuilder(std::string_view text, const YamlLimits& limits) : text_(text), limits_(limits) {}

  // Records where the fields of `fields` are (FieldTrie::see) while building.
  void track(FieldTrie& fields) { fields_ = &fields; }

  Json take_document() { return std::move(document_); }
  const YAML::Mark& document_mark() const { return document_mark_; }
  std::size_t documents_started() const { return documents_; }

  void OnDocumentStart(const YAML::Mark& mark) override {
    document_ = Json();
    document_mark_ = mark;
    stack_.clear();
    anchors_.clear();
    document_trie_ = fields_ != nullptr ? fields_->root(documents_) : -1;
    ++documents_;
  }
  void OnDocumentEnd() override {}

  void OnAnchor(const YAML::Mark&, const std::string& name) override { anchor_name_ = name; }

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    if (expecting_key()) throw StreamError{"a mapping key is empty or null; JSON keys must be strings, quote it", mark};
    add_value(mark, Json(nullptr), anchor, 1);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t id) override {
    if (id >= anchors_.size() || !anchors_[id].complete) {
      std::string name = id < anchors_.size() ? " *" + printable(anchors_[id].name) : "";
      throw StreamError{"alias" + name + " refers to an anchor that contains it (a cycle); remove the recursive alias",
                        mark};
    }
    const Anchor& a = anchors_[id];
    alias_nodes_ += a.nodes;
    if (alias_nodes_ > limits_.max_alias_nodes) {
      throw StreamError{"aliases expand to more than " + std::to_string(limits_.max_alias_nodes) +
                            " nodes (an alias bomb?); write the values out without anchors",
                        mark};
    }
    if (expecting_key()) {
      Result<std::string> key = json_key_string(a.value);
      if (!key.ok()) throw StreamError{key.error().message, mark};
      set_key(mark, std::move(key).value());
      return;
    }
    add_value(mark, a.value, 0, a.nodes);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& text) override {
    check_closed_quote(mark);
    // Only quoted scalars have escapes; the common clean case is not copied.
    std::string repaired;
    if (tag != "?" && !is_valid_utf8(text)) {
      repaired = text;
      repair_single_byte_escapes(repaired);
    }
    const std::string& value = repaired.empty() ? text : repaired;
    // yaml-cpp reports "?" for an untagged plain scalar and "!" for an untagged quoted one.
    if (expecting_key()) {
      take_key(mark, tag, value, anchor);
      return;
    }
    Result<Json> resolved = tag == "?"   ? resolve_plain_scalar(value)
                            : tag == "!" ? Result<Json>(Json(value))
                                         : resolve_tagged_scalar(tag, value);
    if (!resolved.ok()) throw StreamError{resolved.error().message, mark};
    add_value(mark, std::move(resolved).value(), anchor, 1);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, Json::array(), anchor);
  }
  void OnSequenceEnd() override { close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(mark, Json::object(), anchor);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Frame {
    Json value;
    YAML::Mark mark;
    YAML::anchor_t anchor = 0;
    std::size_t first_node = 0;  // nodes_ once this container was counted
    std::string key;             // the pending key (maps)
    YAML::Mark key_mark;
    bool has_key = false;                  // a key was read and waits for its value
    bool merging = false;                  // the pending key is "<<"
    bool is_key = false;                   // this container is itself a mapping key, which JSON cannot hold
    std::vector<std::string> merged_keys;  // keys copied by "<<"; an explicit key overrides them
    int trie = -1;                         // this container's node in fields_, -1 when untracked
  };
  struct Anchor {
    Json value;
    std::size_t nodes = 0;  // after alias expansion
    bool complete = false;
    std::string name;
  };

  bool expecting_key() const { return !stack_.empty() && stack_.back().value.is_object() && !stack_.back().has_key; }

  void take_key(const YAML::Mark& mark, const std::string& tag, const std::string& value, YAML::anchor_t anchor) {
    if (value == "<<" && (tag == "?" || tag == kMergeTag)) {
      Frame& f = stack_.back();
      f.merging = f.has_key = true;
      f.key_mark = mark;
      return;
    }
    Result<std::string> key = tag == "?"   ? resolve_plain_key(value)
                              : tag == "!" ? Result<std::string>(value)
                                           : resolve_tagged_key(tag, value);
    if (!key.ok()) throw StreamError{key.error().message, mark};
    if (anchor != 0) {
      // An anchored key may be aliased as a value later: keep what it means as a value.
      Result<Json> as_value = tag == "?"   ? resolve_plain_scalar(value)
                              : tag == "!" ? Result<Json>(Json(value))
                                           : resolve_tagged_scalar(tag, value);
      remember(anchor, as_value.ok() ? std::move(as_value).value() : Json(key.value()), 1);
    }
    set_key(mark, std::move(key).value());
  }

  void set_key(const YAML::Mark& mark, std::string key) {
    Frame& f = stack_.back();
    f.key = std::move(key);
    f.has_key = true;
    f.key_mark = mark;
  }

  void remember(YAML::anchor_t id, Json value, std::size_t nodes) {
    if (anchors_.size() <= id) anchors_.resize(id + 1);
    anchors_[id] = Anchor{std::move(value), nodes, true, std::move(anchor_name_)};
  }

  // The tracked node of the value about to be added (-1 when no query goes there), which is seen
  // at `mark`. Constant time: only paths that lead to a queried field have nodes.
  int note_position(const YAML::Mark& mark) {
    int node = document_trie_;
    if (!stack_.empty()) {
      const Frame& f = stack_.back();
      if (f.trie < 0 || f.merging || f.is_key) return -1;
      node =
          fields_->child(f.trie, f.value.is_object() ? FieldPath::Segment(f.key) : FieldPath::Segment(f.value.size()));
    }
    if (node >= 0) fields_->see(node, mark);
    return node;
  }

  void open(const YAML::Mark& mark, Json container, YAML::anchor_t anchor) {
    // A map or list used as a key: finish reading it, so that a syntax error inside it (an
    // unclosed "[" reads as a key to yaml-cpp) is reported as such, then reject it.
    bool is_key = expecting_key();
    const int trie = is_key ? -1 : note_position(mark);
    if (stack_.size() >= limits_.max_depth) {
      throw StreamError{"nesting deeper than " + std::to_string(limits_.max_depth) + " levels", mark};
    }
    count_nodes(mark, 1);
    Frame f;
    f.value = std::move(container);
    f.mark = mark;
    f.anchor = anchor;
    f.first_node = nodes_;
    f.is_key = is_key;
    f.trie = trie;
    stack_.push_back(std::move(f));
    if (anchor != 0) {
      if (anchors_.size() <= anchor) anchors_.resize(anchor + 1);
      anchors_[anchor] = Anchor{Json(), 0, false, std::move(anchor_name_)};  // open: aliasing it now is a cycle
    }
  }

  void close() {
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    if (f.is_key) throw StreamError{"complex mapping keys (a map or list used as a key) are not supported", f.mark};
    if (f.anchor != 0) {
      anchors_[f.anchor].value = f.value;
      anchors_[f.anchor].nodes = nodes_ - f.first_node + 1;
      anchors_[f.anchor].complete = true;
    }
    insert(std::move(f.value));
  }

  void add_value(const YAML::Mark& mark, Json value, YAML::anchor_t anchor, std::size_t nodes) {
    (void)note_position(mark);
    count_nodes(mark, nodes);
    if (anchor != 0) remember(anchor, value, nodes);
    insert(std::move(value));
  }

  void count_nodes(const YAML::Mark& mark, std::size_t n) {
    nodes_ += n;
    if (nodes_ > limits_.max_nodes) {
      throw StreamError{"the stream has more than " + std::to_string(limits_.max_nodes) + " nodes", mark};
    }
  }

  void insert(Json value) {
    if (stack_.empty()) {
      document_ = std::move(value);
      return;
    }
    Frame& f = stack_.back();
    if (f.value.is_array()) {
      f.value.get_ref<Json::array_t&>().push_back(std::move(value));
      return;
    }
    f.has_key = false;
    if (f.merging) {
      f.merging = false;
      merge_into(f, value);
      return;
    }
    auto& object = f.value.get_ref<Json::object_t&>();
    auto [it, inserted] = object.try_emplace(std::move(f.key));  // leaves f.key alone when present
    if (!inserted) {
      auto merged = std::find(f.merged_keys.begin(), f.merged_keys.end(), f.key);
      if (merged == f.merged_keys.end()) throw StreamError{"duplicate key '" + printable(f.key) + "'", f.key_mark};
      f.merged_keys.erase(merged);
    }
    it->second = std::move(value);
  }

  // YAML merge keys ("<<: *base", "<<: [*a, *b]"): copy the keys the mapping does not set
  // itself; in a list, earlier mappings win.
  void merge_into(Frame& f, const Json& source) {
    auto merge_one = [&](const Json& m) {
      if (!m.is_object()) throw StreamError{"a merge key (<<) needs a mapping or a list of mappings", f.key_mark};
      for (auto it = m.begin(); it != m.end(); ++it) {
        if (f.value.contains(it.key())) continue;
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

  void check_closed_quote(const YAML::Mark& mark) {
    if (mark.pos < 0) return;
    std::size_t quote = 0;
    if (is_unterminated_quote(text_, static_cast<std::size_t>(mark.pos), &quote)) {
      TextPos p = text_position(text_, quote);
      YAML::Mark at = mark;
      at.line = p.line - 1;
      at.column = p.column - 1;
      throw StreamError{std::string("unterminated ") + (text_[quote] == '"' ? "double" : "single") + "-quoted string",
                        at};
    }
  }

  std::string_view text_;
  const YamlLimits& limits_;
  std::vector<Frame> stack_;
  std::vector<Anchor> anchors_;  // by yaml-cpp's anchor id (1, 2, ... per document)
  std::string anchor_name_;      // from OnAnchor, for the node that follows
  Json document_;
  YAML::Mark document_mark_;
  std::size_t nodes_ = 0;
  std::size_t alias_nodes_ = 0;
  FieldTrie* fields_ = nullptr;
  int document_trie_ = -1;
  std::size_t documents_ = 0;
};

Error error_at(const std::string& file, std::string message, int line, int column) {
  Error e = invalid_input(std::move(message));
  e.pos = {file, line, column};
  return e;
}

Error stream_error(const std::string& file, const std::string& message, const YAML::Mark& mark) {
  if (mark.line < 0) return error_at(file, message, 0, 0);
  return error_at(file, message, mark.line + 1, mark.column + 1);
}

std::string_view strip_bom(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  return text;
}

// Rejects what yaml-cpp would mis-read before it sees the text.
std::optional<Error> check_text(std::string_view text, const std::string& file) {
  std::size_t bad = 0;
  if (!is_valid_utf8(text, &bad)) {
    TextPos p = text_position(text, bad);
    return error_at(file, "invalid UTF-8 byte; save the file as UTF-8", p.line, p.column);
  }
  if (std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
    TextPos p = text_position(text, nul);
    return error_at(file, "NUL byte in a YAML file; it is binary or corrupt", p.line, p.column);
  }
  return std::nullopt;
}

Result<std::vector<YamlDocument>> parse_with_yaml_cpp(std::string_view text, const std::string& file,
                                                      const YamlLimits& limits) {
  std::vector<YamlDocument> docs;
  const std::size_t bound = max_yaml_documents(text);
  try {
    MemoryBuffer buffer(text);
    std::istream in(&buffer);
    YAML::Parser parser(in);
    JsonBuilder builder(text, limits);
    while (parser.HandleNextDocument(builder)) {
      if (docs.size() >= bound) {
        // yaml-cpp read another document without a "---" before it: content it could not
        // attach (a list followed by a map), or its endless "," loop (#1040).
        return stream_error(file,
                            "unexpected content after the end of a document; a document must be one node (separate "
                            "documents with '---')",
                            builder.document_mark());
      }
      docs.push_back(YamlDocument{builder.take_document(), builder.document_mark().line + 1});
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

// yaml-cpp builds the values and keeps its errors, which name the problem best; what it
// accepts must also pass libyaml (libyaml_check.h): yaml-cpp reads some broken YAML silently.
Result<std::vector<YamlDocument>> parse_with_yaml_cpp_and_libyaml(std::string_view text, const std::string& file,
                                                                  const YamlLimits& limits) {
  auto docs = parse_with_yaml_cpp(text, file, limits);
  if (!docs.ok()) return docs;
  if (auto rejected = libyaml_rejects(text, file)) return *rejected;
  return docs;
}

// The yaml-cpp path reads whole documents: the sink gets their entries afterwards, as the fast
// reader hands them over while it reads.
void hand_over_entries(std::vector<YamlDocument>& docs, YamlEntrySink& sink) {
  for (std::size_t d = 0; d < docs.size(); ++d) {
    Json* sequence = &docs[d].value;
    for (std::string_view key : sink.path()) {
      if (sequence != nullptr) sequence = find_member(*sequence, key);
    }
    if (sequence == nullptr || !sequence->is_array() || sequence->empty() || !sink.begin(d, docs[d].value)) continue;
    auto& entries = sequence->get_ref<Json::array_t&>();
    for (std::size_t k = 0; k < entries.size(); ++k) sink.take(k, std::move(entries[k]));
    entries.clear();
  }
}

}  // namespace

Result<std::vector<YamlDocument>> parse_yaml_stream(std::string_view raw, const std::string& file,
                                                    const YamlLimits& limits, YamlEntrySink* sink) {
  std::string_view text = strip_bom(raw);
  if (auto e = check_text(text, file)) return *e;
  if (auto docs = fast_parse_yaml_stream(text, limits, sink)) return std::move(*docs);
  if (sink == nullptr) return parse_with_yaml_cpp_and_libyaml(text, file, limits);
  sink->restart();
  auto docs = parse_with_yaml_cpp_and_libyaml(text, file, limits);
  if (docs.ok()) hand_over_entries(*docs, *sink);
  return docs;
}

Result<std::vector<YamlDocument>> parse_yaml_stream_with_yaml_cpp(std::string_view raw, const std::string& file,
                                                                  const YamlLimits& limits) {
  std::string_view text = strip_bom(raw);
  if (auto e = check_text(text, file)) return *e;
  return parse_with_yaml_cpp_and_libyaml(text, file, limits);
}

std::vector<std::optional<SourcePos>> locate_yaml_fields(std::string_view raw, const std::vector<FieldQuery>& queries) {
  std::vector<std::optional<SourcePos>> out(queries.size());
  std::string_view text = strip_bom(raw);
  if (queries.empty() || check_text(text, "")) return out;
  std::size_t last = 0;
  for (const FieldQuery& q : queries) last = std::max(last, q.document);
  // yaml-cpp never ends a stream that is just "," (see max_yaml_documents): stop at the bound.
  last = std::min(last, max_yaml_documents(text) - 1);
  FieldTrie fields(queries);
  YamlLimits limits;
  JsonBuilder builder(text, limits);
  builder.track(fields);
  std::vector<YAML::Mark> starts;  // of the documents read
  try {
    MemoryBuffer buffer(text);
    std::istream in(&buffer);
    YAML::Parser parser(in);
    while (starts.size() <= last && parser.HandleNextDocument(builder)) starts.push_back(builder.document_mark());
  } catch (...) {
    // Only used to enrich another error: a problem later in the stream does not take away the
    // positions already found.
    if (builder.documents_started() > starts.size()) starts.push_back(builder.document_mark());
  }
  for (std::size_t i = 0; i < queries.size(); ++i) {
    std::optional<YAML::Mark> mark = fields.best(queries[i]);
    if (!mark && queries[i].document < starts.size()) mark = starts[queries[i].document];
    if (mark && mark->line >= 0) out[i] = SourcePos{"", mark->line + 1, mark->column + 1};
  }
  return out;
}

std::optional<SourcePos> locate_yaml_field(std::string_view raw, std::size_t doc_index, const FieldPath& field) {
  return locate_yaml_fields(raw, {FieldQuery{doc_index, field}}).front();
}

}  // namespace fleetwave
