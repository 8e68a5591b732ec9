// Test support (header-only, for gtest-based tests of the Git adapter): assertions on Results,
// fixed signatures and small builders.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "adapters/git/git_repository.h"
#include "adapters/git/libgit2_runtime.h"

// Asserts that a Result is ok, printing its error otherwise.
#define FW_ASSERT_OK(expr)                                                        \
  do {                                                                            \
    const auto& fw_assert_result_ = (expr);                                       \
    ASSERT_TRUE(fw_assert_result_.ok()) << fw_assert_result_.error().to_string(); \
  } while (0)

// Evaluates a Result, asserts it is ok and moves its value into `var`.
#define FW_ASSERT_OK_AND_ASSIGN(var, expr)                              \
  auto var##_result_ = (expr);                                          \
  ASSERT_TRUE(var##_result_.ok()) << var##_result_.error().to_string(); \
  auto var = std::move(var##_result_).value()

namespace fleetwave::testkit {

// 2026-01-01T00:00:00Z plus `offset` seconds, in CET (+60 min).
inline git::Signature test_signature(int64_t offset = 0) {
  return git::Signature{"Fleetwave Bot", "bot@fleetwave.test", 1767225600 + offset, 60};
}

inline git::FileChange write(std::string path, std::string content) {
  return git::FileChange{std::move(path), std::move(content), std::nullopt};
}

inline git::FileChange remove(std::string path) { return git::FileChange{std::move(path), std::nullopt, std::nullopt}; }

inline git::CommitRequest commit_request(std::string parent, std::vector<git::FileChange> changes,
                                         std::string message = "test commit", int64_t time_offset = 0) {
  git::CommitRequest r;
  r.parent = std::move(parent);
  r.changes = std::move(changes);
  r.message = std::move(message);
  r.author = test_signature(time_offset);
  return r;
}

// One libgit2 runtime per test: created in SetUp, destroyed after everything else of the test.
class LibGit2Test : public ::testing::Test {
 protected:
  void SetUp() override {
    auto runtime = git::LibGit2Runtime::start();
    ASSERT_TRUE(runtime.ok()) << runtime.error().to_string();
    runtime_.emplace(std::move(runtime).value());
  }
  const git::LibGit2Runtime& runtime() const { return *runtime_; }

 private:
  std::optional<git::LibGit2Runtime> runtime_;  // base-class member: outlives the fixture's own members
};

}  // namespace fleetwave::testkit
