#include "rollout/analysis/promql_windows.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

#include "base/text.h"

namespace fleetwave {
namespace {

// What locating selectors needs to tell apart; operators and commas are all `Other`.
enum class TokenKind { Identifier, Number, String, LeftParen, RightParen, Matchers, Brackets, At, Other };

struct Token {
  TokenKind kind = TokenKind::Other;
  std::size_t begin = 0;
  std::size_t end = 0;  // one past the last character; for Brackets the `]`
};

bool identifier_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == ':'; }
bool identifier_char(char c) { return identifier_start(c) || std::isdigit(static_cast<unsigned char>(c)); }

// The index one past a quoted string starting at `at`; npos when it does not end.
std::size_t string_end(std::string_view q, std::size_t at) {
  const char quote = q[at];
  for (std::size_t i = at + 1; i < q.size(); ++i) {
    if (q[i] == '\\' && quote != '`') {
      ++i;
    } else if (q[i] == quote) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

// The index one past the `close` that ends a group opened at `at`, skipping strings; npos
// when it does not end.
std::size_t group_end(std::string_view q, std::size_t at, char close) {
  for (std::size_t i = at + 1; i < q.size(); ++i) {
    if (q[i] == '"' || q[i] == '\'' || q[i] == '`') {
      i = string_end(q, i);
      if (i == std::string_view::npos) return i;
      --i;
    } else if (q[i] == close) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

// A number, duration or hex literal, with an exponent's sign ("1e-3").
std::size_t number_end(std::string_view q, std::size_t i) {
  while (i < q.size()) {
    const char c = q[i];
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_') {
      ++i;
    } else if ((c == '+' || c == '-') && (q[i - 1] == 'e' || q[i - 1] == 'E') && i + 1 < q.size() &&
               std::isdigit(static_cast<unsigned char>(q[i + 1]))) {
      ++i;
    } else {
      break;
    }
  }
  return i;
}

std::optional<std::vector<Token>> tokenize(std::string_view q) {
  std::vector<Token> tokens;
  for (std::size_t i = 0; i < q.size();) {
    const char c = q[i];
    const auto digit = [&](std::size_t at) { return at < q.size() && std::isdigit(static_cast<unsigned char>(q[at])); };
    Token t{TokenKind::Other, i, i + 1};
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    } else if (c == '#') {
      i = std::min(q.find('\n', i), q.size());
      continue;
    } else if (c == '"' || c == '\'' || c == '`') {
      t = {TokenKind::String, i, string_end(q, i)};
    } else if (c == '{') {
      t = {TokenKind::Matchers, i, group_end(q, i, '}')};
    } else if (c == '[') {
      t = {TokenKind::Brackets, i, group_end(q, i, ']')};
    } else if (digit(i) || (c == '.' && digit(i + 1))) {
      t = {TokenKind::Number, i, number_end(q, i)};
    } else if (identifier_start(c)) {
      std::size_t end = i + 1;
      while (end < q.size() && identifier_char(q[end])) ++end;
      t = {TokenKind::Identifier, i, end};
    } else if (c == '(' || c == ')' || c == '@') {
      t.kind = c == '(' ? TokenKind::LeftParen : c == ')' ? TokenKind::RightParen : TokenKind::At;
    }
    if (t.end == std::string_view::npos) return std::nullopt;
    tokens.push_back(t);
    i = t.end;
  }
  return tokens;
}

// Keywords and aggregation operators (case-insensitive in PromQL) that are never a metric name.
bool reserved(const std::string& word) {
  static constexpr std::array<std::string_view, 26> kWords = {
      "and",     "or",    "unless",   "bool",       "offset",      "atan2",   "inf",          "nan",     "by",
      "without", "on",    "ignoring", "group_left", "group_right", "sum",     "avg",          "count",   "min",
      "max",     "group", "stddev",   "stdvar",     "topk",        "bottomk", "count_values", "quantile"};
  return std::find(kWords.begin(), kWords.end(), word) != kWords.end();
}

bool grouping(const std::string& word) {
  return word == "by" || word == "without" || word == "on" || word == "ignoring" || word == "group_left" ||
         word == "group_right";
}

// The index of the token after the `)` matching the `(` at `open`; tokens.size() when none.
std::size_t after_parens(const std::vector<Token>& tokens, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < tokens.size(); ++i) {
    if (tokens[i].kind == TokenKind::LeftParen) ++depth;
    if (tokens[i].kind == TokenKind::RightParen && --depth == 0) return i + 1;
  }
  return tokens.size();
}

class Scanner {
 public:
  Scanner(std::string_view query, const std::vector<Token>& tokens) : q_(query), tokens_(tokens) {}

  // The places to bound, in order; nullopt when the query cannot be bounded.
  std::optional<std::vector<PromqlWindows::Edit>> scan() {
    for (std::size_t i = 0; i < tokens_.size() && ok_;) i = step(i);
    if (!ok_) return std::nullopt;
    return std::move(edits_);
  }

 private:
  bool is(std::size_t i, TokenKind kind) const { return i < tokens_.size() && tokens_[i].kind == kind; }
  std::string_view text(const Token& t) const { return q_.substr(t.begin, t.end - t.begin); }

  std::size_t step(std::size_t i) {
    const Token& t = tokens_[i];
    if (t.kind == TokenKind::Matchers) return selector(t.begin, t.end, i + 1);
    if (t.kind == TokenKind::Brackets) ok_ = false;  // a subquery of an expression
    if (t.kind != TokenKind::Identifier) return i + 1;
    const std::string word = ascii_lower(text(t));
    if (grouping(word)) return is(i + 1, TokenKind::LeftParen) ? after_parens(tokens_, i + 1) : i + 1;
    if (reserved(word) || is(i + 1, TokenKind::LeftParen)) return i + 1;  // a function's name
    if (is(i + 1, TokenKind::Matchers)) return selector(t.begin, tokens_[i + 1].end, i + 2);
    return selector(t.begin, t.end, i + 1);
  }

  bool modified(std::size_t i) const {
    return is(i, TokenKind::At) || (is(i, TokenKind::Identifier) && ascii_lower(text(tokens_[i])) == "offset");
  }

  // A selector spanning [begin, end); `next` is the token after it. Returns the token to go on at.
  std::size_t selector(std::size_t begin, std::size_t end, std::size_t next) {
    if (!is(next, TokenKind::Brackets)) {
      if (!modified(next)) edits_.push_back({begin, end, true, kDefaultLookbackMs});
      return next;
    }
    const Token& brackets = tokens_[next];
    const std::string_view inside = q_.substr(brackets.begin + 1, brackets.end - brackets.begin - 2);
    const std::int64_t range = promql_duration_ms(inside);
    if (inside.find(':') != std::string_view::npos || range <= 0) {
      ok_ = false;  // a subquery, or a range we cannot read
    } else if (!modified(next + 1)) {
      edits_.push_back({brackets.begin + 1, brackets.end - 1, false, range});
    }
    return next + 1;
  }

  std::string_view q_;
  const std::vector<Token>& tokens_;
  std::vector<PromqlWindows::Edit> edits_;
  bool ok_ = true;
};

std::string ms_text(std::int64_t ms) { return std::to_string(std::max<std::int64_t>(ms, 1)) + "ms"; }

}  // namespace

std::int64_t promql_duration_ms(std::string_view text) {
  static constexpr std::array<std::pair<std::string_view, std::int64_t>, 7> kUnits = {{{"ms", 1},
                                                                                       {"s", 1000},
                                                                                       {"m", 60'000},
                                                                                       {"h", 3'600'000},
                                                                                       {"d", 86'400'000},
                                                                                       {"w", 604'800'000},
                                                                                       {"y", 31'536'000'000}}};
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  std::int64_t total = 0;
  while (!text.empty()) {
    std::size_t digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
    if (digits == 0 || digits > 12) return -1;
    const std::int64_t n = std::stoll(std::string(text.substr(0, digits)));
    text.remove_prefix(digits);
    const auto unit = std::find_if(kUnits.begin(), kUnits.end(), [&](const auto& u) {
      return text.substr(0, u.first.size()) == u.first && (u.first != "m" || text.substr(0, 2) != "ms");
    });
    if (unit == kUnits.end()) return -1;
    total += n * unit->second;
    text.remove_prefix(unit->first.size());
  }
  return total > 0 ? total : -1;
}

PromqlWindows PromqlWindows::of(std::string_view query) {
  PromqlWindows w;
  w.query_ = std::string(query);
  const auto tokens = tokenize(query);
  if (!tokens) return w;
  auto edits = Scanner(query, *tokens).scan();
  if (!edits) return w;
  w.boundable_ = true;
  w.edits_ = std::move(*edits);
  for (const Edit& e : w.edits_) w.widest_ms_ = std::max(w.widest_ms_, e.range_ms);
  return w;
}

std::string PromqlWindows::within(std::int64_t window_ms) const {
  if (!boundable_ || edits_.empty()) return query_;
  std::string out;
  std::size_t at = 0;
  for (const Edit& e : edits_) {
    out.append(query_, at, e.begin - at);
    const std::string_view original = std::string_view(query_).substr(e.begin, e.end - e.begin);
    const std::string window = ms_text(std::min(window_ms, e.range_ms));
    if (e.instant) {
      out += "last_over_time(" + std::string(original) + "[" + window + "])";
    } else {
      out += window;
    }
    at = e.end;
  }
  out.append(query_, at);
  return out;
}

}  // namespace fleetwave
