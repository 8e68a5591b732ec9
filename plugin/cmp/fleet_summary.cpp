#include "cmp/fleet_summary.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <tuple>

#include "base/nearest_name.h"
#include "base/text.h"
#include "cmp/cmp_request.h"
#include "cmp/repo_reader.h"
#include "codec/json_writer.h"
#include "render/renderer.h"
#include "render/source_locator.h"

namespace fleetwave {
namespace fs = std::filesystem;
namespace {

struct SummaryArgs {
  fs::path root;
  std::string apps_dir = "apps";
  std::string clusters_dir = "clusters";
  bool json = false;
  bool help = false;
};

Result<SummaryArgs> parse_args(const ProcessContext& context) {
  SummaryArgs a;
  std::string root, output = "text";
  for (std::size_t i = 1; i < context.args.size(); ++i) {
    const std::string& f = context.args[i];
    if (f == "-h" || f == "--help") {
      a.help = true;
      return a;
    }
    if (f != "--repo-root" && f != "--apps-dir" && f != "--clusters-dir" && f != "--output" && f != "-o") {
      return invalid_input("unknown flag \"" + printable(f) + "\"" +
                           flag_suggestion(f, {"repo-root", "apps-dir", "clusters-dir", "output"}));
    }
    if (i + 1 >= context.args.size()) return invalid_input("flag " + f + " needs a value");
    const std::string& v = context.args[++i];
    if (f == "--repo-root") root = v;
    else if (f == "--apps-dir") a.apps_dir = v;
    else if (f == "--clusters-dir") a.clusters_dir = v;
    else output = v;
  }
  if (output != "text" && output != "json") {
    return invalid_input("--output must be text or json, got \"" + printable(output) + "\"");
  }
  a.json = output == "json";
  if (root.empty()) return invalid_input("summary needs --repo-root DIR");
  a.root = fs::absolute(context.cwd / root).lexically_normal();
  return a;
}

std::vector<std::string> images_of(const Json& object) {
  std::vector<std::string> out;
  const Json* containers = find_path(object, {"spec", "template", "spec", "containers"});
  if (containers == nullptr || !containers->is_array()) return out;
  for (const Json& c : *containers) {
    std::string image = string_at(c, {"image"});
    if (!image.empty()) out.push_back(image);
  }
  return out;
}

using ObjectKey = std::tuple<std::string, std::string, std::string, std::string>;

ObjectKey key_of(const Json& o) {
  return {string_at(o, {"apiVersion"}), string_at(o, {"kind"}), string_at(o, {"metadata", "namespace"}),
          string_at(o, {"metadata", "name"})};
}

// The scheduled replica share of every workload on `cluster`, by object.
std::map<ObjectKey, std::int64_t> shares_on(const FleetRender& render, const std::string& cluster) {
  std::map<ObjectKey, std::int64_t> out;
  for (const Binding& b : render.bindings()) {
    const TargetCluster* t = b.target(cluster);
    if (t == nullptr || !b.replicas.is_workload()) continue;
    out[key_of(render.fleet().templates[b.template_index].object)] = t->replicas;
  }
  return out;
}

// One delivered object as the summary shows it: spec.replicas when the object has it; otherwise
// a workload's scheduled share (a custom kind whose interpreter revises another field, e.g. an
// Argo Workflow's spec.parallelism).
Json object_summary(const Json& o, const std::map<ObjectKey, std::int64_t>& shares) {
  Json out = {{"apiVersion", string_at(o, {"apiVersion"})},
              {"kind", string_at(o, {"kind"})},
              {"namespace", string_at(o, {"metadata", "namespace"})},
              {"name", string_at(o, {"metadata", "name"})},
              {"images", images_of(o)}};
  if (const Json* r = find_path(o, {"spec", "replicas"}); r != nullptr && r->is_number_integer()) {
    out["replicas"] = r->get<std::int64_t>();
  } else if (auto it = shares.find(key_of(o)); it != shares.end()) {
    out["share"] = it->second;
  }
  return out;
}

std::string describe_object(const Json& s) {
  const std::string ns = s["namespace"].get<std::string>();
  std::string line = s["kind"].get<std::string>() + " " + (ns.empty() ? "" : ns + "/") + s["name"].get<std::string>();
  if (s.contains("replicas")) line += " replicas=" + std::to_string(s["replicas"].get<std::int64_t>());
  if (s.contains("share")) line += " share=" + std::to_string(s["share"].get<std::int64_t>());
  std::string images;
  for (const Json& i : s["images"]) images += (images.empty() ? "" : ",") + i.get<std::string>();
  if (!images.empty()) line += " image=" + images;
  return line;
}

std::string format_text(const Json& summary) {
  std::string out = "fleet " + summary["fleet"].get<std::string>() + ": " + std::to_string(summary["clusters"].size()) +
                    " clusters, " + std::to_string(summary["apps"].size()) + " apps\n";
  for (const Json& c : summary["clusters"]) {
    out += "\ncluster " + c["name"].get<std::string>() + " (" + c["provider"].get<std::string>() + " " +
           c["region"].get<std::string>() + ")\n";
    for (const Json& app : c["apps"]) {
      out += "  " + app["app"].get<std::string>() + ": " + std::to_string(app["objects"].size()) + " objects\n";
      for (const Json& o : app["objects"]) out += "    " + describe_object(o) + "\n";
    }
  }
  return out;
}

std::vector<std::string> app_dirs(const SummaryArgs& args, std::error_code& ec) {
  std::vector<std::string> apps;
  for (fs::directory_iterator it(args.root / args.apps_dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_directory() && it->path().filename().string()[0] != '.') {
      apps.push_back(args.apps_dir + "/" + it->path().filename().string());
    }
  }
  std::sort(apps.begin(), apps.end());
  return apps;
}

}  // namespace

CommandResult run_summary_command(const ProcessContext& context) {
  auto args = parse_args(context);
  if (!args.ok()) return CommandResult{2, "", args.error().to_string() + "\nrun fleetwave-render --help for usage\n"};
  if (args->help) return CommandResult{0, render_usage(), ""};
  std::error_code ec;
  std::vector<std::string> apps = app_dirs(*args, ec);
  if (ec || apps.empty())
    return CommandResult{1, "", "no app directories under " + printable((args->root / args->apps_dir).string()) + "\n"};

  std::vector<FleetRender> renders;
  std::vector<InputBundle> bundles;  // to locate render errors in
  CommandResult result;
  for (const std::string& app : apps) {
    InputBundle bundle;
    bundle.app_path = app;
    RepoLayout layout{args->root, app, args->clusters_dir, "policies"};
    auto read = read_repo_files(layout, bundle);
    auto prepared = read.ok() ? FleetRender::prepare(bundle) : Result<FleetRender, ErrorList>(read.error());
    if (!prepared.ok()) {
      for (const Error& e : prepared.error()) result.err += e.to_string() + "\n";
      result.exit_code = 1;
      continue;
    }
    for (const Error& w : prepared->warnings()) result.err += "warning: " + w.to_string() + "\n";
    renders.push_back(std::move(prepared).value());
    bundles.push_back(std::move(bundle));
  }
  if (result.exit_code != 0) return result;

  Json summary = {{"fleet", args->root.filename().string()}, {"apps", apps}, {"clusters", Json::array()}};
  for (const Cluster& c : renders.front().fleet().clusters) {
    Json cluster = {{"name", c.name}, {"provider", c.provider}, {"region", c.region}, {"apps", Json::array()}};
    for (std::size_t i = 0; i < renders.size(); ++i) {
      auto out = renders[i].render(c.name);
      if (!out.ok()) {
        ErrorList errors = std::move(out).error();
        locate_errors(bundles[i], errors);
        for (const Error& e : errors) result.err += e.to_string() + "\n";
        result.exit_code = 1;
        continue;
      }
      Json objects = Json::array();
      const auto shares = shares_on(renders[i], c.name);
      for (const Json& o : out->objects) objects.push_back(object_summary(o, shares));
      cluster["apps"].push_back(Json{{"app", apps[i]}, {"objects", std::move(objects)}});
    }
    summary["clusters"].push_back(std::move(cluster));
  }
  result.out = args->json ? write_json(summary) + "\n" : format_text(summary);
  return result;
}

}  // namespace fleetwave
