// fleetwave serve's log says what changed or failed (issue 29): a cycle that pushed a step ends
// with "reconcile cycle done" at info; quiet cycles are not logged at info, only with
// --log-level debug; a bad --log-level is a usage error.
#include <sstream>

#include <gtest/gtest.h>

#include "serve/serve_fixture.h"
#include "testkit/build_paths.h"

namespace fleetwave::serve {
namespace {

namespace ft = fleetwave::testkit;
using ServeLogsTest = testing_support::ServeFixture;

// The log lines whose msg is `msg`, with their level.
std::vector<std::string> lines_with(const std::string& log, const std::string& msg) {
  std::vector<std::string> out;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);)
    if (line.find("\"msg\":\"" + msg + "\"") != std::string::npos) out.push_back(line);
  return out;
}

TEST_F(ServeLogsTest, QuietCyclesAreNotLoggedAtInfo) {
  start("200ms");
  // The first cycle starts the release; then nothing moves (the fake Argo CD syncs nothing).
  ASSERT_TRUE(wait_until([&] { return successful_cycles() >= 6; }, 30'000)) << logs();
  const std::vector<std::string> done = lines_with(logs(), "reconcile cycle done");
  ASSERT_GE(done.size(), 1u) << logs();
  EXPECT_LT(static_cast<double>(done.size()), successful_cycles()) << logs();
  for (const std::string& line : done) {
    EXPECT_NE(line.find("\"level\":\"info\""), std::string::npos) << line;
    EXPECT_EQ(line.find("\"commits\":[]"), std::string::npos) << "a quiet cycle at info: " << line;
  }
}

TEST_F(ServeLogsTest, DebugLogsEveryCycle) {
  std::vector<std::string> argv = serve_args("200ms");
  argv.insert(argv.end(), {"--log-level", "debug"});
  start("200ms", argv);
  ASSERT_TRUE(wait_until([&] { return lines_with(logs(), "reconcile cycle done").size() >= 4; }, 30'000)) << logs();
  std::size_t debug = 0;
  for (const std::string& line : lines_with(logs(), "reconcile cycle done"))
    debug += line.find("\"level\":\"debug\"") != std::string::npos ? 1 : 0;
  EXPECT_GE(debug, 2u) << logs();
}

TEST_F(ServeLogsTest, AnUnknownLevelIsAUsageError) {
  std::vector<std::string> argv = serve_args("1s");
  argv.insert(argv.end(), {"--log-level", "verbose"});
  auto r = ft::run_process(argv, {{"HOME", file("home")}}, file(""));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--log-level \"verbose\": expected info or debug"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace fleetwave::serve
