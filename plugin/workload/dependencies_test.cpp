#include "workload/dependencies.h"

#include <gtest/gtest.h>

namespace fleetwave {
namespace {

std::vector<std::string> names(const std::vector<DependencyRef>& deps) {
  std::vector<std::string> out;
  for (const DependencyRef& d : deps) out.push_back(d.kind + "/" + d.namespace_ + "/" + d.name);
  return out;
}

struct DepsCase {
  std::string name;
  std::string object;  // JSON
  std::vector<std::string> expected;
};

TEST(WorkloadDependencies, FindsWhatKarmadaFinds) {
  std::vector<DepsCase> cases = {
      {"deployment: env, envFrom, volumes, projected, pull secrets, service account",
       R"({"apiVersion":"apps/v1","kind":"Deployment","spec":{"template":{"spec":{
          "serviceAccountName":"sa","imagePullSecrets":[{"name":"pull"}],
          "initContainers":[{"name":"i","envFrom":[{"configMapRef":{"name":"init-cm"}}]}],
          "containers":[{"name":"c","env":[{"name":"A","valueFrom":{"secretKeyRef":{"name":"env-secret","key":"k"}}},
                                            {"name":"B","valueFrom":{"configMapKeyRef":{"name":"env-cm","key":"k"}}}],
                         "envFrom":[{"secretRef":{"name":"from-secret"}}]}],
          "volumes":[{"name":"v1","configMap":{"name":"vol-cm"}},{"name":"v2","secret":{"secretName":"vol-secret"}},
                     {"name":"v3","persistentVolumeClaim":{"claimName":"data"}},
                     {"name":"v4","projected":{"sources":[{"configMap":{"name":"proj-cm"}},{"secret":{"name":"proj-secret"}}]}},
                     {"name":"v5","csi":{"driver":"d","nodePublishSecretRef":{"name":"csi-secret"}}}]}}}})",
       {"ConfigMap/web/env-cm", "ConfigMap/web/init-cm", "ConfigMap/web/proj-cm", "ConfigMap/web/vol-cm",
        "PersistentVolumeClaim/web/data", "Secret/web/csi-secret", "Secret/web/env-secret", "Secret/web/from-secret",
        "Secret/web/proj-secret", "Secret/web/pull", "Secret/web/vol-secret", "ServiceAccount/web/sa"}},
      {"default service account is not a dependency",
       R"({"apiVersion":"apps/v1","kind":"Deployment","spec":{"template":{"spec":{"serviceAccountName":"default","containers":[]}}}})",
       {}},
      {"cronjob reads the job template",
       R"({"apiVersion":"batch/v1","kind":"CronJob","spec":{"jobTemplate":{"spec":{"template":{"spec":{"containers":[{"name":"c","envFrom":[{"configMapRef":{"name":"cron-cm"}}]}]}}}}}})",
       {"ConfigMap/web/cron-cm"}},
      {"statefulset: claims from volumeClaimTemplates are not dependencies",
       R"({"apiVersion":"apps/v1","kind":"StatefulSet","spec":{"volumeClaimTemplates":[{"metadata":{"name":"data"}}],
          "template":{"spec":{"volumes":[{"name":"a","persistentVolumeClaim":{"claimName":"data"}},{"name":"b","persistentVolumeClaim":{"claimName":"shared"}}]}}}})",
       {"PersistentVolumeClaim/web/shared"}},
      {"pod",
       R"({"apiVersion":"v1","kind":"Pod","spec":{"containers":[{"name":"c","envFrom":[{"secretRef":{"name":"s"}}]}]}})",
       {"Secret/web/s"}},
      {"ingress tls secrets",
       R"({"apiVersion":"networking.k8s.io/v1","kind":"Ingress","spec":{"tls":[{"secretName":"tls"},{"hosts":["x"]}]}})",
       {"Secret/web/tls"}},
      {"kinds without an interpreter have none", R"({"apiVersion":"v1","kind":"Service","spec":{}})", {}},
      {"other apiVersions of a kind have none",
       R"({"apiVersion":"apps/v1beta1","kind":"Deployment","spec":{"template":{"spec":{"serviceAccountName":"sa"}}}})",
       {}},
  };
  for (const DepsCase& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(names(workload_dependencies(Json::parse(c.object), "web")), c.expected);
  }
}

}  // namespace
}  // namespace fleetwave
