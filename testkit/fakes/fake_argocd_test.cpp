// The fake Argo CD's own contract: the Application shape it builds, its selectors, its status
// transitions, and that tests may drive it from several threads.
#include "testkit/fakes/fake_argocd.h"

#include <atomic>
#include <thread>

#include <gtest/gtest.h>

#include "adapters/argocd/application_parser.h"
#include "adapters/argocd/http_argocd_client.h"

namespace fleetwave::testkit {
namespace {

const Json* walk(const Json& root, const std::vector<std::string>& path) {
  const Json* node = &root;
  for (const std::string& key : path) {
    node = find_member(*node, key);
    if (node == nullptr) return nullptr;
  }
  return node;
}

TEST(FakeArgoCdAppsTest, BuildsTheRecordedApplicationShape) {
  Json app = make_application("web-eu-1", {{"fleetwave.io/app", "web"}, {"fleetwave.io/wave", "1"}}, "eu-1", "abc123",
                              "Synced", "Healthy", "Succeeded", "2026-03-05T07:33:04Z");
  struct Case {
    const char* name;
    std::vector<std::string> path;
    Json want;
  };
  const Case cases[] = {
      {"kind", {"kind"}, "Application"},
      {"cluster label added", {"metadata", "labels", "fleetwave.io/cluster"}, "eu-1"},
      {"owner kind", {"metadata", "ownerReferences"}, nullptr},
      {"plugin name", {"spec", "source", "plugin", "name"}, "fleetwave"},
      {"target revision", {"spec", "source", "targetRevision"}, "abc123"},
      {"destination", {"spec", "destination", "name"}, "eu-1"},
      {"sync", {"status", "sync", "status"}, "Synced"},
      {"sync revision", {"status", "sync", "revision"}, "abc123"},
      {"health", {"status", "health", "status"}, "Healthy"},
      {"phase", {"status", "operationState", "phase"}, "Succeeded"},
      {"requested", {"status", "operationState", "operation", "sync", "revision"}, "abc123"},
      {"applied", {"status", "operationState", "syncResult", "revision"}, "abc123"},
      {"started", {"status", "operationState", "startedAt"}, "2026-03-05T07:33:04Z"},
      {"finished", {"status", "operationState", "finishedAt"}, "2026-03-05T07:33:04Z"},
      {"reconciled", {"status", "reconciledAt"}, "2026-03-05T07:33:04Z"},
      {"source type", {"status", "sourceType"}, "Plugin"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const Json* got = walk(app, c.path);
    ASSERT_NE(got, nullptr);
    if (!c.want.is_null()) {
      EXPECT_EQ(*got, c.want);
    }
  }
  const Json& owner = app["metadata"]["ownerReferences"][0];
  EXPECT_EQ(owner["kind"], "ApplicationSet");
  EXPECT_EQ(owner["name"], "web");
  EXPECT_EQ(owner["controller"], true);
  const Json& env = app["spec"]["source"]["plugin"]["env"][0];
  EXPECT_EQ(env["name"], "FLEETWAVE_CLUSTER");
  EXPECT_EQ(env["value"], "eu-1");
  EXPECT_EQ(make_application("web-eu-1", {{"fleetwave.io/app", "web"}, {"fleetwave.io/wave", "1"}}, "eu-1", "abc123",
                             "Synced", "Healthy", "Succeeded", "2026-03-05T07:33:04Z"),
            app);  // deterministic

  Json running = make_application("web-eu-1", {}, "eu-1", "abc123", "OutOfSync", "Progressing", "Running");
  EXPECT_EQ(find_path(running, {"status", "operationState", "syncResult"}), nullptr);
  EXPECT_EQ(find_path(running, {"status", "operationState", "finishedAt"}), nullptr);
  Json fresh = make_application("web-eu-1", {}, "eu-1", "", "Unknown", "Missing", "");
  EXPECT_EQ(find_path(fresh, {"status", "operationState"}), nullptr);
}

TEST(FakeArgoCdAppsTest, TransitionsParseAsIntended) {
  struct Case {
    const char* name;
    std::function<void(Json&)> move;
    const char* sync;
    const char* health;
    const char* phase;
    const char* applied;
  };
  const Case cases[] = {
      {"synced", [](Json& a) { set_synced(a, "r2"); }, "Synced", "Healthy", "Succeeded", "r2"},
      {"progressing", [](Json& a) { set_progressing(a, "r2"); }, "Synced", "Progressing", "Succeeded", "r2"},
      {"sync running", [](Json& a) { set_sync_running(a, "r2"); }, "OutOfSync", "Progressing", "Running", ""},
      {"degraded", [](Json& a) { set_degraded(a, "r2", "crash loop"); }, "Synced", "Degraded", "Succeeded", "r2"},
      {"failed", [](Json& a) { set_sync_failed(a, "r2", "apply failed"); }, "OutOfSync", "Healthy", "Failed", "r2"},
      {"error", [](Json& a) { set_sync_failed(a, "r2", "boom", "Error"); }, "OutOfSync", "Healthy", "Error", "r2"},
      {"out of sync", [](Json& a) { set_out_of_sync(a, "r2"); }, "OutOfSync", "Healthy", "Succeeded", "r1"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    Json app = make_application("web-eu-1", {}, "eu-1", "r1");
    c.move(app);
    auto got = parse_application(app);
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(got->observation.sync_status, c.sync);
    EXPECT_EQ(got->observation.sync_revision, "r2");
    EXPECT_EQ(got->observation.health_status, c.health);
    EXPECT_EQ(got->observation.operation_phase, c.phase);
    EXPECT_EQ(got->observation.sync_result_revision, c.applied);
    EXPECT_EQ(string_at(app, {"spec", "source", "targetRevision"}), "r2");
  }
}

TEST(FakeArgoCdAppsTest, MatchesLabelSelectors) {
  const std::map<std::string, std::string> labels = {{"app", "web"}, {"wave", "2"}, {"tier", "edge"}};
  struct Case {
    const char* name;
    const char* selector;
    bool want;
  };
  const Case cases[] = {
      {"empty", "", true},
      {"equals", "app=web", true},
      {"double equals", "app==web", true},
      {"equals other", "app=api", false},
      {"not equals", "app!=api", true},
      {"not equals absent", "zone!=x", true},
      {"exists", "tier", true},
      {"exists absent", "zone", false},
      {"not exists", "!zone", true},
      {"not exists present", "!tier", false},
      {"in", "wave in (1,2)", true},
      {"in spaces", "wave in ( 3 , 2 )", true},
      {"in miss", "wave in (1,3)", false},
      {"notin", "wave notin (1,3)", true},
      {"notin absent", "zone notin (a)", true},
      {"and", "app=web,wave=2", true},
      {"and miss", "app=web,wave=3", false},
      {"mixed", "app=web, wave in (2), !zone", true},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto s = LabelSelector::parse(c.selector);
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    EXPECT_EQ(s->matches(labels), c.want);
  }
  for (const char* bad : {"a in (b", "=x", "a in b)", "a b=c", "!", "a,,b"}) {
    SCOPED_TRACE(bad);
    EXPECT_FALSE(LabelSelector::parse(bad).ok());
  }
}

TEST(FakeArgoCdTest, ControlsReportMissingApplications) {
  auto fake = FakeArgoCd::start();
  ASSERT_TRUE(fake.ok()) << fake.error().to_string();
  FakeArgoCd& f = **fake;
  EXPECT_EQ(f.put_application(Json{{"metadata", Json::object()}}).error().kind, ErrorKind::InvalidInput);
  EXPECT_EQ(f.mark_synced("nope", "r1").error().kind, ErrorKind::NotFound);
  EXPECT_EQ(f.remove_application("nope").error().kind, ErrorKind::NotFound);
  EXPECT_FALSE(f.application("nope").has_value());
  ASSERT_TRUE(f.put_application(make_application("a", {}, "c", "r1")).ok());
  ASSERT_TRUE(f.mark_degraded("a", "r2", "oom").ok());
  EXPECT_EQ(string_at(*f.application("a"), {"status", "health", "message"}), "oom");
  EXPECT_EQ(f.request_count(), 0u);
}

TEST(FakeArgoCdTest, AnswersConcurrentClientsWhileStateChanges) {
  auto fake = FakeArgoCd::start();
  ASSERT_TRUE(fake.ok()) << fake.error().to_string();
  FakeArgoCd& f = **fake;
  for (int i = 0; i < 5; ++i) {
    std::string n = "web-c" + std::to_string(i);
    ASSERT_TRUE(
        f.put_application(make_application(n, {{"fleetwave.io/app", "web"}}, "c" + std::to_string(i), "r0")).ok());
  }
  HttpArgoCdOptions o;
  o.base_url = f.url();
  o.token = f.token();
  auto client = HttpArgoCdClient::create(o);
  ASSERT_TRUE(client.ok()) << client.error().to_string();
  HttpArgoCdClient& shared = **client;  // one client shared by every thread
  std::atomic<int> failures{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 4; ++t) {
    readers.emplace_back([&] {
      for (int i = 0; i < 20; ++i) {
        auto got = shared.list_applications("fleetwave.io/app=web");
        if (!got.ok() || got->size() != 5) ++failures;
      }
    });
  }
  for (int i = 0; i < 50; ++i) {
    std::string rev = "r" + std::to_string(i);
    ASSERT_TRUE(f.mark_synced("web-c" + std::to_string(i % 5), rev).ok());
    ASSERT_TRUE(f.mark_sync_running("web-c" + std::to_string((i + 1) % 5), rev).ok());
  }
  for (std::thread& t : readers) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(f.request_count(), 80u);
}

}  // namespace
}  // namespace fleetwave::testkit
