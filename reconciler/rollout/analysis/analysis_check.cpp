#include "rollout/analysis/analysis_check.h"

#include <set>

#include "base/text.h"
#include "rollout/analysis/analysis_template.h"
#include "rollout/analysis/expr/expression.h"
#include "rollout/analysis/placeholders.h"
#include "rollout/duration.h"

namespace fleetwave {
namespace {

// The same rules as wave names: check names appear in status, messages and metrics labels.
std::string check_check_name(const std::string& name) {
  if (name.size() > 63) return "must be 1 to 63 characters";
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) {
      return "must consist of lowercase letters, digits and '-'";
    }
  }
  if (name.front() == '-' || name.back() == '-') return "must start and end with a letter or digit";
  return {};
}

// A string field that may hold placeholders; returns it and whether it mentions {{cluster}}.
std::string get_template(const Json& object, const char* key, const FieldPath& at, Problems& problems,
                         bool& per_cluster) {
  std::string text = get_string(object, key, at, problems, true);
  if (std::string why = check_placeholders(text); !why.empty()) problems.add(at.key(key), why);
  per_cluster = per_cluster || uses_cluster(text);
  return text;
}

PrometheusCheck parse_prometheus(const Json& value, const FieldPath& at, Problems& problems, bool& per_cluster) {
  PrometheusCheck p;
  reject_unknown_fields(value, {"query"}, at, problems);
  p.query = get_template(value, "query", at, problems, per_cluster);
  return p;
}

WebCheck parse_web(const Json& value, const FieldPath& at, Problems& problems, bool& per_cluster) {
  WebCheck w;
  reject_unknown_fields(value, {"url", "method", "headers", "jsonPath"}, at, problems);
  w.url = get_template(value, "url", at, problems, per_cluster);
  if (!w.url.empty() && w.url.rfind("http://", 0) != 0 && w.url.rfind("https://", 0) != 0) {
    problems.add(at.key("url"), "must start with http:// or https://");
  }
  std::string method = get_string(value, "method", at, problems);
  if (method == "POST") {
    w.method = HttpMethod::Post;
  } else if (!method.empty() && method != "GET") {
    problems.add(at.key("method"), "unsupported method \"" + printable(method) + "\", must be GET or POST");
  }
  w.headers = get_string_map(value, "headers", at, problems);
  for (const auto& [header, text] : w.headers) {
    if (std::string why = check_placeholders(text); !why.empty()) problems.add(at.key("headers").key(header), why);
    per_cluster = per_cluster || uses_cluster(text);
  }
  std::string path = get_string(value, "jsonPath", at, problems);
  if (!path.empty()) {
    auto parsed = JsonPath::parse(path);
    if (parsed.ok()) {
      w.json_path = std::move(parsed).value();
    } else {
      problems.add(at.key("jsonPath"), "invalid jsonPath: " + parsed.error().message);
    }
  }
  return w;
}

void parse_provider(const Json& value, const FieldPath& at, Problems& problems, AnalysisCheck& check) {
  const Json* prometheus = get_object(value, "prometheus", at, problems);
  const Json* web = get_object(value, "web", at, problems);
  if (prometheus != nullptr && web != nullptr) {
    problems.add(at, "has both prometheus and web; a check uses exactly one provider");
  } else if (prometheus == nullptr && web == nullptr && find_member(value, "prometheus") == nullptr &&
             find_member(value, "web") == nullptr) {
    problems.add(at, "needs a provider: prometheus or web");
  }
  if (prometheus != nullptr) {
    check.prometheus = parse_prometheus(*prometheus, at.key("prometheus"), problems, check.per_cluster);
  }
  if (web != nullptr) check.web = parse_web(*web, at.key("web"), problems, check.per_cluster);
}

// A count or limit: an integer of at least `minimum`, or `fallback` when absent.
std::int64_t get_count(const Json& value, const char* key, std::int64_t minimum, std::int64_t fallback,
                       const FieldPath& at, Problems& problems) {
  std::optional<std::int64_t> n = get_int(value, key, at, problems);
  if (!n) return fallback;
  if (*n < minimum) {
    problems.add(at.key(key), "must be at least " + std::to_string(minimum));
    return fallback;
  }
  return *n;
}

// A Go duration of at least `minimum_ms`, or nullopt when absent or invalid (reported).
std::optional<std::int64_t> get_duration(const Json& value, const char* key, std::int64_t minimum_ms,
                                         const FieldPath& at, Problems& problems) {
  std::string text = get_string(value, key, at, problems);
  if (text.empty()) return std::nullopt;
  auto ms = parse_duration_ms(text);
  if (!ms.ok()) {
    problems.add(at.key(key), ms.error().message);
    return std::nullopt;
  }
  if (*ms < minimum_ms) {
    problems.add(at.key(key), minimum_ms > 0 ? "must be greater than 0" : "must not be negative");
    return std::nullopt;
  }
  return *ms;
}

// Metric.EffectiveCount: count absent or 0 is 1 without an interval and "no end" with one.
void parse_schedule(const Json& value, const FieldPath& at, Problems& problems, AnalysisCheck& check) {
  const std::optional<std::int64_t> interval = get_duration(value, "interval", 1, at, problems);
  if (interval) check.interval_ms = *interval;
  check.initial_delay_ms = get_duration(value, "initialDelay", 0, at, problems).value_or(0);
  const std::int64_t count = get_count(value, "count", 0, 0, at, problems);
  check.count = count > 0  ? std::optional<std::int64_t>(count)
                : interval ? std::nullopt
                           : std::optional<std::int64_t>(1);
}

// failureLimit may be negative ("not applicable") only beside a consecutiveSuccessLimit, as the
// Rollouts validation requires; the other limits are never negative.
void parse_limits(const Json& value, const FieldPath& at, Problems& problems, AnalysisCheck& check) {
  check.consecutive_success_limit = get_count(value, "consecutiveSuccessLimit", 0, 0, at, problems);
  const std::int64_t lowest_failure_limit = check.consecutive_success_limit > 0 ? -1 : 0;
  check.failure_limit = get_count(value, "failureLimit", lowest_failure_limit, 0, at, problems);
  check.inconclusive_limit = get_count(value, "inconclusiveLimit", 0, 0, at, problems);
  check.consecutive_error_limit =
      get_count(value, "consecutiveErrorLimit", 0, kDefaultConsecutiveErrorLimit, at, problems);
  if (check.count && check.failure_limit >= *check.count && find_member(value, "failureLimit") != nullptr) {
    problems.warn(at.key("failureLimit"), "is not below count (" + std::to_string(*check.count) +
                                              "): no number of failed measurements fails the check");
  }
  check.dry_run = get_bool(value, "dryRun", at, problems);
}

std::shared_ptr<const Expression> get_condition(const Json& value, const char* key, const FieldPath& at,
                                                Problems& problems) {
  std::string text = get_string(value, key, at, problems);
  if (text.empty()) return nullptr;
  auto parsed = Expression::parse(text);
  if (!parsed.ok()) {
    problems.add(at.key(key), "invalid condition: " + parsed.error().message);
    return nullptr;
  }
  for (const std::string& name : parsed->unknown_names()) {
    problems.add(at.key(key), "unknown name " + name +
                                  ": a condition reads `result` and Rollouts' functions (isNaN, "
                                  "isInf, isNil, default, asInt, asFloat, len, all, any, ...)");
  }
  return std::make_shared<const Expression>(std::move(parsed).value());
}

}  // namespace

AnalysisCheck parse_analysis_check(const Json& value, const FieldPath& at, Problems& problems) {
  AnalysisCheck check;
  if (!value.is_object()) {
    problems.add(at, "expected a check (a map with name, prometheus or web, and successCondition)");
    return check;
  }
  reject_unknown_fields(
      value,
      {"name", "prometheus", "web", "interval", "initialDelay", "count", "successCondition", "failureCondition",
       "failureLimit", "inconclusiveLimit", "consecutiveErrorLimit", "consecutiveSuccessLimit", "dryRun"},
      at, problems);
  check.name = get_string(value, "name", at, problems, true);
  if (!check.name.empty()) {
    if (std::string why = check_check_name(check.name); !why.empty()) problems.add(at.key("name"), why);
  }
  parse_provider(value, at, problems, check);
  parse_schedule(value, at, problems, check);
  parse_limits(value, at, problems, check);
  check.success = get_condition(value, "successCondition", at, problems);
  check.failure = get_condition(value, "failureCondition", at, problems);
  return check;
}

std::vector<AnalysisCheck> parse_analysis(const Json& list, const FieldPath& at, Problems& problems,
                                          std::vector<AnalysisTemplateRef>* templates) {
  std::vector<AnalysisCheck> checks;
  if (list.is_null()) return checks;
  if (!list.is_array()) {
    problems.add(at, "expected a list of checks, got a " + json_type_name(list));
    return checks;
  }
  std::set<std::string> names;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (names_a_template(list[i])) {
      if (templates == nullptr) {
        problems.add(at.index(i).key("templateName"), "an AnalysisTemplate cannot be used here");
      } else {
        templates->push_back(parse_template_ref(list[i], at.index(i), problems));
      }
      continue;
    }
    AnalysisCheck check = parse_analysis_check(list[i], at.index(i), problems);
    if (!check.name.empty() && !names.insert(check.name).second) {
      problems.add(at.index(i).key("name"), "duplicate check name \"" + check.name + "\"");
    }
    checks.push_back(std::move(check));
  }
  return checks;
}

}  // namespace fleetwave
