// Containment (issue 24): a hostile interpreter script of one app -- a pattern that would overflow
// the C stack, endless backtracking inside the matcher, a result of hundreds of megabytes -- stops
// that app only. The built fleetwave reconciles and plans the other apps, and the failed app's
// line names the template, the customization, the operation and the reason.
#include <gtest/gtest.h>

#include "cli/cli_fixture.h"

namespace fleetwave::cli {
namespace {

using testing_support::CliRun;
using testing_support::CliTest;

// An app "queue" whose Queue's replicas come from a ResourceInterpreterCustomization.
std::map<std::string, std::string> queue_app(const std::string& get_replicas) {
  const std::string ric =
      "apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\n"
      "metadata: {name: queue-interpreter}\nspec:\n  target: {apiVersion: example.io/v1, kind: Queue}\n"
      "  customizations:\n    replicaResource:\n      luaScript: |\n" +
      get_replicas;
  return {
      {"apps/queue/rollout.yaml", testkit::wave_plan("queue")},
      {"apps/queue/interpreter.yaml", ric},
      {"apps/queue/queue.yaml",
       "apiVersion: example.io/v1\nkind: Queue\nmetadata: {name: jobs, namespace: queue}\nspec: {workers: 4}\n---\n"
       "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: queue, namespace: queue}\n"
       "spec:\n  resourceSelectors: [{apiVersion: example.io/v1, kind: Queue}]\n  placement:\n"
       "    replicaScheduling: {replicaSchedulingType: Divided}\n"},
  };
}

class CliContainmentTest : public CliTest {
 protected:
  void SetUp() override {
    CliTest::SetUp();
    argocd_flags_ = start_argocd();
  }
  std::vector<std::string> with_flags(std::vector<std::string> args, bool argocd) {
    for (const std::string& f : repo_flags()) args.push_back(f);
    if (argocd) args.insert(args.end(), argocd_flags_.begin(), argocd_flags_.end());
    return args;
  }
  std::vector<std::string> argocd_flags_;
};

TEST_F(CliContainmentTest, AHostileScriptStopsItsAppOnly) {
  struct Case {
    std::string name;
    std::string get_replicas;  // the body of the luaScript, indented
    std::string reason;
  };
  const Case cases[] = {
      {"a pattern deeper than the C stack",
       "        function GetReplicas(obj)\n          local s, p = {}, {}\n"
       "          for i = 1, 300000 do s[i] = 'a'; p[i] = 'a?' end\n"
       "          string.find(table.concat(s), table.concat(p))\n          return 1\n        end\n",
       "pattern too complex"},
      {"backtracking without end",
       "        function GetReplicas(obj)\n          local s, p = {}, {}\n"
       "          for i = 1, 30 do s[i] = 'a'; p[i] = 'a*' end\n"
       "          string.find(table.concat(s), table.concat(p) .. 'b')\n          return 1\n        end\n",
       "time limit exceeded"},
      {"requirements of 300 MB",
       "        function GetReplicas(obj)\n          local big = 'x'\n          for i = 1, 20 do big = big .. big end\n"
       "          local r = {nodeClaim = {nodeSelector = {}}}\n"
       "          for i = 1, 300 do r.nodeClaim.nodeSelector['k' .. i] = big end\n"
       "          return 1, r\n        end\n",
       "memory limit exceeded"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    human_commit("queue: " + c.name, queue_app(c.get_replicas));
    const std::string failed =
        "queue: error — apps/queue/queue.yaml:1:1: Queue queue/jobs: ResourceInterpreterCustomization "
        "\"queue-interpreter\" (apps/queue/interpreter.yaml:1) InterpretReplica: ";
    CliRun reconciled = run_binary(with_flags({"reconcile", "--once"}, true));
    EXPECT_EQ(reconciled.exit_code, 1) << reconciled.out << reconciled.err;
    EXPECT_NE(reconciled.out.find(failed), std::string::npos) << reconciled.out;
    EXPECT_NE(reconciled.out.find(c.reason), std::string::npos) << reconciled.out;
    EXPECT_NE(reconciled.out.find("\nshop: "), std::string::npos) << "shop is reconciled too\n" << reconciled.out;
    EXPECT_EQ(reconciled.out.find("shop: error"), std::string::npos) << reconciled.out;
    CliRun planned = run_binary(with_flags({"plan"}, false));
    EXPECT_NE(planned.out.find("shop"), std::string::npos) << planned.out << planned.err;
    EXPECT_NE((planned.out + planned.err).find(c.reason), std::string::npos) << planned.out << planned.err;
  }
}

}  // namespace
}  // namespace fleetwave::cli
