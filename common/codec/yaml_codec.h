// Reading YAML streams into Json; yaml_codec.cpp is the only place yaml-cpp is used
// (CONTRIBUTING.md, house rule 1). Scalars are typed as sigs.k8s.io/yaml (go-yaml v2) types them.
//
// yaml-cpp 0.7.0 has hazards that this codec neutralises:
// LoadAll loops forever on a document that is just ","; aliases can expand exponentially or
// form cycles; duplicate keys are accepted; invalid UTF-8 passes through; an unterminated
// quote at EOF is accepted. We drive its event parser directly (no YAML::Node tree: 2x faster
// and ~20x less memory), bound the document count by the number of "---"/"..." markers, budget
// alias expansion, and reject the rest with file:line:column errors (1-based; columns count
// bytes).
//
// Deliberate differences from go-yaml v2: duplicate keys are errors (as in kustomize and
// sigs.k8s.io/yaml's strict mode), and a merge key (<<) never overrides a key the mapping
// sets itself, wherever it appears (the YAML merge spec; go-yaml v2 lets a later "<<"
// overwrite an earlier key).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.h"
#include "base/field_path.h"
#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

struct YamlLimits {
  std::size_t max_depth = 128;        // nesting of maps and sequences
  std::size_t max_nodes = 2'000'000;  // nodes per stream, counting alias expansions
  // Nodes per stream produced by expanding aliases. go-yaml v2 allows about 400,000
  // alias-driven decodes before "document contains excessive aliasing" (decode.go).
  std::size_t max_alias_nodes = 400'000;
};

struct YamlDocument {
  Json value;    // null for an empty document
  int line = 0;  // 1-based line where the document's content starts
};

// Takes the entries of one sequence of each document as they are read, instead of leaving them
// in the document: a list with an entry per cluster (an OverridePolicy's spec.overrideRules over
// 10,000 clusters) is then never held whole, as a tree that takes about six times its text.
class YamlEntrySink {
 public:
  virtual ~YamlEntrySink() = default;
  // The map keys from a document's root to the sequence, such as {"spec", "overrideRules"}.
  virtual std::span<const std::string_view> path() const = 0;
  // At the first entry of the sequence of document `document` (0-based in the stream): whether
  // to take its entries. `root` is the document as read so far: keys written after the sequence
  // may be missing.
  virtual bool begin(std::size_t document, const Json& root) = 0;
  // Entry `index` of the sequence begun last, complete; taken entries are left out of the
  // document, whose sequence stays, empty.
  virtual void take(std::size_t index, Json entry) = 0;
  // The stream is read again from its start (the fast reader gave up on it): forget every entry
  // taken so far.
  virtual void restart() = 0;
};

// Parses every document of `text`. `file` only labels errors. Errors are InvalidInput and
// carry the position of the problem. Most manifests are read by fast_yaml_parser.h; anything it
// declines, and every error, comes from the yaml-cpp path below, with the same results. That
// path accepts only what libyaml accepts too (libyaml_check.h), as Kubernetes tools would.
// With a `sink`, a successful parse has handed it the entries of every sequence at its path whose
// begin() said so, in order, whichever path read the stream; a failed one may have handed some.
Result<std::vector<YamlDocument>> parse_yaml_stream(std::string_view text, const std::string& file,
                                                    const YamlLimits& limits = {}, YamlEntrySink* sink = nullptr);

// parse_yaml_stream without the fast reader: always yaml-cpp (and the libyaml check). The
// reference the fast reader is tested against (fast_yaml_parser_test.cpp).
Result<std::vector<YamlDocument>> parse_yaml_stream_with_yaml_cpp(std::string_view text, const std::string& file,
                                                                  const YamlLimits& limits = {});

// A field to find: document index in the stream, path from the document's root.
struct FieldQuery {
  std::size_t document = 0;
  FieldPath field;
};

// Finds where each queried field is written in `text`, in one pass over the stream (so the cost
// is linear in the size of `text`, however many fields are asked for): the exact node when it
// exists, else its deepest existing ancestor, else the document's start; nullopt when the
// document is not there. Used only to enrich error messages; `file` of the positions is "".
std::vector<std::optional<SourcePos>> locate_yaml_fields(std::string_view text, const std::vector<FieldQuery>& queries);

// One field: locate_yaml_fields with one query.
std::optional<SourcePos> locate_yaml_field(std::string_view text, std::size_t doc_index, const FieldPath& field);

// True when `text` is valid UTF-8; `bad_offset` gets the first invalid byte otherwise.
bool is_valid_utf8(std::string_view text, std::size_t* bad_offset = nullptr);

}  // namespace fleetwave
