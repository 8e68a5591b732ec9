// Test and benchmark support (header-only): the manifests of one app in the shape of a fleet's
// templates (a Deployment, its Service, a ConfigMap with ~2 KB of data, an autoscaler and a
// ServiceAccount) as one YAML stream. The fast reader's corpus (fast_yaml_corpus_test.cpp) and
// bench/codec_bench.cpp read it.
#pragma once

#include <string>

namespace fleetwave::testing_support {

// The stream of app `name`; `namespace_line` ("  namespace: NS\n", or "" for none) follows the
// name of every object.
inline std::string app_manifests(const std::string& name, const std::string& namespace_line = "") {
  std::string config;
  for (int i = 1; i <= 40; ++i) {
    const std::string digits = std::to_string(i);
    config += "    key.number." + digits + "=value-" + std::string(32 - digits.size(), '0') + digits + "\n";
  }
  return "---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: " + name + "\n" + namespace_line +
         "  labels: {app.kubernetes.io/name: " + name +
         ", app.kubernetes.io/part-of: shop}\n"
         "spec:\n  replicas: 2\n  selector:\n    matchLabels: {app.kubernetes.io/name: " +
         name +
         "}\n"
         "  template:\n    metadata:\n      labels: {app.kubernetes.io/name: " +
         name +
         "}\n    spec:\n"
         "      serviceAccountName: " +
         name +
         "\n      containers:\n      - name: main\n"
         "        image: registry.example.com/web:1.0.0\n        ports: [{containerPort: 8080, name: http}]\n"
         "        env:\n        - {name: LOG_LEVEL, value: info}\n        - {name: APP_NAME, value: " +
         name +
         "}\n"
         "        resources:\n          requests: {cpu: 100m, memory: 128Mi}\n          limits: {cpu: \"1\", memory: "
         "512Mi}\n"
         "        readinessProbe: {httpGet: {path: /healthz, port: http}, periodSeconds: 10}\n"
         "        volumeMounts: [{name: config, mountPath: /etc/app}]\n      - name: sidecar\n"
         "        image: registry.example.com/proxy:2.0.0\n        ports: [{containerPort: 15000, name: admin}]\n"
         "        env:\n        - {name: PROXY_MODE, value: sidecar}\n        resources:\n"
         "          requests: {cpu: 50m, memory: 64Mi}\n      volumes:\n      - name: config\n"
         "        configMap: {name: " +
         name +
         "-config}\n"
         "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: " +
         name + "\n" + namespace_line + "  labels: {app.kubernetes.io/name: " + name +
         "}\nspec:\n  selector: {app.kubernetes.io/name: " + name +
         "}\n  ports:\n  - {name: http, port: 80, targetPort: http}\n"
         "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " +
         name + "-config\n" + namespace_line + "data:\n  app.properties: |\n" + config +
         "---\napiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: " + name + "\n" +
         namespace_line + "spec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: " + name +
         "}\n"
         "  minReplicas: 2\n  maxReplicas: 10\n  metrics:\n  - type: Resource\n"
         "    resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}\n"
         "---\napiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: " +
         name + "\n" + namespace_line;
}

}  // namespace fleetwave::testing_support
