// The expr lexer: splits a condition into tokens as expr-lang/expr v1.17's parser/lexer/state.go
// does. Hand-written for exactness to expr-lang/expr as Argo Rollouts runs it; no C++ library
// implements expr.
#include <cstdio>

#include "codec/unicode_class.h"
#include "rollout/analysis/expr/expr_syntax.h"

namespace fleetwave {
namespace {

bool is_alphanumeric(char c) {  // utils.IsAlphaNumeric, for ASCII; any non-ASCII byte counts as a letter
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         static_cast<unsigned char>(c) >= 0x80;
}
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 16;
}

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  Result<std::vector<Token>> run() {
    while (true) {
      while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
      if (pos_ >= text_.size()) break;
      FW_CHECK(next_token());
    }
    // expr's emitEOF places EOF on the last rune.
    tokens_.push_back(Token{TokenKind::Eof, "", column_of(text_.empty() ? 0 : text_.size() - 1)});
    return std::move(tokens_);
  }

 private:
  int column_of(std::size_t byte) const {
    int column = 1;
    for (std::size_t i = 0; i < byte && i < text_.size(); ++i) {
      if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++column;
    }
    return column;
  }
  Error error_at(std::size_t byte, const std::string& what) const {
    return invalid_input("column " + std::to_string(column_of(byte)) + ": " + what);
  }
  char peek(std::size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
  bool accept_any(std::string_view chars) {
    if (pos_ < text_.size() && chars.find(text_[pos_]) != std::string_view::npos) {
      ++pos_;
      return true;
    }
    return false;
  }
  void emit(TokenKind kind, std::size_t start, std::string value) {
    tokens_.push_back(Token{kind, std::move(value), column_of(start)});
  }
  void emit_span(TokenKind kind, std::size_t start) {
    emit(kind, start, std::string(text_.substr(start, pos_ - start)));
  }

  // As state.go root.
  Status<> next_token() {
    std::size_t start = pos_;
    char c = text_[pos_++];
    if (c == '\'' || c == '"') return scan_string(c, start);
    if (c == '`') return scan_raw_string(start);
    if (is_digit(c) || (c == '.' && is_digit(peek()))) {
      pos_ = start;
      return scan_number();
    }
    if (c == '?') {
      accept_any(".?");
    } else if (c == '/') {
      if (peek() == '/' || peek() == '*') return skip_comment(start);
    } else if (c == '#') {
      accept_any("#");
      emit_span(TokenKind::Operator, start);
      std::size_t name = pos_;
      while (pos_ < text_.size() && is_alphanumeric(text_[pos_])) ++pos_;
      if (pos_ > name) emit_span(TokenKind::Identifier, name);
      return ok_status();
    } else if (c == '|') {
      accept_any("|");
    } else if (c == ':') {
      accept_any(":");
    } else if (std::string_view("([{)]}").find(c) != std::string_view::npos) {
      emit_span(TokenKind::Bracket, start);
      return ok_status();
    } else if (std::string_view("&!=*<>").find(c) != std::string_view::npos) {
      accept_any("&=*");
    } else if (c == '.') {
      accept_any(".");
    } else if (is_alphanumeric(c)) {
      return scan_identifier(start);
    } else if (std::string_view(",;%+-^").find(c) == std::string_view::npos) {
      char code[32];
      std::snprintf(code, sizeof code, "U+%04X '%c'", static_cast<unsigned char>(c), c);
      return error_at(start, std::string("unrecognized character: ") + code);
    }
    emit_span(TokenKind::Operator, start);
    return ok_status();
  }

  Status<> skip_comment(std::size_t start) {
    if (text_[pos_++] == '/') {
      while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      return ok_status();
    }
    std::size_t end = text_.find("*/", pos_);
    if (end == std::string_view::npos) return error_at(text_.size(), "unclosed comment");
    (void)start;
    pos_ = end + 2;
    return ok_status();
  }

  Status<> scan_identifier(std::size_t start) {
    while (pos_ < text_.size() && is_alphanumeric(text_[pos_])) ++pos_;
    std::string word(text_.substr(start, pos_ - start));
    static constexpr std::string_view kOperatorWords[] = {"not",        "in",       "or",  "and", "matches", "contains",
                                                          "startsWith", "endsWith", "let", "if",  "else"};
    for (std::string_view op : kOperatorWords) {
      if (word == op) {
        emit(TokenKind::Operator, start, word);
        return ok_status();
      }
    }
    emit(TokenKind::Identifier, start, word);
    return ok_status();
  }

  // As lexer.go scanNumber: digits, an optional fraction and exponent, no letter after.
  Status<> scan_number() {
    std::size_t start = pos_;
    std::string_view digits = "0123456789_";
    if (accept_any("0")) {
      if (accept_any("xX")) {
        digits = "0123456789abcdefABCDEF_";
      } else if (accept_any("oO")) {
        digits = "01234567_";
      } else if (accept_any("bB")) {
        digits = "01_";
      }
    }
    while (accept_any(digits)) {
    }
    if (peek() == '.' && peek(1) != '.') {
      ++pos_;
      while (accept_any(digits)) {
      }
    }
    if (accept_any("eE")) {
      accept_any("+-");
      while (accept_any(digits)) {
      }
    }
    if (pos_ < text_.size() && is_alphanumeric(text_[pos_])) {
      ++pos_;
      return error_at(pos_ - 1, "bad number syntax: \"" + std::string(text_.substr(start, pos_ - start)) + "\"");
    }
    emit_span(TokenKind::Number, start);
    return ok_status();
  }

  // As lexer.go scanString + scanEscape, decoding the escapes as strconv.Unquote does.
  Status<> scan_string(char quote, std::size_t start) {
    std::string value;
    while (true) {
      if (pos_ >= text_.size() || text_[pos_] == '\n') return error_at(pos_, "literal not terminated");
      char c = text_[pos_++];
      if (c == quote) break;
      if (c != '\\') {
        value += c;
        continue;
      }
      FW_CHECK(scan_escape(quote, value));
    }
    emit(TokenKind::String, start, std::move(value));
    return ok_status();
  }

  Status<> scan_escape(char quote, std::string& value) {
    char c = peek();
    ++pos_;
    switch (c) {
      case 'a':
        value += '\a';
        return ok_status();
      case 'b':
        value += '\b';
        return ok_status();
      case 'f':
        value += '\f';
        return ok_status();
      case 'n':
        value += '\n';
        return ok_status();
      case 'r':
        value += '\r';
        return ok_status();
      case 't':
        value += '\t';
        return ok_status();
      case 'v':
        value += '\v';
        return ok_status();
      case '\\':
        value += '\\';
        return ok_status();
      case 'x':
        return scan_code(16, 2, value);
      case 'u':
        return scan_code(16, 4, value);
      case 'U':
        return scan_code(16, 8, value);
      default:
        break;
    }
    if (c == quote) {
      value += c;
      return ok_status();
    }
    if (c >= '0' && c <= '7') {
      --pos_;
      return scan_code(8, 3, value);
    }
    return error_at(pos_ - 1, "invalid char escape");
  }

  Status<> scan_code(int base, int count, std::string& value) {
    unsigned long code = 0;
    for (int i = 0; i < count; ++i) {
      int digit = hex_value(peek());
      if (digit >= base) return error_at(pos_, "invalid char escape");
      code = code * static_cast<unsigned long>(base) + static_cast<unsigned long>(digit);
      ++pos_;
    }
    if (base == 16 && count == 2) {
      value += static_cast<char>(code);  // \xhh is a byte, not a rune
    } else {
      append_utf8(static_cast<char32_t>(code), value);  // at most 8 hex digits: 32 bits
    }
    return ok_status();
  }

  Status<> scan_raw_string(std::size_t start) {
    std::size_t end = text_.find('`', pos_);
    if (end == std::string_view::npos) return error_at(text_.size(), "literal not terminated");
    emit(TokenKind::String, start, std::string(text_.substr(pos_, end - pos_)));
    pos_ = end + 1;
    return ok_status();
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::vector<Token> tokens_;
};

}  // namespace

std::string Token::describe() const {
  static constexpr const char* kNames[] = {"Identifier", "Number", "String", "Operator", "Bracket", "EOF"};
  std::string name = kNames[static_cast<int>(kind)];
  if (value.empty()) return name;
  std::string quoted;
  for (char c : value) quoted += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return name + "(\"" + quoted + "\")";
}

Result<std::vector<Token>> lex_expr(std::string_view text) { return Lexer(text).run(); }

}  // namespace fleetwave
