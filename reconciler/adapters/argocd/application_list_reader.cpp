#include "adapters/argocd/application_list_reader.h"

#include <algorithm>
#include <array>
#include <iterator>

// xxHash (libxxhash-dev), header-only as in plugin/cmp: a fast digest that tells an
// Application's unchanged bytes from changed ones.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "adapters/argocd/application_parser.h"
#include "adapters/http/http_client.h"
#include "codec/binary_json.h"
#include "codec/json_reader.h"

namespace fleetwave {
namespace {

bool is_list_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The bytes that matter inside an item, in a string and outside one: everything else is stepped
// over in one tight loop (the item's grammar is checked when it is parsed).
constexpr std::array<bool, 256> stop_table(std::string_view bytes) {
  std::array<bool, 256> table{};
  for (char c : bytes) table[static_cast<unsigned char>(c)] = true;
  return table;
}
constexpr std::array<bool, 256> kStringStops = stop_table("\"\\\n");
constexpr std::array<bool, 256> kStructureStops = stop_table("\"{}[]\n");

}  // namespace

ApplicationMemo::Digest ApplicationMemo::digest_of(std::string_view bytes) {
  const XXH128_hash_t h = XXH3_128bits(bytes.data(), bytes.size());
  return {h.low64, h.high64};
}

namespace {

// A summary's strings in the order they are packed: its name, then its observation's. A field
// added to AppObservation must be added here (the size check below fails until it is).
constexpr std::string AppObservation::*kPackedStrings[] = {&AppObservation::name,
                                                           &AppObservation::sync_status,
                                                           &AppObservation::sync_revision,
                                                           &AppObservation::health_status,
                                                           &AppObservation::health_message,
                                                           &AppObservation::operation_phase,
                                                           &AppObservation::operation_message,
                                                           &AppObservation::operation_revision,
                                                           &AppObservation::sync_result_revision};
static_assert(sizeof(AppObservation) ==
                  std::size(kPackedStrings) * sizeof(std::string) + sizeof(std::optional<std::int64_t>),
              "every field of AppObservation is packed");

// Packed with the render cache's length-prefixed framing (codec/binary_json.h). The memo wrote
// every entry itself, so a field that does not read back is a bug here, not bad input.
std::string pack(const ApplicationSummary& summary) {
  std::string out;
  append_bytes(out, summary.name);
  append_varint(out, summary.labels.size());
  for (const auto& [key, value] : summary.labels) append_bytes(out, key), append_bytes(out, value);
  for (auto field : kPackedStrings) append_bytes(out, summary.observation.*field);
  const std::optional<std::int64_t>& finished = summary.observation.finished_at_ms;
  append_varint(out, finished.has_value());
  append_varint(out, static_cast<std::uint64_t>(finished.value_or(0)));
  return out;
}

ApplicationSummary unpack(std::string_view in) {
  std::size_t at = 0;
  auto text = [&] { return std::string(read_bytes(in, at).value_or(std::string_view())); };
  auto number = [&] { return read_varint(in, at).value_or(0); };
  ApplicationSummary summary;
  summary.name = text();
  for (auto labels = number(); labels > 0; --labels) {
    std::string key = text();
    summary.labels.emplace_hint(summary.labels.end(), std::move(key), text());
  }
  for (auto field : kPackedStrings) summary.observation.*field = text();
  const bool finished = number() != 0;
  const auto finished_at_ms = static_cast<std::int64_t>(number());
  if (finished) summary.observation.finished_at_ms = finished_at_ms;
  return summary;
}

}  // namespace

std::optional<ApplicationSummary> ApplicationMemo::move_to(const Digest& digest, ApplicationMemo& next) {
  auto node = by_digest_.extract(digest);
  if (node.empty()) return std::nullopt;
  ApplicationSummary summary = unpack(node.mapped());
  next.by_digest_.insert(std::move(node));
  return summary;
}

void ApplicationMemo::add(const Digest& digest, const ApplicationSummary& summary) {
  by_digest_.emplace(digest, pack(summary));
}

bool ApplicationListReader::feed(std::string_view bytes) {
  if (error_) return false;
  pending_.append(bytes);
  scan();
  if (error_) return false;
  drop_consumed();
  return true;
}

void ApplicationListReader::scan() {
  if (skeleton_.size() > max_item_bytes_) {
    Error e = invalid_input("the list's own fields are larger than " + size_limit_text(max_item_bytes_));
    e.pos = {"response", 1, 1};
    error_ = std::move(e);
    return;
  }
  while (next_ < pending_.size() && !error_) {
    if (item_start_ != std::string::npos) {
      skip_inside_item();
      if (next_ >= pending_.size() || error_) break;
    }
    const char c = pending_[next_];
    if (c == '\n') newline_at(next_);
    if (in_string_) {
      if (escaped_) {
        escaped_ = false;
      } else if (c == '\\') {
        escaped_ = true;
      } else if (c == '"') {
        in_string_ = false;
        if (key_start_ != std::string::npos) {
          top_string_.assign(pending_, key_start_ + 1, next_ - key_start_ - 1);
          key_start_ = std::string::npos;
        }
      }
      if (item_start_ == std::string::npos) skeleton_ += c;
    } else if (stage_ == Stage::Items && depth_ == 2 && item_start_ == std::string::npos) {
      if (!step_items(c)) return;
    } else if (!step_outside(c)) {
      return;
    }
    ++next_;
  }
}

// Inside an item: steps over every byte up to the next one that can change the nesting.
void ApplicationListReader::skip_inside_item() {
  const char* const data = pending_.data();
  const std::size_t size = pending_.size();
  while (next_ < size) {
    if (escaped_) {
      escaped_ = false;
      ++next_;
      continue;
    }
    const auto& table = in_string_ ? kStringStops : kStructureStops;
    while (next_ < size && !table[static_cast<unsigned char>(data[next_])]) ++next_;
    if (next_ >= size) break;
    const char c = data[next_];
    if (c == '\n') {
      newline_at(next_);
    } else if (in_string_) {
      if (c == '\\') escaped_ = true;
      if (c == '"') in_string_ = false;
    } else if (c == '"') {
      in_string_ = true;
    } else if (c == '{' || c == '[') {
      if (++depth_ > max_depth_) return void(too_deep());
    } else if (--depth_ == 2) {
      ++next_;
      return item_done();
    }
    ++next_;
  }
  if (next_ - item_start_ > max_item_bytes_) {
    Error e = invalid_input("an Application larger than " + size_limit_text(max_item_bytes_));
    e.pos = {"response", static_cast<int>(item_line_), static_cast<int>(item_column_)};
    e.field = "items[" + std::to_string(items_.size()) + "]";
    error_ = std::move(e);
  }
}

// A byte of the answer outside the items: kept for the parse of the rest, and followed for the
// nesting and for the top-level key "items".
bool ApplicationListReader::step_outside(char c) {
  skeleton_ += c;
  if (c == '"') {
    in_string_ = true;
    if (depth_ == 1) key_start_ = next_;
  } else if (c == ':' && depth_ == 1) {
    items_key_ = top_string_ == "items";
    return true;
  } else if (c == '{' || c == '[') {
    if (++depth_ > max_depth_) return too_deep();
    if (c == '[' && depth_ == 2 && items_key_ && stage_ == Stage::Outside) stage_ = Stage::Items;
  } else if (c == '}' || c == ']') {
    if (depth_ == 0) return fail("invalid JSON: unexpected '" + std::string(1, c) + "'", next_);
    --depth_;
  }
  if (!is_list_space(c)) items_key_ = items_key_ && (c == '[');
  return true;
}

// A byte between the items: a space, a comma between two items, the opening brace of the next
// item, or the bracket that ends them.
bool ApplicationListReader::step_items(char c) {
  if (is_list_space(c)) {
    if (items_.empty()) skeleton_ += c;  // the skeleton is the answer until an item is cut out
    return true;
  }
  if (c == ',' && after_item_) {
    after_item_ = false;
    return true;
  }
  if (c == ']' && (after_item_ || items_.empty())) {
    skeleton_ += c;
    --depth_;
    stage_ = Stage::AfterItems;
    return true;
  }
  if (c == '{' && !after_item_) {
    item_start_ = next_;
    item_line_ = line_;
    item_column_ = base_ + next_ - line_start_ + 1;
    ++depth_;
    return true;
  }
  const char* want = after_item_ ? "',' or ']' after an Application" : "an Application object";
  return fail("invalid JSON in items: expected " + std::string(want) + ", got '" + std::string(1, c) + "'", next_);
}

// The item from item_start_ to the byte before next_ is complete: parse it, then drop its text.
void ApplicationListReader::item_done() {
  Result<ApplicationSummary> item = summary_of(std::string_view(pending_.data() + item_start_, next_ - item_start_));
  if (!item.ok()) {
    Error e = std::move(item).error();
    if (e.pos.line > 0) {  // the item's line and column, made the answer's
      e.pos.column = e.pos.line == 1 ? static_cast<int>(item_column_) + e.pos.column - 1 : e.pos.column;
      e.pos.line = static_cast<int>(item_line_) + e.pos.line - 1;
    }
    const std::string index = "items[" + std::to_string(items_.size()) + "]";
    e.field = e.field.empty() ? index : index + "." + e.field;
    error_ = std::move(e);
    return;
  }
  items_.push_back(std::move(item).value());
  item_start_ = std::string::npos;
  after_item_ = true;
}

// The item's summary: the previous answer's when its bytes are the same, else parsed.
Result<ApplicationSummary> ApplicationListReader::summary_of(std::string_view text) {
  const ApplicationMemo::Digest digest = ApplicationMemo::digest_of(text);
  if (std::optional<ApplicationSummary> known =
          previous_ != nullptr ? previous_->move_to(digest, memo_) : std::nullopt) {
    ++reused_;
    return std::move(*known);
  }
  const std::size_t depth_left = max_depth_ > 2 ? max_depth_ - 2 : 1;  // below the list and its items
  Result<Json> json = parse_json_masked(text, "response", application_fields(), depth_left);
  Result<ApplicationSummary> item = json.ok() ? parse_application(*json) : Result<ApplicationSummary>(json.error());
  if (item.ok()) memo_.add(digest, *item);
  return item;
}

void ApplicationListReader::newline_at(std::size_t index) {
  ++line_;
  line_start_ = base_ + index + 1;
}

bool ApplicationListReader::too_deep() {
  return fail("JSON nested deeper than " + std::to_string(max_depth_) + " levels", next_);
}

bool ApplicationListReader::fail(std::string message, std::size_t index) {
  Error e = invalid_input(std::move(message));
  const std::size_t at = base_ + index;
  e.pos = {"response", static_cast<int>(line_), static_cast<int>(at >= line_start_ ? at - line_start_ + 1 : 1)};
  error_ = std::move(e);
  return false;
}

// Drops the bytes no one will read again: all but the item being read and a top-level string
// still open.
void ApplicationListReader::drop_consumed() {
  std::size_t keep = std::min({item_start_, key_start_, next_});
  if (keep == 0) return;
  pending_.erase(0, keep);
  base_ += keep;
  next_ -= keep;
  if (item_start_ != std::string::npos) item_start_ -= keep;
  if (key_start_ != std::string::npos) key_start_ -= keep;
}

Result<std::vector<ApplicationSummary>> ApplicationListReader::finish() {
  if (error_) return *error_;
  if (in_string_ || depth_ != 0 || stage_ == Stage::Items) {
    fail("invalid JSON: the answer ended early", next_);
    return *error_;
  }
  // The answer without its items: the grammar of everything else, and the list's shape.
  Result<Json> rest = parse_json(skeleton_, "response", max_depth_);
  if (!rest.ok()) {
    Error e = std::move(rest).error();
    if (!items_.empty()) {  // its positions are the skeleton's, not the answer's
      e.pos = {};
      e.message += " (outside the Applications)";
    }
    return e;
  }
  if (!rest->is_object()) return invalid_input(std::string("expected object, got ") + rest->type_name());
  const Json* items = find_member(*rest, "items");
  if (items != nullptr && !items->is_null() && !items->is_array()) {
    return invalid_input(std::string("expected array, got ") + items->type_name(), "items");
  }
  return std::move(items_);
}

}  // namespace fleetwave
