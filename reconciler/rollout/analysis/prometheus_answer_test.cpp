// Prometheus answers: real bodies recorded from Prometheus 2.42 (testdata/prometheus/README.md).
#include "rollout/analysis/prometheus_answer.h"

#include <cmath>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "testkit/build_paths.h"

namespace fleetwave {
namespace {

std::string recorded(const std::string& name) {
  std::ifstream in(std::string(fleetwave::testkit::source_dir()) + "/reconciler/rollout/analysis/testdata/prometheus/" +
                   name);
  EXPECT_TRUE(in.good()) << name;
  std::stringstream body;
  body << in.rdbuf();
  return body.str();
}

constexpr std::int64_t kT = 1795709269000;  // the recording's evaluation time, in ms

TEST(PrometheusAnswerTest, ReadsARangeAnswerPerTime) {
  auto samples = parse_range_answer(recorded("range_two_series.json"));
  ASSERT_TRUE(samples.ok()) << samples.error().message;
  ASSERT_EQ(samples->size(), 3u);
  // The series {handler="/api/v1/query"} has no point at T-20s: that time holds only the other.
  EXPECT_EQ((*samples)[0].time_ms, kT - 20'000);
  EXPECT_EQ((*samples)[0].value.values, std::vector<double>{0});
  EXPECT_EQ((*samples)[1].time_ms, kT - 10'000);
  EXPECT_EQ((*samples)[1].value.values, (std::vector<double>{0.08015, 0}));
  EXPECT_EQ((*samples)[2].time_ms, kT);
  EXPECT_EQ((*samples)[2].value.values, (std::vector<double>{0.07051904761904762, 0}));
}

TEST(PrometheusAnswerTest, ReadsNaNAndEmptyRangeAnswers) {
  auto nan = parse_range_answer(recorded("range_nan.json"));
  ASSERT_TRUE(nan.ok()) << nan.error().message;
  ASSERT_EQ(nan->size(), 3u);
  EXPECT_EQ(nan->front().time_ms, kT - 20'000);
  ASSERT_EQ(nan->front().value.values.size(), 1u);
  EXPECT_TRUE(std::isnan(nan->front().value.values[0]));

  auto empty = parse_range_answer(recorded("range_empty.json"));
  ASSERT_TRUE(empty.ok()) << empty.error().message;
  EXPECT_TRUE(empty->empty());
}

TEST(PrometheusAnswerTest, ReadsInstantAnswers) {
  struct Case {
    std::string file;
    std::vector<double> want;
    bool scalar = false;  // Rollouts hands a scalar to the condition as a number, a vector as a list
  };
  const std::vector<Case> cases = {
      {"instant_vector.json", {1}}, {"instant_vector_two_series.json", {1, 1}}, {"instant_scalar.json", {1}, true},
      {"instant_empty.json", {}},   {"instant_inf.json", {INFINITY}},           {"instant_minus_inf.json", {-INFINITY}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.file);
    auto value = parse_instant_answer(recorded(c.file));
    ASSERT_TRUE(value.ok()) << value.error().message;
    EXPECT_EQ(value->values, c.want);
    EXPECT_EQ(value->scalar, c.scalar);
    EXPECT_EQ(result_of(*value).go_type(), c.scalar ? "float64" : "[]float64");
  }
  auto nan = parse_instant_answer(recorded("instant_nan.json"));
  ASSERT_TRUE(nan.ok()) << nan.error().message;
  ASSERT_EQ(nan->values.size(), 1u);
  EXPECT_TRUE(std::isnan(nan->values[0]));
}

TEST(PrometheusAnswerTest, OrdersSeriesByLabelSet) {
  // Prometheus does not promise an order; result[N] must not depend on it.
  const std::string body = R"({"status":"success","data":{"resultType":"vector","result":[
      {"metric":{"cluster":"b"},"value":[1,"2"]},
      {"metric":{"cluster":"a","zone":"x"},"value":[1,"1"]},
      {"metric":{"cluster":"a"},"value":[1,"0"]}]}})";
  auto value = parse_instant_answer(body);
  ASSERT_TRUE(value.ok()) << value.error().message;
  EXPECT_EQ(value->values, (std::vector<double>{0, 1, 2}));  // {cluster="a"} < {cluster="a",zone="x"} < {cluster="b"}
}

TEST(PrometheusAnswerTest, ReportsErrorsWithTheirKind) {
  struct Case {
    std::string name;
    std::string body;
    bool range;
    ErrorKind kind;
    std::string want;
  };
  const std::vector<Case> cases = {
      {"bad_data (400)", recorded("bad_data.json"), false, ErrorKind::InvalidInput,
       "prometheus bad_data: invalid parameter \"query\": 1:33: parse error: unclosed left parenthesis"},
      {"too many points (400)", recorded("range_too_many_points.json"), true, ErrorKind::InvalidInput,
       "prometheus bad_data: exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query "
       "resolution (?step=XX)"},
      {"timeout (503)", recorded("timeout.json"), true, ErrorKind::Transient,
       "prometheus timeout: query timed out in query execution"},
      {"execution (422)", recorded("execution.json"), false, ErrorKind::Transient,
       "prometheus execution: found duplicate series for the match group {} on the right hand-side of the operation: "
       "[{__name__=\"prometheus_http_requests_total\", app=\"shop\", code=\"200\", handler=\"/api/v1/query_range\", "
       "instance=\"127.0.0.1:19391\", job=\"prometheus\"}, {__name__=\"prometheus_http_requests_total\", "
       "app=\"shop\", code=\"200\", handler=\"/api/v1/query\", instance=\"127.0.0.1:19391\", "
       "job=\"prometheus\"}];many-to-many matching not allowed: matching labels must be unique on one side"},
      {"range selector in an instant query", recorded("instant_matrix.json"), false, ErrorKind::InvalidInput,
       "the query returned a matrix; an analysis query must return a vector or a scalar"},
      {"instant answer to a range query", recorded("instant_vector.json"), true, ErrorKind::Transient,
       "unexpected answer from prometheus: a range query answered with resultType \"vector\""},
      {"not JSON", "<html>502 Bad Gateway</html>", false, ErrorKind::Transient,
       "prometheus answered with invalid JSON: syntax error while parsing value - invalid literal; last read: '<' "
       "(line 1, column 1)"},
      {"truncated", R"({"status":"success","data":{"resultType":"vector")", true, ErrorKind::Transient,
       "prometheus answered with invalid JSON: syntax error while parsing object - unexpected end of input; "
       "expected '}' (line 1, column 50)"},
      {"no status", R"({"data":{}})", false, ErrorKind::Transient, "unexpected answer from prometheus: status is \"\""},
      {"value not a number",
       R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1,"x"]}]}})", false,
       ErrorKind::Transient, "unexpected answer from prometheus: value \"x\" is not a number"},
      {"point not a pair",
       R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[[1]]}]}})", true,
       ErrorKind::Transient, "unexpected answer from prometheus: expected a [time, \"value\"] pair"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const Error error = c.range ? parse_range_answer(c.body).error() : parse_instant_answer(c.body).error();
    EXPECT_EQ(error.kind, c.kind);
    EXPECT_EQ(error.message, c.want);
  }
}

}  // namespace
}  // namespace fleetwave
