#include "argocd_sim/health_model.h"

#include <gtest/gtest.h>

namespace fleetwave::sim {
namespace {

Json deployment(const std::string& name, const std::string& image, const std::string& init_image = "") {
  Json pod = {{"containers", Json::array({{{"name", "main"}, {"image", image}}})}};
  if (!init_image.empty()) pod["initContainers"] = Json::array({{{"name", "init"}, {"image", init_image}}});
  return {{"apiVersion", "apps/v1"},
          {"kind", "Deployment"},
          {"metadata", {{"name", name}, {"namespace", "web"}}},
          {"spec", {{"template", {{"spec", pod}}}}}};
}

TEST(HealthModelTest, DegradedWhenADeploymentImageTagContainsBroken) {
  Json config = {{"apiVersion", "v1"}, {"kind", "ConfigMap"}, {"metadata", {{"name", "broken"}}}};
  struct Case {
    const char* name;
    std::vector<Json> objects;
    std::optional<std::string> want;
  };
  const Case cases[] = {
      {"no objects", {}, std::nullopt},
      {"fine image", {deployment("web", "registry.example.com/web:1.2.0")}, std::nullopt},
      {"broken tag",
       {deployment("web", "registry.example.com/web:1.3.0-broken")},
       "Deployment \"web\" exceeded its progress deadline"},
      {"broken only in the repository", {deployment("web", "registry.example.com/broken/web:1.2.0")}, std::nullopt},
      {"registry port is not a tag", {deployment("web", "registry.broken:5000/web")}, std::nullopt},
      {"broken init container",
       {deployment("web", "web:1.0", "setup:broken")},
       "Deployment \"web\" exceeded its progress deadline"},
      {"first broken deployment named",
       {deployment("api", "api:1"), deployment("db", "db:broken"), deployment("web", "web:broken")},
       "Deployment \"db\" exceeded its progress deadline"},
      {"not a deployment", {config}, std::nullopt},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(degraded_reason(c.objects), c.want);
  }
}

TEST(HealthModelTest, MissingThenProgressingThenHealthyOrDegraded) {
  const std::int64_t until = 10'000;
  struct Case {
    const char* name;
    HealthInputs inputs;
    std::int64_t now;
    HealthStatus want;
  };
  const Case cases[] = {
      {"never synced", {false, 0, std::nullopt}, 0, {"Missing", ""}},
      {"rolling out", {true, until, std::nullopt}, until - 1, {"Progressing", "Waiting for rollout to finish"}},
      {"rolled out", {true, until, std::nullopt}, until, {"Healthy", ""}},
      {"broken still rolling out",
       {true, until, "Deployment \"web\" exceeded its progress deadline"},
       until - 1,
       {"Progressing", "Waiting for rollout to finish"}},
      {"broken",
       {true, until, "Deployment \"web\" exceeded its progress deadline"},
       until,
       {"Degraded", "Deployment \"web\" exceeded its progress deadline"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(evaluate_health(c.inputs, c.now), c.want);
  }
}

}  // namespace
}  // namespace fleetwave::sim
