#include "model/quantity.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

// Expectations follow k8s.io/apimachinery resource.ParseQuantity, Value() and MilliValue()
// (quantity.go: rounding away from zero to the nano on parse, ceil on read).
TEST(QuantityTest, ParsesLikeApimachinery) {
  struct Case {
    const char* name;
    const char* text;
    std::int64_t value;
    std::int64_t milli;
  };
  const Case cases[] = {
      {"plain integer", "3", 3, 3000},
      {"milli cpu", "100m", 1, 100},
      {"fraction", "1.5", 2, 1500},
      {"leading dot", ".5", 1, 500},
      {"trailing dot with suffix", "1.G", 1000000000, 1000000000000},
      {"kilo", "2k", 2000, 2000000},
      {"mega", "1M", 1000000, 1000000000},
      {"exa", "1E", 1000000000000000000, INT64_MAX},  // MilliValue overflows int64: saturated
      {"kibi", "1Ki", 1024, 1024000},
      {"mebi", "1Mi", 1048576, 1048576000},
      {"fractional gibi", "1.5Gi", 1610612736, 1610612736000},
      {"tebi", "1Ti", 1099511627776, 1099511627776000},
      {"pebi", "1Pi", 1125899906842624, 1125899906842624000},
      {"exponent", "1e3", 1000, 1000000},
      {"upper exponent", "1E3", 1000, 1000000},
      {"negative exponent", "15e-1", 2, 1500},
      {"signed exponent", "2e+2", 200, 200000},
      {"nano", "1n", 1, 1},
      {"micro", "1500u", 1, 2},
      {"below nano rounds up", "0.0000000001", 1, 1},
      {"zero", "0", 0, 0},
      {"zero with suffix", "0Mi", 0, 0},
      {"bare suffix is zero", "m", 0, 0},
      {"sign only is zero", "-", 0, 0},
      {"negative", "-1.5", -2, -1500},
      {"explicit plus", "+4", 4, 4000},
      {"leading zeros", "007", 7, 7000},
      {"binary cap", "8Ei", INT64_MAX, INT64_MAX},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto q = Quantity::parse(c.text);
    ASSERT_TRUE(q.ok()) << q.error().to_string();
    EXPECT_EQ(q->value(), c.value);
    EXPECT_EQ(q->milli_value(), c.milli);
  }
}

TEST(QuantityTest, RejectsMalformedInput) {
  struct Case {
    const char* name;
    const char* text;
    const char* message;
  };
  const std::string format =
      "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
  const Case cases[] = {
      {"empty", "", "invalid quantity \"\": "},
      {"letters", "abc", "invalid quantity \"abc\": "},
      {"space", "1 ", "invalid quantity \"1 \": "},
      {"two dots", "1.5.5", "invalid quantity \"1.5.5\": "},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto q = Quantity::parse(c.text);
    ASSERT_FALSE(q.ok());
    EXPECT_EQ(q.error().message, c.message + format);
    EXPECT_EQ(q.error().kind, ErrorKind::InvalidInput);
  }
  const Case suffix_cases[] = {
      {"unknown suffix", "1Ki2", "invalid quantity \"1Ki2\": unable to parse quantity's suffix"},
      {"lone exponent letter", "1e", "invalid quantity \"1e\": unable to parse quantity's suffix"},
      {"mixed suffix", "1kM", "invalid quantity \"1kM\": unable to parse quantity's suffix"},
      {"decimal too large", "1e40", "invalid quantity \"1e40\": quantity is too large"},
  };
  for (const Case& c : suffix_cases) {
    SCOPED_TRACE(c.name);
    auto q = Quantity::parse(c.text);
    ASSERT_FALSE(q.ok());
    EXPECT_EQ(q.error().message, c.message);
  }
}

TEST(QuantityTest, ReadsJsonValuesAsUnmarshalJSONDoes) {
  struct Case {
    const char* name;
    Json value;
    std::int64_t milli;
  };
  const Case cases[] = {
      {"string", "250m", 250},
      {"integer", 2, 2000},
      {"float", 0.5, 500},
      {"null is zero", nullptr, 0},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto q = Quantity::from_json(c.value);
    ASSERT_TRUE(q.ok()) << q.error().to_string();
    EXPECT_EQ(q->milli_value(), c.milli);
  }
  EXPECT_FALSE(Quantity::from_json(Json::array()).ok());
}

TEST(QuantityTest, ArithmeticIsExact) {
  auto a = Quantity::parse("1.5Gi");
  auto b = Quantity::parse("512Mi");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ((*a - *b).value(), 1073741824);
  EXPECT_EQ((*b - *a).value(), -1073741824);
  EXPECT_EQ((*a + *b).value(), 2147483648);
  EXPECT_EQ(Quantity::from_milli(1500).value(), 2);
  EXPECT_EQ((Quantity::from_value(1) - Quantity::from_milli(1500)).value(), -1);  // away from zero
}

}  // namespace
}  // namespace fleetwave
