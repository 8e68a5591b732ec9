#include "codec/binary_json.h"

#include <functional>
#include <random>

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

Json round_trip(const Json& value) {
  std::string data;
  append_binary_json(data, value);
  std::size_t pos = 0;
  auto back = read_binary_json(data, pos);
  EXPECT_EQ(pos, data.size());
  return back.value_or(Json("<decode failed>"));
}

TEST(BinaryJson, RoundTripsEveryKindOfValue) {
  const std::pair<const char*, Json> cases[] = {
      {"null", Json()},
      {"booleans", Json::array({true, false})},
      {"integers", Json::array({0, 1, -1, 63, -64, 64, INT64_MAX, INT64_MIN})},
      {"unsigned beyond int64", Json(std::uint64_t{18446744073709551615ULL})},
      {"floats", Json::array({0.5, -0.0, 1e300, 3.141592653589793})},
      {"strings", Json::array({"", "a", std::string("nul\0byte", 8), "\xc3\xa9t\xc3\xa9"})},
      {"nested", Json::parse(R"({"b":[{"x":{}},[]],"a":{"k":"v"},"":null})")},
  };
  for (const auto& [name, value] : cases) {
    SCOPED_TRACE(name);
    Json back = round_trip(value);
    EXPECT_EQ(back, value);
    EXPECT_EQ(back.dump(), value.dump());  // same number types, not only equal values
  }
}

TEST(BinaryJson, RefusesMalformedData) {
  std::string data;
  append_binary_json(data, Json::parse(R"({"list":[1,"two",{"three":3.0}],"s":"text"})"));
  for (std::size_t cut = 0; cut < data.size(); ++cut) {
    std::size_t pos = 0;
    EXPECT_FALSE(read_binary_json(std::string_view(data).substr(0, cut), pos).has_value()) << cut;
  }
  const std::pair<const char*, std::string> bad[] = {
      {"unknown tag", "\x09"},
      {"string longer than the data", std::string("\x06\x7f", 2) + "ab"},
      {"array count past the end", std::string("\x07\xff\xff\xff\x0f", 5)},
      {"varint too long", std::string("\x03", 1) + std::string(11, '\xff')},
      {"a key twice", std::string("\x08\x02\x01"
                                  "a\x01\x01"
                                  "a\x02",
                                  8)},
  };
  for (const auto& [name, bytes] : bad) {
    std::size_t pos = 0;
    EXPECT_FALSE(read_binary_json(bytes, pos).has_value()) << name;
  }
  std::string deep;
  for (int i = 0; i < 300; ++i) deep += std::string("\x07\x01", 2);
  deep += '\0';
  std::size_t pos = 0;
  EXPECT_FALSE(read_binary_json(deep, pos).has_value()) << "nesting past the limit";
}

TEST(BinaryJson, ReadsTheHeadOfAnObjectWithoutBuildingTheRest) {
  const Json object =
      Json::parse(R"({"apiVersion":"v1","data":{"a":[1.5,-7,18446744073709551615,null,true,"x",{}]},"kind":"Rollout",)"
                  R"("metadata":{"name":"web","labels":{}},"spec":{"replicas":3}})");
  std::string data;
  append_binary_json(data, object);
  EXPECT_EQ(read_binary_json_head(data, {"kind", "metadata", "apiVersion"}),
            Json::parse(R"({"apiVersion":"v1","kind":"Rollout","metadata":{"name":"web","labels":{}}})"));
  EXPECT_EQ(read_binary_json_head(data, {"kind"}), Json::parse(R"({"kind":"Rollout"})"))
      << "skips data, stops before metadata";
  // The value of the first key past the last kept one is never read, so a cut inside it still
  // reads; a cut before the kept member does not.
  std::string cut_in_metadata = data.substr(0, data.find("metadata") + std::string("metadata").size() + 1);
  EXPECT_EQ(read_binary_json_head(cut_in_metadata, {"kind"}), Json::parse(R"({"kind":"Rollout"})"));
  for (std::size_t cut = 0; cut + 1 < data.find("kind"); ++cut) {
    EXPECT_FALSE(read_binary_json_head(std::string_view(data).substr(0, cut), {"kind"}).has_value()) << cut;
  }
  std::string scalar;
  append_binary_json(scalar, Json(42));
  EXPECT_EQ(read_binary_json_head(scalar, {"kind"}), Json(42)) << "a value that is no object is read whole";
}

TEST(BinaryJson, RandomDocumentsRoundTrip) {
  std::mt19937 rng(7);
  auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  std::function<Json(int)> make = [&](int depth) -> Json {
    switch (depth > 4 ? pick(5) : pick(7)) {
      case 0:
        return Json(pick(2) == 1);
      case 1:
        return Json(static_cast<std::int64_t>(rng()) - (1LL << 31));
      case 2:
        return Json(std::uniform_real_distribution<double>(-1e6, 1e6)(rng));
      case 3:
        return Json(std::string(static_cast<std::size_t>(pick(40)), static_cast<char>('a' + pick(26))));
      case 4:
        return Json();
      case 5: {
        Json a = Json::array();
        for (int i = pick(5); i > 0; --i) a.push_back(make(depth + 1));
        return a;
      }
      default: {
        Json o = Json::object();
        for (int i = pick(6); i > 0; --i) o["k" + std::to_string(pick(100))] = make(depth + 1);
        return o;
      }
    }
  };
  for (int i = 0; i < 500; ++i) {
    Json value = make(0);
    ASSERT_EQ(round_trip(value), value) << value.dump();
  }
}

}  // namespace
}  // namespace fleetwave
