#include "fleet_generator.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace fleetwave::bench {
namespace fs = std::filesystem;
namespace {

std::string pad(int value, int width) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%0*d", width, value);
  return buf;
}

std::string app_name(int index) { return "app-" + pad(index, 4); }

// ~2 KB of properties, as the kustomize baseline's ConfigMap.
std::string config_blob() {
  std::string out;
  for (int i = 1; i <= 40; ++i) out += "    key.number." + std::to_string(i) + "=value-" + pad(i, 32) + "\n";
  return out;
}

// The five kinds of one app; `with_namespace` for the fleetwave form (kustomize sets it).
std::string app_documents(int app, int count, bool with_namespace) {
  const std::string name = app_name(app);
  const std::string ns = with_namespace ? "  namespace: workloads\n" : "";
  std::ostringstream o;
  const int kinds = count;
  if (kinds > 0) {
    o << "---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: " << name << "\n"
      << ns << "  labels: {app.kubernetes.io/name: " << name << ", app.kubernetes.io/part-of: shop}\n"
      << "spec:\n  replicas: 2\n  selector:\n    matchLabels: {app.kubernetes.io/name: " << name << "}\n"
      << "  template:\n    metadata:\n      labels: {app.kubernetes.io/name: " << name << "}\n"
      << "    spec:\n      serviceAccountName: " << name << "\n      containers:\n"
      << "      - name: main\n        image: registry.example.com/web:1.0.0\n"
      << "        ports: [{containerPort: 8080, name: http}]\n        env:\n"
      // LOG_LEVEL first: kustomize's strategic-merge patch moves the entries it patches to the
      // front of the list, so this order keeps both forms' output identical.
      << "        - {name: LOG_LEVEL, value: info}\n        - {name: APP_NAME, value: " << name << "}\n"
      << "        resources:\n          requests: {cpu: 100m, memory: 128Mi}\n          limits: {cpu: \"1\", memory: "
         "512Mi}\n"
      << "        readinessProbe: {httpGet: {path: /healthz, port: http}, periodSeconds: 10}\n"
      << "        volumeMounts: [{name: config, mountPath: /etc/app}]\n"
      << "      - name: sidecar\n        image: registry.example.com/proxy:2.0.0\n"
      << "        ports: [{containerPort: 15000, name: admin}]\n        env:\n        - {name: PROXY_MODE, value: "
         "sidecar}\n"
      << "        resources:\n          requests: {cpu: 50m, memory: 64Mi}\n"
      << "      volumes:\n      - name: config\n        configMap: {name: " << name << "-config}\n";
  }
  if (kinds > 1) {
    o << "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: " << name << "\n"
      << ns << "  labels: {app.kubernetes.io/name: " << name
      << "}\nspec:\n  selector: {app.kubernetes.io/name: " << name
      << "}\n  ports:\n  - {name: http, port: 80, targetPort: http}\n";
  }
  if (kinds > 2) {
    o << "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " << name << "-config\n"
      << ns << "data:\n  app.properties: |\n"
      << config_blob();
  }
  if (kinds > 3) {
    o << "---\napiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: " << name << "\n"
      << ns << "spec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: " << name << "}\n"
      << "  minReplicas: 2\n  maxReplicas: 10\n  metrics:\n  - type: Resource\n"
      << "    resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}\n";
  }
  if (kinds > 4) o << "---\napiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: " << name << "\n" << ns;
  return o.str();
}

bool write(const fs::path& path, const std::string& content) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << content;
  return static_cast<bool>(out);
}

int replicas_for(int cluster) { return cluster % 5 + 1; }
std::string region_for(int cluster) { return "region-" + std::to_string(cluster % 4); }

bool write_fleetwave(const fs::path& root, const FleetShape& shape) {
  const int apps = (shape.templates + 4) / 5;
  bool ok = true;
  std::string inventory;
  for (int c = 0; c < shape.clusters; ++c) {
    const std::string cluster =
        "apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: " + cluster_name(c) +
        "\n  labels: {region: " + region_for(c) + "}\nspec:\n  syncMode: Push\n  region: " + region_for(c) + "\n";
    if (shape.file_per_cluster) ok &= write(root / "clusters" / (cluster_name(c) + ".yaml"), cluster);
    else inventory += "---\n" + cluster;
  }
  if (!shape.file_per_cluster) ok &= write(root / "clusters/inventory.yaml", inventory);
  for (int a = 0; a < apps; ++a) {
    ok &= write(root / "apps/shop/templates" / (app_name(a) + ".yaml"),
                app_documents(a, std::min(5, shape.templates - 5 * a), true));
  }
  ok &= write(
      root / "apps/shop/propagation.yaml",
      "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: shop, namespace: workloads}\n"
      "spec:\n  resourceSelectors:\n  - {apiVersion: apps/v1, kind: Deployment}\n  - {apiVersion: v1, kind: Service}\n"
      "  - {apiVersion: v1, kind: ConfigMap}\n  - {apiVersion: autoscaling/v2, kind: HorizontalPodAutoscaler}\n"
      "  - {apiVersion: v1, kind: ServiceAccount}\n  placement: {}\n");
  // Per-cluster metadata on every object (kustomize: labels + commonAnnotations).
  std::ostringstream meta, deploy;
  meta << "apiVersion: policy.karmada.io/v1alpha1\nkind: OverridePolicy\nmetadata: {name: cluster-metadata, namespace: "
          "workloads}\nspec:\n  overrideRules:\n";
  deploy << "apiVersion: policy.karmada.io/v1alpha1\nkind: OverridePolicy\nmetadata: {name: cluster-deployments, "
            "namespace: workloads}\n"
            "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n  overrideRules:\n";
  for (int c = 0; c < shape.clusters; ++c) {
    std::string n = cluster_name(c);
    std::string labels = "{cluster.example.com/name: " + n + ", cluster.example.com/region: " + region_for(c) + "}";
    std::string annotations =
        "{gitops.example.com/cluster: " + n + ", gitops.example.com/wave: \"" + std::to_string(c % 3) + "\"}";
    meta << "  - targetCluster: {clusterNames: [" << n << "]}\n    overriders:\n"
         << "      labelsOverrider: [{operator: add, value: " << labels << "}]\n"
         << "      annotationsOverrider: [{operator: add, value: " << annotations << "}]\n";
    deploy
        << "  - targetCluster: {clusterNames: [" << n << "]}\n    overriders:\n"
        << "      imageOverrider:\n      - {predicate: {path: /spec/template/spec/containers/0/image}, component: Tag, "
           "operator: replace, value: 1.0."
        << c << "}\n      plaintext:\n"
        << "      - {path: /spec/replicas, operator: replace, value: " << replicas_for(c) << "}\n"
        << "      - {path: /spec/template/spec/containers/0/env/-, operator: add, value: {name: CLUSTER_NAME, value: "
        << n << "}}\n"
        << "      - {path: /spec/template/metadata/labels/cluster.example.com~1name, operator: add, value: " << n
        << "}\n"
        << "      - {path: /spec/template/metadata/labels/cluster.example.com~1region, operator: add, value: "
        << region_for(c) << "}\n"
        << "      - {path: /spec/template/metadata/annotations, operator: add, value: " << annotations << "}\n";
  }
  if (shape.extra_rules > 0) {
    std::ostringstream extra;
    extra << "apiVersion: policy.karmada.io/v1alpha1\nkind: OverridePolicy\nmetadata: {name: cluster-extra, "
             "namespace: workloads}\nspec:\n  overrideRules:\n";
    for (int c = 0; c < shape.clusters; ++c) {
      for (int k = 0; k < shape.extra_rules; ++k) {
        extra << "  - targetCluster: {clusterNames: [" << cluster_name(c) << "]}\n    overriders:\n"
              << "      annotationsOverrider: [{operator: add, value: {extra.example.com/rule-" << k << ": \"" << c
              << "\"}}]\n";
      }
    }
    ok &= write(root / "apps/shop/overrides/cluster-extra.yaml", extra.str());
  }
  ok &= write(root / "apps/shop/overrides/cluster-metadata.yaml", meta.str());
  ok &= write(root / "apps/shop/overrides/cluster-deployments.yaml", deploy.str());
  ok &= write(
      root / "apps/shop/overrides/first-deployment.yaml",
      "apiVersion: policy.karmada.io/v1alpha1\nkind: OverridePolicy\nmetadata: {name: first-deployment, namespace: "
      "workloads}\n"
      "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: app-0000}]\n  overrideRules:\n"
      "  - overriders:\n      plaintext:\n"
      "      - {path: /spec/template/spec/containers/0/env/0/value, operator: replace, value: debug}\n"
      "      - {path: /spec/template/spec/containers/0/resources/limits/memory, operator: replace, value: 1Gi}\n");
  return ok;
}

bool write_kustomize(const fs::path& root, const FleetShape& shape) {
  const int apps = (shape.templates + 4) / 5;
  bool ok = true;
  std::string base =
      "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamespace: workloads\nresources:\n";
  for (int a = 0; a < apps; ++a) {
    ok &= write(root / "base/apps" / (app_name(a) + ".yaml"),
                app_documents(a, std::min(5, shape.templates - 5 * a), false));
    base += "- apps/" + app_name(a) + ".yaml\n";
  }
  ok &= write(root / "base/kustomization.yaml", base);
  for (int c = 0; c < shape.clusters; ++c) {
    std::string n = cluster_name(c);
    fs::path d = root / "overlays" / n;
    ok &= write(
        d / "kustomization.yaml",
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n- ../../base\nlabels:\n"
        "- pairs: {cluster.example.com/name: " +
            n + ", cluster.example.com/region: " + region_for(c) +
            "}\n"
            "  includeSelectors: false\n  includeTemplates: true\ncommonAnnotations:\n  gitops.example.com/cluster: " +
            n + "\n  gitops.example.com/wave: \"" + std::to_string(c % 3) +
            "\"\nimages:\n- name: registry.example.com/web\n  newTag: 1.0." + std::to_string(c) +
            "\npatches:\n- target: {group: apps, version: v1, kind: Deployment}\n  patch: |-\n"
            "    - op: replace\n      path: /spec/replicas\n      value: " +
            std::to_string(replicas_for(c)) +
            "\n    - op: add\n      path: /spec/template/spec/containers/0/env/-\n      value: {name: CLUSTER_NAME, "
            "value: " +
            n + "}\n- path: first-deployment.yaml\n");
    ok &= write(d / "first-deployment.yaml",
                "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app-0000\nspec:\n  template:\n    spec:\n   "
                "   containers:\n"
                "      - name: main\n        env:\n        - {name: LOG_LEVEL, value: debug}\n        resources:\n     "
                "     limits: {memory: 1Gi}\n");
  }
  return ok;
}

}  // namespace

std::string cluster_name(int index) { return "cluster-" + pad(index, 3); }

bool generate_fleet(const fs::path& dir, const FleetShape& shape) {
  fs::remove_all(dir);
  return write_fleetwave(dir / "fleetwave", shape) && (!shape.kustomize || write_kustomize(dir / "kustomize", shape));
}

}  // namespace fleetwave::bench
