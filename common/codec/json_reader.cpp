#include "codec/json_reader.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <optional>
#include <string>

#include "base/text.h"
#include "codec/yaml_text.h"

namespace fleetwave {
namespace {

// A char iterator that publishes how far nlohmann's lexer has read, so that SAX callbacks
// (which get no position) can say where a duplicate key or a too-deep container is.
class TrackingIterator {
 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  TrackingIterator() = default;
  TrackingIterator(const char* p, const char** cursor) : p_(p), cursor_(cursor) {}
  reference operator*() const { return *p_; }
  TrackingIterator& operator++() {
    *cursor_ = ++p_;
    return *this;
  }
  TrackingIterator operator++(int) {
    TrackingIterator copy = *this;
    ++*this;
    return copy;
  }
  bool operator==(const TrackingIterator& o) const { return p_ == o.p_; }
  bool operator!=(const TrackingIterator& o) const { return p_ != o.p_; }

 private:
  const char* p_ = nullptr;
  const char** cursor_ = nullptr;
};

// nlohmann reports "[json.exception.parse_error.101] parse error at line 1, column 2: syntax
// error while parsing value - invalid literal; last read: '...'"; keep the part after the colon.
std::string short_message(const std::string& what) {
  std::size_t p = what.find(": ");
  std::string out = p == std::string::npos ? what : what.substr(p + 2);
  if (!out.empty()) out[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[0])));
  return out;
}

// Builds the document from SAX events with an explicit stack; rejects duplicate keys (as the
// YAML reader does) and nesting deeper than the limit, with the position of the culprit.
class JsonSax {
 public:
  // `text` is the whole file and the value starts at `offset`; `cursor` follows the lexer.
  // `mask` (null: everything) says which members to build (JsonMask).
  JsonSax(std::string_view text, std::size_t offset, const std::string& file, std::size_t max_depth,
          const char* const& cursor, const JsonMask* mask = nullptr)
      : text_(text), offset_(offset), file_(file), max_depth_(max_depth), cursor_(cursor), mask_(mask) {}

  bool null() { return skipped_scalar() || add(Json(nullptr)); }
  bool boolean(bool v) { return skipped_scalar() || add(Json(v)); }
  bool number_integer(Json::number_integer_t v) { return skipped_scalar() || add(Json(v)); }
  bool number_unsigned(Json::number_unsigned_t v) { return skipped_scalar() || add(Json(v)); }
  bool number_float(Json::number_float_t v, const std::string&) { return skipped_scalar() || add(Json(v)); }
  bool string(std::string& v) { return skipped_scalar() || add(Json(std::move(v))); }
  bool binary(Json::binary_t&) { return add(Json(nullptr)); }  // not produced by the JSON lexer
  bool start_object(std::size_t) { return skipped_open() || open(Json::object()); }
  bool start_array(std::size_t) { return skipped_open() || open(Json::array()); }
  bool end_object() { return skipped_close() || close(); }
  bool end_array() { return skipped_close() || close(); }

  bool key(std::string& k) {
    if (skipping_ > 0) return true;
    Frame& f = stack_.back();
    if (f.mask != nullptr && !f.mask->fields.empty()) {
      auto kept = f.mask->fields.find(k);
      if (kept == f.mask->fields.end()) {
        skip_next_ = true;  // read, never built
        return true;
      }
      f.child_mask = kept->second.fields.empty() ? nullptr : &kept->second;
    }
    if (f.value.contains(k)) return fail("duplicate key '" + printable(k) + "'", key_start());
    f.key = std::move(k);
    return true;
  }

  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) {
    // `position` counts the bytes the lexer read, the offending one included.
    return fail("invalid JSON: " + short_message(ex.what()), offset_ + (position == 0 ? 0 : position - 1));
  }

  Json take() { return std::move(root_); }
  std::optional<Error>& error() { return error_; }

 private:
  struct Frame {
    Json value;
    std::string key;
    const JsonMask* mask = nullptr;        // for this container's members (an array's: each element)
    const JsonMask* child_mask = nullptr;  // an object's: for the member whose key was just read
  };

  // A value the mask drops: scalars are ignored, containers counted until they close.
  bool skipped_scalar() {
    if (skipping_ > 0) return true;
    if (!skip_next_) return false;
    skip_next_ = false;
    return true;
  }
  bool skipped_open() {
    if (skipping_ == 0 && !skip_next_) return false;
    skip_next_ = false;
    ++skipping_;
    return true;
  }
  bool skipped_close() {
    if (skipping_ == 0) return false;
    --skipping_;
    return true;
  }
  // The mask of a container opening now: the root's, an array element's or an object member's.
  const JsonMask* mask_of_new() const {
    if (stack_.empty()) return mask_ != nullptr && !mask_->fields.empty() ? mask_ : nullptr;
    const Frame& parent = stack_.back();
    return parent.value.is_array() ? parent.mask : parent.child_mask;
  }

  std::size_t read() const { return static_cast<std::size_t>(cursor_ - text_.data()); }

  // The opening quote of the key the lexer has just read (its closing quote is the last byte).
  std::size_t key_start() const {
    std::size_t i = read() - 1;
    while (i > 0) {
      --i;
      if (text_[i] != '"') continue;
      std::size_t slashes = 0;
      while (i > slashes && text_[i - 1 - slashes] == '\\') ++slashes;
      if (slashes % 2 == 0) return i;
    }
    return 0;
  }

  bool fail(std::string message, std::size_t offset) {
    Error e = invalid_input(std::move(message));
    TextPos p = text_position(text_, offset);
    e.pos = {file_, p.line, p.column};
    error_ = std::move(e);
    return false;
  }

  bool open(Json container) {
    if (stack_.size() >= max_depth_)
      return fail("JSON nested deeper than " + std::to_string(max_depth_) + " levels", read() - 1);
    const JsonMask* mask = mask_of_new();
    stack_.push_back(Frame{std::move(container), {}, mask, nullptr});
    return true;
  }

  bool close() {
    Json value = std::move(stack_.back().value);
    stack_.pop_back();
    return add(std::move(value));
  }

  bool add(Json value) {
    if (stack_.empty()) {
      root_ = std::move(value);
    } else if (Frame& f = stack_.back(); f.value.is_array()) {
      f.value.get_ref<Json::array_t&>().push_back(std::move(value));
    } else {
      f.value.get_ref<Json::object_t&>().emplace(std::move(f.key), std::move(value));
    }
    return true;
  }

  std::string_view text_;
  std::size_t offset_;
  const std::string& file_;
  std::size_t max_depth_;
  const char* const& cursor_;
  const JsonMask* mask_;
  std::size_t skipping_ = 0;  // depth inside a container the mask drops
  bool skip_next_ = false;    // the value after the key just read is dropped
  std::vector<Frame> stack_;
  Json root_;
  std::optional<Error> error_;
};

// Where a JSON number that starts at `i` ends (the lexer reads one byte past it).
std::size_t number_end(std::string_view text, std::size_t i) {
  auto digits = [&] {
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  };
  if (i < text.size() && text[i] == '-') ++i;
  digits();
  if (i < text.size() && text[i] == '.') ++i, digits();
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    digits();
  }
  return i;
}

// Parses the value that starts at `offset` (at no whitespace). With `end` set, stops after
// that one value and reports where it ended; without, the rest of `text` must be blank.
Result<Json> parse_value(std::string_view text, std::size_t offset, const std::string& file, std::size_t max_depth,
                         std::size_t* end, const JsonMask* mask = nullptr) {
  const char* cursor = text.data() + offset;
  JsonSax sax(text, offset, file, max_depth, cursor, mask);
  bool ok = Json::sax_parse(TrackingIterator(text.data() + offset, &cursor),
                            TrackingIterator(text.data() + text.size(), &cursor), &sax,
                            nlohmann::detail::input_format_t::json, end == nullptr);
  if (!ok) {
    if (sax.error()) return *sax.error();
    return internal_error("the JSON parser stopped without saying why");
  }
  Json value = sax.take();
  if (end != nullptr)
    *end = value.is_number() ? number_end(text, offset) : static_cast<std::size_t>(cursor - text.data());
  return value;
}

bool is_json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A masked parse in one fast pass: builds the members the mask keeps and steps over the rest byte
// by byte, checking its grammar (brackets, commas, string escapes and control characters,
// numbers, literals) without building or decoding anything. nlohmann's lexer decodes every string
// it meets, dropped ones too, which made the masked parse of a 50 MB Application list the larger
// part of a cycle. What the pass cannot decide (a key or kept string with an escape or a byte
// outside ASCII, a kept number, a duplicate kept key, nesting past the limit, anything malformed)
// it leaves to the exact parse, which also gives errors their positions. Dropped strings are
// checked as the exact parse checks them: well-formed UTF-8 (RFC 3629), and an escaped surrogate
// is left to the exact parse, which accepts only a high one followed by a low one.
class MaskFilter {
 public:
  MaskFilter(std::string_view text, std::size_t max_depth) : text_(text), max_depth_(max_depth) {}

  // The kept members, or nullopt when the exact parse must decide.
  std::optional<Json> run(const JsonMask& mask) {
    Json root;
    skip_space();
    if (!value(&mask, 0, root)) return std::nullopt;
    skip_space();
    if (pos_ != text_.size()) return std::nullopt;
    return root;
  }

 private:
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  void skip_space() {
    while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
  }
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  bool expect(char c) {
    skip_space();
    if (peek() != c) return false;
    ++pos_;
    skip_space();
    return true;
  }

  // Builds the value at pos_ as `mask` keeps it (null mask: the whole value) into `into`.
  bool value(const JsonMask* mask, std::size_t depth, Json& into) {
    const char c = peek();
    if (c != '{' && c != '[') return scalar(into);
    if (depth >= max_depth_) return false;
    return c == '{' ? object(mask, depth + 1, into) : array(mask, depth + 1, into);
  }

  bool object(const JsonMask* mask, std::size_t depth, Json& into) {
    into = Json::object();
    auto& members = into.get_ref<Json::object_t&>();
    ++pos_;
    skip_space();
    if (peek() != '}') {
      do {
        const std::size_t key_start = pos_;
        if (peek() != '"' || !skip_string()) return false;
        const std::string_view key = text_.substr(key_start + 1, pos_ - key_start - 2);
        if (!expect(':')) return false;
        const auto kept = mask == nullptr ? JsonMask::Fields::const_iterator{} : mask->fields.find(key);
        if (mask != nullptr && kept == mask->fields.end()) {
          if (key.find('\\') != std::string_view::npos || !skip(depth)) return false;
        } else {
          if (!plain_ascii(key)) return false;
          auto [member, added] = members.try_emplace(std::string(key));
          if (!added) return false;  // a duplicate key: the exact parse says where
          const JsonMask* child = mask == nullptr || kept->second.fields.empty() ? nullptr : &kept->second;
          if (!value(child, depth, member->second)) return false;
        }
        skip_space();
      } while (peek() == ',' && expect(','));
    }
    if (peek() != '}') return false;
    ++pos_;
    return true;
  }

  bool array(const JsonMask* mask, std::size_t depth, Json& into) {
    into = Json::array();
    auto& elements = into.get_ref<Json::array_t&>();
    ++pos_;
    skip_space();
    if (peek() != ']') {
      for (;;) {
        if (!value(mask, depth, elements.emplace_back())) return false;
        skip_space();
        if (peek() != ',') break;
        expect(',');
      }
    }
    if (peek() != ']') return false;
    ++pos_;
    return true;
  }

  // A kept string (ASCII, no escape) or literal; numbers and the rest go to the exact parse.
  bool scalar(Json& into) {
    const std::size_t start = pos_;
    switch (peek()) {
      case '"': {
        if (!skip_string()) return false;
        const std::string_view text = text_.substr(start + 1, pos_ - start - 2);
        if (!plain_ascii(text)) return false;
        into = std::string(text);
        return true;
      }
      case 't':
        into = true;
        return skip_word("true");
      case 'f':
        into = false;
        return skip_word("false");
      case 'n':
        into = nullptr;
        return skip_word("null");
      default:
        return false;
    }
  }

  // Text a JSON string holds as it is: no escape and nothing outside ASCII (whose UTF-8 the exact
  // parse checks).
  static bool plain_ascii(std::string_view text) {
    for (char c : text) {
      if (c == '\\' || static_cast<unsigned char>(c) >= 0x80) return false;
    }
    return true;
  }

  // Steps over one value, checking its grammar.
  bool skip(std::size_t depth) {
    switch (peek()) {
      case '"':
        return skip_string();
      case '{':
      case '[':
        return depth < max_depth_ && skip_container(depth + 1);
      case 't':
        return skip_word("true");
      case 'f':
        return skip_word("false");
      case 'n':
        return skip_word("null");
      default:
        return skip_number();
    }
  }

  bool skip_container(std::size_t depth) {
    const char close = text_[pos_] == '{' ? '}' : ']';
    ++pos_;
    skip_space();
    if (peek() == close) return ++pos_, true;
    for (;;) {
      if (close == '}' && (peek() != '"' || !skip_string() || !expect(':'))) return false;
      if (!skip(depth)) return false;
      skip_space();
      if (peek() == close) return ++pos_, true;
      if (!expect(',')) return false;
    }
  }

  bool skip_string() {
    ++pos_;  // the opening quote
    while (pos_ < text_.size()) {
      const unsigned char c = static_cast<unsigned char>(text_[pos_++]);
      if (c == '"') return true;
      if (c < 0x20) return false;
      if (c >= 0x80) {
        if (!skip_utf8_tail(c)) return false;
        continue;
      }
      if (c != '\\') continue;
      if (pos_ >= text_.size()) return false;
      const char e = text_[pos_++];
      if (e == 'u') {
        for (int i = 0; i < 4; ++i, ++pos_) {
          if (pos_ >= text_.size() || !std::isxdigit(static_cast<unsigned char>(text_[pos_]))) return false;
        }
        // \uD800-\uDFFF, a surrogate: the exact parse pairs them. Its first two hex digits are D
        // and 8 or above (a digit 8-9 or a letter, either case).
        if ((text_[pos_ - 4] | 0x20) == 'd' && (text_[pos_ - 3] | 0x20) >= '8') return false;
      } else if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
        return false;
      }
    }
    return false;
  }

  // The continuation bytes after `lead` of one well-formed UTF-8 sequence (RFC 3629, table 3-7 of
  // Unicode: no overlong forms, no surrogates, nothing past U+10FFFF).
  bool skip_utf8_tail(unsigned char lead) {
    unsigned char low = 0x80, high = 0xBF;  // the second byte's range
    int tail = 0;
    if (lead >= 0xC2 && lead <= 0xDF) tail = 1;
    else if (lead == 0xE0) tail = 2, low = 0xA0;
    else if (lead >= 0xE1 && lead <= 0xEC) tail = 2;
    else if (lead == 0xED) tail = 2, high = 0x9F;
    else if (lead >= 0xEE && lead <= 0xEF) tail = 2;
    else if (lead == 0xF0) tail = 3, low = 0x90;
    else if (lead >= 0xF1 && lead <= 0xF3) tail = 3;
    else if (lead == 0xF4) tail = 3, high = 0x8F;
    else return false;
    for (int i = 0; i < tail; ++i, ++pos_) {
      if (pos_ >= text_.size()) return false;
      const auto b = static_cast<unsigned char>(text_[pos_]);
      if (b < (i == 0 ? low : 0x80) || b > (i == 0 ? high : 0xBF)) return false;
    }
    return true;
  }

  bool skip_word(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
  bool skip_number() {
    auto digits = [&] {
      const std::size_t start = pos_;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
      return pos_ - start;
    };
    if (peek() == '-') ++pos_;
    if (peek() == '0') {
      ++pos_;
    } else if (digits() == 0) {
      return false;
    }
    if (peek() == '.' && (++pos_, digits() == 0)) return false;
    if (peek() == 'e' || peek() == 'E') {
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      if (digits() == 0) return false;
    }
    return true;
  }

  std::string_view text_;
  std::size_t max_depth_;
  std::size_t pos_ = 0;
};

}  // namespace

Result<Json> parse_json(std::string_view text, const std::string& file, std::size_t max_depth) {
  return parse_value(text, 0, file, max_depth, nullptr);
}

Result<Json> parse_json_masked(std::string_view text, const std::string& file, const JsonMask& mask,
                               std::size_t max_depth) {
  if (mask.fields.empty()) return parse_value(text, 0, file, max_depth, nullptr);
  if (text.substr(0, 3) != "\xEF\xBB\xBF") {
    if (std::optional<Json> kept = MaskFilter(text, max_depth).run(mask)) return std::move(*kept);
  }
  return parse_value(text, 0, file, max_depth, nullptr, &mask);  // the exact parse, and its error
}

Result<std::vector<Json>> parse_json_stream(std::string_view text, const std::string& file, std::size_t max_depth) {
  std::vector<Json> values;
  std::size_t offset = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") offset = 3;
  auto skip_space = [&] {
    while (offset < text.size() && is_json_space(text[offset])) ++offset;
  };
  for (skip_space(); offset < text.size(); skip_space()) {
    std::size_t end = offset;
    FW_TRY(value, parse_value(text, offset, file, max_depth, &end));
    values.push_back(std::move(value));
    offset = std::max(end, offset + 1);
  }
  return values;
}

}  // namespace fleetwave
