// Runs the built fleetwave-render on every bad resource-interpreter input of testdata/render
// (bad-ric-*), as Argo CD runs it: each must exit 1 with nothing on stdout and one stderr line
// that names the ResourceInterpreterCustomization, the operation, the template (or target) and
// the reason. Karmada would refuse to schedule such an object. Hostile scripts (issue 24) are
// refused the same way, within 10 s, instead of crashing, hanging or printing without bound.
#include <gtest/gtest.h>

#include "testkit/build_paths.h"
#include "testkit/process/child_process.h"

namespace fleetwave {
namespace {

// Sanitizer builds run several times slower; the bound is the release build's.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_UNDEFINED__)
constexpr const char* kRefusedWithinSeconds = "60";
#else
constexpr const char* kRefusedWithinSeconds = "10";
#endif

struct BadInput {
  std::string name;  // testdata/render/<name>
  std::vector<std::string> expected;
};

TEST(InterpreterProcess, BadInputFailsWithOneLineAndNoOutput) {
  // Built with append: GCC 12 reports false -Warray-bounds for "literal" + std::string here.
  const std::string rric = "ResourceInterpreterCustomization \"queue-interpreter\"";
  std::string get = "Queue shop/jobs: ";
  get.append(rric).append(" (app/interpreter.yaml:1) InterpretReplica: ");
  std::string revise = "Queue shop/jobs for cluster m1: ";
  revise.append(rric).append(" (app/interpreter.yaml:1) ReviseReplica: ");
  std::string conflict = "conflicting with InterpreterOperation(InterpretReplica) of existing ";
  conflict.append(rric);
  const BadInput cases[] = {
      {"bad-ric-lua-syntax",
       {"app/interpreter.yaml:", rric, "for example.io/v1 Queue", "InterpreterOperation(InterpretReplica)",
        "Lua script error: replicaResource:3: unexpected symbol near 'end'"}},
      {"bad-ric-runtime-error", {"app/queue.yaml:1:1: ", get, "attempt to index field 'missing' (a nil value)"}},
      {"bad-ric-time-limit", {get, "time limit exceeded"}},
      {"bad-ric-memory", {get, "memory limit exceeded"}},
      {"bad-ric-os-execute", {get, "attempt to call field 'execute' (a nil value)"}},
      {"bad-ric-io-open", {get, "attempt to index global 'io' (a nil value)"}},
      {"bad-ric-require", {get, "module 'socket' not found"}},
      {"bad-ric-load", {get, "call function load is not supported"}},
      {"bad-ric-dofile", {get, "call function dofile is not supported"}},
      {"bad-ric-get-replicas-string", {get, "GetReplicas must return a number as its first result, got string"}},
      {"bad-ric-get-replicas-nothing", {get, "GetReplicas must return a number as its first result, got nil"}},
      {"bad-ric-revise-nothing", {revise, "ReviseReplica must return a table, got nil"}},
      {"bad-ric-conflict",
       {"ResourceInterpreterCustomization \"queue-override\"", "InterpretReplica for example.io/v1 Queue", conflict}},
      {"bad-ric-missing-target", {rric, "spec.target.apiVersion: ", "required field is missing"}},
      // Issue 24: E1 (was SIGSEGV), E11 (ran into the 50 s process timer; quadratic quantities),
      // E10 (printed 300 MB).
      {"bad-ric-pattern-depth", {get, "pattern too complex"}},
      {"bad-ric-pattern-backtrack", {get, "time limit exceeded"}},
      {"bad-ric-quantity-digits", {get, "quantity is too large"}},
      {"bad-ric-result-size", {revise, "memory limit exceeded: the script's result holds more than 64 MiB"}},
  };
  for (const BadInput& c : cases) {
    SCOPED_TRACE(c.name);
    std::string repo = fleetwave::testkit::source_dir();
    repo.append("/testdata/render/").append(c.name).append("/repo");
    testkit::ProcessOutcome r = testkit::run_process(
        {fleetwave::testkit::render_binary(), "--repo-root", repo, "--app", "app", "--cluster", "m1"},
        // A hostile script is refused well within 10 s, or the render's own timer says it was not.
        {{"PATH", "/usr/bin:/bin"}, {"FLEETWAVE_TIMEOUT_SECONDS", kRefusedWithinSeconds}}, repo);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    ASSERT_FALSE(r.err.empty());
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
    for (const std::string& part : c.expected) EXPECT_NE(r.err.find(part), std::string::npos) << part << "\n" << r.err;
  }
}

}  // namespace
}  // namespace fleetwave
