// Errors carry the line:column of the field they name (issue 9), wherever they are found: by the
// loader, by the binding planner (a workload's replicas), by the manifest builder (overrides,
// pruning); and locating them costs one pass per file, however many errors it has (issue 10, D8).
#include "render/source_locator.h"

#include <gtest/gtest.h>

#include "render/fleet_loader.h"
#include "render/renderer.h"
#include "testkit/builders/bundle_builder.h"

namespace fleetwave {
namespace {

using testkit::BundleBuilder;

std::vector<std::string> render_errors(const InputBundle& bundle, const std::string& cluster) {
  std::vector<std::string> lines;
  auto out = render_cluster(bundle, cluster);
  if (!out.ok()) {
    for (const Error& e : out.error()) lines.push_back(e.to_string());
  }
  return lines;
}

constexpr const char* kPolicy =
    "apiVersion: policy.karmada.io/v1alpha1\n"
    "kind: PropagationPolicy\n"
    "metadata: {name: all, namespace: shop}\n"
    "spec:\n"
    "  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}, {apiVersion: batch/v1, kind: Job}]\n"
    "  placement: {clusterAffinity: {clusterNames: [a]}}\n";

TEST(SourceLocator, EveryErrorOfAFileIsLocated_D8) {
  // The loader used to re-read the file for each error and gave up after 64; one pass now
  // locates them all.
  std::string text;
  for (int i = 0; i < 200; ++i) {
    text += "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [bad" + std::to_string(i) + "]\n";
  }
  InputBundle bundle = BundleBuilder().simple_cluster("a").app("app/many.yaml", text).build();
  auto fleet = load_fleet(bundle);
  ASSERT_FALSE(fleet.ok());
  ASSERT_EQ(fleet.error().size(), 200u);
  for (int i = 0; i < 200; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(fleet.error()[static_cast<std::size_t>(i)].to_string(),
              "app/many.yaml:" + std::to_string(5 + 5 * i) + ":9: metadata.name: expected a string, got a list");
  }
}

TEST(SourceLocator, RenderErrorsCarryTheLineAndColumnOfTheirField) {
  struct Case {
    const char* name;
    std::string file, yaml;
    std::string error;
  } cases[] = {
      {"a workload's replicas of the wrong type", "app/deploy.yaml",
       "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n"
       "  replicas: three\n",
       "app/deploy.yaml:5:13: spec.replicas: Deployment shop/web: expected an integer, got a string"},
      {"a workload inside a List", "app/list.yaml",
       "apiVersion: v1\nkind: List\nitems:\n"
       "- {apiVersion: apps/v1, kind: Deployment, metadata: {name: ok, namespace: shop}}\n"
       "- apiVersion: apps/v1\n  kind: Deployment\n  metadata: {name: web, namespace: shop}\n"
       "  spec: {replicas: [2]}\n",
       "app/list.yaml:8:20: spec.replicas: Deployment shop/web: expected an integer, got a list"},
      {"a field the delivered manifest cannot have", "app/job.yaml",
       "apiVersion: batch/v1\nkind: Job\nmetadata: {name: once, namespace: shop}\nspec:\n"
       "  manualSelector: 'yes'\n  template: {spec: {containers: [{name: c, image: busybox}]}}\n",
       "app/job.yaml:5:19: spec.manualSelector: Job shop/once for cluster a: expected true or false, got a string"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    InputBundle bundle =
        BundleBuilder().simple_cluster("a").app("app/policy.yaml", kPolicy).app(c.file, c.yaml).build();
    EXPECT_EQ(render_errors(bundle, "a"), std::vector<std::string>{c.error});
  }
}

TEST(SourceLocator, OverrideErrorsPointAtTheOverriderInThePolicy) {
  InputBundle bundle =
      BundleBuilder()
          .simple_cluster("a")
          .app("app/policy.yaml", kPolicy)
          .app("app/deploy.yaml",
               "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec: {replicas: 1}\n")
          .app("app/overrides.yaml",
               "apiVersion: policy.karmada.io/v1alpha1\n"
               "kind: OverridePolicy\n"
               "metadata: {name: tolerations, namespace: shop}\n"
               "spec:\n"
               "  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n"
               "  overrideRules:\n"
               "    - overriders:\n"
               "        plaintext:\n"
               "          - {path: /spec/missing/key, operator: replace, value: x}\n")
          .build();
  EXPECT_EQ(render_errors(bundle, "a"),
            std::vector<std::string>{"app/overrides.yaml:9:13: spec.overrideRules[0].overriders.plaintext[0]: "
                                     "Deployment shop/web for cluster a: OverridePolicy shop/tolerations: replace "
                                     "/spec/missing/key: path does not exist"});
}

TEST(SourceLocator, LeavesErrorsWithoutADocumentAlone) {
  InputBundle bundle = BundleBuilder().app("app/x.yaml", "a: 1\n").build();
  Error e = invalid_input("boom", "a");
  e.pos.file = "app/x.yaml";
  e.pos.line = 3;
  ErrorList errors{e};
  locate_errors(bundle, errors);
  EXPECT_EQ(errors[0].to_string(), "app/x.yaml:3: a: boom");
  errors[0].pos.document = 0;
  locate_errors(bundle, errors);
  EXPECT_EQ(errors[0].to_string(), "app/x.yaml:1:4: a: boom");
}

}  // namespace
}  // namespace fleetwave
