#include <gtest/gtest.h>

#include "codec/yaml_codec.h"

namespace fleetwave {
namespace {

TEST(YamlCodecSmoke, ParsesTwoDocuments) {
  auto docs = parse_yaml_stream("a: 1\nb: yes\n---\nc: \"1.10\"\nd: 0x1F\n", "f.yaml");
  ASSERT_TRUE(docs.ok()) << docs.error().to_string();
  ASSERT_EQ(docs->size(), 2u);
  EXPECT_EQ((*docs)[0].value, Json::parse(R"({"a":1,"b":true})"));
  EXPECT_EQ((*docs)[1].value, Json::parse(R"({"c":"1.10","d":31})"));
}

}  // namespace
}  // namespace fleetwave
