// An Argo CD ApplicationList ({"metadata": ..., "items": [...]}) read as it arrives: each
// Application is parsed (the fields application_parser reads) as soon as its last byte is in, and
// its text is dropped. Memory holds the summaries and at most one Application's text, not the
// whole answer, so one list can carry every Application of the fleet (50 MB at 50,000
// Applications) in a single request.
//
// The answer is checked as the whole-document parse checks it: every item is parsed exactly
// (parse_json_masked), the separators between items are checked here, and the rest of the answer
// (its metadata) is parsed as JSON once the last byte is in. Errors have the line and column in
// the answer, and an item's error names it ("items[3].status.sync.status").
//
// Argo CD sends the same bytes for an Application until its object changes, so a reader may be
// given the memo of the previous answer: an Application whose bytes are the same (by their
// XXH3-128 digest) takes its summary from there instead of being parsed again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "adapters/argocd/argocd_client.h"
#include "base/result.h"

namespace fleetwave {

// One answer's Applications by the digest of each one's bytes: only those of that answer.
class ApplicationMemo {
 public:
  struct Digest {
    std::uint64_t low = 0, high = 0;
    bool operator==(const Digest&) const = default;
  };
  static Digest digest_of(std::string_view bytes);

  // The summary of the Application with these bytes, its entry moved on to `next`; none if not
  // held here.
  std::optional<ApplicationSummary> move_to(const Digest& digest, ApplicationMemo& next);
  void add(const Digest& digest, const ApplicationSummary& summary);
  std::size_t size() const { return by_digest_.size(); }

 private:
  struct DigestHash {
    std::size_t operator()(const Digest& d) const { return static_cast<std::size_t>(d.low); }
  };
  // Each summary packed into one string (a third of its memory as a struct of strings and a map):
  // the memo holds one per Application of the fleet.
  std::unordered_map<Digest, std::string, DigestHash> by_digest_;
};

class ApplicationListReader {
 public:
  // `max_item_bytes`: the most one Application's text may take; `max_depth`: nesting, as
  // parse_json's; `previous`: the memo of an earlier answer read with the same limits, or null;
  // what this answer reuses moves out of it into this answer's memo.
  ApplicationListReader(std::size_t max_item_bytes, std::size_t max_depth, ApplicationMemo* previous = nullptr)
      : max_item_bytes_(max_item_bytes), max_depth_(max_depth), previous_(previous) {}

  // The next bytes of the answer. False once the answer is known to be invalid (finish() says why).
  bool feed(std::string_view bytes);

  // After the last byte: the Applications in the order Argo CD sent them, or what is wrong.
  [[nodiscard]] Result<std::vector<ApplicationSummary>> finish();

  // After finish(): this answer's memo, for the next reader.
  ApplicationMemo take_memo() { return std::move(memo_); }
  // How many Applications were taken from `previous` instead of parsed.
  std::size_t reused() const { return reused_; }

 private:
  enum class Stage { Outside, Items, AfterItems };

  void scan();
  bool step_outside(char c);
  bool step_items(char c);
  void skip_inside_item();
  void item_done();
  Result<ApplicationSummary> summary_of(std::string_view text);
  void newline_at(std::size_t index);
  bool fail(std::string message, std::size_t index);
  bool too_deep();  // the byte at next_ opens one level more than max_depth_
  void drop_consumed();

  std::size_t max_item_bytes_;
  std::size_t max_depth_;

  std::string pending_;    // the bytes not yet dropped; pending_[0] is byte `base_` of the answer
  std::size_t base_ = 0;   // offset in the answer of pending_[0]
  std::size_t next_ = 0;   // the next byte of pending_ to look at
  std::size_t depth_ = 0;  // open brackets and braces
  bool in_string_ = false;
  bool escaped_ = false;  // the byte before was a backslash inside a string
  Stage stage_ = Stage::Outside;

  std::string skeleton_;                         // the answer without its items
  std::size_t key_start_ = std::string::npos;    // the opening quote of a top-level string
  std::string top_string_;                       // the last top-level string
  bool items_key_ = false;                       // the top-level key just read is "items"
  std::size_t item_start_ = std::string::npos;   // the opening brace of the item being read
  bool after_item_ = false;                      // an item ended and no comma followed yet
  std::size_t line_ = 1;                         // of byte `next_`
  std::size_t line_start_ = 0;                   // offset in the answer of that line's first byte
  std::size_t item_line_ = 0, item_column_ = 0;  // where the item being read starts

  std::vector<ApplicationSummary> items_;
  std::optional<Error> error_;

  ApplicationMemo* previous_;
  ApplicationMemo memo_;
  std::size_t reused_ = 0;
};

}  // namespace fleetwave
