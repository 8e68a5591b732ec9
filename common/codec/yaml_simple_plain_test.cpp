// The writer's shortcuts: is_simple_plain (past the emitter's analysis: every value it accepts
// must be one the analysis writes in plain style, unchanged, as a key and as a value) and the
// check that a map is in go-yaml's key order already (instead of sorting it).
#include <random>

#include <gtest/gtest.h>

#include "codec/scalar_resolver.h"
#include "codec/yaml_emitter.h"
#include "codec/yaml_writer.h"

namespace fleetwave {
namespace {

TEST(YamlSimplePlain, NamedCases) {
  const std::pair<const char*, bool> cases[] = {
      {"name", true},
      {"app.kubernetes.io/name", true},
      {"registry.example.com/web:1.0.3", true},
      {"100m", true},
      {"-v", true},
      {":x", true},
      {"", false},
      {"-", false},
      {"---x", false},
      {"...", false},
      {"a: b", false},
      {"x:", false},
      {"a:", false},
      {"true", false},
      {"null", false},
      {"1", false},
      {"1.5", false},
      {"0x1F", false},
      {"1:20", false},
      {"2001-12-14", false},
      {"~", false},
      {".inf", false},
      {"a#b", false},
      {"a b", false},
      {"@x", false},
      {"caf\xc3\xa9", false},
      {"a\nb", false},
  };
  for (const auto& [text, want] : cases) EXPECT_EQ(is_simple_plain(text), want) << text;
}

TEST(YamlSimplePlain, AgreesWithTheAnalysisOnRandomStrings) {
  const std::string alphabet = "ab-._/:0123456789 #~+=eE'\",[]{}!&*?|>%@`";
  std::mt19937 rng(16);
  int accepted = 0;
  for (int i = 0; i < 100000; ++i) {
    std::string s(1 + rng() % 8, ' ');
    for (char& c : s) c = alphabet[rng() % alphabet.size()];
    if (!is_simple_plain(s)) continue;
    ++accepted;
    ScalarAnalysis a = analyze_scalar(s);
    ASSERT_TRUE(a.block_plain_allowed && !a.multiline) << s;
    ASSERT_FALSE(go_yaml_plain_needs_quotes(s)) << s;
    ASSERT_EQ(write_yaml(Json(s)), s + "\n");
    ASSERT_EQ(write_yaml(Json{{s, s}}), s + ": " + s + "\n");
    ASSERT_EQ(write_yaml(Json::array({s})), "- " + s + "\n");
  }
  EXPECT_GT(accepted, 1000);
}

TEST(YamlWriterKeyOrder, RandomMapsComeOutInGoYamlOrder) {
  const std::string alphabet = "aAbBzZ_-.~`[^";
  std::mt19937 rng(1);
  for (int i = 0; i < 3000; ++i) {
    Json map = Json::object();
    std::vector<std::string> keys;
    for (int k = 1 + static_cast<int>(rng() % 8); k > 0; --k) {
      std::string key(1 + rng() % 4, 'a');
      for (char& c : key) c = alphabet[rng() % alphabet.size()];
      if (!map.contains(key)) keys.push_back(key);
      map[key] = 1;
    }
    std::stable_sort(keys.begin(), keys.end(), yaml_key_less);
    std::string want;
    for (const std::string& k : keys) want += write_yaml(Json{{k, 1}});
    ASSERT_EQ(write_yaml(map), want) << map.dump();
  }
}

}  // namespace
}  // namespace fleetwave
