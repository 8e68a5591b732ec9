// The fast reader's contract (fast_yaml_parser.h), checked differentially: on every input of a
// corpus, and on mutants of it, fast_parse_yaml_stream either declines or returns exactly what
// the yaml-cpp path returns (values with their JSON types, and document lines); when the
// yaml-cpp path fails, the fast reader must have declined; and neither accepts what libyaml
// rejects (libyaml_oracle_test.h). Plus: parse_yaml_stream gives the same
// results and errors with and without the fast reader, and how often the fast reader is taken.
//
// Corpus: every YAML file under testdata/, every string literal in the codec's tests, generated
// manifests in the shapes of bench/fleet_generator.cpp, and
// fast_yaml_corpus_test.cpp (hand-written documents for every construct and many edge cases).
//
// FLEETWAVE_FAST_YAML_FUZZ_RUNS sets the number of mutants (default 20000; seeded, so
// reproducible; FLEETWAVE_FAST_YAML_FUZZ_SEED changes the seed).
#include "codec/fast_yaml_parser.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <sstream>

#include <gtest/gtest.h>

#include "codec/fast_yaml_corpus_fixture.h"
#include "codec/libyaml_oracle_test.h"
#include "codec/yaml_codec.h"
#include "codec/yaml_mutation_fixture.h"
#include "testkit/build_paths.h"

namespace fleetwave {
namespace {

namespace fs = std::filesystem;

// Equal, with the same JSON types all the way down (nlohmann's == treats 1 and 1.0 as equal).
bool exactly_equal(const Json& a, const Json& b) {
  if (a.type() != b.type()) return false;
  if (a.is_object()) {
    if (a.size() != b.size()) return false;
    for (auto ia = a.begin(), ib = b.begin(); ia != a.end(); ++ia, ++ib) {
      if (ia.key() != ib.key() || !exactly_equal(ia.value(), ib.value())) return false;
    }
    return true;
  }
  if (a.is_array()) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!exactly_equal(a[i], b[i])) return false;
    }
    return true;
  }
  return a == b;
}

std::string describe(const std::vector<YamlDocument>& docs) {
  std::string out;
  for (const YamlDocument& d : docs) out += "line " + std::to_string(d.line) + ": " + d.value.dump() + "\n";
  return out;
}

struct Outcome {
  bool fast_taken = false;
  bool agrees = true;
  std::string problem;
};

// Takes the entries of the sequences at `path` of even-numbered documents, and records them.
class RecordingSink final : public YamlEntrySink {
 public:
  explicit RecordingSink(std::vector<std::string> path) : keys_(std::move(path)) {
    for (const std::string& k : keys_) path_.push_back(k);
  }
  std::span<const std::string_view> path() const override { return path_; }
  bool begin(std::size_t document, const Json&) override {
    if (document % 2 != 0) return false;
    current_ = &taken[document];
    ++begun;
    return true;
  }
  void take(std::size_t index, Json entry) override {
    if (index != current_->size()) out_of_order = true;
    current_->push_back(std::move(entry));
  }
  void restart() override {
    taken.clear();
    ++restarts;
  }

  std::map<std::size_t, std::vector<Json>> taken;  // by document
  int begun = 0, restarts = 0;
  bool out_of_order = false;

 private:
  std::vector<std::string> keys_;
  std::vector<std::string_view> path_;
  std::vector<Json>* current_ = nullptr;
};

// The keys to the first sequence within three maps of a document's root, for the sink to take
// ({"spec", "overrideRules"} when there is none): most inputs then exercise the hand-over.
std::vector<std::string> first_sequence_path(const std::vector<YamlDocument>& docs) {
  std::function<bool(const Json&, std::vector<std::string>&)> find = [&](const Json& node,
                                                                         std::vector<std::string>& path) {
    if (node.is_array()) return !path.empty();
    if (!node.is_object() || path.size() == 3) return false;
    for (auto it = node.begin(); it != node.end(); ++it) {
      path.push_back(it.key());
      if (find(it.value(), path)) return true;
      path.pop_back();
    }
    return false;
  };
  for (const YamlDocument& d : docs) {
    std::vector<std::string> path;
    if (find(d.value, path)) return path;
  }
  return {"spec", "overrideRules"};
}

Json* member_at(Json& root, const std::vector<std::string>& path) {
  Json* node = &root;
  for (const std::string& key : path) {
    if (node == nullptr) return nullptr;
    node = find_member(*node, key);
  }
  return node;
}

// parse_yaml_stream with a sink: the documents, with the entries it took put back, are the
// documents parsed without one; a taken sequence is left empty, and entries come in order.
std::string check_sink(const std::string& text, const YamlLimits& limits,
                       const Result<std::vector<YamlDocument>>& whole) {
  const std::vector<std::string> path = whole.ok() ? first_sequence_path(*whole) : std::vector<std::string>{"a"};
  RecordingSink sink(path);
  Result<std::vector<YamlDocument>> split = parse_yaml_stream(text, "f.yaml", limits, &sink);
  if (split.ok() != whole.ok()) return "with a sink, the parse " + std::string(split.ok() ? "succeeds" : "fails");
  if (!split.ok()) return split.error().to_string() == whole.error().to_string() ? "" : "with a sink, another error";
  if (sink.out_of_order) return "the sink got entries out of order";
  for (auto& [document, entries] : sink.taken) {
    Json* sequence = document < split->size() ? member_at((*split)[document].value, path) : nullptr;
    if (sequence == nullptr || !sequence->is_array() || !sequence->empty()) {
      return "document " + std::to_string(document) + " kept what the sink took";
    }
    *sequence = Json(std::move(entries));
  }
  bool same = split->size() == whole->size();
  for (std::size_t i = 0; same && i < split->size(); ++i) {
    same = (*split)[i].line == (*whole)[i].line && exactly_equal((*split)[i].value, (*whole)[i].value);
  }
  return same ? "" : "with the taken entries put back:\n" + describe(*split) + "without a sink:\n" + describe(*whole);
}

// The contract on one input.
Outcome check(const std::string& text, const YamlLimits& limits = {}) {
  Outcome o;
  Result<std::vector<YamlDocument>> slow = parse_yaml_stream_with_yaml_cpp(text, "f.yaml", limits);
  Result<std::vector<YamlDocument>> both = parse_yaml_stream(text, "f.yaml", limits);
  std::string_view body = text;
  if (body.substr(0, 3) == "\xEF\xBB\xBF") body.remove_prefix(3);
  std::optional<std::vector<YamlDocument>> fast;
  if (is_valid_utf8(body) && body.find('\0') == std::string_view::npos) fast = fast_parse_yaml_stream(body, limits);
  o.fast_taken = fast.has_value();
  // libyaml is the oracle of acceptance (issue 10, D4/D5): Kubernetes tools are ports of it, so
  // whatever the fast reader or the yaml-cpp path accepts, libyaml must accept too.
  if ((fast || slow.ok()) && !libyaml_oracle::accepts(body)) {
    o.agrees = false;
    o.problem = std::string(fast ? "the fast reader" : "the yaml-cpp path") + " accepted what libyaml rejects";
    return o;
  }
  if (fast) {
    if (!slow.ok()) {
      o.agrees = false;
      o.problem = "fast reader accepted what yaml-cpp rejects (" + slow.error().to_string() + "):\n" + describe(*fast);
      return o;
    }
    bool same = fast->size() == slow->size();
    for (std::size_t i = 0; same && i < fast->size(); ++i) {
      same = (*fast)[i].line == (*slow)[i].line && exactly_equal((*fast)[i].value, (*slow)[i].value);
    }
    if (!same) {
      o.agrees = false;
      o.problem = "fast:\n" + describe(*fast) + "yaml-cpp:\n" + describe(*slow);
      return o;
    }
  }
  // parse_yaml_stream itself: the same outcome as the yaml-cpp path, errors verbatim.
  if (both.ok() != slow.ok() || (!both.ok() && both.error().to_string() != slow.error().to_string())) {
    o.agrees = false;
    o.problem = "parse_yaml_stream and the yaml-cpp path differ in outcome";
    return o;
  }
  if (std::string problem = check_sink(text, limits, both); !problem.empty()) {
    o.agrees = false;
    o.problem = problem;
  }
  return o;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::pair<std::string, std::string>> testdata_files() {
  std::vector<std::pair<std::string, std::string>> files;
  const fs::path root = fs::path(fleetwave::testkit::source_dir()) / "testdata";
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".yaml" || ext == ".yml")) {
      files.emplace_back(fs::relative(entry.path(), root).string(), read_file(entry.path()));
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> codec_test_literals() {
  std::vector<std::string> out;
  const fs::path dir = fs::path(fleetwave::testkit::source_dir()) / "common" / "codec";
  std::vector<fs::path> tests;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 9 && name.substr(name.size() - 9) == "_test.cpp") tests.push_back(entry.path());
  }
  std::sort(tests.begin(), tests.end());
  for (const fs::path& p : tests) {
    for (std::string& s : fast_yaml_test::cpp_string_literals(read_file(p))) out.push_back(std::move(s));
  }
  return out;
}

std::vector<std::string> full_corpus() {
  std::vector<std::string> corpus;
  for (auto& [name, text] : testdata_files()) corpus.push_back(std::move(text));
  for (std::string& s : codec_test_literals()) corpus.push_back(std::move(s));
  for (std::string& s : fast_yaml_test::generated_manifests()) corpus.push_back(std::move(s));
  for (std::string& s : fast_yaml_test::handwritten_cases()) corpus.push_back(std::move(s));
  return corpus;
}

long env_number(const char* name, long fallback) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::strtol(v, nullptr, 10) : fallback;
}

TEST(FastYamlParser, AgreesWithYamlCppOnTheCorpus) {
  const std::vector<std::string> corpus = full_corpus();
  std::size_t taken = 0;
  for (const std::string& text : corpus) {
    Outcome o = check(text);
    taken += o.fast_taken;
    EXPECT_TRUE(o.agrees) << "input:\n" << text << "\n" << o.problem;
  }
  std::printf("corpus: %zu inputs, fast reader taken on %zu\n", corpus.size(), taken);
  EXPECT_GT(corpus.size(), 500u);
}

TEST(FastYamlParser, HandwrittenCasesTakeTheFastPath) {
  // Everything in the handwritten "accepted" list is meant to be in the fast subset.
  for (const std::string& text : fast_yaml_test::handwritten_cases()) {
    if (text.rfind("# decline", 0) == 0) continue;
    Outcome o = check(text);
    EXPECT_TRUE(o.fast_taken) << "declined:\n" << text;
  }
}

TEST(FastYamlParser, TakesTheFastPathOnTestdata) {
  std::size_t taken = 0, total = 0;
  std::string declined;
  for (const auto& [name, text] : testdata_files()) {
    ++total;
    if (check(text).fast_taken) {
      ++taken;
    } else {
      declined += "  " + name + "\n";
    }
  }
  std::printf("testdata: fast reader taken on %zu of %zu YAML files\n%s", taken, total,
              declined.empty() ? "" : ("declined:\n" + declined).c_str());
  RecordProperty("fast_path_files", std::to_string(taken) + "/" + std::to_string(total));
  EXPECT_GE(taken * 100, total * 95) << "the fast reader should take nearly every manifest";
}

TEST(FastYamlParser, AgreesUnderTightLimits) {
  // Node and depth limits: the fast reader must decline wherever the yaml-cpp path fails.
  std::mt19937 rng(7);
  const std::vector<std::string> corpus = full_corpus();
  for (const std::string& text : corpus) {
    YamlLimits limits;
    limits.max_depth = 1 + rng() % 6;
    limits.max_nodes = 1 + rng() % 60;
    Outcome o = check(text, limits);
    EXPECT_TRUE(o.agrees) << "depth " << limits.max_depth << " nodes " << limits.max_nodes << "\ninput:\n"
                          << text << "\n"
                          << o.problem;
  }
}

// Random edits: bytes inserted, deleted, replaced (mostly YAML punctuation and whitespace),
// and lines duplicated, deleted or re-indented.
std::string mutate(const std::string& seed, std::mt19937& rng) {
  static const std::string kAlphabet = ",[]{}:-?&*!|>'\"%@#\n \t~<.0123456789aZ\\/+=_\r";
  std::string text = seed;
  for (int edits = 1 + static_cast<int>(rng() % 4); edits > 0; --edits) {
    const std::size_t at = rng() % (text.size() + 1);
    const char c = rng() % 8 == 0 ? static_cast<char>(rng() % 256) : kAlphabet[rng() % kAlphabet.size()];
    const unsigned kind = rng() % 7;
    switch (kind) {
      case 0:
      case 1:
      case 2:
        testing_support::edit_byte(text, at, c, kind);
        break;
      case 3:
        text.insert(at, rng() % 2 ? "  " : ": ");
        break;
      default: {  // a whole line: duplicate, delete, indent or dedent it
        std::size_t start = text.rfind('\n', at == 0 ? 0 : at - 1);
        start = start == std::string::npos ? 0 : start + 1;
        std::size_t end = text.find('\n', at);
        end = end == std::string::npos ? text.size() : end + 1;
        const std::string line = text.substr(start, end - start);
        switch (rng() % 4) {
          case 0:
            text.insert(start, line.empty() || line.back() == '\n' ? line : line + "\n");
            break;
          case 1:
            text.erase(start, end - start);
            break;
          case 2:
            text.insert(start, 1 + rng() % 3, ' ');
            break;
          default:
            if (text.compare(start, 1, " ") == 0) text.erase(start, 1);
            break;
        }
      }
    }
  }
  return text;
}

TEST(FastYamlParser, AgreesWithYamlCppOnMutants) {
  std::vector<std::string> seeds;
  for (std::string& s : full_corpus()) {
    if (s.size() <= 4096) seeds.push_back(std::move(s));  // yaml-cpp is slow; keep mutants small
  }
  const long runs = env_number("FLEETWAVE_FAST_YAML_FUZZ_RUNS", 20000);
  std::mt19937 rng(static_cast<std::uint32_t>(env_number("FLEETWAVE_FAST_YAML_FUZZ_SEED", 20261123)));
  long taken = 0, failures = 0;
  for (long run = 0; run < runs && failures < 10; ++run) {
    const std::string text = mutate(seeds[rng() % seeds.size()], rng);
    Outcome o = check(text);
    taken += o.fast_taken;
    if (!o.agrees) {
      ++failures;
      ADD_FAILURE() << "mutant " << run << ":\n"
                    << Json(text).dump(-1, ' ', true, Json::error_handler_t::replace) << "\n"
                    << o.problem;
    }
  }
  std::printf("mutants: %ld runs, fast reader taken on %ld\n", runs, taken);
}

// The reader hands each entry over as it ends, while the document is still being read: the root
// it shows holds the keys written before the sequence, not those after.
TEST(YamlEntrySink, TakesEntriesAsTheyEndWithTheDocumentReadSoFar) {
  const std::string text =
      "apiVersion: policy.karmada.io/v1alpha1\n"
      "spec:\n"
      "  overrideRules:\n"
      "  - targetCluster: {clusterNames: [a]}\n"
      "    overriders: {}\n"
      "  -\n"
      "    targetCluster:\n"
      "      clusterNames:\n"
      "      - b\n"
      "  - [1, 2]\n"
      "  resourceSelectors: []\n"
      "kind: OverridePolicy\n"
      "---\n"
      "spec: {overrideRules: [{x: 1}, {x: 2}]}\n";
  struct Sink final : YamlEntrySink {
    std::span<const std::string_view> path() const override { return keys; }
    bool begin(std::size_t document, const Json& root) override {
      roots.push_back(std::to_string(document) + " " + root.dump());
      return true;
    }
    void take(std::size_t index, Json entry) override { entries.push_back(std::to_string(index) + " " + entry.dump()); }
    void restart() override { ++restarts; }
    std::string_view keys[2] = {"spec", "overrideRules"};
    std::vector<std::string> roots, entries;
    int restarts = 0;
  } sink;
  auto docs = parse_yaml_stream(text, "f.yaml", {}, &sink);
  ASSERT_TRUE(docs.ok()) << docs.error().to_string();
  EXPECT_EQ(sink.restarts, 0);  // the fast reader read it
  EXPECT_EQ(
      sink.roots,
      (std::vector<std::string>{
          R"(0 {"apiVersion":"policy.karmada.io/v1alpha1","spec":{"overrideRules":[{"overriders":{},"targetCluster":{"clusterNames":["a"]}}]}})",
          R"(1 {"spec":{"overrideRules":[{"x":1}]}})"}));
  EXPECT_EQ(sink.entries, (std::vector<std::string>{R"(0 {"overriders":{},"targetCluster":{"clusterNames":["a"]}})",
                                                    R"(1 {"targetCluster":{"clusterNames":["b"]}})", "2 [1,2]",
                                                    R"(0 {"x":1})", R"(1 {"x":2})"}));
  EXPECT_EQ(
      (*docs)[0].value.dump(),
      R"({"apiVersion":"policy.karmada.io/v1alpha1","kind":"OverridePolicy","spec":{"overrideRules":[],"resourceSelectors":[]}})");
  EXPECT_EQ((*docs)[1].value.dump(), R"({"spec":{"overrideRules":[]}})");
}

// When the fast reader gives up after taking entries, the sink is told to forget them, and gets
// every entry again from the yaml-cpp path.
TEST(YamlEntrySink, StartsAgainWhenTheFastReaderGivesUp) {
  const std::string text = "spec:\n  overrideRules:\n  - a: 1\n  - b: 2\n  - &anchor c: 3\n";
  RecordingSink sink({"spec", "overrideRules"});
  auto docs = parse_yaml_stream(text, "f.yaml", {}, &sink);
  ASSERT_TRUE(docs.ok()) << docs.error().to_string();
  EXPECT_EQ(sink.restarts, 1);
  EXPECT_EQ(sink.begun, 2);
  ASSERT_EQ(sink.taken.size(), 1u);
  EXPECT_EQ(Json(sink.taken[0]).dump(), R"([{"a":1},{"b":2},{"c":3}])");
  EXPECT_EQ((*docs)[0].value.dump(), R"({"spec":{"overrideRules":[]}})");
}

}  // namespace
}  // namespace fleetwave
