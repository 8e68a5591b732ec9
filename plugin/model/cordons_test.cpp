#include "model/cordons.h"

#include <gtest/gtest.h>

#include "codec/yaml_codec.h"
#include "render/renderer.h"
#include "testkit/builders/bundle_builder.h"

namespace fleetwave {
namespace {

TEST(CordonTaint, ParsesKeyValueAndEffect) {
  auto plain = parse_taint("cluster.karmada.io/not-ready:NoExecute");
  ASSERT_TRUE(plain.ok()) << plain.error().to_string();
  EXPECT_EQ(plain->key, "cluster.karmada.io/not-ready");
  EXPECT_EQ(plain->value, "");
  EXPECT_EQ(plain->effect, "NoExecute");
  auto valued = parse_taint("fleet.example.com/maintenance=kernel:NoSchedule");
  ASSERT_TRUE(valued.ok()) << valued.error().to_string();
  EXPECT_EQ(valued->key, "fleet.example.com/maintenance");
  EXPECT_EQ(valued->value, "kernel");
  EXPECT_EQ(taint_text(*valued), "fleet.example.com/maintenance=kernel:NoSchedule");
}

TEST(CordonTaint, RejectsWhatKarmadaRejects) {
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"maintenance",
       "taint \"maintenance\" has no effect; write key[=value]:Effect, e.g. "
       "cluster.karmada.io/not-ready:NoExecute"},
      {"maintenance:PreferNoSchedule",
       "--taint: taint effect \"PreferNoSchedule\" is not one Karmada accepts on a cluster: use NoSchedule or "
       "NoExecute"},
      {"bad key!:NoSchedule", "--taint: taint key \"bad key!\" is not a qualified name: "},
      {":NoSchedule", "--taint: a taint needs a key, e.g. cluster.karmada.io/not-ready"},
      {"k=not a value:NoSchedule", "--taint: taint value \"not a value\" is not a label value: "},
  };
  for (const Case& c : cases) {
    auto taint = parse_taint(c.text);
    ASSERT_FALSE(taint.ok()) << c.text;
    EXPECT_EQ(taint.error().message.rfind(c.message, 0), 0u) << c.text << ": " << taint.error().message;
  }
}

Json document(const std::string& yaml) {
  auto docs = parse_yaml_stream(yaml, "cordons.yaml");
  EXPECT_TRUE(docs.ok());
  return docs.ok() ? (*docs)[0].value : Json();
}

TEST(CordonsFile, RoundTripsThroughItsSerialization) {
  Cordon c;
  c.cluster = "eu-2";
  c.taint = *parse_taint("cluster.karmada.io/not-ready:NoExecute");
  c.reason = "kernel upgrade";
  c.by = "Olga Oncall <olga@example.com>";
  c.since_ms = 1'800'000'000'000;
  Cordon automatic = c;
  automatic.cluster = "us-1";
  automatic.automatic = true;
  Problems problems;
  std::vector<Cordon> parsed = parse_cordons(document(serialize_cordons({c, automatic})), problems);
  EXPECT_TRUE(problems.empty()) << problems.list().front().to_string();
  EXPECT_EQ(parsed, (std::vector<Cordon>{c, automatic}));
}

TEST(CordonsFile, ReportsEveryProblemAtItsField) {
  Problems problems;
  parse_cordons(document("apiVersion: fleetwave.io/v1alpha1\nkind: Cordons\ncordons:\n"
                         "- {cluster: eu-2, taint: {key: a, effect: Maybe}, reason: r, since: 2026-11-27T00:00:00Z}\n"
                         "- {cluster: eu-2, taint: {key: a, effect: NoSchedule}, reason: r, since: yesterday}\n"
                         "- {cluster: eu-1, taint: {key: a, effect: NoSchedule}, since: 2026-11-27T00:00:00Z, "
                         "colour: red}\n"),
                problems);
  std::vector<std::string> got;
  for (const Error& e : problems.list()) got.push_back(e.to_string());
  EXPECT_EQ(got,
            (std::vector<std::string>{
                "cordons[0].taint.effect: taint effect \"Maybe\" is not one Karmada accepts on a cluster: use "
                "NoSchedule or NoExecute",
                "cordons[1].since: expected an RFC 3339 time, got \"yesterday\"",
                "cordons[1].cluster: cluster \"eu-2\" is cordoned twice; keep one cordon",
                "cordons[2].colour: unknown field \"colour\"; valid fields are: cluster, taint, reason, by, since, "
                "automatic",
                "cordons[2].reason: required field is missing",
            }));
}

// The renderer's view: the overlay's taint is on the cluster, so Karmada's TaintToleration filter
// takes it out of placement and the Divided replicas go to the other clusters.
std::map<std::string, std::int64_t> replicas_by_cluster(const InputBundle& bundle) {
  std::map<std::string, std::int64_t> out;
  for (const char* cluster : {"a", "b", "c"}) {
    auto rendered = render_cluster(bundle, cluster);
    EXPECT_TRUE(rendered.ok()) << (rendered.ok() ? "" : rendered.error().front().to_string());
    if (!rendered.ok()) continue;
    for (const Json& o : rendered->objects) {
      if (string_at(o, {"kind"}) == "Deployment") out[cluster] = o["spec"]["replicas"].get<std::int64_t>();
    }
  }
  return out;
}

testkit::BundleBuilder divided_fleet(const std::string& tolerations = "") {
  return testkit::BundleBuilder()
      .simple_cluster("a")
      .simple_cluster("b")
      .simple_cluster("c")
      .app("apps/web/deploy.yaml",
           "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n  replicas: 6\n")
      .app(
          "apps/web/policy.yaml",
          "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: web, namespace: shop}\n"
          "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n  placement:\n" +
              tolerations +
              "    replicaScheduling: {replicaSchedulingType: Divided, replicaDivisionPreference: Weighted,\n"
              "      weightPreference: {staticWeightList: [{targetCluster: {clusterNames: [a, b, c]}, weight: 1}]}}\n");
}

const char* kCordonB =
    "apiVersion: fleetwave.io/v1alpha1\nkind: Cordons\ncordons:\n"
    "- {cluster: b, taint: {key: cluster.karmada.io/not-ready, effect: NoExecute}, reason: outage, "
    "since: 2026-11-27T00:00:00Z}\n";

TEST(CordonOverlay, MovesDividedReplicasToTheOtherClusters) {
  EXPECT_EQ(replicas_by_cluster(divided_fleet().build()),
            (std::map<std::string, std::int64_t>{{"a", 2}, {"b", 2}, {"c", 2}}));
  EXPECT_EQ(replicas_by_cluster(divided_fleet().cordons(kCordonB).build()),
            (std::map<std::string, std::int64_t>{{"a", 3}, {"c", 3}}));
}

TEST(CordonOverlay, APolicyThatToleratesTheTaintKeepsItsReplicasThere) {
  const std::string tolerate =
      "    clusterTolerations: [{key: cluster.karmada.io/not-ready, operator: Exists, effect: NoExecute}]\n";
  EXPECT_EQ(replicas_by_cluster(divided_fleet(tolerate).cordons(kCordonB).build()),
            (std::map<std::string, std::int64_t>{{"a", 2}, {"b", 2}, {"c", 2}}));
}

TEST(CordonOverlay, ABadOverlayFailsTheRenderAtItsLine) {
  auto rendered = render_cluster(
      divided_fleet()
          .cordons("apiVersion: fleetwave.io/v1alpha1\nkind: Cordons\ncordons:\n"
                   "- {cluster: b, taint: {key: x, effect: Later}, reason: r, since: 2026-11-27T00:00:00Z}\n")
          .build(),
      "a");
  ASSERT_FALSE(rendered.ok());
  EXPECT_EQ(rendered.error().front().to_string(),
            ".fleetwave/cordons.yaml:4:40: cordons[0].taint.effect: taint effect \"Later\" is not one Karmada "
            "accepts on a cluster: use NoSchedule or NoExecute");
}

TEST(CordonOverlay, ACordonOfAClusterTheInventoryLacksIsAWarning) {
  auto rendered = render_cluster(
      divided_fleet()
          .cordons("apiVersion: fleetwave.io/v1alpha1\nkind: Cordons\ncordons:\n"
                   "- {cluster: z, taint: {key: x, effect: NoSchedule}, reason: r, since: 2026-11-27T00:00:00Z}\n")
          .build(),
      "a");
  ASSERT_TRUE(rendered.ok()) << rendered.error().front().to_string();
  ASSERT_EQ(rendered->warnings.size(), 1u);
  EXPECT_EQ(rendered->warnings.front().to_string(),
            ".fleetwave/cordons.yaml: cordon of cluster \"z\", which the inventory does not have, has no effect; "
            "remove it with fleetwave uncordon z");
}

}  // namespace
}  // namespace fleetwave
