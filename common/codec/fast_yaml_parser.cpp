#include "codec/fast_yaml_parser.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <span>
#include <string>

#include "codec/fast_yaml_scalar.h"
#include "codec/scalar_resolver.h"
#include "codec/yaml_chars.h"
#include "codec/yaml_text.h"

// How this reader follows yaml-cpp 0.7.0 (src/scanner.cpp, scantoken.cpp, singledocparser.cpp)
// without its token queue:
// - Block structure: a line's first token pops the collections indented deeper than it (and a
//   sequence at its column, unless it is "- "), as PopIndentToHere does; it must then be a key
//   or an entry of the collection at exactly its column, or the value of the key or "-" that
//   ended the previous line. Anything else (more indentation with nothing to nest into, less
//   indentation than the document's root) is declined: yaml-cpp rejects it or reads a second
//   document.
// - Simple keys: a key is a plain or quoted scalar followed, on the same line and within 1024
//   bytes, by ':' and a blank or line end (any ':' after a quoted key in a flow map).
// - Scalars come from a port of ScanScalar (fast_yaml_scalar.h) with the indent yaml-cpp would
//   pass: a plain scalar after "key: " continues on lines indented deeper than the map; one that
//   starts a line or follows "- " gets an indent of its own column + 1 (yaml-cpp pushes a
//   tentative map there), and is declined if it spans lines, where yaml-cpp goes wrong.
// - After a node, only blanks and a comment may follow on its line.
// - A sink's sequence (YamlEntrySink) hands an entry over when the next one starts or the
//   sequence closes: only then is every frame inside the entry closed.
namespace fleetwave {
namespace {

using fast_yaml::blank_break_or_eof_at;
using fast_yaml::break_at;
using fast_yaml::Cursor;
using fast_yaml::doc_indicator_at;

constexpr std::size_t kMaxFastDepth = 128;  // yaml-cpp's own recursion guard stops near 500
constexpr std::ptrdiff_t kMaxSimpleKey = 1024;

// Where a node starts: after "key: " on the key's line, after "- ", as the first token of its
// line (a value after "key:" or "-" that ended a line, or the root), after "--- ".
enum class Ctx { Inline, Entry, OwnLine, RootInline };
enum class Kind : unsigned char { BlockMap, BlockSeq, FlowMap, FlowSeq };
enum class Expect : unsigned char { Item, Key, Value, Separator };  // flow collections only

struct Frame {
  Kind kind;
  Expect expect;
  bool sink = false;        // the sequence whose entries go to the sink
  int column;               // block collections
  Json* node;               // the collection, already in its parent
  Json* pending = nullptr;  // the slot of a value still to come
};

// The sink's sequence: undecided until its first entry ends, then taken or left in the document.
enum class Handover : unsigned char { Undecided, Taking, Keeping };

// A plain scalar whose first character rules out every type but a string, as the resolver's
// first test does: taken as it is, without the resolver's Result and copies (6 % of the
// instructions of a 100-template render without cache went into resolving such scalars).
bool plainly_string(std::string_view s) {
  return !s.empty() && !yaml_chars::may_resolve_to_non_string(static_cast<unsigned char>(s.front()));
}

bool is_null_word(std::string_view s) { return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL"; }

// Whether 16 bytes are all printable ASCII, tabs and line feeds, which need no closer look: a
// manifest is mostly such blocks (GCC and Clang compile the vector operations to SSE2 on
// x86-64). The byte-by-byte check below was 3 % of a render without cache.
constexpr std::size_t kPlainBlock = 16;
bool plain_ascii_block(const char* p) {
  using Block = unsigned char __attribute__((vector_size(kPlainBlock)));
  Block v;
  std::memcpy(&v, p, sizeof v);
  const auto plain = ((v >= 0x20) & (v < 0x7F)) | (v == '\n') | (v == '\t');  // each lane 0 or all ones
  std::uint64_t low = 0, high = 0;
  std::memcpy(&low, &plain, sizeof low);
  std::memcpy(&high, reinterpret_cast<const char*>(&plain) + sizeof low, sizeof high);
  return (low & high) == ~std::uint64_t{0};
}

// Declined: control characters other than tab and LF (yaml-cpp reads some unexpectedly, 0x04 is
// its end of input; libyaml rejects them all), a CR outside CRLF, DEL and C1 controls, U+FFFE and
// U+FFFF (libyaml rejects them too), NEL, U+2028 and U+2029 (line breaks to libyaml, text to
// yaml-cpp) and a byte order mark anywhere (libyaml allows one only in some places).
bool has_plain_bytes(std::string_view text) {
  const std::size_t n = text.size();
  const auto at = [&](std::size_t i) { return i < n ? static_cast<unsigned char>(text[i]) : 0; };
  for (std::size_t i = 0; i < n; ++i) {
    while (n - i >= kPlainBlock && plain_ascii_block(text.data() + i)) i += kPlainBlock;
    if (i >= n) break;
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c >= 0x20 && c < 0x7F) || c == '\n' || c == '\t') continue;
    if (c == '\r' && at(i + 1) == '\n') continue;
    if (c < 0x80) return false;                                                   // C0 controls, DEL
    if (c == 0xC2 && at(i + 1) < 0xA0) return false;                              // U+0080..U+009F, NEL among them
    if (c == 0xE2 && at(i + 1) == 0x80 && (at(i + 2) | 1) == 0xA9) return false;  // U+2028, U+2029
    if (c == 0xEF && at(i + 1) == 0xBB && at(i + 2) == 0xBF) return false;        // U+FEFF
    if (c == 0xEF && at(i + 1) == 0xBF && at(i + 2) >= 0xBE) return false;        // U+FFFE, U+FFFF
  }
  return true;
}

class Parser {
 public:
  Parser(std::string_view text, const YamlLimits& limits, YamlEntrySink* sink)
      : limits_(limits), max_depth_(std::min(limits.max_depth, kMaxFastDepth)), sink_(sink), line_pos_(text.data()) {
    cur_.p = cur_.line_start = text.data();
    cur_.end = text.data() + text.size();
  }

  bool run(std::string_view text, std::vector<YamlDocument>& docs) {
    if (!has_plain_bytes(text)) return false;
    const std::size_t bound = max_yaml_documents(text);
    if (!skip_to_next_token(nullptr)) return false;
    while (!cur_.eof()) {
      if (docs.size() >= bound) return false;
      YamlDocument doc;
      document_index_ = docs.size();
      root_ = &doc.value;
      if (!document(doc) || !end_markers()) return false;
      docs.push_back(std::move(doc));
    }
    return true;
  }

 private:
  bool count() { return ++nodes_ <= limits_.max_nodes; }

  int line_of(const char* p) {
    line_ += static_cast<int>(std::count(line_pos_, p, '\n'));
    line_pos_ = p;
    return line_;
  }

  bool document(YamlDocument& doc) {
    doc.line = line_of(cur_.p);
    // libyaml rejects a stream that starts with "...", and after "..." wants "---" before content.
    if (cur_.column() == 0 && cur_.peek() == '.' && doc_indicator_at(cur_)) return false;
    if (after_end_marker_ && !(cur_.column() == 0 && cur_.peek() == '-' && doc_indicator_at(cur_))) return false;
    if (cur_.column() == 0 && cur_.peek() == '-' && doc_indicator_at(cur_)) {
      cur_.p += 3;
      if (!skip_spaces()) return false;
      if (!at_line_end()) return block_node(&doc.value, Ctx::RootInline, -1) && block_lines();
      if (!skip_to_next_token(nullptr)) return false;
    }
    if (cur_.eof() || (cur_.column() == 0 && doc_indicator_at(cur_))) return count();  // empty: null
    if (cur_.column() == 0 && cur_.peek() == '%') return false;
    return block_node(&doc.value, Ctx::OwnLine, -1) && block_lines();
  }

  // "..." markers after a document (yaml-cpp eats all of them).
  bool end_markers() {
    while (cur_.column() == 0 && cur_.peek() == '.' && doc_indicator_at(cur_)) {
      after_end_marker_ = true;
      cur_.p += 3;
      bool crossed = false;
      if (!skip_to_next_token(&crossed) || !(crossed || cur_.eof())) return false;
    }
    return true;
  }

  // ---- block context ------------------------------------------------------------------------

  // Line by line until the document ends; the cursor is at a line's first token.
  bool block_lines() {
    for (;;) {
      if (cur_.eof() || (cur_.column() == 0 && doc_indicator_at(cur_))) return close_block_frames();
      if ((cur_.column() == 0 && cur_.peek() == '%') || stack_.empty()) return false;
      const int col = cur_.column();
      const bool entry = cur_.peek() == '-' && blank_break_or_eof_at(cur_, 1);
      Frame& top = stack_.back();
      if (top.pending != nullptr) {
        Json* slot = std::exchange(top.pending, nullptr);
        if (col > top.column || (col == top.column && top.kind == Kind::BlockMap && entry)) {
          if (!block_node(slot, Ctx::OwnLine, top.column)) return false;
          continue;
        }
        if (!count()) return false;  // an empty value: null
      }
      while (!stack_.empty() && (stack_.back().column > col ||
                                 (stack_.back().kind == Kind::BlockSeq && stack_.back().column == col && !entry))) {
        pop_frame();
      }
      if (stack_.empty() || stack_.back().column != col) return false;
      if (!(stack_.back().kind == Kind::BlockSeq ? seq_entry() : key_line())) return false;
    }
  }

  bool close_block_frames() {
    if (!stack_.empty() && stack_.back().pending != nullptr && !count()) return false;
    while (!stack_.empty()) pop_frame();
    return true;
  }

  // At '-' of an entry of the sequence on top of the stack.
  bool seq_entry() {
    Frame& f = stack_.back();
    cur_.skip();
    Json* slot = new_item(f);
    if (!skip_spaces()) return false;
    if (at_line_end()) {
      f.pending = slot;
      return skip_to_next_token(nullptr);
    }
    return block_node(slot, Ctx::Entry, f.column);
  }

  // At the key of a new entry of the map on top of the stack.
  bool key_line() {
    const char* start = cur_.p;
    const char* line = cur_.line_start;
    bool plain = false;
    const char ch = cur_.peek();
    if (ch == '"' || ch == '\'') {
      if (!fast_yaml::scan_quoted(cur_, scratch_, info_) || cur_.line_start != line || !colon_after_quoted(false)) {
        return false;
      }
    } else {
      plain = true;
      if (!plain_start() || !fast_yaml::scan_plain(cur_, false, cur_.column() + 1, scratch_, info_) ||
          !info_.ended_at_colon || cur_.line_start != line) {
        return false;
      }
    }
    return cur_.p - start <= kMaxSimpleKey && map_value(stack_.size() - 1, plain);
  }

  // At the ':' after a key (in scratch_) of the block map stack_[index].
  bool map_value(std::size_t index, bool plain) {
    std::string key;
    if (!resolve_key(plain, key)) return false;
    cur_.skip();
    Frame& f = stack_[index];
    auto [it, inserted] = f.node->get_ref<Json::object_t&>().try_emplace(std::move(key));
    if (!inserted) return false;  // a duplicate key: an error on the yaml-cpp path
    if (!skip_spaces()) return false;
    if (at_line_end()) {
      f.pending = &it->second;
      return skip_to_next_token(nullptr);
    }
    return block_node(&it->second, Ctx::Inline, f.column);
  }

  // The node at the cursor (not blank, no comment) into *slot. `top_indent` is the column of the
  // innermost block collection (-1 at the root).
  bool block_node(Json* slot, Ctx ctx, int top_indent) {
    for (;;) {  // a loop, not recursion, for "- - - x"
      const int col = cur_.column();
      const char ch = cur_.peek();
      if (ch == '-' && blank_break_or_eof_at(cur_, 1)) {
        if ((ctx != Ctx::Entry && ctx != Ctx::OwnLine) || !open(slot, Kind::BlockSeq, col)) return false;
        Frame& f = stack_.back();
        cur_.skip();
        slot = new_item(f);
        if (!skip_spaces()) return false;
        if (at_line_end()) {
          f.pending = slot;
          return skip_to_next_token(nullptr);
        }
        ctx = Ctx::Entry;
        top_indent = col;
        continue;
      }
      if (ch == '|' || ch == '>') {
        if (ctx == Ctx::OwnLine || !fast_yaml::scan_block(cur_, top_indent, scratch_, info_)) return false;
        return set_string(slot) && finish_node(true);
      }
      if (ch == '[' || ch == '{') return flow_collection(slot) && finish_node(false);
      return block_scalar_or_key(slot, ctx, top_indent);
    }
  }

  // A plain or quoted scalar in the block context: a value, or the first key of a new map.
  bool block_scalar_or_key(Json* slot, Ctx ctx, int top_indent) {
    const bool may_be_key = ctx == Ctx::Entry || ctx == Ctx::OwnLine;
    const int col = cur_.column();
    const char* start = cur_.p;
    const char* line = cur_.line_start;
    bool plain = false, is_key = false;
    const char ch = cur_.peek();
    if (ch == '"' || ch == '\'') {
      if (!fast_yaml::scan_quoted(cur_, scratch_, info_)) return false;
      is_key = may_be_key && cur_.line_start == line && colon_after_quoted(false);
    } else {
      plain = true;
      const int indent = ctx == Ctx::Inline ? top_indent + 1 : ctx == Ctx::RootInline ? 0 : col + 1;
      if (!plain_start() || !fast_yaml::scan_plain(cur_, false, indent, scratch_, info_)) return false;
      if (info_.ended_at_colon && (!may_be_key || cur_.line_start != line)) return false;
      if (info_.multi_line && ctx != Ctx::Inline) return false;
      is_key = info_.ended_at_colon;
    }
    if (is_key) {
      return cur_.p - start <= kMaxSimpleKey && open(slot, Kind::BlockMap, col) && map_value(stack_.size() - 1, plain);
    }
    const bool fresh = info_.leading_spaces || (cur_.line_start != line && cur_.column() == 0);
    return (plain ? set_plain(slot) : set_string(slot)) && finish_node(fresh);
  }

  // After a node: only blanks and a comment may follow on its line, unless the node's scalar
  // already ended at the start of a later line (`fresh`).
  bool finish_node(bool fresh) {
    bool crossed = false;
    return skip_to_next_token(&crossed) && (fresh || crossed || cur_.eof());
  }

  // ---- flow context -------------------------------------------------------------------------

  bool flow_collection(Json* slot) {
    const std::size_t base = stack_.size();
    if (!open_flow(slot)) return false;
    while (stack_.size() > base) {
      if (!flow_skip()) return false;
      Frame& f = stack_.back();
      const char ch = cur_.peek();
      const char close = f.kind == Kind::FlowSeq ? ']' : '}';
      if (ch == close && f.expect != Expect::Value) {  // also after a trailing ','
        cur_.skip();
        pop_frame();
        continue;
      }
      switch (f.expect) {
        case Expect::Separator:
          if (ch != ',') return false;
          cur_.skip();
          f.expect = f.kind == Kind::FlowSeq ? Expect::Item : Expect::Key;
          break;
        case Expect::Item:
          f.expect = Expect::Separator;
          if (!flow_value(new_item(f))) return false;
          break;
        case Expect::Key: {
          bool plain = false;
          std::string key;
          if (!flow_key(plain) || !resolve_key(plain, key)) return false;
          cur_.skip();  // ':'
          auto [it, inserted] = f.node->get_ref<Json::object_t&>().try_emplace(std::move(key));
          if (!inserted) return false;
          f.pending = &it->second;
          f.expect = Expect::Value;
          break;
        }
        case Expect::Value: {
          Json* target = std::exchange(f.pending, nullptr);
          f.expect = Expect::Separator;
          if (ch == ',' || ch == close) {
            if (!count()) return false;  // an empty value: null
          } else if (!flow_value(target)) {
            return false;
          }
          break;
        }
      }
    }
    return true;
  }

  bool open_flow(Json* slot) {
    const bool seq = cur_.peek() == '[';
    if (!open(slot, seq ? Kind::FlowSeq : Kind::FlowMap, 0)) return false;
    stack_.back().expect = seq ? Expect::Item : Expect::Key;
    cur_.skip();
    return true;
  }

  bool flow_value(Json* slot) {
    const char ch = cur_.peek();
    if (ch == '[' || ch == '{') return open_flow(slot);
    if (ch == '"' || ch == '\'') return fast_yaml::scan_quoted(cur_, scratch_, info_) && set_string(slot);
    // A plain scalar that stops at ':' would be a single-pair map, or "a: b: c".
    return plain_start() && fast_yaml::scan_plain(cur_, true, 0, scratch_, info_) && !info_.ended_at_colon &&
           set_plain(slot);
  }

  // A key of a flow map, on one line with its ':', where the cursor is left.
  bool flow_key(bool& plain) {
    const char* start = cur_.p;
    const char* line = cur_.line_start;
    const char ch = cur_.peek();
    if (ch == '"' || ch == '\'') {
      if (!fast_yaml::scan_quoted(cur_, scratch_, info_) || cur_.line_start != line || !colon_after_quoted(true)) {
        return false;
      }
    } else {
      plain = true;
      if (!plain_start() || !fast_yaml::scan_plain(cur_, true, 0, scratch_, info_) || !info_.ended_at_colon ||
          cur_.line_start != line) {
        return false;
      }
      // libyaml rejects a plain scalar's ':' followed by a flow indicator ("{a:}", "{a:, b}").
      if (std::string_view(",?[]{}").find(cur_.peek(1)) != std::string_view::npos) return false;
    }
    return cur_.p - start <= kMaxSimpleKey;
  }

  // yaml-cpp's ScanToNextToken in a flow: blanks, comments and line breaks. A document marker
  // or directive at column 0 would end the flow collection with an error.
  bool flow_skip() {
    for (;;) {
      while (cur_.peek() == ' ' || cur_.peek() == '\t') cur_.skip();
      if (cur_.peek() == '#') skip_comment();
      const std::size_t n = break_at(cur_);
      if (n == 0) break;
      cur_.newline(n);
    }
    if (cur_.eof()) return false;
    return cur_.column() != 0 || !(doc_indicator_at(cur_) || cur_.peek() == '%');
  }

  // ---- shared -------------------------------------------------------------------------------

  // Blanks, comments and line breaks (yaml-cpp's ScanToNextToken in the block context).
  // Declines any tab there: yaml-cpp then allows no key or "- " after it, and libyaml rejects
  // one at the start of a line, even a blank one, or where indentation is expected.
  bool skip_to_next_token(bool* crossed) {
    for (;;) {
      while (cur_.peek() == ' ') cur_.skip();
      if (cur_.peek() == '\t') return false;
      if (cur_.peek() == '#') skip_comment();
      const std::size_t n = break_at(cur_);
      if (n == 0) break;
      cur_.newline(n);
      if (crossed != nullptr) *crossed = true;
    }
    return true;
  }

  void skip_comment() {
    const void* nl = std::memchr(cur_.p, '\n', static_cast<std::size_t>(cur_.end - cur_.p));
    cur_.p = nl != nullptr ? static_cast<const char*>(nl) : cur_.end;
  }

  // Spaces between tokens on a line; a tab there is declined.
  bool skip_spaces() {
    while (cur_.peek() == ' ') cur_.skip();
    return cur_.peek() != '\t';
  }

  bool at_line_end() const { return cur_.peek() == '#' || break_at(cur_) != 0 || cur_.eof(); }

  // After a quoted scalar: blanks on the line, then a ':' value indicator (in a flow, any ':'
  // after a quoted scalar is one: yaml-cpp's "JSON-like" flow value).
  bool colon_after_quoted(bool flow) {
    while (cur_.peek() == ' ' || (flow && cur_.peek() == '\t')) cur_.skip();
    return cur_.peek() == ':' && (flow || blank_break_or_eof_at(cur_, 1));
  }

  // yaml-cpp's plain scalar start, narrowed to the same rule in both contexts: no indicator
  // character (not even '?' or ':'), and no '-' followed by a blank or line end.
  bool plain_start() const {
    const char ch = cur_.peek();
    if (blank_break_or_eof_at(cur_) || std::string_view(",[]{}#&*!|>'\"%@`?:").find(ch) != std::string_view::npos) {
      return false;
    }
    return ch != '-' || !blank_break_or_eof_at(cur_, 1);
  }

  bool resolve_key(bool plain, std::string& key) {
    if (!plain || (plainly_string(scratch_) && scratch_.front() != '<')) {
      key = scratch_;
      return true;
    }
    if (is_null_word(scratch_) || scratch_ == "<<") return false;  // null keys are errors; "<<" merges
    Result<std::string> resolved = resolve_plain_key(scratch_);
    if (!resolved.ok()) return false;
    key = std::move(resolved).value();
    return true;
  }

  bool set_plain(Json* slot) {
    if (plainly_string(scratch_)) {
      *slot = scratch_;
    } else if (is_null_word(scratch_)) {
      *slot = nullptr;
    } else {
      Result<Json> resolved = resolve_plain_scalar(scratch_);
      if (!resolved.ok()) return false;  // .inf and .nan
      *slot = std::move(resolved).value();
    }
    return count();
  }

  bool set_string(Json* slot) {
    *slot = scratch_;
    return count();
  }

  bool open(Json* slot, Kind kind, int column) {
    if (stack_.size() >= max_depth_ || !count()) return false;
    const bool map = kind == Kind::BlockMap || kind == Kind::FlowMap;
    *slot = map ? Json::object() : Json::array();
    const bool sink = !map && sink_sequence(slot);
    if (sink) {
      handover_ = Handover::Undecided;
      next_entry_ = 0;
    }
    stack_.push_back(Frame{kind, Expect::Item, sink, column, slot});
    return true;
  }

  // Whether a sequence opened into `slot` is the one at the sink's path: the frames below it are
  // the maps along the path, each holding the next under the path's key.
  bool sink_sequence(const Json* slot) const {
    if (sink_ == nullptr) return false;
    const std::span<const std::string_view> path = sink_->path();
    if (path.empty() || stack_.size() != path.size()) return false;
    for (std::size_t i = 0; i < path.size(); ++i) {
      const Frame& f = stack_[i];
      const Json* child = i + 1 < path.size() ? stack_[i + 1].node : slot;
      if ((f.kind != Kind::BlockMap && f.kind != Kind::FlowMap) || find_member(*f.node, path[i]) != child) return false;
    }
    return true;
  }

  Json* new_item(Frame& f) {
    if (f.sink) hand_over(f);
    auto& items = f.node->get_ref<Json::array_t&>();
    items.emplace_back();
    return &items.back();
  }

  void pop_frame() {
    if (stack_.back().sink) hand_over(stack_.back());
    stack_.pop_back();
  }

  // The sink's sequence `f` starts its next entry or ends: its last entry is complete (every
  // frame inside it is closed), and goes to the sink if the sink takes this sequence.
  void hand_over(Frame& f) {
    auto& items = f.node->get_ref<Json::array_t&>();
    if (items.empty()) return;
    if (handover_ == Handover::Undecided) {
      handover_ = sink_->begin(document_index_, *root_) ? Handover::Taking : Handover::Keeping;
    }
    if (handover_ == Handover::Keeping) {
      f.sink = false;
      return;
    }
    sink_->take(next_entry_++, std::move(items.back()));
    items.clear();
  }

  const YamlLimits& limits_;
  const std::size_t max_depth_;
  YamlEntrySink* const sink_;
  std::size_t document_index_ = 0;
  const Json* root_ = nullptr;  // the document being read
  Handover handover_ = Handover::Undecided;
  std::size_t next_entry_ = 0;  // of the sink's sequence
  Cursor cur_;
  std::vector<Frame> stack_;
  std::string scratch_;  // the text of the last scalar; reused, so scalars do not allocate here
  fast_yaml::ScalarInfo info_;
  std::size_t nodes_ = 0;
  int line_ = 1;
  const char* line_pos_;
  bool after_end_marker_ = false;  // a "..." was read: the next document must start with "---"
};

}  // namespace

std::optional<std::vector<YamlDocument>> fast_parse_yaml_stream(std::string_view text, const YamlLimits& limits,
                                                                YamlEntrySink* sink) {
  std::vector<YamlDocument> docs;
  try {
    Parser parser(text, limits, sink);
    if (!parser.run(text, docs)) return std::nullopt;
  } catch (const std::exception&) {
    // The scalar resolver can throw (a float key beyond float32 range reaches std::stoi in
    // go_format.cpp); the yaml-cpp path turns that into its error.
    return std::nullopt;
  }
  return docs;
}

}  // namespace fleetwave
