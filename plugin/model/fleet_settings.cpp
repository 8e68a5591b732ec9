#include "model/fleet_settings.h"

#include "base/text.h"
#include "model/json_fields.h"

namespace fleetwave {
namespace {

// Why `name` cannot be a branch Git and Argo CD's targetRevision accept ("" when it can): the
// rules of git check-ref-format that a hand-written name breaks.
std::string hydration_branch_problem(const std::string& name) {
  if (name.empty()) return "must not be empty";
  if (name.front() == '/' || name.back() == '/' || name.front() == '-' || name.front() == '.')
    return "must not start with '/', '-' or '.' nor end with '/'";
  if (name.find("..") != std::string::npos || name.find("//") != std::string::npos ||
      name.find("@{") != std::string::npos || name.find("/.") != std::string::npos)
    return "must not contain '..', '//', '/.' or '@{'";
  if (name.size() >= 5 && name.compare(name.size() - 5, 5, ".lock") == 0) return "must not end with .lock";
  for (unsigned char c : name) {
    if (c <= ' ' || c == 0x7f || c == '~' || c == '^' || c == ':' || c == '?' || c == '*' || c == '[' || c == '\\')
      return "must not contain spaces, control characters or any of ~ ^ : ? * [ \\";
  }
  return {};
}

HydrationSettings parse_hydration(const Json& spec, const FieldPath& at, Problems& problems) {
  HydrationSettings out;
  const Json* hydration = get_object(spec, "hydration", at, problems);
  if (hydration == nullptr) return out;
  const FieldPath here = at.key("hydration");
  reject_unknown_fields(*hydration, {"targetBranch", "enabled", "hydrator"}, here, problems);
  out.target_branch = get_string(*hydration, "targetBranch", here, problems, true);
  if (const Json* branch = find_member(*hydration, "targetBranch"); branch != nullptr && branch->is_string()) {
    if (std::string why = hydration_branch_problem(out.target_branch); !why.empty()) {
      problems.add(here.key("targetBranch"), "\"" + printable(out.target_branch) + "\" is not a branch name: " + why +
                                                 " (e.g. fleetwave/hydrated)");
      out.target_branch.clear();
    }
  }
  out.enabled = get_bool(*hydration, "enabled", here, problems, true);
  const std::string hydrator = get_string(*hydration, "hydrator", here, problems);
  if (hydrator == "argocd") {
    out.hydrated_by = HydratedBy::ArgoCd;
  } else if (!hydrator.empty() && hydrator != "fleetwave") {
    problems.add(here.key("hydrator"), "unsupported value \"" + printable(hydrator) +
                                           "\": expected fleetwave (the reconciler writes the branch, the default) "
                                           "or argocd (Argo CD's Source Hydrator does)");
  }
  return out;
}

}  // namespace

FleetSettings parse_fleet_settings(const Json& document, Problems& problems) {
  const FieldPath root;
  FleetSettings out;
  reject_unknown_fields(document, {"apiVersion", "kind", "metadata", "spec"}, root, problems);
  const Json* spec = get_object(document, "spec", root, problems);
  if (spec == nullptr) return out;
  const FieldPath at = root.key("spec");
  reject_unknown_fields(*spec, {"namespaceOnlyClusters", "hydration"}, at, problems);
  out.hydration = parse_hydration(*spec, at, problems);
  const std::string namespace_only = get_string(*spec, "namespaceOnlyClusters", at, problems);
  if (namespace_only == "skip") {
    out.namespace_only_clusters = NamespaceOnlyClusters::Skip;
  } else if (!namespace_only.empty() && namespace_only != "include") {
    problems.add(at.key("namespaceOnlyClusters"),
                 "unsupported value \"" + printable(namespace_only) +
                     "\": expected include (every cluster Karmada reaches, the default) or skip (no Application "
                     "for a cluster that receives only Namespaces)");
  }
  return out;
}

}  // namespace fleetwave
