// Corpus for the fast reader's differential test (see fast_yaml_corpus_fixture.h). Test tables.
#include <cstdio>

#include <gtest/gtest.h>

#include "codec/app_manifests_fixture.h"
#include "codec/fast_yaml_corpus_fixture.h"
#include "codec/unicode_class.h"
#include "codec/yaml_codec.h"
#include "codec/yaml_writer.h"

namespace fleetwave::fast_yaml_test {
namespace {

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// One "..." literal starting after its opening quote; returns the index after the closing one.
std::size_t ordinary_literal(std::string_view s, std::size_t i, std::string& out) {
  while (i < s.size() && s[i] != '"') {
    if (s[i] != '\\' || i + 1 >= s.size()) {
      out += s[i++];
      continue;
    }
    const char e = s[i + 1];
    i += 2;
    switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'a':
        out += '\a';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'v':
        out += '\v';
        break;
      case 'x': {
        unsigned v = 0;
        while (i < s.size() && is_hex(s[i]))
          v = v * 16 + static_cast<unsigned>(std::stoi(std::string(1, s[i++]), nullptr, 16));
        out += static_cast<char>(v);
        break;
      }
      case 'u':
      case 'U': {
        const std::size_t n = e == 'u' ? 4 : 8;
        append_utf8(static_cast<char32_t>(std::stoul(std::string(s.substr(i, n)), nullptr, 16)), out);
        i += n;
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          unsigned v = static_cast<unsigned>(e - '0');
          for (int k = 0; k < 2 && i < s.size() && s[i] >= '0' && s[i] <= '7'; ++k)
            v = v * 8 + static_cast<unsigned>(s[i++] - '0');
          out += static_cast<char>(v);
        } else {
          out += e;  // \\ \" \' \?
        }
    }
  }
  return i + 1;
}

}  // namespace

std::vector<std::string> cpp_string_literals(std::string_view s) {
  std::vector<std::string> out;
  std::string current;
  bool open = false;  // `current` may still be joined with the next literal
  auto flush = [&] {
    if (open) out.push_back(current);
    current.clear();
    open = false;
  };
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
      i = s.find('\n', i);
      if (i == std::string_view::npos) break;
    } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
      i = s.find("*/", i + 2);
      if (i == std::string_view::npos) break;
      i += 2;
    } else if (c == '\'') {  // a character literal
      i += s[i + 1] == '\\' ? 4 : 3;
      while (i < s.size() && s[i - 1] != '\'') ++i;
      flush();
    } else if (c == 'R' && i + 1 < s.size() && s[i + 1] == '"' &&
               (i == 0 || !isalnum(static_cast<unsigned char>(s[i - 1])))) {
      const std::size_t paren = s.find('(', i + 2);
      const std::string close = ")" + std::string(s.substr(i + 2, paren - i - 2)) + "\"";
      const std::size_t end = s.find(close, paren);
      current += s.substr(paren + 1, end - paren - 1);
      open = true;
      i = end + close.size();
    } else if (c == '"') {
      i = ordinary_literal(s, i + 1, current);
      open = true;
    } else if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      ++i;
    } else {
      flush();
      ++i;
    }
  }
  flush();
  return out;
}

TEST(FastYamlCorpus, ExtractsCppStringLiterals) {
  auto got = cpp_string_literals(
      "f(\"a\\n\" \"b\", 'x', R\"(c\"d)\", R\"yy(e)yy\" // \"no\"\n \"\\x41\\u00e9\\t\\\"\"); /* \"no\" */ g(\"\");");
  std::vector<std::string> want = {"a\nb", "c\"d", "eA\u00e9\t\"", ""};
  EXPECT_EQ(got, want);
}

std::vector<std::string> generated_manifests() {
  std::vector<std::string> out;
  auto pad = [](int v, std::size_t w) {
    std::string digits = std::to_string(v);
    return std::string(w > digits.size() ? w - digits.size() : 0, '0') + digits;
  };
  for (int a = 0; a < 6; ++a) {
    const std::string name = "app-" + pad(a, 4);
    const std::string ns = a % 2 ? "  namespace: workloads\n" : "";
    out.push_back(testing_support::app_manifests(name, ns));
  }
  // bench/fleet_generator.cpp's inventory and policies
  std::string meta =
      "apiVersion: policy.karmada.io/v1alpha1\nkind: OverridePolicy\nmetadata: {name: cluster-metadata, namespace: "
      "workloads}\nspec:\n  overrideRules:\n";
  std::string deploy =
      "apiVersion: policy.karmada.io/v1alpha1\nkind: OverridePolicy\nmetadata: {name: cluster-deployments, namespace: "
      "workloads}\n"
      "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n  overrideRules:\n";
  for (int c = 0; c < 5; ++c) {
    const std::string n = "cluster-" + pad(c, 3), region = "region-" + std::to_string(c % 4);
    out.push_back("apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: " + n +
                  "\n  labels: {region: " + region + "}\nspec:\n  syncMode: Push\n  region: " + region + "\n");
    const std::string labels = "{cluster.example.com/name: " + n + ", cluster.example.com/region: " + region + "}";
    const std::string annotations =
        "{gitops.example.com/cluster: " + n + ", gitops.example.com/wave: \"" + std::to_string(c % 3) + "\"}";
    meta += "  - targetCluster: {clusterNames: [" + n +
            "]}\n    overriders:\n      labelsOverrider: [{operator: add, value: " + labels +
            "}]\n      annotationsOverrider: [{operator: add, value: " + annotations + "}]\n";
    deploy +=
        "  - targetCluster: {clusterNames: [" + n +
        "]}\n    overriders:\n      imageOverrider:\n"
        "      - {predicate: {path: /spec/template/spec/containers/0/image}, component: Tag, operator: replace, value: "
        "1.0." +
        std::to_string(c) +
        "}\n      plaintext:\n      - {path: /spec/replicas, operator: replace, value: " + std::to_string(c % 5 + 1) +
        "}\n      - {path: /spec/template/spec/containers/0/env/-, operator: add, value: {name: CLUSTER_NAME, value: " +
        n + "}}\n      - {path: /spec/template/metadata/labels/cluster.example.com~1name, operator: add, value: " + n +
        "}\n      - {path: /spec/template/metadata/annotations, operator: add, value: " + annotations + "}\n";
  }
  out.push_back(meta);
  out.push_back(deploy);
  out.push_back(
      "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: shop, namespace: workloads}\n"
      "spec:\n  resourceSelectors:\n  - {apiVersion: apps/v1, kind: Deployment}\n  - {apiVersion: v1, kind: Service}\n"
      "  placement: {}\n");
  // The same documents as go-yaml v2 writes them (block style, quoting, folding).
  const std::size_t n = out.size();
  for (std::size_t i = 0; i < n; ++i) {
    auto docs = parse_yaml_stream_with_yaml_cpp(out[i], "gen.yaml");
    if (!docs.ok()) continue;
    std::string stream;
    for (const YamlDocument& d : *docs) stream += "---\n" + write_yaml(d.value);
    out.push_back(stream);
  }
  return out;
}

}  // namespace fleetwave::fast_yaml_test
