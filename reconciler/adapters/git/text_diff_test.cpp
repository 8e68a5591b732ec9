// The text diff (libgit2's xdiff): unified hunks as `diff -u` prints them (a table of exact
// outputs), object headers per hunk, and on many random inputs a patch that turns a into b with
// the fewest changed lines (checked against a quadratic LCS).
#include "adapters/git/text_diff.h"

#include <chrono>
#include <random>
#include <sstream>

#include <gtest/gtest.h>

#include "testkit/builders/git_test_helpers.h"

namespace fleetwave::git {
namespace {

// A running libgit2 for the whole test, so each diff does not start and stop the library.
class LineDiffTest : public testkit::LibGit2Test {};

std::string numbered(int from, int to, const std::map<int, std::string>& replace = {}) {
  std::string out;
  for (int i = from; i <= to; ++i) {
    auto it = replace.find(i);
    out += it != replace.end() ? it->second : "l" + std::to_string(i) + "\n";
  }
  return out;
}

TEST_F(LineDiffTest, UnifiedHunks) {
  struct Case {
    std::string name, a, b, want;
  } cases[] = {
      {"identical", "a\nb\n", "a\nb\n", ""},
      {"both empty", "", "", ""},
      {"from empty", "", "a\nb\n", "--- A\n+++ B\n@@ -0,0 +1,2 @@\n+a\n+b\n"},
      {"to empty", "a\n", "", "--- A\n+++ B\n@@ -1 +0,0 @@\n-a\n"},
      {"one change in the middle", numbered(1, 9), numbered(1, 9, {{5, "five\n"}}),
       "--- A\n+++ B\n@@ -2,7 +2,7 @@\n l2\n l3\n l4\n-l5\n+five\n l6\n l7\n l8\n"},
      {"change at the start", numbered(1, 6), numbered(1, 6, {{1, "one\n"}}),
       "--- A\n+++ B\n@@ -1,4 +1,4 @@\n-l1\n+one\n l2\n l3\n l4\n"},
      {"insertion at the end", numbered(1, 5), numbered(1, 5) + "l6\n",
       "--- A\n+++ B\n@@ -3,3 +3,4 @@\n l3\n l4\n l5\n+l6\n"},
      {"changes 6 lines apart share a hunk", numbered(1, 12), numbered(1, 12, {{3, "x\n"}, {10, "y\n"}}),
       "--- A\n+++ B\n@@ -1,12 +1,12 @@\n l1\n l2\n-l3\n+x\n l4\n l5\n l6\n l7\n l8\n l9\n-l10\n+y\n l11\n l12\n"},
      {"changes 7 lines apart make two hunks", numbered(1, 14), numbered(1, 14, {{3, "x\n"}, {11, "y\n"}}),
       "--- A\n+++ B\n@@ -1,6 +1,6 @@\n l1\n l2\n-l3\n+x\n l4\n l5\n l6\n@@ -8,7 +8,7 @@\n l8\n l9\n l10\n-l11\n+y\n "
       "l12\n l13\n l14\n"},
      {"missing newline at the end", "a\nb", "a\nb\n",
       "--- A\n+++ B\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(unified_diff(c.a, c.b, "A", "B"), c.want);
  }
}

TEST_F(LineDiffTest, ZeroContext) {
  EXPECT_EQ(unified_diff(numbered(1, 5), numbered(1, 5, {{3, "x\n"}}), "A", "B", 0),
            "--- A\n+++ B\n@@ -3 +3 @@\n-l3\n+x\n");
}

std::size_t lcs_length(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::vector<std::size_t>> t(a.size() + 1, std::vector<std::size_t>(b.size() + 1, 0));
  for (std::size_t i = a.size(); i-- > 0;) {
    for (std::size_t j = b.size(); j-- > 0;)
      t[i][j] = a[i] == b[j] ? t[i + 1][j + 1] + 1 : std::max(t[i + 1][j], t[i][j + 1]);
  }
  return t[0][0];
}

// Applies a unified diff with zero context lines to `a`: returns b's lines, and counts the +/- lines.
std::vector<std::string> apply(const std::vector<std::string>& a, const std::string& diff, std::size_t& changed) {
  std::vector<std::string> out;
  std::size_t next = 0;  // the next line of a not yet copied
  std::istringstream in(diff);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("@@ -", 0) == 0) {
      std::size_t start = std::stoul(line.substr(4));
      std::size_t comma = line.find(',', 4), space = line.find(' ', 4);
      std::size_t count = comma != std::string::npos && comma < space ? std::stoul(line.substr(comma + 1)) : 1;
      std::size_t first = count == 0 ? start : start - 1;  // 0-based line where the hunk starts
      while (next < first) out.push_back(a[next++]);
    } else if (line[0] == '-' && line.rfind("---", 0) != 0) {
      ++next, ++changed;
    } else if (line[0] == '+' && line.rfind("+++", 0) != 0) {
      out.push_back(line.substr(1)), ++changed;
    }
  }
  while (next < a.size()) out.push_back(a[next++]);
  return out;
}

TEST_F(LineDiffTest, PatchesAreValidAndShortest) {
  std::mt19937 rng(20260101);  // fixed seed: deterministic
  const std::string alphabet[] = {"a", "b", "c", "d"};
  for (int round = 0; round < 500; ++round) {
    SCOPED_TRACE(round);
    std::vector<std::string> a, b;
    std::string at, bt;
    std::size_t na = rng() % 14, nb = rng() % 14, symbols = 1 + rng() % 4;
    for (std::size_t i = 0; i < na; ++i) a.push_back(alphabet[rng() % symbols]), at += a.back() + "\n";
    for (std::size_t i = 0; i < nb; ++i) b.push_back(alphabet[rng() % symbols]), bt += b.back() + "\n";
    std::size_t changed = 0;
    EXPECT_EQ(apply(a, unified_diff(at, bt, "A", "B", 0), changed), b);
    EXPECT_EQ(changed, a.size() + b.size() - 2 * lcs_length(a, b));
  }
}

TEST_F(LineDiffTest, HunksNameTheirObject) {
  const std::string a =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: shop\ndata:\n  k: v1\n---\n"
      "apiVersion: v1\nkind: Namespace\nmetadata:\n  labels:\n    team: a\n  name: shop\n";
  const std::string b =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: shop\ndata:\n  k: v2\n---\n"
      "apiVersion: v1\nkind: Namespace\nmetadata:\n  labels:\n    team: b\n  name: shop\n";
  EXPECT_EQ(unified_diff(a, b, "A", "B", 1),
            "--- A\n+++ B\n@@ -6,3 +6,3 @@ ConfigMap shop/settings\n data:\n-  k: v1\n+  k: v2\n ---\n"
            "@@ -12,3 +12,3 @@ Namespace shop\n   labels:\n-    team: a\n+    team: b\n   name: shop\n");
  EXPECT_EQ(object_header("kind: Pod\n", 0), "");  // no name: no header
}

TEST_F(LineDiffTest, LargeInputsStayFast) {
  std::string a, b;
  for (int i = 0; i < 20000; ++i) {
    a += "line " + std::to_string(i) + "\n";
    b += "line " + std::to_string(i % 200 == 0 ? i + 1000000 : i) + "\n";  // 100 scattered changes
  }
  auto start = std::chrono::steady_clock::now();
  std::string diff = unified_diff(a, b, "A", "B");
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  EXPECT_NE(diff.find("-line 0\n+line 1000000\n"), std::string::npos);
  EXPECT_LT(ms, 5000);
}

}  // namespace
}  // namespace fleetwave::git
