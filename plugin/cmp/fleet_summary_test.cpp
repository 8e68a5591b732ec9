// fleetwave-render summary shows every workload's share on each cluster, custom kinds included:
// spec.replicas when the object has it, else the scheduled share (e.g. a Workflow's parallelism).
#include "cmp/fleet_summary.h"

#include <filesystem>

#include <gtest/gtest.h>

#include "testkit/build_paths.h"

namespace fleetwave {
namespace {
namespace fs = std::filesystem;

TEST(FleetSummary, ShowsCustomKindShares) {
  char tmpl[] = "/tmp/fw-summary-XXXXXX";
  const fs::path root = mkdtemp(tmpl);
  const fs::path source = fs::path(fleetwave::testkit::source_dir()) / "testdata/render/interpreter-bundled/repo";
  fs::create_directories(root / "apps");
  fs::copy(source / "app", root / "apps/bundled", fs::copy_options::recursive);
  fs::copy(source / "clusters", root / "clusters", fs::copy_options::recursive);
  ProcessContext context;
  context.args = {"summary", "--repo-root", root.string()};
  context.cwd = root;
  CommandResult r = run_summary_command(context);
  fs::remove_all(root);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string m1 =
      "cluster m1 ( )\n"
      "  apps/bundled: 6 objects\n"
      "    CloneSet shop/cart replicas=4 image=cart:1.0\n"
      "    DaemonSet shop/agent image=agent:1.0\n"
      "    Workflow shop/report share=2\n"
      "    FlinkDeployment shop/stream share=2\n"
      "    Secret shop/cart-secret\n"
      "    ServiceAccount shop/reporter\n";
  EXPECT_NE(r.out.find(m1), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("    Workflow shop/report share=1\n"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace fleetwave
