#include "cmp/fleet_summary.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <tuple>

#include "cmp/repo_reader.h"
#include "render/renderer.h"

namespace fleetwave {
namespace fs = std::filesystem;
namespace {

struct SummaryArgs {
  fs::path root;
  std::string apps_dir = "apps";
  std::string clusters_dir = "clusters";
};

Result<SummaryArgs> parse_args(const ProcessContext& context) {
  SummaryArgs a;
  std::string root;
  for (std::size_t i = 1; i < context.args.size(); ++i) {
    const std::string& f = context.args[i];
    if (i + 1 >= context.args.size()) return invalid_input("flag " + f + " needs a value");
    const std::string& v = context.args[++i];
    if (f == "--repo-root") root = v;
    else if (f == "--apps-dir") a.apps_dir = v;
    else if (f == "--clusters-dir") a.clusters_dir = v;
    else return invalid_input("unknown flag \"" + f + "\"");
  }
  if (root.empty()) return invalid_input("summary needs --repo-root DIR");
  a.root = fs::absolute(context.cwd / root).lexically_normal();
  return a;
}

std::string image_list(const Json& object) {
  std::string out;
  const Json* containers = find_path(object, {"spec", "template", "spec", "containers"});
  if (containers == nullptr || !containers->is_array()) return out;
  for (const Json& c : *containers) {
    std::string image = string_at(c, {"image"});
    if (!image.empty()) out += (out.empty() ? "" : ",") + image;
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

// spec.replicas when the object has it; otherwise a workload's scheduled share (a custom kind
// whose interpreter revises another field, e.g. an Argo Workflow's spec.parallelism).
std::string describe_object(const Json& o, const std::map<ObjectKey, std::int64_t>& shares) {
  std::string line = string_at(o, {"kind"}) + " ";
  std::string ns = string_at(o, {"metadata", "namespace"});
  line += (ns.empty() ? "" : ns + "/") + string_at(o, {"metadata", "name"});
  if (const Json* r = find_path(o, {"spec", "replicas"}); r != nullptr && r->is_number_integer()) {
    line += " replicas=" + std::to_string(r->get<std::int64_t>());
  } else if (auto it = shares.find(key_of(o)); it != shares.end()) {
    line += " share=" + std::to_string(it->second);
  }
  if (std::string images = image_list(o); !images.empty()) line += " image=" + images;
  return line;
}

}  // namespace

CommandResult run_summary_command(const ProcessContext& context) {
  auto args = parse_args(context);
  if (!args.ok()) return CommandResult{2, "", args.error().to_string() + "\n"};
  std::vector<std::string> apps;
  std::error_code ec;
  for (fs::directory_iterator it(args->root / args->apps_dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_directory() && it->path().filename().string()[0] != '.') {
      apps.push_back(args->apps_dir + "/" + it->path().filename().string());
    }
  }
  if (ec || apps.empty())
    return CommandResult{1, "", "no app directories under " + (args->root / args->apps_dir).string() + "\n"};
  std::sort(apps.begin(), apps.end());

  std::vector<FleetRender> renders;
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
    renders.push_back(std::move(prepared).value());
  }
  if (result.exit_code != 0) return result;

  const Fleet& any = renders.front().fleet();
  result.out += "fleet " + args->root.filename().string() + ": " + std::to_string(any.clusters.size()) + " clusters, " +
                std::to_string(apps.size()) + " apps\n";
  for (const Cluster& c : any.clusters) {
    result.out += "\ncluster " + c.name + " (" + c.provider + " " + c.region + ")\n";
    for (std::size_t i = 0; i < renders.size(); ++i) {
      auto out = renders[i].render(c.name);
      if (!out.ok()) {
        for (const Error& e : out.error()) result.err += e.to_string() + "\n";
        result.exit_code = 1;
        continue;
      }
      result.out += "  " + apps[i] + ": " + std::to_string(out->objects.size()) + " objects\n";
      const auto shares = shares_on(renders[i], c.name);
      for (const Json& o : out->objects) result.out += "    " + describe_object(o, shares) + "\n";
    }
  }
  return result;
}

}  // namespace fleetwave
