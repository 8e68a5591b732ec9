#include "override/command_args_overrider.h"

#include <gtest/gtest.h>

#include "override/override_fixture.h"

namespace fleetwave {
namespace {

using override_test::yaml;

Json deployment(const std::string& kind, const std::string& containers_yaml) {
  std::string text = "apiVersion: apps/v1\nkind: " + kind + "\nmetadata: {name: nginx}\nspec:\n";
  if (kind == "Pod") return yaml(text + "  containers: " + containers_yaml + "\n");
  return yaml(text + "  template:\n    spec:\n      containers: " + containers_yaml + "\n");
}

const std::string kWithCommand = "[{name: nginx, image: nginx, command: [nginx, -v, -t]}]";
const std::string kWithArgs = "[{name: nginx, image: nginx, args: [nginx, -v, -t]}]";
const std::string kTwo = "[{name: nginx, command: [nginx, -v, -t]}, {name: nginx1, command: [nginx, -v, -t]}]";
const std::string kPath = "/spec/template/spec/containers/0/";

struct Case {
  std::string name;
  Json manifest;
  std::string target;
  CommandArgsOverrider overrider;
  std::vector<PatchOperation> want;
};

// commandargsoverride_test.go TestParseJSONPatchesByCommandOverrider and
// TestParseJSONPatchesByArgsOverrider.
TEST(CommandArgsOverrider, BuildsKarmadasPatches) {
  std::vector<Case> cases = {
      {"command add",
       deployment("Deployment", kWithCommand),
       "command",
       {"nginx", "add", {"&& echo 'hello karmada'"}},
       {{"replace", kPath + "command", Json::array({"nginx", "-v", "-t", "&& echo 'hello karmada'"})}}},
      {"command remove",
       deployment("Deployment", kWithCommand),
       "command",
       {"nginx", "remove", {"-t"}},
       {{"replace", kPath + "command", Json::array({"nginx", "-v"})}}},
      {"remove nothing",
       deployment("Deployment", kWithCommand),
       "command",
       {"nginx", "remove", {}},
       {{"replace", kPath + "command", Json::array({"nginx", "-v", "-t"})}}},
      {"two containers, add",
       deployment("Deployment", kTwo),
       "command",
       {"nginx", "add", {"echo 'hello karmada'"}},
       {{"replace", kPath + "command", Json::array({"nginx", "-v", "-t", "echo 'hello karmada'"})}}},
      {"two containers, remove",
       deployment("Deployment", kTwo),
       "command",
       {"nginx", "remove", {"-t"}},
       {{"replace", kPath + "command", Json::array({"nginx", "-v"})}}},
      {"Pod",
       deployment("Pod", kWithCommand),
       "command",
       {"nginx", "add", {"echo 'hello karmada'"}},
       {{"replace", "/spec/containers/0/command", Json::array({"nginx", "-v", "-t", "echo 'hello karmada'"})}}},
      {"StatefulSet",
       deployment("StatefulSet", kWithCommand),
       "command",
       {"nginx", "add", {"x"}},
       {{"replace", kPath + "command", Json::array({"nginx", "-v", "-t", "x"})}}},
      {"ReplicaSet",
       deployment("ReplicaSet", kWithCommand),
       "command",
       {"nginx", "remove", {"-t"}},
       {{"replace", kPath + "command", Json::array({"nginx", "-v"})}}},
      {"DaemonSet",
       deployment("DaemonSet", kWithCommand),
       "command",
       {"nginx", "remove", {"-t"}},
       {{"replace", kPath + "command", Json::array({"nginx", "-v"})}}},
      {"args add",
       deployment("Deployment", kWithArgs),
       "args",
       {"nginx", "add", {"&& echo 'hello karmada'"}},
       {{"replace", kPath + "args", Json::array({"nginx", "-v", "-t", "&& echo 'hello karmada'"})}}},
      {"args remove",
       deployment("Deployment", kWithArgs),
       "args",
       {"nginx", "remove", {"-t"}},
       {{"replace", kPath + "args", Json::array({"nginx", "-v"})}}},
      {"args absent: add",
       deployment("Deployment", kWithCommand),
       "args",
       {"nginx", "add", {"-t"}},
       {{"add", kPath + "args", Json::array({"-t"})}}},
      // Beyond Karmada's table.
      {"absent field, remove adds []",
       deployment("Deployment", kWithCommand),
       "args",
       {"nginx", "remove", {"-t"}},
       {{"add", kPath + "args", Json::array()}}},
      {"null field counts as absent",
       deployment("Deployment", "[{name: nginx, args: null}]"),
       "args",
       {"nginx", "add", {"a"}},
       {{"add", kPath + "args", Json::array({"a"})}}},
      {"remove drops every equal element",
       deployment("Deployment", "[{name: nginx, args: [a, b, a, c]}]"),
       "args",
       {"nginx", "remove", {"a", "c"}},
       {{"replace", kPath + "args", Json::array({"b"})}}},
      {"removing the last leaves []",
       deployment("Deployment", "[{name: nginx, args: [a]}]"),
       "args",
       {"nginx", "remove", {"a"}},
       {{"replace", kPath + "args", Json::array()}}},
      {"every container with the name",
       deployment("Deployment", "[{name: a, args: [x]}, {name: b}, {name: a}]"),
       "args",
       {"a", "add", {"y"}},
       {{"replace", kPath + "args", Json::array({"x", "y"})},
        {"add", "/spec/template/spec/containers/2/args", Json::array({"y"})}}},
      {"unknown container", deployment("Deployment", kWithArgs), "args", {"other", "add", {"y"}}, {}},
      {"CronJob untouched", deployment("CronJob", kWithArgs), "args", {"nginx", "add", {"y"}}, {}},
      {"non-strings formatted as Go's %s",
       deployment("Deployment", "[{name: nginx, args: [1, 2.5, true]}]"),
       "args",
       {"nginx", "add", {}},
       {{"replace", kPath + "args", Json::array({"%!s(int64=1)", "%!s(float64=2.5)", "%!s(bool=true)"})}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto ops = command_args_patch(c.manifest, c.overrider, c.target);
    ASSERT_TRUE(ops.ok()) << ops.error().message;
    ASSERT_EQ(ops->size(), c.want.size());
    for (std::size_t i = 0; i < c.want.size(); ++i) {
      EXPECT_EQ((*ops)[i].op, c.want[i].op);
      EXPECT_EQ((*ops)[i].path, c.want[i].path);
      EXPECT_EQ((*ops)[i].value, c.want[i].value);
    }
  }
}

TEST(CommandArgsOverrider, AppliesToTheManifest) {
  Json m = deployment("Deployment", kWithCommand);
  ASSERT_TRUE(apply_command_args_overrider(m, {"nginx", "add", {"--debug"}}, "args").ok());
  ASSERT_TRUE(apply_command_args_overrider(m, {"nginx", "remove", {"-v"}}, "command").ok());
  EXPECT_EQ(m["spec"]["template"]["spec"]["containers"][0]["args"], Json::array({"--debug"}));
  EXPECT_EQ(m["spec"]["template"]["spec"]["containers"][0]["command"], Json::array({"nginx", "-t"}));
}

TEST(CommandArgsOverrider, Errors) {
  Json not_a_list = yaml("kind: Deployment\nspec: {template: {spec: {containers: {a: 1}}}}\n");
  auto s = apply_command_args_overrider(not_a_list, {"a", "add", {"x"}}, "args");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message,
            "failed to retrieve path(spec/template/spec/containers): .spec.template.spec.containers accessor error: "
            "value is of the type map[string]interface {}, expected []interface{}");
  Json bad_args = yaml("kind: Pod\nspec: {containers: [{name: a, args: x}]}\n");
  s = apply_command_args_overrider(bad_args, {"a", "add", {"x"}}, "args");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message, "spec/containers[0].args is not a list");
}

TEST(CommandArgsOverrider, GoSprintS) {
  struct SprintCase {
    std::string name;
    Json value;
    std::string want;
  };
  std::vector<SprintCase> cases = {
      {"string", "x", "x"},
      {"int", 5, "%!s(int64=5)"},
      {"negative", -5, "%!s(int64=-5)"},
      {"float", 1.5, "%!s(float64=1.5)"},
      {"fraction", 1e-7, "%!s(float64=1e-07)"},
      {"whole float reads back as int64", 2.0, "%!s(int64=2)"},
      {"huge float", 1e21, "%!s(float64=1e+21)"},
      {"beyond int64", Json(18446744073709551615ull), "%!s(float64=1.8446744073709552e+19)"},
      {"bool", false, "%!s(bool=false)"},
      {"null", nullptr, "%!s(<nil>)"},
      {"list", Json::array({"a", 1}), "[a %!s(int64=1)]"},
      {"map", Json::parse(R"({"b":1,"a":"x"})"), "map[a:x b:%!s(int64=1)]"},
  };
  for (const SprintCase& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(go_sprint_s(c.value), c.want);
  }
}

}  // namespace
}  // namespace fleetwave
