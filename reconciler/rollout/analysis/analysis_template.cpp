#include "rollout/analysis/analysis_template.h"

#include <map>
#include <optional>
#include <regex>

#include "base/text.h"
#include "model/json_fields.h"
#include "rollout/duration.h"

namespace fleetwave {
namespace {

constexpr std::string_view kApiVersion = "argoproj.io/v1alpha1";

// The Metric fields Rollouts writes as IntOrString: after args are resolved a number in a
// string ("{{args.count}}" -> "3") is the number.
constexpr std::string_view kCountFields[] = {"count", "failureLimit", "inconclusiveLimit", "consecutiveErrorLimit",
                                             "consecutiveSuccessLimit"};

// Provider settings fleetwave does not take from a template: the reconciler's own Prometheus
// connection (--prometheus-url and its credentials) and HTTP client are used instead.
constexpr std::string_view kIgnoredPrometheus[] = {"address", "timeout", "insecure", "headers", "authentication"};
constexpr std::string_view kIgnoredWeb[] = {"timeoutSeconds", "insecure", "authentication"};

// utils/template resolve: each "{{ tag }}" whose trimmed tag is args.NAME is replaced; other tags
// are fleetwave's placeholders, left for the check's own validation.
std::string resolve_args(const std::string& text, const std::map<std::string, std::string>& args,
                         std::vector<std::string>& unresolved) {
  std::string out;
  std::size_t at = 0;
  while (true) {
    const std::size_t open = text.find("{{", at);
    const std::size_t close = open == std::string::npos ? open : text.find("}}", open + 2);
    if (close == std::string::npos) return out + text.substr(at);
    const std::string tag = trim_space(std::string_view(text).substr(open + 2, close - open - 2));
    out += text.substr(at, open - at);
    if (tag.rfind("args.", 0) != 0) {
      out += text.substr(open, close + 2 - open);
    } else if (auto value = args.find(tag.substr(5)); value != args.end()) {
      out += value->second;
    } else {
      unresolved.push_back("{{" + tag + "}}");
    }
    at = close + 2;
  }
}

void resolve_all(Json& value, const std::map<std::string, std::string>& args, std::vector<std::string>& unresolved) {
  if (value.is_string()) {
    value = resolve_args(value.get<std::string>(), args, unresolved);
  } else if (value.is_object() || value.is_array()) {
    for (Json& child : value) resolve_all(child, args, unresolved);
  }
}

// The prometheus or web provider of a Rollouts metric, in the shape of a WavePlan check; false
// (reported) when there is none fleetwave measures with.
bool move_provider(const Json& provider, const FieldPath& at, Json& check, Problems& problems) {
  if (!provider.is_object() || provider.size() != 1) {
    problems.add(at, "expected exactly one provider: prometheus or web");
    return false;
  }
  const std::string kind = provider.begin().key();
  Json settings = provider.begin().value();
  if (kind != "prometheus" && kind != "web") {
    problems.add(at.key(kind), "provider \"" + printable(kind) +
                                   "\" is not supported: fleetwave measures with the prometheus and web providers");
    return false;
  }
  if (!settings.is_object()) {
    problems.add(at.key(kind), "expected a map");
    return false;
  }
  const bool web = kind == "web";
  const std::vector<std::string_view> ignored =
      web ? std::vector<std::string_view>(std::begin(kIgnoredWeb), std::end(kIgnoredWeb))
          : std::vector<std::string_view>(std::begin(kIgnoredPrometheus), std::end(kIgnoredPrometheus));
  for (std::string_view key : ignored) {
    if (settings.erase(std::string(key)) > 0) {
      problems.warn(at.key(kind).key(key), "is ignored: fleetwave uses the reconciler's own " +
                                               std::string(web ? "HTTP client" : "--prometheus-url connection"));
    }
  }
  if (web) {
    for (const char* body : {"body", "jsonBody"}) {
      if (settings.contains(body)) problems.add(at.key(kind).key(body), "a request body is not supported");
      settings.erase(body);
    }
    if (const Json* headers = find_member(settings, "headers"); headers != nullptr && headers->is_array()) {
      Json by_name = Json::object();
      for (const Json& h : *headers) by_name[string_at(h, {"key"})] = h.contains("value") ? h["value"] : Json("");
      settings["headers"] = by_name;  // Rollouts' [{key, value}] list
    }
  }
  check[kind] = std::move(settings);
  return true;
}

// A Rollouts Metric as a WavePlan check: the provider one level up, counts as numbers; nullopt
// (reported) without a provider fleetwave measures with.
std::optional<Json> inline_check(const Json& metric, const FieldPath& at, Problems& problems) {
  Json check = Json::object();
  for (auto it = metric.begin(); it != metric.end(); ++it) {
    if (it.key() != "provider") check[it.key()] = it.value();
  }
  const Json* provider = find_member(metric, "provider");
  if (provider == nullptr) {
    problems.add(at.key("provider"), "required field is missing");
    return std::nullopt;
  }
  if (!move_provider(*provider, at.key("provider"), check, problems)) return std::nullopt;
  for (std::string_view key : kCountFields) {
    Json* value = find_member(check, key);
    if (value == nullptr || !value->is_string()) continue;
    const std::string text = value->get<std::string>();
    if (!text.empty() && text.find_first_not_of("-0123456789") == std::string::npos) *value = std::stoll(text);
  }
  return check;
}

// MergeArgs: the template's args, each overridden by the reference's value of the same name.
std::map<std::string, std::string> merge_args(const Json& spec, const AnalysisTemplateRef& ref, Problems& in_template,
                                              Problems& in_plan) {
  std::map<std::string, std::string> values;
  std::map<std::string, bool> declared;
  const FieldPath at = FieldPath().key("spec").key("args");
  const Json* args = get_array(spec, "args", FieldPath().key("spec"), in_template);
  for (std::size_t i = 0; args != nullptr && i < args->size(); ++i) {
    const Json& arg = (*args)[i];
    const std::string name = get_string(arg, "name", at.index(i), in_template, true);
    declared[name] = true;
    if (arg.contains("valueFrom")) {
      in_template.add(at.index(i).key("valueFrom"),
                      "valueFrom (secrets and fields) is not supported: give the value in the WavePlan's args");
      values[name] = "";  // reported once, here
    }
    if (const Json* value = find_member(arg, "value"); value != nullptr && !value->is_null())
      values[name] = value->is_string() ? value->get<std::string>() : value->dump();  // `value: 9090` too
  }
  for (const auto& [name, value] : ref.args) {
    if (!declared.count(name)) {
      in_plan.warn(ref.at.key("args"),
                   "arg \"" + name + "\" is not declared by template \"" + ref.template_name + "\" and is ignored");
      continue;
    }
    values[name] = value;
  }
  for (const auto& [name, known] : declared) {
    if (name.empty() || values.count(name)) continue;
    in_plan.add(ref.at.key("args"), "args." + name + " was not resolved: template \"" + ref.template_name +
                                        "\" gives it no value; add {name: " + name + ", value: ...}");
    values[name] = "";  // reported once, here
  }
  return values;
}

// spec.dryRun: metrics whose name the regular expression finds run as dry runs.
void mark_dry_runs(const Json& spec, std::vector<AnalysisCheck>& checks, Problems& problems) {
  const FieldPath at = FieldPath().key("spec").key("dryRun");
  const Json* dry = get_array(spec, "dryRun", FieldPath().key("spec"), problems);
  for (std::size_t i = 0; dry != nullptr && i < dry->size(); ++i) {
    const std::string pattern = get_string((*dry)[i], "metricName", at.index(i), problems, true);
    try {
      const std::regex re(pattern);
      for (AnalysisCheck& c : checks) c.dry_run = c.dry_run || std::regex_search(c.name, re);
    } catch (const std::regex_error& e) {
      problems.add(at.index(i).key("metricName"), "invalid regular expression: " + std::string(e.what()));
    }
  }
}

}  // namespace

bool names_a_template(const Json& entry) { return entry.is_object() && entry.contains("templateName"); }

AnalysisTemplateRef parse_template_ref(const Json& entry, const FieldPath& at, Problems& problems) {
  AnalysisTemplateRef ref;
  ref.at = at;
  reject_unknown_fields(entry, {"templateName", "clusterScope", "args", "initialDelay"}, at, problems);
  ref.template_name = get_string(entry, "templateName", at, problems, true);
  ref.cluster_scope = get_bool(entry, "clusterScope", at, problems);
  if (std::string delay = get_string(entry, "initialDelay", at, problems); !delay.empty()) {
    auto ms = parse_duration_ms(delay);
    if (ms.ok() && *ms >= 0) {
      ref.initial_delay_ms = *ms;
    } else {
      problems.add(at.key("initialDelay"), ms.ok() ? "must not be negative" : ms.error().message);
    }
  }
  const Json* args = get_array(entry, "args", at, problems);
  for (std::size_t i = 0; args != nullptr && i < args->size(); ++i) {
    const FieldPath arg_at = at.key("args").index(i);
    reject_unknown_fields((*args)[i], {"name", "value"}, arg_at, problems);
    ref.args.emplace_back(get_string((*args)[i], "name", arg_at, problems, true),
                          get_string((*args)[i], "value", arg_at, problems));
  }
  return ref;
}

bool is_analysis_template(const Json& doc) {
  return string_at(doc, {"apiVersion"}) == kApiVersion && string_at(doc, {"kind"}) == "AnalysisTemplate";
}

bool is_cluster_analysis_template(const Json& doc) {
  return string_at(doc, {"apiVersion"}) == kApiVersion && string_at(doc, {"kind"}) == "ClusterAnalysisTemplate";
}

std::vector<AnalysisCheck> checks_from_template(const Json& doc, const AnalysisTemplateRef& ref, Problems& in_template,
                                                Problems& in_plan) {
  std::vector<AnalysisCheck> checks;
  reject_unknown_fields(doc, {"apiVersion", "kind", "metadata", "spec"}, FieldPath(), in_template);
  const Json* spec = get_object(doc, "spec", FieldPath(), in_template, true);
  if (spec == nullptr) return checks;
  const FieldPath spec_at = FieldPath().key("spec");
  reject_unknown_fields(*spec, {"args", "metrics", "dryRun", "measurementRetention"}, spec_at, in_template);
  const std::map<std::string, std::string> args = merge_args(*spec, ref, in_template, in_plan);
  const Json* metrics = get_array(*spec, "metrics", spec_at, in_template, true);
  if (metrics != nullptr && metrics->empty()) in_template.add(spec_at.key("metrics"), "needs at least one metric");
  for (std::size_t i = 0; metrics != nullptr && i < metrics->size(); ++i) {
    const FieldPath at = spec_at.key("metrics").index(i);
    if (!(*metrics)[i].is_object()) {
      in_template.add(at, "expected a metric (a map)");
      continue;
    }
    Json metric = (*metrics)[i];
    std::vector<std::string> unresolved;
    resolve_all(metric, args, unresolved);
    for (const std::string& tag : unresolved) in_template.add(at, "failed to resolve " + tag + ": no such arg");
    std::optional<Json> check = inline_check(metric, at, in_template);
    if (!check) continue;
    checks.push_back(parse_analysis_check(*check, at, in_template));
    if (!metric.contains("initialDelay")) checks.back().initial_delay_ms = ref.initial_delay_ms;
  }
  mark_dry_runs(*spec, checks, in_template);
  return checks;
}

}  // namespace fleetwave
