#include "interpret/bundled_customizations.h"

#include <algorithm>
#include <utility>

namespace fleetwave {
namespace {

using Op = Operation;
constexpr Op RT = Op::Retain, RR = Op::InterpretReplica, CR = Op::InterpretComponent, RV = Op::ReviseReplica,
             SR = Op::InterpretStatus, SA = Op::AggregateStatus, HI = Op::InterpretHealth, DI = Op::InterpretDependency;

// Kinds whose render operations are another kind's, line for line: they run that kind's script.
constexpr std::pair<std::string_view, std::string_view> kSameScriptAs[] = {
    {"apps.kruise.io/v1alpha1/UnitedDeployment", "apps.kruise.io/v1alpha1/CloneSet"},
    {"source.toolkit.fluxcd.io/v1beta2/HelmRepository", "source.toolkit.fluxcd.io/v1beta2/Bucket"},
};

std::string_view script_for(std::string_view api_version, std::string_view kind) {
  std::string path = std::string(api_version) + "/" + std::string(kind);
  for (const auto& [same, as] : kSameScriptAs) {
    if (path == same) path = as;
  }
  for (const EmbeddedScript& s : embedded_bundled_scripts()) {
    if (s.path == path) return s.text;
  }
  return {};
}

std::vector<BundledCustomization> build() {
  // The operations each customizations.yaml defines at the reference commit.
  std::vector<BundledCustomization> out = {
      {"apps.kruise.io/v1alpha1", "AdvancedCronJob", {SA, DI}, {}},
      {"apps.kruise.io/v1alpha1", "BroadcastJob", {RT, RR, RV, SR, SA, HI, DI}, {}},
      {"apps.kruise.io/v1alpha1", "CloneSet", {RR, RV, SR, SA, HI, DI}, {}},
      {"apps.kruise.io/v1alpha1", "DaemonSet", {SR, SA, HI, DI}, {}},
      {"apps.kruise.io/v1alpha1", "SidecarSet", {RT, RR, SR, SA, HI, DI}, {}},
      {"apps.kruise.io/v1alpha1", "UnitedDeployment", {RR, RV, SR, SA, HI, DI}, {}},
      {"apps.kruise.io/v1beta1", "StatefulSet", {RR, RV, SR, SA, HI, DI}, {}},
      {"argoproj.io/v1alpha1", "Workflow", {RT, RR, RV, HI, DI}, {}},
      {"batch.volcano.sh/v1alpha1", "Job", {CR, SR, SA, HI}, {}},
      {"flink.apache.org/v1beta1", "FlinkDeployment", {RR, CR, SR, SA, HI}, {}},
      {"helm.toolkit.fluxcd.io/v2beta1", "HelmRelease", {RT, SR, SA, HI, DI}, {}},
      {"kubeflow.org/v1", "Notebook", {RR, SR, SA, HI}, {}},
      {"kubeflow.org/v1", "PyTorchJob", {CR, SA, HI, DI}, {}},
      {"kubeflow.org/v1", "TFJob", {CR, SA, HI, DI}, {}},
      {"kubeflow.org/v2beta1", "MPIJob", {CR, SR, SA, HI}, {}},
      {"kustomize.toolkit.fluxcd.io/v1", "Kustomization", {RT, SR, SA, HI, DI}, {}},
      {"kyverno.io/v1", "ClusterPolicy", {SR, SA, HI}, {}},
      {"kyverno.io/v1", "Policy", {SR, SA, HI}, {}},
      {"ray.io/v1", "RayCluster", {CR, SA, HI}, {}},
      {"ray.io/v1", "RayJob", {CR, SA, HI, DI}, {}},
      {"ray.io/v1", "RayService", {RR, RV, SA, HI, DI}, {}},
      {"source.toolkit.fluxcd.io/v1", "GitRepository", {RT, SR, SA, HI, DI}, {}},
      {"source.toolkit.fluxcd.io/v1beta2", "Bucket", {RT, SR, SA, HI, DI}, {}},
      {"source.toolkit.fluxcd.io/v1beta2", "HelmChart", {RT, SR, SA, HI, DI}, {}},
      {"source.toolkit.fluxcd.io/v1beta2", "HelmRepository", {RT, SR, SA, HI, DI}, {}},
      {"source.toolkit.fluxcd.io/v1beta2", "OCIRepository", {RT, SR, SA, HI, DI}, {}},
      {"sparkoperator.k8s.io/v1beta2", "SparkApplication", {CR, SR, SA, HI}, {}},
  };
  for (BundledCustomization& c : out) c.script = script_for(c.api_version, c.kind);
  return out;
}

}  // namespace

bool BundledCustomization::defines(Operation op) const {
  return std::find(operations.begin(), operations.end(), op) != operations.end();
}

const std::vector<BundledCustomization>& bundled_customizations() {
  static const std::vector<BundledCustomization> kAll = build();
  return kAll;
}

const BundledCustomization* find_bundled(std::string_view api_version, std::string_view kind) {
  for (const BundledCustomization& c : bundled_customizations()) {
    if (c.api_version == api_version && c.kind == kind) return &c;
  }
  return nullptr;
}

}  // namespace fleetwave
