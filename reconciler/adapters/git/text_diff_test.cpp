// The line diff: unified hunks as `diff -u` prints them (a table of exact outputs), and the
// Myers edit script checked against a quadratic LCS on many random inputs (shortest, valid).
#include "rollout/line_diff.h"

#include <chrono>
#include <random>

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

std::string numbered(int from, int to, const std::map<int, std::string>& replace = {}) {
  std::string out;
  for (int i = from; i <= to; ++i) {
    auto it = replace.find(i);
    out += it != replace.end() ? it->second : "l" + std::to_string(i) + "\n";
  }
  return out;
}

TEST(LineDiffTest, UnifiedHunks) {
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

TEST(LineDiffTest, ZeroContext) {
  EXPECT_EQ(unified_diff(numbered(1, 5), numbered(1, 5, {{3, "x\n"}}), "A", "B", 0),
            "--- A\n+++ B\n@@ -3 +3 @@\n-l3\n+x\n");
}

std::size_t lcs_length(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b) {
  std::vector<std::vector<std::size_t>> t(a.size() + 1, std::vector<std::size_t>(b.size() + 1, 0));
  for (std::size_t i = a.size(); i-- > 0;) {
    for (std::size_t j = b.size(); j-- > 0;)
      t[i][j] = a[i] == b[j] ? t[i + 1][j + 1] + 1 : std::max(t[i + 1][j], t[i][j + 1]);
  }
  return t[0][0];
}

TEST(LineDiffTest, EditScriptsAreValidAndShortest) {
  std::mt19937 rng(20260101);  // fixed seed: deterministic
  const std::string alphabet[] = {"a\n", "b\n", "c\n", "d\n"};
  for (int round = 0; round < 2000; ++round) {
    SCOPED_TRACE(round);
    std::vector<std::string_view> a, b;
    std::size_t na = rng() % 14, nb = rng() % 14, symbols = 1 + rng() % 4;
    for (std::size_t i = 0; i < na; ++i) a.push_back(alphabet[rng() % symbols]);
    for (std::size_t i = 0; i < nb; ++i) b.push_back(alphabet[rng() % symbols]);
    std::vector<LineOp> ops = diff_lines(a, b);
    std::size_t i = 0, j = 0, equal = 0;
    for (LineOp op : ops) {
      if (op == LineOp::Equal) {
        ASSERT_LT(i, a.size());
        ASSERT_LT(j, b.size());
        ASSERT_EQ(a[i], b[j]);
        ++i, ++j, ++equal;
      } else if (op == LineOp::Delete) {
        ++i;
      } else {
        ++j;
      }
    }
    ASSERT_EQ(i, a.size());
    ASSERT_EQ(j, b.size());
    ASSERT_EQ(equal, lcs_length(a, b));
  }
}

TEST(LineDiffTest, LargeInputsStayFast) {
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
}  // namespace fleetwave
