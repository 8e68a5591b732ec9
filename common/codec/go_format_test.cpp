// Float formatting against Go: strconv.FormatFloat(v, 'g', -1, 64|32) (shortest digits; %e when
// the exponent is < -4 or >= 6, the precision 'g' assumes for shortest output; at least two
// exponent digits) and encoding/json's floatEncoder ('f' unless |v| < 1e-6 or >= 1e21, then
// 'e' with "e-07" cleaned to "e-7").
#include "codec/go_format.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

struct FloatCase {
  const char* name;
  double value;
  const char* want;
};

TEST(GoFormat, FormatFloatG64) {
  const FloatCase cases[] = {
      {"zero", 0.0, "0"},
      {"negative zero keeps its sign", -0.0, "-0"},
      {"one", 1.0, "1"},
      {"tenth", 0.1, "0.1"},
      {"third needs 16 digits", 1.0 / 3, "0.3333333333333333"},
      {"100", 100.0, "100"},
      {"six digits stay fixed", 123456.0, "123456"},
      {"exponent 6 switches to %e", 1e6, "1e+06"},
      {"seven digits", 1234567.0, "1.234567e+06"},
      {"1e-4 stays fixed", 1e-4, "0.0001"},
      {"1e-5 switches to %e", 1e-5, "1e-05"},
      {"2.5e-5", 2.5e-5, "2.5e-05"},
      {"0.000123", 0.000123, "0.000123"},
      {"1e21", 1e21, "1e+21"},
      {"three-digit exponent", 1.5e300, "1.5e+300"},
      {"negative", -1.5, "-1.5"},
      {"smallest denormal", 5e-324, "5e-324"},
      {"largest double", std::numeric_limits<double>::max(), "1.7976931348623157e+308"},
      {"0.1 + 0.2", 0.1 + 0.2, "0.30000000000000004"},
      {"2^53", 9007199254740992.0, "9.007199254740992e+15"},
  };
  for (const FloatCase& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(format_go_float_g(c.value), c.want);
  }
}

TEST(GoFormat, FormatFloatG32) {
  const FloatCase cases[] = {
      {"tenth", 0.1, "0.1"},
      {"pi rounds to float32", 3.14159265358979, "3.1415927"},
      {"third", 1.0 / 3, "0.33333334"},
      {"1e20", 1e20, "1e+20"},
      {"2^24 + 1 rounds down", 16777217.0, "1.6777216e+07"},
      {"1.5", 1.5, "1.5"},
      {"smallest float32 denormal", 1.4e-45, "1e-45"},
      {"1000", 1000.0, "1000"},
  };
  for (const FloatCase& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(format_go_float32_g(c.value), c.want);
  }
}

TEST(GoFormat, JsonFloat) {
  const FloatCase cases[] = {
      {"zero", 0.0, "0"},
      {"negative zero", -0.0, "-0"},
      {"1.5", 1.5, "1.5"},
      {"integral float has no point", 1.0, "1"},
      {"1e-7 is e form with a one-digit exponent", 1e-7, "1e-7"},
      {"1e-6 stays fixed", 0.000001, "0.000001"},
      {"1.2345e-8", 1.2345e-8, "1.2345e-8"},
      {"1e-10", 1e-10, "1e-10"},
      {"1e20 stays fixed", 1e20, "100000000000000000000"},
      {"just below 1e21", 9.999999999999999e20, "999999999999999900000"},
      {"1e21 switches to e form", 1e21, "1e+21"},
      {"100000000", 100000000.0, "100000000"},
      {"123456789", 123456789.0, "123456789"},
      {"1.5e300", 1.5e300, "1.5e+300"},
      {"negative small", -2.5e-9, "-2.5e-9"},
      {"smallest denormal", 5e-324, "5e-324"},
  };
  for (const FloatCase& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(format_go_json_float(c.value), c.want);
  }
}

TEST(GoFormat, SpecialValuesUseGoNames) {
  EXPECT_EQ(format_go_float_g(std::numeric_limits<double>::infinity()), "+Inf");
  EXPECT_EQ(format_go_float_g(-std::numeric_limits<double>::infinity()), "-Inf");
  EXPECT_EQ(format_go_float_g(std::nan("")), "NaN");
}

}  // namespace
}  // namespace fleetwave
