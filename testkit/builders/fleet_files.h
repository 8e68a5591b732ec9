// Test builders: a small fleet as files (path -> content) - four clusters (dev-1 in the US, eu-1
// and eu-2 in Europe, us-1), a Deployment divided over them, and a three-wave WavePlan (canary,
// europe one cluster at a time, rest). Shared by the CLI, serve and reconcile tests.
#pragma once

#include <map>
#include <string>

namespace fleetwave::testkit {

// A Cluster with spec.apiEndpoint (Argo CD's destination.server), or without (Argo CD reaches
// it by its name).
inline std::string cluster_yaml(const std::string& name, const std::string& geo, bool api_endpoint = true) {
  return "apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: " + name +
         "\n  labels: {geo: " + geo + "}\nspec:\n  syncMode: Push\n" +
         (api_endpoint ? "  apiEndpoint: https://" + name + ".example.com:6443\n" : "");
}

inline std::string deployment(const std::string& image, int replicas = 4) {
  return "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n  replicas: " +
         std::to_string(replicas) + "\n  template:\n    spec:\n      containers:\n      - {name: web, image: " + image +
         "}\n";
}

// Divides the Deployment's replicas over every cluster (static weights 1 each).
inline const char* kPolicy =
    "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: shop, namespace: shop}\n"
    "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n  placement:\n"
    "    replicaScheduling: {replicaSchedulingType: Divided, replicaDivisionPreference: Weighted,\n"
    "      weightPreference: {staticWeightList: [{targetCluster: {clusterNames: [dev-1, eu-1, eu-2, us-1]}, weight: "
    "1}]}}\n";

inline std::string wave_plan(const std::string& name, const std::string& europe_extra = "") {
  return "apiVersion: fleetwave.io/v1alpha1\nkind: WavePlan\nmetadata: {name: " + name +
         "}\nspec:\n  waves:\n"
         "  - name: canary\n    clusters: {clusterNames: [dev-1]}\n    minSuccessTime: 10s\n"
         "  - name: europe\n    clusters: {labelSelector: {matchLabels: {geo: eu}}}\n    maxConcurrency: 1\n" +
         europe_extra + "  - name: rest\n    clusters: {}\n";
}

// Places the Deployment on every cluster (Karmada's default placement: Duplicated).
inline const char* kPlacedEverywhere =
    "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: shop, namespace: shop}\n"
    "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n  placement: {}\n";

// How a suite's fleet differs from the default one.
struct FleetShape {
  bool api_endpoints = true;     // clusters with spec.apiEndpoint, else reached by name
  int replicas = 4;              // of the Deployment
  const char* policy = kPolicy;  // kPolicy (divided, weighted) or kPlacedEverywhere
};

inline std::map<std::string, std::string> fleet_files(const FleetShape& shape = {}) {
  const bool e = shape.api_endpoints;
  return {{"clusters/dev-1.yaml", cluster_yaml("dev-1", "us", e)},
          {"clusters/eu-1.yaml", cluster_yaml("eu-1", "eu", e)},
          {"clusters/eu-2.yaml", cluster_yaml("eu-2", "eu", e)},
          {"clusters/us-1.yaml", cluster_yaml("us-1", "us", e)},
          {"apps/shop/deploy.yaml", deployment("web:1.0", shape.replicas)},
          {"apps/shop/policy.yaml", shape.policy},
          {"apps/shop/rollout.yaml", wave_plan("shop")}};
}

}  // namespace fleetwave::testkit
