// The interpreter chain: precedence per operation and exact apiVersion+kind (user RIC > bundled >
// native), Karmada's merge of several RICs, the webhook's conflict rule, and per-operation
// result checks.
#include "interpret/resource_interpreter.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

LoadedCustomization ric(const std::string& name, const std::string& api_version, const std::string& kind,
                        std::vector<std::pair<Operation, std::string>> scripts) {
  LoadedCustomization c;
  c.ric.name = name;
  c.ric.target_api_version = api_version;
  c.ric.target_kind = kind;
  for (auto& [op, text] : scripts) c.ric.scripts[static_cast<std::size_t>(op)] = text;
  c.pos.file = "app/" + name + ".yaml";
  c.pos.line = 1;
  return c;
}

ResourceInterpreter build(std::vector<LoadedCustomization> rics) {
  auto r = ResourceInterpreter::build(std::move(rics));
  EXPECT_TRUE(r.ok());
  return r.ok() ? std::move(r).value() : ResourceInterpreter();
}

const Json kCloneSet = Json::parse(R"({"apiVersion":"apps.kruise.io/v1alpha1","kind":"CloneSet",
    "metadata":{"name":"c","namespace":"ns"},"spec":{"replicas":4,"template":{"spec":{"containers":[{"name":"a",
    "envFrom":[{"configMapRef":{"name":"cm"}}]}]}}}})");

TEST(ResourceInterpreter, BundledThenNative) {
  ResourceInterpreter r;
  auto replicas = r.get_replicas(kCloneSet);
  ASSERT_TRUE(replicas.ok()) << replicas.error().to_string();
  EXPECT_EQ(replicas->replicas, 4);
  auto revised = r.revise_replica(kCloneSet, 2);
  ASSERT_TRUE(revised.ok() && *revised);
  EXPECT_EQ((**revised)["spec"]["replicas"], 2);
  // A version Karmada bundles nothing for is not a workload.
  Json other = kCloneSet;
  other["apiVersion"] = "apps.kruise.io/v1alpha2";
  EXPECT_FALSE(r.get_replicas(other)->is_workload());
  EXPECT_FALSE(*r.revise_replica(other, 2));
  // Native kinds keep their Go handlers.
  Json deployment = Json::parse(R"({"apiVersion":"apps/v1","kind":"Deployment","spec":{"replicas":3}})");
  EXPECT_EQ(r.get_replicas(deployment)->replicas, 3);
  EXPECT_FALSE(*r.revise_replica(deployment, 1));
}

TEST(ResourceInterpreter, UserRicWinsPerOperation) {
  // Only GetReplicas is customised: ReviseReplica and dependencies stay bundled.
  ResourceInterpreter r = build({ric("mine", "apps.kruise.io/v1alpha1", "CloneSet",
                                     {{Operation::InterpretReplica, "function GetReplicas(o) return 7 end"}})});
  EXPECT_EQ(r.get_replicas(kCloneSet)->replicas, 7);
  EXPECT_EQ((**r.revise_replica(kCloneSet, 2))["spec"]["replicas"], 2);
  auto deps = r.get_dependencies(kCloneSet, "ns");
  ASSERT_TRUE(deps.ok());
  ASSERT_EQ(deps->size(), 1u);
  EXPECT_EQ((*deps)[0].name, "cm");
}

TEST(ResourceInterpreter, FirstRicByNameWinsAndDependenciesUnion) {
  ResourceInterpreter r = build(
      {ric("b", "example.io/v1", "Foo",
           {{Operation::InterpretDependency,
             "function GetDependencies(o) return {{apiVersion='v1', kind='Secret', namespace='ns', name='s'},"
             "{apiVersion='v1', kind='ConfigMap', namespace='ns', name='shared'}} end"}}),
       ric("a", "example.io/v1", "Foo",
           {{Operation::InterpretReplica, "function GetReplicas(o) return 2 end"},
            {Operation::InterpretDependency,
             "function GetDependencies(o) return {{apiVersion='v1', kind='ConfigMap', namespace='ns', name='shared'}}"
             " end"}})});
  Json foo = Json::parse(R"({"apiVersion":"example.io/v1","kind":"Foo","metadata":{"name":"f"}})");
  EXPECT_EQ(r.get_replicas(foo)->replicas, 2);
  auto deps = r.get_dependencies(foo, "ns");
  ASSERT_TRUE(deps.ok()) << deps.error().to_string();
  ASSERT_EQ(deps->size(), 2u);  // de-duplicated, sorted by apiVersion, kind, namespace, name
  EXPECT_EQ((*deps)[0].kind + "/" + (*deps)[0].name, "ConfigMap/shared");
  EXPECT_EQ((*deps)[1].kind + "/" + (*deps)[1].name, "Secret/s");
  // A RIC for v1 does not apply to v2.
  foo["apiVersion"] = "example.io/v2";
  EXPECT_FALSE(r.get_replicas(foo)->is_workload());
}

TEST(ResourceInterpreter, TwoRicsForOneOperationAreRefused) {
  auto r = ResourceInterpreter::build(
      {ric("b", "example.io/v1", "Foo", {{Operation::InterpretReplica, "function GetReplicas(o) return 1 end"}}),
       ric("a", "example.io/v1", "Foo",
           {{Operation::InterpretReplica, "function GetReplicas(o) return 2 end"},
            {Operation::InterpretDependency, "function GetDependencies(o) return {} end"}}),
       ric("c", "example.io/v1", "Foo",
           {{Operation::InterpretDependency, "function GetDependencies(o) return {} end"}})});
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.error().size(), 1u);
  EXPECT_EQ(r.error()[0].to_string(),
            "app/b.yaml:1: spec.customizations.replicaResource: ResourceInterpreterCustomization \"b\" (app/b.yaml:1) "
            "InterpretReplica for example.io/v1 Foo: conflicting with InterpreterOperation(InterpretReplica) of "
            "existing ResourceInterpreterCustomization \"a\" (app/a.yaml:1); Karmada's admission webhook refuses a "
            "second script for one operation, keep it in one of them");
}

struct BadResult {
  std::string name;
  Operation op;
  std::string script;
  std::string expected;
};

TEST(ResourceInterpreter, BadResultsAreErrorsNamingTheRicAndOperation) {
  const BadResult cases[] = {
      {"GetReplicas returns a string", Operation::InterpretReplica, "function GetReplicas(o) return '3' end",
       "ResourceInterpreterCustomization \"r\" (app/r.yaml:1) InterpretReplica: GetReplicas must return a number as "
       "its first result, got string"},
      {"GetReplicas returns nothing", Operation::InterpretReplica, "function GetReplicas(o) end",
       "GetReplicas must return a number as its first result, got nil"},
      {"GetReplicas requirements not a table", Operation::InterpretReplica, "function GetReplicas(o) return 1, 'x' end",
       "as its second result, got string"},
      {"bad quantity", Operation::InterpretReplica,
       "function GetReplicas(o) return 1, {resourceRequest = {cpu = 'lots'}} end", "json unmarshal obj failed"},
      {"ReviseReplica returns nothing", Operation::ReviseReplica, "function ReviseReplica(o, n) end",
       "ReviseReplica: ReviseReplica must return a table, got nil"},
      {"ReviseReplica drops kind", Operation::ReviseReplica, "function ReviseReplica(o, n) return {spec = {}} end",
       "Object 'Kind' is missing"},
      {"dependency without kind", Operation::InterpretDependency,
       "function GetDependencies(o) return {{apiVersion = 'v1', name = 'x'}} end",
       "dependencies[0].kind: missing required kind"},
      {"dependency without name or selector", Operation::InterpretDependency,
       "function GetDependencies(o) return {{apiVersion = 'v1', kind = 'Secret'}} end",
       "dependency can not leave name and labelSelector all empty"},
  };
  Json foo = Json::parse(R"({"apiVersion":"example.io/v1","kind":"Foo","metadata":{"name":"f"},"spec":{}})");
  for (const BadResult& c : cases) {
    SCOPED_TRACE(c.name);
    ResourceInterpreter r = build({ric("r", "example.io/v1", "Foo", {{c.op, c.script}})});
    std::string message;
    if (c.op == Operation::InterpretReplica) message = r.get_replicas(foo).error().message;
    if (c.op == Operation::ReviseReplica) message = r.revise_replica(foo, 1).error().message;
    if (c.op == Operation::InterpretDependency) message = r.get_dependencies(foo, "ns").error().message;
    EXPECT_NE(message.find(c.expected), std::string::npos) << message;
  }
}

TEST(ResourceInterpreter, LuaRequirementsFeedTheScheduler) {
  ResourceInterpreter r = build({ric("r", "example.io/v1", "Foo",
                                     {{Operation::InterpretReplica,
                                       "function GetReplicas(o) return 2.9, {resourceRequest = {cpu = '250m', memory = "
                                       "'1Gi'}, nodeClaim = {}} end"}})});
  auto w = r.get_replicas(Json::parse(R"({"apiVersion":"example.io/v1","kind":"Foo"})"));
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(w->replicas, 2);  // int32(float64) truncates
  ASSERT_TRUE(w->requirements);
  EXPECT_EQ(w->requirements->requests.at("cpu"), 250);
  EXPECT_EQ(w->requirements->requests.at("memory"), 1073741824);
  EXPECT_FALSE(w->requirements->has_node_claim) << "an empty nodeClaim table is deleted on the way back";
}

}  // namespace
}  // namespace fleetwave
