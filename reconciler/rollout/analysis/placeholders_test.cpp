// Placeholders: validation, the per-cluster test and expansion.
#include "rollout/analysis/placeholders.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

const std::string kKnown =
    "known placeholders are {{app}}, {{cluster}}, {{wave}}, {{release}}, {{release.short}}, "
    "{{namespace}}";

TEST(PlaceholdersTest, ChecksEveryPlaceholder) {
  struct Case {
    std::string text;
    std::string want;
  };
  const std::vector<Case> cases = {
      {"sum(up)", ""},
      {"{{app}}{{cluster}}{{wave}}{{release}}{{release.short}}{{namespace}}", ""},
      {"up{cluster=\"{{ cluster }}\"}", ""},  // a PromQL matcher brace next to a placeholder
      {"{{\tapp\t}}", ""},
      {"a}}b", ""},  // a lone closing pair is plain text
      {"up{cluster=\"{{clustr}}\"}", "unknown placeholder \"{{clustr}}\"; " + kKnown},
      {"{{ release.long }}", "unknown placeholder \"{{ release.long }}\"; " + kKnown},
      {"{{}}", "unknown placeholder \"{{}}\"; " + kKnown},
      {"{{APP}}", "unknown placeholder \"{{APP}}\"; " + kKnown},
      {"https://x/{{app}}/{{cluster", "\"{{\" at column 19 is not closed by \"}}\"; " + kKnown},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_EQ(check_placeholders(c.text), c.want);
  }
}

TEST(PlaceholdersTest, FindsPerClusterTexts) {
  EXPECT_TRUE(uses_cluster("up{cluster=\"{{cluster}}\"}"));
  EXPECT_TRUE(uses_cluster("{{ cluster }}"));
  EXPECT_FALSE(uses_cluster("up{cluster=\"eu-1\"}"));
  EXPECT_FALSE(uses_cluster("{{app}}/cluster"));
  EXPECT_FALSE(uses_cluster("{{cluster"));
}

TEST(PlaceholdersTest, ExpandsKnownPlaceholders) {
  const PlaceholderValues values{"shop", "eu-1", "europe", "0123456789abcdef0123456789abcdef01234567", "shop-prod"};
  EXPECT_EQ(expand_placeholders("sum(rate(x{app=\"{{app}}\",cluster=\"{{ cluster }}\"}[1m]))", values),
            "sum(rate(x{app=\"shop\",cluster=\"eu-1\"}[1m]))");
  EXPECT_EQ(expand_placeholders("{{wave}}/{{namespace}}/{{release}}/{{release.short}}", values),
            "europe/shop-prod/0123456789abcdef0123456789abcdef01234567/0123456");
  EXPECT_EQ(expand_placeholders("{{cluster}}{{cluster}}", values), "eu-1eu-1");
  EXPECT_EQ(expand_placeholders("no placeholders {x}", values), "no placeholders {x}");
  // Unknown and unclosed placeholders stay (validation rejects them earlier).
  EXPECT_EQ(expand_placeholders("{{other}}-{{app}}-{{app", values), "{{other}}-shop-{{app");
  PlaceholderValues short_release = values;
  short_release.release = "abc";
  EXPECT_EQ(expand_placeholders("{{release.short}}", short_release), "abc");
}

}  // namespace
}  // namespace fleetwave
