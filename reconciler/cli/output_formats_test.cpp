// Every read command prints JSON with --output json or its short form -o json (status, plan,
// diff, appset, history, validate), and the same document as YAML with -o yaml, through the
// built binary; a format a command does not know is a usage error naming the formats it does.
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"
#include "codec/yaml_codec.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliTest;

class CliOutputFormatsTest : public CliTest {
 protected:
  CliRun binary(std::vector<std::string> args) { return run_on_remote(std::move(args), true); }
  // `args` with -o FORMAT and with --output FORMAT: the same bytes; returns the parsed JSON.
  Json json_both_ways(const std::vector<std::string>& args) {
    std::vector<std::string> short_form = args, long_form = args;
    short_form.insert(short_form.end(), {"-o", "json"});
    long_form.insert(long_form.end(), {"--output", "json"});
    CliRun a = binary(short_form), b = binary(long_form);
    EXPECT_EQ(a.exit_code, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
    EXPECT_EQ(a.err, "");
    return Json::parse(a.out);
  }
};

TEST_F(CliOutputFormatsTest, StatusAndHistory) {
  EXPECT_EQ(json_both_ways({"status"})["apps"][0]["app"], "shop");
  EXPECT_EQ(json_both_ways({"history", "shop"})["app"], "shop");
}

TEST_F(CliOutputFormatsTest, PlanAsJsonHasTheFactsOfTheText) {
  const Json doc = json_both_ways({"plan"});
  EXPECT_EQ(doc["revision"], head());
  ASSERT_EQ(doc["apps"].size(), 1u);
  const Json& shop = doc["apps"][0];
  EXPECT_EQ(shop["app"], "shop");
  EXPECT_EQ(shop["path"], "apps/shop");
  ASSERT_EQ(shop["waves"].size(), 3u);
  std::vector<std::string> names;
  for (const Json& w : shop["waves"]) names.push_back(w["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"canary", "europe", "rest"}));
  const Json& canary = shop["waves"][0];
  EXPECT_EQ(canary["index"], 1);
  EXPECT_EQ(canary["minSuccessTime"], "10s");
  EXPECT_EQ(canary["approval"], "none");
  EXPECT_EQ(shop["waves"][1]["maxConcurrency"], "1");
  ASSERT_EQ(canary["clusters"].size(), 1u);
  EXPECT_EQ(canary["clusters"][0]["cluster"], "dev-1");
  EXPECT_EQ(canary["clusters"][0]["objects"], 1);
  const Json want_share = {{"apiVersion", "apps/v1"}, {"kind", "Deployment"}, {"namespace", "shop"},
                           {"name", "web"},           {"replicas", 1},        {"total", 4},
                           {"divided", true},         {"suspended", false}};
  EXPECT_EQ(canary["clusters"][0]["workloads"], Json::array({want_share}));
  EXPECT_EQ(shop["unassigned"], Json::array());
  EXPECT_EQ(shop["unreached"], Json::array());
}

TEST_F(CliOutputFormatsTest, DiffAsJsonCarriesTheSameDiffs) {
  const std::string from = head();
  human_commit("web 1.1", {{"apps/shop/deploy.yaml", testing_support::deployment("web:1.1")}});
  CliRun text = binary({"diff", "--from", from, "--to", "HEAD"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const Json doc = json_both_ways({"diff", "--from", from, "--to", "HEAD"});
  EXPECT_EQ(doc["from"], from);
  EXPECT_EQ(doc["to"], head());
  std::string joined;
  std::vector<std::string> clusters;
  for (const Json& c : doc["changes"]) {
    EXPECT_EQ(c["app"], "shop");
    clusters.push_back(c["cluster"]);
    joined += c["diff"].get<std::string>();
  }
  EXPECT_EQ(clusters, (std::vector<std::string>{"dev-1", "eu-1", "eu-2", "us-1"}));
  EXPECT_EQ(joined, text.out);
  // Nothing differs: an empty list, and --exit-code still decides the exit status.
  EXPECT_EQ(json_both_ways({"diff", "--from", "HEAD", "--to", "HEAD"})["changes"], Json::array());
  EXPECT_EQ(binary({"diff", "--from", from, "--to", "HEAD", "--exit-code", "-o", "json"}).exit_code, 1);
}

TEST_F(CliOutputFormatsTest, AppSetAsJsonIsTheSameObjectAsTheYaml) {
  const Json appset = json_both_ways({"appset", "shop"});
  EXPECT_EQ(appset["kind"], "ApplicationSet");
  EXPECT_EQ(appset["apiVersion"], "argoproj.io/v1alpha1");
  CliRun yaml = binary({"appset", "shop"});
  ASSERT_EQ(yaml.exit_code, 0) << yaml.err;
  EXPECT_EQ(binary({"appset", "shop", "-o", "yaml"}).out, yaml.out);
  EXPECT_NE(yaml.out.find("kind: ApplicationSet\n"), std::string::npos) << yaml.out;
}

TEST_F(CliOutputFormatsTest, EveryReadCommandPrintsTheSameDocumentAsYaml) {
  const std::string from = head();
  human_commit("web 1.1", {{"apps/shop/deploy.yaml", testing_support::deployment("web:1.1")}});
  const std::vector<std::vector<std::string>> commands = {{"status"},   {"status", "shop"},
                                                          {"plan"},     {"history", "shop"},
                                                          {"validate"}, {"diff", "--from", from, "--to", "HEAD"}};
  for (const std::vector<std::string>& command : commands) {
    SCOPED_TRACE(command[0]);
    const Json json = json_both_ways(command);
    std::vector<std::string> yaml_args = command;
    yaml_args.insert(yaml_args.end(), {"-o", "yaml"});
    CliRun yaml = binary(yaml_args);
    ASSERT_EQ(yaml.exit_code, 0) << yaml.err;
    EXPECT_EQ(yaml.err, "");
    auto docs = parse_yaml_stream(yaml.out, "stdout");
    ASSERT_TRUE(docs.ok()) << docs.error().to_string() << "\n" << yaml.out;
    ASSERT_EQ(docs->size(), 1u) << yaml.out;
    EXPECT_EQ(docs->front().value, json) << yaml.out;
  }
}

TEST_F(CliOutputFormatsTest, UnknownFormatsAreUsageErrors) {
  struct Case {
    std::vector<std::string> args;
    std::string want;
  } cases[] = {
      {{"status", "-o", "xml"},
       "error: --output must be text, json or yaml, not \"xml\" (see fleetwave status --help)\n"},
      {{"plan", "--output=toml"},
       "error: --output must be text, json or yaml, not \"toml\" (see fleetwave plan --help)\n"},
      {{"diff", "--from", "HEAD", "--to", "HEAD", "-o", "text/plain"},
       "error: --output must be text, json or yaml, not \"text/plain\" (see fleetwave diff --help)\n"},
      {{"appset", "shop", "-o", "text"},
       "error: --output must be yaml or json, not \"text\" (see fleetwave appset --help)\n"},
      {{"history", "shop", "-x"}, "error: unknown flag -x (see fleetwave history --help)\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args[0]);
    CliRun r = binary(c.args);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, c.want);
  }
  for (const char* command : {"status", "plan", "diff", "appset", "history", "validate"}) {
    CliRun help = run_binary({command, "--help"});
    EXPECT_NE(help.out.find("  -o, --output FORMAT"), std::string::npos) << command << "\n" << help.out;
  }
}

}  // namespace
}  // namespace fleetwave::cli
