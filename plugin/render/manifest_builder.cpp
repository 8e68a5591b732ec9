#include "render/manifest_builder.h"

#include <algorithm>
#include <map>

#include "interpret/resource_interpreter.h"
#include "override/override_manager.h"
#include "workload/prune.h"

namespace fleetwave {
namespace {

// A claimed template always carries labels and annotations maps in Karmada (the claim adds
// its own keys), so overrides that add to them succeed. fleetwave leaves those bookkeeping
// keys out; maps it had to create and that stayed empty are removed again afterwards.
struct CreatedMaps {
  bool labels = false;
  bool annotations = false;
};

CreatedMaps ensure_metadata_maps(Json& object, bool labels, bool annotations) {
  CreatedMaps created;
  Json& meta = object["metadata"];
  if (labels && (!meta.contains("labels") || meta["labels"].is_null())) {
    meta["labels"] = Json::object();
    created.labels = true;
  }
  if (annotations && (!meta.contains("annotations") || meta["annotations"].is_null())) {
    meta["annotations"] = Json::object();
    created.annotations = true;
  }
  return created;
}

// The API server labels every Namespace with kubernetes.io/metadata.name (SetDefaults_Namespace
// in k8s.io/kubernetes pkg/apis/core/v1/defaults.go), so in Karmada a Namespace always has a
// labels map when overrides run, claimed or only auto-propagated. fleetwave leaves that
// server-set label out like other server defaults.
bool is_namespace(const ResourceTemplate& t) { return t.id.api_version == "v1" && t.id.kind == "Namespace"; }

void drop_empty_created_maps(Json& object, const CreatedMaps& created) {
  Json* meta = find_member(object, "metadata");
  if (meta == nullptr) return;
  for (const auto& [name, was_created] :
       {std::pair{"labels", created.labels}, std::pair{"annotations", created.annotations}}) {
    Json* map = find_member(*meta, name);
    if (was_created && map != nullptr && map->is_object() && map->empty()) meta->erase(name);
  }
}

std::string describe(const ResourceTemplate& t) {
  std::string out = t.id.kind + " ";
  if (!t.id.namespace_.empty()) out += t.id.namespace_ + "/";
  return out + t.id.name;
}

// An error about the template's own fields points into its file (locate_errors() finds the
// field there); one from an override policy already points at the policy.
Error locate(Error e, const ResourceTemplate& t, const Cluster& cluster) {
  if (e.pos.file.empty()) e.pos = t.source.position();
  return e.with_context(describe(t) + " for cluster " + cluster.name);
}

// ensureWork's ReviseReplica: a Lua layer's script replaces the object wholesale; otherwise the
// native revision writes the replica field. Job completions are divided either way.
Status<> revise(const Fleet& fleet, const Binding& binding, const Cluster& cluster, Json& object, bool single_use) {
  const TargetCluster* target = find_target(binding.schedule->targets, cluster.name);
  bool native = true;
  if (target != nullptr) {
    auto* stored = binding.lua_revisions.get();
    auto memo = stored != nullptr ? stored->find(target->replicas) : std::map<std::int64_t, Json>::iterator();
    if (stored != nullptr && memo != stored->end()) {
      // A render that builds each binding once (render_once) takes the stored object.
      object = single_use ? std::move(memo->second) : memo->second;
      native = false;
    } else if (stored != nullptr) {  // the cache restored only the template's head for this share
      return internal_error("the render cache holds no revision for a share of " + std::to_string(target->replicas));
    } else {
      FW_TRY(lua, fleet.interpreter->revise_replica(object, target->replicas));
      if (lua) {
        object = std::move(*lua);
        native = false;
      }
    }
  }
  return revise_replicas_for_cluster(object, binding.replicas, binding.divided, binding.schedule->targets, cluster.name,
                                     binding.uid, native);
}

// The object build_manifest revises: the template with the metadata maps a claim adds.
Json object_to_revise(const ResourceTemplate& t, const Binding& binding, Json object, CreatedMaps* created) {
  CreatedMaps made;
  if (binding.claimed() || is_namespace(t)) made = ensure_metadata_maps(object, true, binding.claimed());
  if (created != nullptr) *created = made;
  return object;
}

}  // namespace

Result<std::optional<Json>> lua_revised_template(const Fleet& fleet, const Binding& binding, std::int64_t replicas) {
  const ResourceTemplate& t = fleet.templates[binding.template_index];
  return fleet.interpreter->revise_replica(object_to_revise(t, binding, t.object, nullptr), replicas);
}

Result<BuiltManifest> build_manifest(const Fleet& fleet, const Binding& binding, const Cluster& cluster,
                                     const MatchingRules* rules, Json* take) {
  const ResourceTemplate& t = fleet.templates[binding.template_index];
  BuiltManifest built;
  CreatedMaps created;
  built.object = object_to_revise(t, binding, take != nullptr ? std::move(*take) : t.object, &created);
  if (binding.replicas.is_workload() && binding.schedule != nullptr && !binding.schedule->targets.empty()) {
    auto status = revise(fleet, binding, cluster, built.object, take != nullptr);
    if (!status.ok()) return locate(std::move(status).error(), t, cluster);
  }
  OverrideContext context;
  context.cluster = &cluster;
  context.resource = t.id;
  context.namespaced = t.namespaced;
  context.policies = &fleet.override_policies;
  context.matching_rules = rules;
  auto applied = apply_overrides(built.object, context);
  if (!applied.ok()) return locate(std::move(applied).error(), t, cluster);
  built.applied_overrides = std::move(applied).value();
  auto pruned = prune_irrelevant_fields(built.object);
  if (!pruned.ok()) return locate(std::move(pruned).error(), t, cluster);
  drop_empty_created_maps(built.object, created);
  return built;
}

}  // namespace fleetwave
