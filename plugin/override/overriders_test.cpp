#include "override/overriders.h"

#include <gtest/gtest.h>

#include "override/override_fixture.h"

namespace fleetwave {
namespace {

using override_test::yaml;

TEST(Overriders, RegistryIsInKarmadasOrder) {
  std::vector<std::string> names;
  for (const OverriderKind& k : builtin_overriders()) names.emplace_back(k.name);
  EXPECT_EQ(names, (std::vector<std::string>{"imageOverrider", "commandOverrider", "argsOverrider", "labelsOverrider",
                                             "annotationsOverrider", "fieldOverrider", "plaintext"}));
  auto found = find_overrider("fieldOverrider");
  ASSERT_TRUE(found.ok());
  EXPECT_EQ((*found)->name, "fieldOverrider");
  auto unknown = find_overrider("imageOverriders");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(
      unknown.error().message,
      "unknown overrider \"imageOverriders\"; valid overriders are: imageOverrider, commandOverrider, argsOverrider, "
      "labelsOverrider, annotationsOverrider, fieldOverrider, plaintext");
}

// Later kinds see what earlier kinds did: plaintext runs last, so it wins over labelsOverrider,
// and it can patch the image the imageOverrider just wrote.
TEST(Overriders, FixedOrderInsideARule) {
  Json m = yaml(
      "apiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: {}}\nspec: {containers: [{name: c, image: "
      "'nginx:1'}]}\n");
  Overriders o;
  o.plaintext = {{"/metadata/labels/tier", "replace", Json("plaintext")},
                 {"/spec/containers/0/image", "replace", Json("x")}};
  o.labels = {{"add", {{"tier", "labels"}}}};
  o.image = {{std::nullopt, "Tag", "replace", "2"}};
  ASSERT_TRUE(apply_overriders(m, o).ok());
  EXPECT_EQ(m["metadata"]["labels"]["tier"], "plaintext");
  EXPECT_EQ(m["spec"]["containers"][0]["image"], "x");
}

TEST(Overriders, FailureNamesTheEntry) {
  Json m = yaml("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: 'k: v'}\n");
  Overriders o;
  o.field = {{"/data/a", {}, {{"/k", "replace", Json("w")}}},
             {"/data/a", {}, {{"/k", "replace", Json("z")}, {"/m", "remove", std::nullopt}}}};
  auto got = apply_overriders(m, o);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().field, "fieldOverrider[1].yaml[1]");
  EXPECT_EQ(got.error().message, "remove /m: path does not exist");
}

}  // namespace
}  // namespace fleetwave
