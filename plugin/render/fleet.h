// The parsed, validated inputs of a render: inventory, policies and resource templates.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/error.h"
#include "base/json.h"
#include "match/selector_match.h"
#include "model/cluster.h"
#include "model/fleet_settings.h"
#include "model/override_policy.h"
#include "model/propagation_policy.h"

namespace fleetwave {

class ResourceInterpreter;

// Where an object was read from, for messages ("apps/web/deploy.yaml:12").
struct ObjectSource {
  std::string file;
  int line = 0;
  std::size_t document = 0;  // index of the document in the file
  std::string prefix;        // the object's path inside the document: "items[3]" in a List, else ""
  std::string describe() const { return line > 0 ? file + ":" + std::to_string(line) : file; }
  // A position for an error about this object, which a locator can refine to the line:column of
  // the error's field (render/source_locator.h).
  SourcePos position() const {
    SourcePos p;
    p.file = file;
    p.line = line;
    p.document = static_cast<int>(document);
    p.path_prefix = prefix;
    return p;
  }
};

struct ResourceTemplate {
  Json object;
  ResourceIdentity id;  // id.namespace_ is the effective namespace ("" when cluster-scoped)
  bool namespaced = true;
  ObjectSource source;
};

// An OverridePolicy object in binary JSON: its spec.overrideRules one by one (`split`; a
// cluster's render reads only its own rules) and the rest as `head`, or the whole object as
// `head` when the policy uses the deprecated single targetCluster + overriders pair.
struct OverridePolicyRecord {
  bool split = false;
  std::string head;
  std::vector<std::string> rules;
};

struct LoadOptions {
  bool keep_records = false;  // fill Fleet's *_records (for the render cache's snapshot)
  // The fleet is loaded to render this cluster alone: override rules that cannot apply to it
  // (rule_may_apply) are checked, then dropped, most of them as they are read. Ignored with
  // keep_records, whose snapshot serves every cluster.
  std::string only_cluster;
};

struct Fleet {
  // LoadOptions::only_cluster as it applied: the one cluster this fleet renders, or "" for all.
  std::string only_cluster;
  std::vector<Cluster> clusters;  // sorted by name
  std::vector<PropagationPolicy> propagation_policies;
  std::vector<OverridePolicy> override_policies;
  std::vector<ResourceTemplate> templates;  // sorted by apiVersion, kind, namespace, name
  std::optional<Json> wave_plan;            // the app's WavePlan, unvalidated
  std::optional<ObjectSource> wave_plan_source;
  // The fleet's FleetSettings (policies/): read by the reconciler, never by a render.
  FleetSettings settings;
  std::optional<ObjectSource> settings_source;
  // Valid input that is almost certainly a mistake (a label selector Karmada cannot convert, so
  // it matches nothing), with positions; the render succeeds and shows them.
  ErrorList warnings;
  // ResourceInterpreterCustomizations merged with the bundled and native interpreters; set by
  // load_fleet, never null after it.
  std::shared_ptr<const ResourceInterpreter> interpreter;
  // The objects the clusters, propagation policies and override policies above were parsed
  // from (same order), in binary JSON (codec/binary_json.h): the render cache
  // (render/fleet_snapshot.h) keeps these and parses only what one cluster's render needs. Kept
  // encoded rather than as Json trees, which take about six times the bytes. Only when loaded
  // with LoadOptions::keep_records (the clusters' also with a cordon overlay, which edits them);
  // empty in a fleet restored from a snapshot.
  std::vector<std::string> cluster_records;
  std::vector<std::string> propagation_policy_records;
  std::vector<OverridePolicyRecord> override_policy_records;
  // Without records, those objects as parsed: held rather than destroyed, since a render process
  // exits without destroying anything and freeing every node of 10,000 Clusters cost it 5%. With
  // records they are freed: the render that fills the cache builds its snapshot from them.
  std::vector<Json> retired_objects;
  // The ResourceInterpreterCustomizations the interpreter was built from, with their sources,
  // for the same reason.
  std::vector<Json> customization_objects;
  std::vector<SourcePos> customization_sources;

  const Cluster* find_cluster(const std::string& name) const;
};

}  // namespace fleetwave
