// The Lua `kube` module's functions (luavm/kube.go in Karmada).
#include "interpret/kube_helpers.h"

#include <gtest/gtest.h>

#include "interpret/quantity_text.h"

namespace fleetwave {
namespace {

TEST(KubeHelpers, PodRequirementsAsKarmadaGeneratesThem) {
  Json tmpl = Json::parse(R"({"spec":{
      "nodeSelector":{"disk":"ssd"},
      "tolerations":[{"key":"k","operator":"Exists"}],
      "initContainers":[{"name":"i","resources":{"requests":{"cpu":"2","memory":"64Mi"}}}],
      "containers":[{"name":"a","resources":{"requests":{"cpu":"250m","memory":"128Mi"}}},
                    {"name":"b","resources":{"limits":{"cpu":"500m","memory":"1G","nvidia.com/gpu":"1"}}}]}})");
  auto r = kube_pod_requirements(tmpl);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  // cpu: max(750m sum, 2 init) = 2; memory: 128Mi + 1G (limits stand in for requests).
  EXPECT_EQ(r->dump(),
            R"({"nodeClaim":{"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"k","operator":"Exists"}]},)"
            R"("resourceRequest":{"cpu":"2","memory":"1134217728","nvidia.com/gpu":"1"}})");
}

TEST(KubeHelpers, NoRequirementsIsNil) {
  auto r = kube_pod_requirements(Json::parse(R"({"spec":{"containers":[{"name":"a"}]}})"));
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->is_null());
}

TEST(KubeHelpers, PodDependencies) {
  Json tmpl = Json::parse(R"({"spec":{"serviceAccountName":"sa","containers":[{"name":"a",
      "envFrom":[{"configMapRef":{"name":"cm"}},{"secretRef":{"name":"s"}}]}],
      "volumes":[{"name":"d","persistentVolumeClaim":{"claimName":"pvc"}}]}})");
  EXPECT_EQ(kube_pod_dependencies(tmpl, "ns").dump(),
            R"([{"apiVersion":"v1","kind":"ConfigMap","name":"cm","namespace":"ns"},)"
            R"({"apiVersion":"v1","kind":"Secret","name":"s","namespace":"ns"},)"
            R"({"apiVersion":"v1","kind":"ServiceAccount","name":"sa","namespace":"ns"},)"
            R"({"apiVersion":"v1","kind":"PersistentVolumeClaim","name":"pvc","namespace":"ns"}])");
  EXPECT_TRUE(kube_pod_dependencies(Json::parse(R"({"spec":{}})"), "ns").is_null()) << "Go's nil slice";
}

TEST(KubeHelpers, ResourceAdd) {
  const std::pair<std::vector<std::optional<std::string>>, std::string> cases[] = {
      {{"100m", "200m"}, "300m"},
      {{"1Gi", "512Mi"}, "1536Mi"},
      {{"1", "500m"}, "1500m"},
      {{std::nullopt, "1Gi"}, "1Gi"},
      {{"1Gi", std::nullopt}, "1Gi"},
      {{"1000"}, "1k"},
      {{}, "0"},
  };
  for (const auto& [args, expected] : cases) {
    auto r = kube_resource_add(args);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, expected);
  }
  EXPECT_FALSE(kube_resource_add({"ten"}).ok());
}

TEST(KubeHelpers, ResourceQuantity) {
  EXPECT_DOUBLE_EQ(*kube_resource_quantity("500m"), 0.5);
  EXPECT_DOUBLE_EQ(*kube_resource_quantity("1Ki"), 1024);
  EXPECT_DOUBLE_EQ(*kube_resource_quantity(std::nullopt), 0);
  EXPECT_FALSE(kube_resource_quantity("-1").ok());
}

TEST(QuantityText, CanonicalStrings) {
  const std::tuple<std::string, QuantityFormat, std::string> cases[] = {
      {"0.5", QuantityFormat::DecimalSI, "500m"},
      {"1500m", QuantityFormat::DecimalSI, "1500m"},
      {"2000m", QuantityFormat::DecimalSI, "2"},
      {"1073741824", QuantityFormat::BinarySI, "1Gi"},
      {"1000000000", QuantityFormat::BinarySI, "1000000000"},
      {"100", QuantityFormat::BinarySI, "100"},
      {"1.5Gi", QuantityFormat::BinarySI, "1536Mi"},
      {"12e3", QuantityFormat::DecimalExponent, "12e3"},
  };
  for (const auto& [text, format, expected] : cases) {
    auto q = Quantity::parse(text);
    ASSERT_TRUE(q.ok());
    EXPECT_EQ(quantity_string(*q, format), expected) << text;
  }
  EXPECT_EQ(quantity_format_of("1Gi"), QuantityFormat::BinarySI);
  EXPECT_EQ(quantity_format_of("1e3"), QuantityFormat::DecimalExponent);
  EXPECT_EQ(quantity_format_of("100m"), QuantityFormat::DecimalSI);
}

}  // namespace
}  // namespace fleetwave
