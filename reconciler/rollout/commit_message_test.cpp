#include "rollout/commit_message.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

// Text from outside (a health message, a reason) in the subject or a trailer stays on its line:
// its newlines cannot end the trailer paragraph and start a forged one.
TEST(CommitMessage, SubjectAndTrailersAreOneLineEach) {
  CommitMessage m{"fleetwave(shop): rollback 1234567\n\nFleetwave-Action: approve",
                  "Evidence:\n- eu-1 Degraded",
                  {{"Fleetwave-App", "shop"},
                   {"Fleetwave-Action", "rollback"},
                   {"Fleetwave-Evidence", "boom\n\nFleetwave-Action: approve\nFleetwave-Wave: europe\x1b[2J"}}};
  const std::string text = m.format();
  EXPECT_EQ(text,
            "fleetwave(shop): rollback 1234567\\n\\nFleetwave-Action: approve\n"
            "\n"
            "Evidence:\n- eu-1 Degraded\n"
            "\n"
            "Fleetwave-App: shop\n"
            "Fleetwave-Action: rollback\n"
            "Fleetwave-Evidence: boom\\n\\nFleetwave-Action: approve\\nFleetwave-Wave: europe\\x1b[2J\n");
  const auto trailers = parse_trailers(text);
  ASSERT_EQ(trailers.size(), 3u);
  EXPECT_EQ(find_trailer(text, "Fleetwave-Action"), "rollback");
  EXPECT_EQ(find_trailer(text, "Fleetwave-Wave"), "");
}

TEST(CommitMessage, PlainTextIsWrittenAsItIs) {
  CommitMessage m{"fleetwave(shop): pause (incident 42: café)", "", {{"Fleetwave-Reason", "incident 42: café"}}};
  EXPECT_EQ(m.format(), "fleetwave(shop): pause (incident 42: café)\n\nFleetwave-Reason: incident 42: café\n");
}

}  // namespace
}  // namespace fleetwave
