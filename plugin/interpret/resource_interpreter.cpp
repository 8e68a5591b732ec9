#include "interpret/resource_interpreter.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "interpret/bundled_customizations.h"

namespace fleetwave {
namespace {

std::string describe_operation(const LoadedCustomization& c) {
  std::string where =
      c.pos.file.empty() ? "" : " (" + c.pos.file + (c.pos.line > 0 ? ":" + std::to_string(c.pos.line) : "") + ")";
  return std::string(kCustomizationKind) + " \"" + c.ric.name + "\"" + where;
}

std::string bundled_owner(const BundledCustomization& b) {
  return "Karmada's bundled interpreter for " + std::string(b.api_version) + " " + std::string(b.kind);
}

InterpreterScript bundled_script(const BundledCustomization& b, Operation op) {
  return InterpreterScript{b.script, bundled_owner(b), std::string(operation_info(op).field)};
}

// The webhook's validateCustomizationRule, for every pair: one error per operation both define.
void check_conflicts(const std::vector<LoadedCustomization>& sorted, ErrorList& errors) {
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      const Customization& a = sorted[j].ric;
      const Customization& b = sorted[i].ric;
      if (a.target_api_version != b.target_api_version || a.target_kind != b.target_kind) continue;
      for (std::size_t op = 0; op < kOperationCount; ++op) {
        if (static_cast<Operation>(op) == Operation::InterpretDependency) continue;  // several are allowed
        if (a.scripts[op].empty() || b.scripts[op].empty()) continue;
        const OperationInfo& info = operation_info(static_cast<Operation>(op));
        Error e =
            invalid_input(describe_operation(sorted[i]) + " " + std::string(info.name) + " for " +
                              b.target_api_version + " " + b.target_kind + ": conflicting with InterpreterOperation(" +
                              std::string(info.name) + ") of existing " + describe_operation(sorted[j]) +
                              "; Karmada's admission webhook refuses a second script for one operation, "
                              "keep it in one of them",
                          "spec.customizations." + std::string(info.field));
        e.pos = sorted[i].pos;
        errors.push_back(std::move(e));
      }
    }
  }
}

// A stable text for a label selector, to tell dependencies apart (Go compares the structs).
std::string describe_selector(const LabelSelector& s) {
  std::string out;
  for (const auto& [k, v] : s.match_labels) out += k + "=" + v + ",";
  for (const SelectorRequirement& r : s.match_expressions) {
    out += r.key + " " + r.op + " (";
    for (const std::string& v : r.values) out += v + ",";
    out += "),";
  }
  return out;
}

// The bundled layer's scripts, built once (thread-safe static initialisation) and never changed.
const InterpreterScript* bundled(const std::string& api_version, const std::string& kind, Operation op) {
  using Key = std::tuple<std::string_view, std::string_view, Operation>;
  static const std::map<Key, InterpreterScript> kScripts = [] {
    std::map<Key, InterpreterScript> out;
    for (const BundledCustomization& b : bundled_customizations()) {
      if (b.script.empty()) continue;
      for (Operation o : b.operations) {
        // fleetwave ships only the operations a render runs; the live-only ones have no script.
        if (o == Operation::InterpretReplica || o == Operation::ReviseReplica || o == Operation::InterpretDependency)
          out.emplace(Key{b.api_version, b.kind, o}, bundled_script(b, o));
      }
    }
    return out;
  }();
  auto it = kScripts.find(Key{api_version, kind, op});
  return it == kScripts.end() ? nullptr : &it->second;
}

Error with_owner(const InterpreterScript& s, Operation op, Error e) {
  e.message = s.owner + " " + std::string(operation_info(op).name) + ": " + e.message;
  return e;
}

}  // namespace

Result<ResourceInterpreter, ErrorList> ResourceInterpreter::build(std::vector<LoadedCustomization> customizations) {
  std::sort(customizations.begin(), customizations.end(),
            [](const LoadedCustomization& a, const LoadedCustomization& b) { return a.ric.name < b.ric.name; });
  ErrorList errors;
  check_conflicts(customizations, errors);
  if (!errors.empty()) return errors;
  ResourceInterpreter r;
  r.customizations_ = std::move(customizations);
  r.customization_count_ = r.customizations_.size();
  for (const LoadedCustomization& c : r.customizations_) {
    KindScripts& scripts = r.user_[{c.ric.target_api_version, c.ric.target_kind}];
    for (std::size_t op = 0; op < kOperationCount; ++op) {
      const std::string& text = c.ric.scripts[op];
      if (text.empty()) continue;
      InterpreterScript s{text, describe_operation(c), std::string(operation_info(static_cast<Operation>(op)).field)};
      if (static_cast<Operation>(op) == Operation::InterpretDependency) scripts.dependencies.push_back(std::move(s));
      else if (!scripts.single[op]) scripts.single[op] = std::move(s);  // Merge: the first by name wins
    }
  }
  return r;
}

const ResourceInterpreter::KindScripts* ResourceInterpreter::user(const std::string& api_version,
                                                                  const std::string& kind) const {
  if (user_.empty()) return nullptr;
  auto it = user_.find(Key{api_version, kind});
  return it == user_.end() ? nullptr : &it->second;
}

const InterpreterScript* ResourceInterpreter::script(const std::string& api_version, const std::string& kind,
                                                     Operation op) const {
  if (const KindScripts* u = user(api_version, kind); u != nullptr && u->single[static_cast<std::size_t>(op)]) {
    return &*u->single[static_cast<std::size_t>(op)];
  }
  return bundled(api_version, kind, op);
}

Result<WorkloadReplicas> ResourceInterpreter::get_replicas(const Json& object) const {
  const std::string api_version = string_at(object, {"apiVersion"});
  const std::string kind = string_at(object, {"kind"});
  const InterpreterScript* s = script(api_version, kind, Operation::InterpretReplica);
  if (s == nullptr) return interpret_replicas(object);
  auto replicas = lua_get_replicas(*s, object);
  if (!replicas.ok()) return fail(with_owner(*s, Operation::InterpretReplica, std::move(replicas).error()));
  return replicas;
}

Result<std::optional<Json>> ResourceInterpreter::revise_replica(const Json& object, std::int64_t replicas) const {
  const InterpreterScript* s =
      script(string_at(object, {"apiVersion"}), string_at(object, {"kind"}), Operation::ReviseReplica);
  if (s == nullptr) return std::optional<Json>();
  auto revised = lua_revise_replica(*s, object, replicas);
  if (!revised.ok()) return fail(with_owner(*s, Operation::ReviseReplica, std::move(revised).error()));
  return std::optional<Json>(std::move(revised).value());
}

Result<std::vector<DependencyRef>> ResourceInterpreter::get_dependencies(const Json& object,
                                                                         const std::string& namespace_) const {
  const std::string api_version = string_at(object, {"apiVersion"});
  const std::string kind = string_at(object, {"kind"});
  std::vector<const InterpreterScript*> scripts;
  if (const KindScripts* u = user(api_version, kind); u != nullptr && !u->dependencies.empty()) {
    for (const InterpreterScript& s : u->dependencies) scripts.push_back(&s);
  } else if (const InterpreterScript* s = script(api_version, kind, Operation::InterpretDependency)) {
    scripts.push_back(s);
  }
  if (scripts.empty()) return workload_dependencies(object, namespace_);
  std::vector<DependencyRef> all;
  for (const InterpreterScript* s : scripts) {
    auto refs = lua_get_dependencies(*s, object);
    if (!refs.ok()) return fail(with_owner(*s, Operation::InterpretDependency, std::move(refs).error()));
    for (DependencyRef& r : *refs) all.push_back(std::move(r));
  }
  // sets.New[DependentObjectReference] then sort by apiVersion, kind, namespace, name.
  auto selector_text = [](const DependencyRef& r) {
    return r.label_selector ? describe_selector(*r.label_selector) : std::string();
  };
  auto key = [&](const DependencyRef& r) {
    return std::make_tuple(r.api_version, r.kind, r.namespace_, r.name, selector_text(r));
  };
  std::sort(all.begin(), all.end(), [&](const DependencyRef& a, const DependencyRef& b) { return key(a) < key(b); });
  all.erase(std::unique(all.begin(), all.end(),
                        [&](const DependencyRef& a, const DependencyRef& b) { return key(a) == key(b); }),
            all.end());
  return all;
}

}  // namespace fleetwave
