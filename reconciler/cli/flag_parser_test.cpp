// Flag parsing of the CLI as a table: forms of flags, positionals, environment fallbacks and
// every usage error, verbatim.
#include "cli/flag_parser.h"

#include <gtest/gtest.h>

namespace fleetwave::cli {
namespace {

const std::vector<FlagSpec> kSpecs = {
    {"repo", "URL", "repository", true}, {"branch", "NAME", "branch", true},
    {"once", "", "one cycle", false},    {"argocd-insecure", "", "skip TLS", true},
    {"reason", "TEXT", "why", false},    {"output", "FORMAT", "format", false, 'o'},
};

struct FlagCase {
  std::string name;
  std::vector<std::string> args;
  std::map<std::string, std::string> env;
  std::string want_error;  // "" = success
  std::vector<std::string> positionals;
  std::map<std::string, std::string> values;
  bool help = false;
};

TEST(CliFlagParserTest, Table) {
  const FlagCase cases[] = {
      {"separate value", {"--repo", "file:///r"}, {}, "", {}, {{"repo", "file:///r"}}},
      {"inline value", {"--repo=file:///r"}, {}, "", {}, {{"repo", "file:///r"}}},
      {"inline empty value", {"--reason="}, {}, "", {}, {{"reason", ""}}},
      {"boolean", {"--once"}, {}, "", {}, {{"once", "true"}}},
      {"positionals around flags", {"shop", "--reason", "r", "extra"}, {}, "", {"shop", "extra"}, {{"reason", "r"}}},
      {"value that looks like a flag", {"--reason", "--once"}, {}, "", {}, {{"reason", "--once"}}},
      {"double dash ends flags", {"--", "--once", "-x"}, {}, "", {"--once", "-x"}, {}},
      {"single dash is a positional", {"-"}, {}, "", {"-"}, {}},
      {"help", {"shop", "--help"}, {}, "", {"shop"}, {}, true},
      {"short help", {"-h"}, {}, "", {}, {}, true},
      {"env fallback", {}, {{"FLEETWAVE_REPO", "file:///env"}}, "", {}, {{"repo", "file:///env"}}},
      {"flag wins over env",
       {"--repo", "file:///flag"},
       {{"FLEETWAVE_REPO", "file:///env"}},
       "",
       {},
       {{"repo", "file:///flag"}}},
      {"empty env is unset", {}, {{"FLEETWAVE_BRANCH", ""}}, "", {}, {}},
      {"env boolean true", {}, {{"FLEETWAVE_ARGOCD_INSECURE", "TRUE"}}, "", {}, {{"argocd-insecure", "true"}}},
      {"env boolean false", {}, {{"FLEETWAVE_ARGOCD_INSECURE", "0"}}, "", {}, {}},
      {"no env for command flags", {}, {{"FLEETWAVE_REASON", "x"}, {"FLEETWAVE_ONCE", "1"}}, "", {}, {}},
      {"short form, separate value", {"-o", "json"}, {}, "", {}, {{"output", "json"}}},
      {"short form, attached value", {"-ojson"}, {}, "", {}, {{"output", "json"}}},
      {"short form, inline value", {"-o=json"}, {}, "", {}, {{"output", "json"}}},
      {"short form missing value", {"-o"}, {}, "flag --output needs a value (FORMAT) (see fleetwave x --help)"},
      {"short and long form",
       {"-o", "json", "--output", "text"},
       {},
       "flag --output given twice (see fleetwave x --help)"},
      {"unknown flag", {"--nope"}, {}, "unknown flag --nope (see fleetwave x --help)"},
      {"unknown short flag", {"-n"}, {}, "unknown flag -n (see fleetwave x --help)"},
      {"mistyped flag", {"--brnch", "x"}, {}, "unknown flag --brnch; did you mean --branch? (see fleetwave x --help)"},
      {"mistyped with value",
       {"--reasn=x"},
       {},
       "unknown flag --reasn; did you mean --reason? (see fleetwave x --help)"},
      {"missing value", {"--repo"}, {}, "flag --repo needs a value (URL) (see fleetwave x --help)"},
      {"boolean with value", {"--once=yes"}, {}, "flag --once takes no value (see fleetwave x --help)"},
      {"given twice", {"--branch", "a", "--branch=b"}, {}, "flag --branch given twice (see fleetwave x --help)"},
      {"bad env boolean",
       {},
       {{"FLEETWAVE_ARGOCD_INSECURE", "maybe"}},
       "FLEETWAVE_ARGOCD_INSECURE: expected true or false, got \"maybe\""},
  };
  for (const FlagCase& c : cases) {
    SCOPED_TRACE(c.name);
    auto got = parse_flags(c.args, kSpecs, c.env, "fleetwave x");
    if (!c.want_error.empty()) {
      ASSERT_FALSE(got.ok());
      EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
      EXPECT_EQ(got.error().message, c.want_error);
      continue;
    }
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(got->positionals, c.positionals);
    EXPECT_EQ(got->help, c.help);
    for (const FlagSpec& s : kSpecs) {
      auto want = c.values.find(std::string(s.name));
      EXPECT_EQ(got->has(s.name), want != c.values.end()) << s.name;
      if (want != c.values.end()) {
        EXPECT_EQ(got->get(s.name), want->second) << s.name;
      }
    }
  }
}

TEST(CliFlagParserTest, SourcesAndNames) {
  auto got = parse_flags({"--branch", "b"}, kSpecs, {{"FLEETWAVE_REPO", "file:///r"}}, "fleetwave x");
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got->source("repo"), FlagSource::Environment);
  EXPECT_EQ(got->source("branch"), FlagSource::CommandLine);
  EXPECT_FALSE(got->flag("once"));
  EXPECT_EQ(got->get("reason", "fallback"), "fallback");
  EXPECT_EQ(env_name("git-token-file"), "FLEETWAVE_GIT_TOKEN_FILE");
}

TEST(CliFlagParserTest, HelpIsAlignedAndNamesVariables) {
  EXPECT_EQ(format_flags({{"repo", "URL", "repository", true}, {"once", "", "one cycle", false}}),
            "  --repo URL  repository [$FLEETWAVE_REPO]\n"
            "  --once      one cycle\n");
  EXPECT_EQ(format_flags({{"repo", "URL", "repository", false}, {"output", "FORMAT", "text or json", false, 'o'}}),
            "  --repo URL           repository\n"
            "  -o, --output FORMAT  text or json\n");
}

}  // namespace
}  // namespace fleetwave::cli
