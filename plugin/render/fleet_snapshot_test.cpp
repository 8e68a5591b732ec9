// Differential tests of the renders that read less than the whole fleet: from the render cache's
// snapshot, and from a fleet loaded for one cluster (LoadOptions::only_cluster). For every
// golden case and every cluster of its inventory (and one it lacks), each gives what FleetRender
// gives over the whole fleet: the same objects, or the same errors. Malformed snapshots are
// refused, not rendered.
#include "render/fleet_snapshot.h"

#include <cstdio>
#include <filesystem>

#include <gtest/gtest.h>

#include "cmp/repo_reader.h"
#include "codec/binary_json.h"
#include "testkit/build_paths.h"
#include "testkit/builders/bundle_builder.h"

namespace fleetwave {
namespace {
namespace fs = std::filesystem;

struct Case {
  std::string name;
  fs::path root;
  std::string app;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  fs::path golden = fs::path(fleetwave::testkit::source_dir()) / "testdata" / "render";
  for (const auto& entry : fs::directory_iterator(golden)) {
    if (entry.is_directory()) out.push_back({entry.path().filename().string(), entry.path() / "repo", "app"});
  }
  std::sort(out.begin(), out.end(), [](const Case& a, const Case& b) { return a.name < b.name; });
  fs::path example = fs::path(fleetwave::testkit::source_dir()) / "testdata" / "example-fleet";
  for (const auto& entry : fs::directory_iterator(example / "apps")) {
    out.push_back({"example-" + entry.path().filename().string(), example, "apps/" + entry.path().filename().string()});
  }
  return out;
}

std::string describe(const Result<RenderOutput, ErrorList>& r) {
  if (!r.ok()) return "errors:\n" + to_string(r.error());
  std::string out;
  for (const Json& o : r->objects) out += o.dump() + "\n";
  return out;
}

std::optional<InputBundle> read_case(const Case& c, std::string* why) {
  InputBundle bundle;
  bundle.app_path = c.app;
  auto read = read_repo_files(RepoLayout{c.root, c.app, "clusters", "policies"}, bundle);
  if (!read.ok()) {
    *why = to_string(read.error());
    return std::nullopt;
  }
  return bundle;
}

std::optional<FleetRender> prepare(const Case& c, std::string* why) {
  std::optional<InputBundle> bundle = read_case(c, why);
  if (!bundle) return std::nullopt;
  auto prepared = FleetRender::prepare(*bundle, LoadOptions{true});
  if (!prepared.ok()) {
    *why = to_string(prepared.error());
    return std::nullopt;
  }
  return std::move(prepared).value();
}

TEST(FleetSnapshot, RendersEveryClusterOfEveryCaseAsTheFullRender) {
  int rendered = 0;
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.name);
    std::string why;
    auto full = prepare(c, &why);
    if (!full) continue;  // cases whose inputs are invalid never reach the cache
    const std::string snapshot = encode_fleet_snapshot(*full, "default");
    std::vector<std::string> names = {"no-such-cluster"};
    for (const Cluster& cluster : full->fleet().clusters) names.push_back(cluster.name);
    for (const std::string& name : names) {
      SCOPED_TRACE(name);
      auto from_snapshot = render_from_snapshot(snapshot, name);
      ASSERT_TRUE(from_snapshot.has_value());
      EXPECT_EQ(describe(*from_snapshot), describe(full->render(name)));
      ++rendered;
    }
  }
  EXPECT_GT(rendered, 100);  // the corpus really ran
}

std::size_t rule_count(const Fleet& fleet) {
  std::size_t n = 0;
  for (const OverridePolicy& p : fleet.override_policies) n += p.rules.size();
  return n;
}

// A fleet loaded for one cluster holds only the override rules that may apply there, and renders
// that cluster as the whole fleet does; its errors are the whole fleet's, rules for other
// clusters included.
TEST(OneClusterLoad, RendersEveryClusterOfEveryCaseAsTheWholeFleet) {
  int rendered = 0, failed = 0;
  std::size_t rules_dropped = 0;
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.name);
    std::string why;
    std::optional<InputBundle> bundle = read_case(c, &why);
    if (!bundle) continue;
    auto whole = FleetRender::prepare(*bundle);
    std::vector<std::string> names = {"no-such-cluster"};
    if (whole.ok()) {
      for (const Cluster& cluster : whole->fleet().clusters) names.push_back(cluster.name);
    }
    for (const std::string& name : names) {
      SCOPED_TRACE(name);
      auto one = FleetRender::prepare(*bundle, LoadOptions{.only_cluster = name});
      ASSERT_EQ(one.ok(), whole.ok());
      if (!whole.ok()) {
        EXPECT_EQ(to_string(one.error()), to_string(whole.error()));
        ++failed;
        continue;
      }
      rules_dropped += rule_count(whole->fleet()) - rule_count(one->fleet());
      EXPECT_EQ(describe(one->render_once(name)), describe(whole->render(name)));
      ++rendered;
    }
  }
  std::printf("%d renders, %d failed loads, %zu override rules left out\n", rendered, failed, rules_dropped);
  EXPECT_GT(rendered, 100);  // the corpus really ran
  EXPECT_GT(failed, 10);
  EXPECT_GT(rules_dropped, 10u);  // and the load for one cluster left rules out
}

// The snapshot keeps the inventory as the render saw it: with the cordon overlay's taint on the
// cordoned cluster, so its replicas go to the others from the cache too.
TEST(FleetSnapshot, KeepsTheCordonedInventory) {
  InputBundle bundle =
      testkit::BundleBuilder()
          .simple_cluster("a")
          .simple_cluster("b")
          .simple_cluster("c")
          .app("apps/web/deploy.yaml",
               "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n  replicas: 6\n")
          .app("apps/web/policy.yaml",
               "apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: web, namespace: "
               "shop}\n"
               "spec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n  placement:\n"
               "    replicaScheduling: {replicaSchedulingType: Divided, replicaDivisionPreference: Weighted,\n"
               "      weightPreference: {staticWeightList: [{targetCluster: {clusterNames: [a, b, c]}, weight: 1}]}}\n")
          .cordons(
              "apiVersion: fleetwave.io/v1alpha1\nkind: Cordons\ncordons:\n"
              "- {cluster: b, taint: {key: cluster.karmada.io/not-ready, effect: NoExecute}, reason: outage, "
              "since: 2026-11-27T00:00:00Z}\n")
          .build();
  bundle.app_path = "apps/web";
  auto full = FleetRender::prepare(bundle, LoadOptions{true});
  ASSERT_TRUE(full.ok()) << to_string(full.error());
  const std::string snapshot = encode_fleet_snapshot(*full, "default");
  for (const char* name : {"a", "b", "c"}) {
    SCOPED_TRACE(name);
    auto from_snapshot = render_from_snapshot(snapshot, name);
    ASSERT_TRUE(from_snapshot.has_value());
    EXPECT_EQ(describe(*from_snapshot), describe(full->render(name)));
  }
  auto on_b = render_from_snapshot(snapshot, "b");
  ASSERT_TRUE(on_b.has_value() && on_b->ok());
  EXPECT_TRUE((*on_b)->objects.empty());  // the cordoned cluster gets no replicas
  const Fleet& fleet = full->fleet();
  ASSERT_EQ(fleet.cluster_records.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    std::size_t at = 0;
    const Json object = read_binary_json(fleet.cluster_records[i], at).value_or(Json());
    EXPECT_EQ(string_at(object, {"metadata", "name"}), fleet.clusters[i].name);
    const Json* taints = find_path(object, {"spec", "taints"});
    EXPECT_EQ(taints != nullptr ? taints->dump() : "none",
              i == 1 ? R"([{"effect":"NoExecute","key":"cluster.karmada.io/not-ready"}])" : "none");
  }
}

TEST(FleetSnapshot, RefusesTruncatedAndForeignData) {
  Case c{"override-order", fs::path(fleetwave::testkit::source_dir()) / "testdata/render/override-order/repo", "app"};
  std::string why;
  auto full = prepare(c, &why);
  ASSERT_TRUE(full.has_value()) << why;
  const std::string snapshot = encode_fleet_snapshot(*full, "default");
  const std::string cluster = full->fleet().clusters.front().name;
  ASSERT_TRUE(render_from_snapshot(snapshot, cluster).has_value());
  for (std::size_t cut = 0; cut < snapshot.size(); cut += 1 + cut / 16) {
    SCOPED_TRACE(cut);
    EXPECT_FALSE(render_from_snapshot(snapshot.substr(0, cut), cluster).has_value());
  }
  EXPECT_FALSE(render_from_snapshot(snapshot + "x", cluster).has_value());
  EXPECT_FALSE(render_from_snapshot("not a snapshot", cluster).has_value());
}

// A flipped byte anywhere is refused or changes nothing: every byte a render reads is under a
// checksum (the head's, or its record's), and bytes of records it does not read do not matter.
TEST(FleetSnapshot, AFlippedByteIsRefusedOrChangesNothing) {
  Case c{"propagate-deps", fs::path(fleetwave::testkit::source_dir()) / "testdata/render/propagate-deps/repo", "app"};
  std::string why;
  auto full = prepare(c, &why);
  ASSERT_TRUE(full.has_value()) << why;
  const std::string snapshot = encode_fleet_snapshot(*full, "default");
  const std::string cluster = full->fleet().clusters.back().name;
  auto intact = render_from_snapshot(snapshot, cluster);
  ASSERT_TRUE(intact.has_value() && intact->ok());
  std::size_t refused = 0;
  for (std::size_t i = 0; i < snapshot.size(); ++i) {
    for (unsigned char flip : {0x01, 0x80, 0xFF}) {
      std::string bad = snapshot;
      bad[i] = static_cast<char>(static_cast<unsigned char>(bad[i]) ^ flip);
      auto out = render_from_snapshot(bad, cluster);
      if (!out) {
        ++refused;
        continue;
      }
      ASSERT_TRUE(out->ok()) << "byte " << i << " ^ " << int(flip) << ": " << to_string(out->error());
      EXPECT_TRUE((*out)->objects == (*intact)->objects) << "byte " << i << " ^ " << int(flip);
    }
  }
  // Not vacuous: this cluster's render reads about a third of the snapshot's bytes (5,301 of
  // 16,557 flips were refused when this test was written).
  EXPECT_GT(refused, snapshot.size() / 2);
}

}  // namespace
}  // namespace fleetwave
