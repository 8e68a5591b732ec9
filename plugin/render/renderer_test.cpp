#include "render/renderer.h"

#include <gtest/gtest.h>

#include "testkit/builders/bundle_builder.h"

namespace fleetwave {
namespace {

using testkit::BundleBuilder;

BundleBuilder three_clusters() {
  return BundleBuilder().simple_cluster("a", "env=prod").simple_cluster("b", "env=prod").simple_cluster("c", "env=dev");
}

// "kind/namespace/name" of what `cluster` receives, or the errors.
std::vector<std::string> received(const InputBundle& bundle, const std::string& cluster) {
  auto out = render_cluster(bundle, cluster);
  std::vector<std::string> ids;
  if (!out.ok()) {
    for (const Error& e : out.error()) ids.push_back("error: " + e.to_string());
    return ids;
  }
  for (const Json& o : out->objects) {
    ids.push_back(string_at(o, {"kind"}) + "/" + string_at(o, {"metadata", "namespace"}) + "/" +
                  string_at(o, {"metadata", "name"}));
  }
  return ids;
}

const char* kDeploymentWithDeps = R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 2
  template:
    spec:
      containers:
      - name: c
        envFrom: [{configMapRef: {name: web-config}}, {secretRef: {name: missing-secret}}]
---
apiVersion: v1
kind: ConfigMap
metadata: {name: web-config, namespace: shop}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: unrelated, namespace: shop}
)";

std::string deps_policy(bool propagate_deps) {
  return std::string(
             "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: web, namespace: shop}\n"
             "spec:\n  propagateDeps: ") +
         (propagate_deps ? "true" : "false") +
         "\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]\n"
         "  placement: {clusterAffinity: {clusterNames: [a, c]}}\n";
}

TEST(Renderer, PropagateDepsSendsDependenciesWhereTheWorkloadGoes) {
  InputBundle with = three_clusters()
                         .app("apps/shop/all.yaml", kDeploymentWithDeps)
                         .app("apps/shop/pp.yaml", deps_policy(true))
                         .build();
  EXPECT_EQ(received(with, "a"), (std::vector<std::string>{"Deployment/shop/web", "ConfigMap/shop/web-config"}));
  EXPECT_EQ(received(with, "b"), std::vector<std::string>{});
  EXPECT_EQ(received(with, "c"), (std::vector<std::string>{"Deployment/shop/web", "ConfigMap/shop/web-config"}));
  InputBundle without = three_clusters()
                            .app("apps/shop/all.yaml", kDeploymentWithDeps)
                            .app("apps/shop/pp.yaml", deps_policy(false))
                            .build();
  EXPECT_EQ(received(without, "a"), std::vector<std::string>{"Deployment/shop/web"});
}

TEST(Renderer, NamespacesGoToEveryClusterUnlessTheyOptOut) {
  InputBundle bundle = three_clusters()
                           .app("apps/x/ns.yaml",
                                "apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n---\n"
                                "apiVersion: v1\nkind: Namespace\nmetadata: {name: quiet, labels: "
                                "{namespace.karmada.io/skip-auto-propagation: \"True\"}}\n---\n"
                                "apiVersion: v1\nkind: Namespace\nmetadata: {name: default}\n---\n"
                                "apiVersion: v1\nkind: Namespace\nmetadata: {name: kube-extra}\n---\n"
                                "apiVersion: v1\nkind: Namespace\nmetadata: {name: karmada-es-a}\n")
                           .build();
  for (const char* cluster : {"a", "b", "c"}) {
    SCOPED_TRACE(cluster);
    EXPECT_EQ(received(bundle, cluster), std::vector<std::string>{"Namespace//shop"});
  }
}

TEST(Renderer, NeverPropagatesFromReservedOrSkippedNamespaces) {
  InputBundle bundle =
      three_clusters()
          .app("apps/x/cm.yaml",
               "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: kube-system}\n---\n"
               "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: karmada-system}\n---\n"
               "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: shop}\n---\n"
               "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: d, namespace: shop, labels: "
               "{resourcetemplate.karmada.io/claimed-by: mcs}}\n")
          .policy("policies/all.yaml",
                  "apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterPropagationPolicy\nmetadata: {name: all}\n"
                  "spec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n")
          .build();
  EXPECT_EQ(received(bundle, "b"), std::vector<std::string>{"ConfigMap/shop/c"});
}

TEST(Renderer, SuspendedDispatchingDeliversNothingThere) {
  std::string pp =
      "apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterPropagationPolicy\nmetadata: {name: all}\n"
      "spec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n  suspension: {dispatchingOnClusters: "
      "{clusterNames: [b]}}\n";
  InputBundle bundle =
      three_clusters()
          .app("apps/x/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: shop}\n")
          .app("apps/x/pp.yaml", pp)
          .build();
  EXPECT_EQ(received(bundle, "a"), std::vector<std::string>{"ConfigMap/shop/c"});
  EXPECT_EQ(received(bundle, "b"), std::vector<std::string>{});
}

TEST(Renderer, OtherSchedulersAreIgnored) {
  std::string pp =
      "apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterPropagationPolicy\nmetadata: {name: all}\n"
      "spec:\n  schedulerName: my-scheduler\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n";
  InputBundle bundle =
      three_clusters()
          .app("apps/x/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: shop}\n")
          .app("apps/x/pp.yaml", pp)
          .build();
  EXPECT_EQ(received(bundle, "a"), std::vector<std::string>{});
}

TEST(Renderer, WaitsForDependentOverridesLikeTheDetector) {
  std::string pp =
      "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: web, namespace: shop}\n"
      "spec:\n  dependentOverrides: [web-overrides]\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n";
  std::string cpp =
      "apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterPropagationPolicy\nmetadata: {name: fallback}\n"
      "spec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n";
  std::string op =
      "apiVersion: policy.karmada.io/v1alpha1\nkind: OverridePolicy\nmetadata: {name: web-overrides, namespace: shop}\n"
      "spec:\n  overrideRules: []\n";
  auto bundle = [&](bool with_override) {
    BundleBuilder b =
        three_clusters()
            .app("apps/x/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: shop}\n")
            .app("apps/x/pp.yaml", pp)
            .app("apps/x/cpp.yaml", cpp);
    if (with_override) b.app("apps/x/op.yaml", op);
    return b.build();
  };
  // The PP claims the template but waits; the CPP does not take over (propagateResource).
  EXPECT_EQ(received(bundle(false), "a"), std::vector<std::string>{});
  EXPECT_EQ(received(bundle(true), "a"), std::vector<std::string>{"ConfigMap/shop/c"});
}

TEST(Renderer, UnknownClusterIsAnErrorNotAnEmptySuccess) {
  InputBundle bundle = three_clusters().build();
  EXPECT_EQ(received(bundle, "zz"),
            std::vector<std::string>{"error: unknown cluster \"zz\"; the inventory has 3 clusters (a, b, c)"});
}

// A fleet loaded for one cluster lacks the override rules of the others: it refuses to render
// them rather than render them without their overrides.
TEST(Renderer, AFleetLoadedForOneClusterRendersThatClusterAlone) {
  InputBundle bundle = three_clusters().build();
  auto prepared = FleetRender::prepare(bundle, LoadOptions{.only_cluster = "b"});
  ASSERT_TRUE(prepared.ok());
  EXPECT_TRUE(prepared->render("b").ok());
  auto other = prepared->render("a");
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.error().front().kind, ErrorKind::Internal);
  EXPECT_EQ(other.error().front().message, "the fleet was loaded to render cluster \"b\" alone, not \"a\"");
}

TEST(Renderer, OutputIsDeterministicAndSorted) {
  InputBundle bundle = three_clusters()
                           .app("apps/shop/all.yaml", kDeploymentWithDeps)
                           .app("apps/shop/pp.yaml", deps_policy(true))
                           .build();
  auto first = render_cluster(bundle, "a");
  // Same inputs in another file order must give the same bytes.
  std::reverse(bundle.files.begin(), bundle.files.end());
  auto second = render_cluster(bundle, "a");
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(format_objects(first->objects, OutputFormat::YamlStream),
            format_objects(second->objects, OutputFormat::YamlStream));
  EXPECT_EQ(format_objects(first->objects, OutputFormat::JsonLines),
            format_objects(second->objects, OutputFormat::JsonLines));
  EXPECT_EQ(format_objects({}, OutputFormat::YamlStream), "");
}

// The render cache checks a snapshot's render with a stream that keeps no text: it must tell the
// same text from any difference, wherever the expected text's pieces end.
TEST(ObjectStream, ACheckingStreamComparesItsTextWithTheExpectedAsItComes) {
  auto config_map = [](const std::string& name, std::size_t bytes) {
    return Json{{"apiVersion", "v1"},
                {"kind", "ConfigMap"},
                {"metadata", {{"name", name}}},
                {"data", {{"blob", std::string(bytes, 'x')}}}};
  };
  std::vector<Json> objects;
  for (int i = 0; i < 6; ++i) objects.push_back(config_map("cm-" + std::to_string(i), 300000));
  ObjectStream expected(OutputFormat::YamlStream);
  for (const Json& o : objects) expected.add(o);
  ASSERT_GT(expected.pieces().size(), 1u);  // over a MiB: the comparison crosses pieces

  auto same = [&](const std::vector<Json>& given) {
    ObjectStream checking = ObjectStream::checking(expected);
    for (const Json& o : given) checking.add(o);
    EXPECT_TRUE(checking.pieces().empty());
    return checking.same_as_expected();
  };
  EXPECT_TRUE(same(objects));
  std::vector<Json> changed = objects;
  changed[4]["data"]["blob"] = std::string(299999, 'x') + "y";
  EXPECT_FALSE(same(changed));
  EXPECT_FALSE(same({objects.begin(), objects.end() - 1}));
  std::vector<Json> longer = objects;
  longer.push_back(config_map("cm-9", 10));
  EXPECT_FALSE(same(longer));
  EXPECT_FALSE(ObjectStream(OutputFormat::YamlStream).same_as_expected());  // not a checking stream
}

}  // namespace
}  // namespace fleetwave
