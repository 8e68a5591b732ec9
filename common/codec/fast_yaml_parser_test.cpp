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

}  // namespace
}  // namespace fleetwave
