#include "workload/prune.h"

#include <gtest/gtest.h>

#include "override/override_fixture.h"

namespace fleetwave {
namespace {

using override_test::yaml;

struct Case {
  std::string name;
  std::string input;  // YAML
  std::string want;   // YAML of the result after one pass
};

// prune_test.go TestRemoveIrrelevantField, with whole-object expectations.
TEST(Prune, KarmadaCases) {
  std::vector<Case> cases = {
      {"remove common object irrelevant fields",
       "metadata:\n  name: x\n  creationTimestamp: '2023-03-13T05:00:41Z'\n  deletionTimestamp: "
       "'2023-03-13T06:00:41Z'\n"
       "  deletionGracePeriodSeconds: 10\n  generation: 2\n  managedFields: [{manager: name}]\n  resourceVersion: "
       "'22222'\n"
       "  selfLink: http://example.com\n  uid: db56a4a6\n  ownerReferences: [{kind: Pod, name: foo}]\n"
       "  finalizers: [foregroundDeletion]\n  labels: {a: b}\nstatus: {}\n",
       "metadata: {name: x, labels: {a: b}}\n"},
      {"remove service irrelevant fields",
       "kind: Service\nspec: {clusterIP: 10.10.10.10, clusterIPs: [10.10.10.10], ports: []}\n",
       "kind: Service\nspec: {ports: []}\n"},
      {"remove job irrelevant fields",
       "kind: Job\nspec:\n  selector: {matchLabels: {foo: bar, controller-uid: ab11}}\n"
       "  template: {metadata: {labels: {controller-uid: ab11, job-name: test-job, foo: bar}}}\n  "
       "ttlSecondsAfterFinished: 10\n",
       "kind: Job\nspec:\n  selector: {matchLabels: {foo: bar}}\n  template: {metadata: {labels: {foo: bar}}}\n"},
      {"remove serviceaccount irrelevant fields",
       "kind: ServiceAccount\nmetadata: {name: foo}\nsecrets: [{name: foo-token-6pgxf}, {name: foo-dockercfg-zdr2j}]\n",
       "kind: ServiceAccount\nmetadata: {name: foo}\nsecrets: [{name: foo-dockercfg-zdr2j}]\n"},
      {"remove service-account token secret irrelevant fields",
       "kind: Secret\nmetadata: {annotations: {kubernetes.io/service-account.uid: '123', keep: x}}\n"
       "type: kubernetes.io/service-account-token\ndata: {token: abc}\n",
       "kind: Secret\nmetadata: {annotations: {keep: x}}\ntype: kubernetes.io/service-account-token\ndata: null\n"},
      {"retains secret basic-auth fields",
       "kind: Secret\nmetadata: {foo: bar}\ntype: kubernetes.io/basic-auth\ndata: {username: foo}\n",
       "kind: Secret\nmetadata: {foo: bar}\ntype: kubernetes.io/basic-auth\ndata: {username: foo}\n"},
      {"remove selected-node pvc annotation",
       "kind: PersistentVolumeClaim\nmetadata: {annotations: {volume.kubernetes.io/selected-node: node1}}\n",
       "kind: PersistentVolumeClaim\nmetadata: {annotations: {}}\n"},
      {"removes deployment revision annotation",
       "kind: Deployment\nmetadata: {annotations: {deployment.kubernetes.io/revision: 1, keep: x}}\n",
       "kind: Deployment\nmetadata: {annotations: {keep: x}}\n"},
      {"removes deployment revision history annotation",
       "kind: Deployment\nmetadata: {annotations: {deployment.kubernetes.io/revision-history: '1,2'}}\n",
       "kind: Deployment\nmetadata: {annotations: {}}\n"},
      // Edge cases read from prune.go.
      {"headless service keeps its clusterIP", "kind: Service\nspec: {clusterIP: None, clusterIPs: [None]}\n",
       "kind: Service\nspec: {clusterIP: None, clusterIPs: [None]}\n"},
      {"empty clusterIP is removed too", "kind: Service\nspec: {clusterIP: '', clusterIPs: []}\n",
       "kind: Service\nspec: {}\n"},
      {"clusterIPs alone stay", "kind: Service\nspec: {clusterIPs: [10.0.0.1]}\n",
       "kind: Service\nspec: {clusterIPs: [10.0.0.1]}\n"},
      {"job maps written back empty",
       "kind: Job\nspec:\n  selector: {matchLabels: {batch.kubernetes.io/controller-uid: x}}\n"
       "  template: {metadata: {labels: {batch.kubernetes.io/job-name: j, batch.kubernetes.io/controller-uid: x}}}\n",
       "kind: Job\nspec:\n  selector: {matchLabels: {}}\n  template: {metadata: {labels: {}}}\n"},
      {"manual selector keeps the labels",
       "kind: Job\nspec:\n  manualSelector: true\n  selector: {matchLabels: {controller-uid: x}}\n  "
       "ttlSecondsAfterFinished: 5\n",
       "kind: Job\nspec:\n  manualSelector: true\n  selector: {matchLabels: {controller-uid: x}}\n"},
      {"null job selector is fine", "kind: Job\nspec: {selector: null}\n", "kind: Job\nspec: {selector: null}\n"},
      {"adjacent token secrets: only the first goes per pass",
       "kind: ServiceAccount\nmetadata: {name: sa}\nsecrets: [{name: sa-token-1}, {name: sa-token-2}, {name: "
       "sa-token-3}, {name: other}]\n",
       "kind: ServiceAccount\nmetadata: {name: sa}\nsecrets: [{name: sa-token-2}, {name: other}]\n"},
      {"token secret gets data null even without data", "kind: Secret\ntype: kubernetes.io/service-account-token\n",
       "kind: Secret\ntype: kubernetes.io/service-account-token\ndata: null\n"},
      {"empty selected-node stays",
       "kind: PersistentVolumeClaim\nmetadata: {annotations: {volume.kubernetes.io/selected-node: ''}}\n",
       "kind: PersistentVolumeClaim\nmetadata: {annotations: {volume.kubernetes.io/selected-node: ''}}\n"},
      {"other kinds keep their fields",
       "kind: ConfigMap\nmetadata: {annotations: {deployment.kubernetes.io/revision: '1'}}\n",
       "kind: ConfigMap\nmetadata: {annotations: {deployment.kubernetes.io/revision: '1'}}\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Json m = yaml(c.input);
    auto s = remove_irrelevant_fields(m);
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(m, yaml(c.want));
  }
}

// CreateOrUpdateWork prunes, then the Work mutating webhook prunes again.
TEST(Prune, DeliveredManifestIsPrunedTwice) {
  Json m = yaml(
      "kind: ServiceAccount\nmetadata: {name: sa}\nsecrets: [{name: sa-token-1}, {name: sa-token-2}, {name: "
      "sa-token-3}]\n");
  ASSERT_TRUE(prune_irrelevant_fields(m).ok());
  EXPECT_EQ(m["secrets"], Json::array());
}

TEST(Prune, Errors) {
  struct ErrorCase {
    std::string name, input, error;
  };
  std::vector<ErrorCase> cases = {
      {"null matchLabels", "kind: Job\nspec: {selector: {matchLabels: null}}\n",
       "spec.selector.matchLabels: accessor error: expected map[string]interface{}, got a null"},
      {"non-string template label", "kind: Job\nspec: {template: {metadata: {labels: {a: 1}}}}\n",
       "spec.template.metadata.labels: accessor error: contains non-string value in the map under key \"a\""},
      {"bad manualSelector", "kind: Job\nspec: {manualSelector: 'yes'}\n",
       "spec.manualSelector: expected true or false, got a string"},
      {"secret without name", "kind: ServiceAccount\nmetadata: {name: sa}\nsecrets: [{}]\n",
       "secrets[0]: expected a map with a string name (Karmada fails on this entry)"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.name);
    Json m = yaml(c.input);
    auto s = remove_irrelevant_fields(m);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().to_string(), c.error);  // the field is Error::field, so it can be located
  }
}

}  // namespace
}  // namespace fleetwave
