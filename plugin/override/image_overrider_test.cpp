#include "override/image_overrider.h"

#include <gtest/gtest.h>

#include "override/override_fixture.h"

namespace fleetwave {
namespace {

using override_test::yaml;

Json workload(const std::string& kind, const std::vector<std::string>& images) {
  Json containers = Json::array();
  for (const std::string& image : images) containers.push_back({{"name", "nginx"}, {"image", image}});
  Json object = {{"apiVersion", kind == "Pod" ? "v1" : "apps/v1"}, {"kind", kind}, {"metadata", {{"name", "nginx"}}}};
  if (kind == "Pod") object["spec"] = {{"containers", containers}};
  else object["spec"] = {{"template", {{"spec", {{"containers", containers}}}}}};
  return object;
}

ImageOverrider image(std::string component, std::string op, std::string value,
                     std::optional<std::string> predicate = {}) {
  return ImageOverrider{std::move(predicate), std::move(component), std::move(op), std::move(value)};
}

const std::string kImage = "fictional.registry.example/imagename:v1.0.0";
const std::string kDigest = "sha256:dbcc1c35ac38df41fd2f5e4130b32ffdb93ebae8b3dbe638c23575912276fc9c";
const std::string kTemplatePath = "/spec/template/spec/containers/0/image";

struct PatchCase {
  std::string name;
  Json manifest;
  ImageOverrider overrider;
  std::vector<std::pair<std::string, std::string>> want;  // (path, new image) of each replace
};

// imageoverride_test.go TestParseJSONPatchesByImageOverrider.
TEST(ImageOverrider, BuildsKarmadasPatches) {
  Json job = yaml(
      "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:\n    spec:\n"
      "      containers: [{name: perl, image: 'perl:5.34.0'}]\n");
  Json two = workload("Deployment", {kImage, "registry.k8s.io/nginx-slim:0.8"});
  std::vector<PatchCase> cases = {
      {"empty predicate, Job, Registry add",
       job,
       image("Registry", "add", "registry.k8s.io"),
       {{kTemplatePath, "registry.k8s.io/perl:5.34.0"}}},
      {"predicate, Job, Registry add",
       job,
       image("Registry", "add", "registry.k8s.io", kTemplatePath),
       {{kTemplatePath, "registry.k8s.io/perl:5.34.0"}}},
      {"Deployment, Registry add (concatenation)",
       workload("Deployment", {kImage}),
       image("Registry", "add", ".test"),
       {{kTemplatePath, "fictional.registry.example.test/imagename:v1.0.0"}}},
      {"Deployment, Registry replace",
       workload("Deployment", {kImage}),
       image("Registry", "replace", "fictional.registry.us"),
       {{kTemplatePath, "fictional.registry.us/imagename:v1.0.0"}}},
      {"Deployment, Registry remove",
       workload("Deployment", {kImage}),
       image("Registry", "remove", "fictional.registry.us"),
       {{kTemplatePath, "imagename:v1.0.0"}}},
      {"Deployment, Repository add",
       workload("Deployment", {kImage}),
       image("Repository", "add", "/nginx"),
       {{kTemplatePath, "fictional.registry.example/imagename/nginx:v1.0.0"}}},
      {"Deployment, Repository replace",
       workload("Deployment", {kImage}),
       image("Repository", "replace", "nginx"),
       {{kTemplatePath, "fictional.registry.example/nginx:v1.0.0"}}},
      {"Deployment, Repository remove",
       workload("Deployment", {kImage}),
       image("Repository", "remove", "nginx"),
       {{kTemplatePath, "fictional.registry.example/:v1.0.0"}}},
      {"Deployment, Tag add of a digest is invalid: unchanged",
       workload("Deployment", {kImage}),
       image("Tag", "add", kDigest),
       {{kTemplatePath, kImage}}},
      {"Deployment, Tag add",
       workload("Deployment", {kImage}),
       image("Tag", "add", "-debug"),
       {{kTemplatePath, "fictional.registry.example/imagename:v1.0.0-debug"}}},
      {"Deployment, Tag replace with a digest",
       workload("Deployment", {kImage}),
       image("Tag", "replace", kDigest),
       {{kTemplatePath, "fictional.registry.example/imagename@" + kDigest}}},
      {"Deployment, Tag remove",
       workload("Deployment", {kImage}),
       image("Tag", "remove", kDigest),
       {{kTemplatePath, "fictional.registry.example/imagename"}}},
      {"Pod",
       workload("Pod", {kImage}),
       image("Repository", "replace", "nginx"),
       {{"/spec/containers/0/image", "fictional.registry.example/nginx:v1.0.0"}}},
      {"StatefulSet",
       workload("StatefulSet", {kImage}),
       image("Repository", "replace", "nginx"),
       {{kTemplatePath, "fictional.registry.example/nginx:v1.0.0"}}},
      {"ReplicaSet",
       workload("ReplicaSet", {kImage}),
       image("Repository", "replace", "nginx"),
       {{kTemplatePath, "fictional.registry.example/nginx:v1.0.0"}}},
      {"DaemonSet",
       workload("DaemonSet", {kImage}),
       image("Repository", "replace", "nginx"),
       {{kTemplatePath, "fictional.registry.example/nginx:v1.0.0"}}},
      {"more than one container",
       two,
       image("Repository", "replace", "nginx"),
       {{kTemplatePath, "fictional.registry.example/nginx:v1.0.0"},
        {"/spec/template/spec/containers/1/image", "registry.k8s.io/nginx:0.8"}}},
      {"predicate, one container",
       workload("Deployment", {kImage}),
       image("Repository", "replace", "nginx", kTemplatePath),
       {{kTemplatePath, "fictional.registry.example/nginx:v1.0.0"}}},
      {"predicate, second container",
       two,
       image("Repository", "replace", "nginx", "/spec/template/spec/containers/1/image"),
       {{"/spec/template/spec/containers/1/image", "registry.k8s.io/nginx:0.8"}}},
      // Beyond Karmada's table: kinds it leaves alone without a predicate.
      {"CronJob is never touched without a predicate",
       workload("CronJob", {kImage}),
       image("Tag", "replace", "v2"),
       {}},
      {"ConfigMap", yaml("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n"), image("Tag", "replace", "v2"), {}},
      {"no containers",
       yaml("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\nspec: {}\n"),
       image("Tag", "replace", "v2"),
       {}},
      {"CronJob with a predicate",
       yaml("apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: x}\nspec:\n  jobTemplate:\n    spec:\n      "
            "template:\n"
            "        spec:\n          containers: [{name: a, image: 'busybox:1.36'}]\n"),
       image("Tag", "replace", "1.37", "/spec/jobTemplate/spec/template/spec/containers/0/image"),
       {{"/spec/jobTemplate/spec/template/spec/containers/0/image", "busybox:1.37"}}},
  };
  for (const PatchCase& c : cases) {
    SCOPED_TRACE(c.name);
    auto ops = image_overrider_patch(c.manifest, c.overrider);
    ASSERT_TRUE(ops.ok()) << ops.error().message;
    ASSERT_EQ(ops->size(), c.want.size());
    for (std::size_t i = 0; i < c.want.size(); ++i) {
      EXPECT_EQ((*ops)[i].op, "replace");
      EXPECT_EQ((*ops)[i].path, c.want[i].first);
      EXPECT_EQ((*ops)[i].value, c.want[i].second);
    }
  }
}

TEST(ImageOverrider, InitContainersAreNotTouched) {
  Json pod = yaml(
      "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers: [{name: i, image: 'busybox:1'}]\n"
      "  containers: [{name: c, image: 'nginx:1'}]\n");
  ASSERT_TRUE(apply_image_overrider(pod, image("Registry", "replace", "mirror.local")).ok());
  EXPECT_EQ(pod["spec"]["containers"][0]["image"], "mirror.local/nginx:1");
  EXPECT_EQ(pod["spec"]["initContainers"][0]["image"], "busybox:1");
}

TEST(ImageOverrider, Errors) {
  struct Case {
    std::string name;
    Json manifest;
    ImageOverrider overrider;
    std::string error;
  };
  std::vector<Case> cases = {
      {"unparsable image", workload("Deployment", {"Nginx:1"}), image("Tag", "replace", "2"),
       "image \"Nginx:1\": repository name must be lowercase"},
      {"container without image", workload("Deployment", {""}), image("Tag", "replace", "2"),
       "image \"\": repository name must have at least one component"},
      {"containers not a list", yaml("kind: Pod\nspec: {containers: x}\n"), image("Tag", "replace", "2"),
       "failed to convert Pod from unstructured object: spec.containers: expected a list, got a string"},
      {"predicate to a missing field", workload("Deployment", {kImage}),
       image("Tag", "replace", "2", "/spec/template/spec/x/0/image"),
       "predicate.path /spec/template/spec/x/0/image: \"x\" is not a map or a list"},
      {"predicate index out of range", workload("Deployment", {kImage}),
       image("Tag", "replace", "2", "/spec/template/spec/containers/3/image"),
       "predicate.path /spec/template/spec/containers/3/image: index 3 is out of range for \"containers\""},
      {"predicate to a non-string", workload("Deployment", {kImage}),
       image("Tag", "replace", "2", "/spec/template/spec/containers/0"),
       "predicate.path /spec/template/spec/containers/0: \"0\" is not a string"},
      {"predicate without leading slash", workload("Pod", {kImage}),
       image("Tag", "replace", "2", "spec/containers/0/image"), "predicate.path must start with \"/\""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Json m = c.manifest;
    auto s = apply_image_overrider(m, c.overrider);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().message, c.error);
  }
}

}  // namespace
}  // namespace fleetwave
