// yaml-cpp 0.7.0 hazards (listed in codec/yaml_codec.h): every one must end quickly in a
// clear InvalidInput error, or parse correctly, never hang, crash or exhaust memory. Each case
// runs on a watchdog thread; a case that does not finish fails the run at once (a hung parser
// cannot be stopped). Timings are reported, not asserted.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <random>
#include <thread>

#include <gtest/gtest.h>

#include "codec/yaml_codec.h"
#include "codec/yaml_mutation_fixture.h"

namespace fleetwave {
namespace {

using Parsed = Result<std::vector<YamlDocument>>;

// Generous next to the ~0.3 s the slowest case takes on a loaded 2-core machine: this catches
// hangs and runaway allocation, not slowness.
constexpr std::chrono::seconds kDeadline{5};

Parsed parse_with_deadline(const std::string& text, double* seconds) {
  auto task = std::make_shared<std::packaged_task<Parsed()>>([text] { return parse_yaml_stream(text, "h.yaml"); });
  std::future<Parsed> result = task->get_future();
  auto start = std::chrono::steady_clock::now();
  std::thread([task] { (*task)(); }).detach();
  if (result.wait_for(kDeadline) != std::future_status::ready) {
    ADD_FAILURE() << "parse did not finish within " << kDeadline.count() << " s";
    std::fflush(nullptr);
    std::_Exit(1);
  }
  *seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result.get();
}

std::string repeat(const std::string& s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

std::string billion_laughs() {
  std::string out = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i <= 9; ++i) {
    out += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int k = 0; k < 9; ++k) out += (k ? ", *a" : "*a") + std::to_string(i - 1);
    out += "]\n";
  }
  return out;
}

std::string nested_block_maps(int depth) {
  std::string out;
  for (int i = 0; i < depth; ++i) out += std::string(static_cast<std::size_t>(i), ' ') + "k:\n";
  return out;
}

struct HazardCase {
  const char* name;
  std::string yaml;
  const char* error;  // expected Error::to_string(), or nullptr when the input must parse
};

TEST(YamlHazards, EndQuicklyWithClearErrors) {
  const HazardCase cases[] = {
      {"billion laughs (9 levels of 9)", billion_laughs(),
       "h.yaml:6:30: aliases expand to more than 400000 nodes (an alias bomb?); write the values out without anchors"},
      {"cyclic alias", "a: &a [*a]",
       "h.yaml:1:8: alias *a refers to an anchor that contains it (a cycle); remove the recursive alias"},
      {"a document that is just a comma", ",",
       "h.yaml:1:1: unexpected content after the end of a document; a document must be one node (separate documents "
       "with '---')"},
      {"commas after a marker", "a: 1\n---\n,\n,\n,\n",
       "h.yaml:3:1: unexpected content after the end of a document; a document must be one node (separate documents "
       "with '---')"},
      {"list then map", "- a\nb: c\n",
       "h.yaml:2:1: unexpected content after the end of a document; a document must be one node (separate documents "
       "with '---')"},
      {"100000 [", std::string(100000, '['), "h.yaml:1:65: nesting deeper than 128 levels"},
      {"100000 {a: ", repeat("{a: ", 100000), "h.yaml:1:509: nesting deeper than 128 levels"},
      {"5000 nested block maps", nested_block_maps(5000), "h.yaml:129:129: nesting deeper than 128 levels"},
      {"100000 dashes", repeat("- ", 100000) + "x", "h.yaml:1:257: nesting deeper than 128 levels"},
      {"100000 anchors", repeat("&a ", 100000) + "x",
       "h.yaml:1:4: invalid YAML: cannot assign multiple anchors to the same node"},
      {"100000 tags", repeat("!t ", 100000) + "x",
       "h.yaml:1:4: invalid YAML: cannot assign multiple tags to the same node"},
      {"old infinite loop [:", "[:", "h.yaml:1:2: invalid YAML: unknown token"},
      {"old infinite loop {:", "{:", "h.yaml:1:2: invalid YAML: unknown token"},
      {"old infinite loop with a comment", "{# ke\ny{:", "h.yaml:2:3: invalid YAML: unknown token"},
      {"unterminated quote at EOF", "z: \"abc\n", "h.yaml:1:4: unterminated double-quoted string"},
      {"tab indentation", "a:\n\tb: 1\n", "h.yaml:2:3: invalid YAML: illegal map value"},
      {"quoted comma in a stream", "a: 1\n---\n\",\"\n", nullptr},
      {"tag that once asserted", "!2", nullptr},
      {"1 MiB plain scalar", "a: " + std::string(1 << 20, 'x') + "\n", nullptr},
      {"20000 tiny documents", repeat("---\na: 1\n", 20000), nullptr},
      {"wide alias use within budget", "a: &a [1, 2, 3]\nb: [" + repeat("*a, ", 1000) + "*a]\n", nullptr},
  };
  for (const HazardCase& c : cases) {
    SCOPED_TRACE(c.name);
    double seconds = 0;
    Parsed got = parse_with_deadline(c.yaml, &seconds);
    RecordProperty(c.name, std::to_string(seconds));
    if (c.error == nullptr) {
      EXPECT_TRUE(got.ok()) << got.error().to_string();
      continue;
    }
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().to_string(), c.error);
  }
}

// Mutation fuzz: random edits with YAML's punctuation to a realistic manifest. Every result
// must be a value or an InvalidInput error that names a line, and nothing may hang.
TEST(YamlHazards, MutatedManifestsNeverHangOrCrash) {
  const std::string seed =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels: {app: web, tier: \"front\"}\n"
      "spec:\n  replicas: 2\n  template:\n    spec:\n      containers:\n      - name: main\n"
      "        image: 'registry.example.com/web:1.0.0'\n        args: [--port, \"8080\"]\n"
      "        env:\n        - {name: A, value: x}\n        - name: B\n          value: |\n            line\n"
      "base: &b {x: 1}\nmerged:\n  <<: *b\n  y: !!str 2\n---\nkind: Service\n";
  const std::string alphabet = ",[]{}:-?&*!|>'\"%@#\n\t ~<.0";
  std::mt19937 rng(20261122);
  // FLEETWAVE_FUZZ_RUNS raises the count for a longer soak.
  const char* env = std::getenv("FLEETWAVE_FUZZ_RUNS");
  const long runs = env != nullptr ? std::strtol(env, nullptr, 10) : 3000;
  for (long run = 0; run < runs; ++run) {
    std::string text = seed;
    for (int edits = 1 + static_cast<int>(rng() % 4); edits > 0; --edits) {
      std::size_t at = rng() % (text.size() + 1);
      char c = alphabet[rng() % alphabet.size()];
      testing_support::edit_byte(text, at, c, rng() % 3);
    }
    double seconds = 0;
    Parsed got = parse_with_deadline(text, &seconds);
    if (!got.ok()) {
      SCOPED_TRACE(text);
      EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
      EXPECT_GT(got.error().pos.line, 0) << got.error().to_string();
    }
  }
}

}  // namespace
}  // namespace fleetwave
