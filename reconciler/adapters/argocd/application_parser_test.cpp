#include "adapters/argocd/application_parser.h"

#include <gtest/gtest.h>

#include "codec/json_reader.h"

namespace fleetwave {
namespace {

constexpr const char* kSha1 = "0f2a1c8e5b3d4a69788c1d2e3f405162738495a6";
constexpr const char* kSha2 = "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a291807";
constexpr const char* kSha3 = "4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70";

Json json(const std::string& text) {
  Result<Json> j = parse_json(text, "fixture");
  EXPECT_TRUE(j.ok()) << j.error().to_string();
  return j.ok() ? *j : Json();
}

// An appset-owned CMP Application in the shape argocd-server serves (metadata, spec.source.plugin,
// status with sync, health, operationState.syncResult), with the status pieces given.
std::string application(const std::string& status) {
  return R"({"apiVersion": "argoproj.io/v1alpha1", "kind": "Application",
    "metadata": {"name": "web-eu-1", "namespace": "argocd",
      "labels": {"fleetwave.io/app": "web", "fleetwave.io/cluster": "eu-1", "fleetwave.io/wave": "1"},
      "ownerReferences": [{"apiVersion": "argoproj.io/v1alpha1", "kind": "ApplicationSet", "name": "web",
                           "controller": true, "blockOwnerDeletion": true, "uid": "u-1"}]},
    "spec": {"project": "default", "destination": {"name": "eu-1", "namespace": "web"},
      "source": {"repoURL": "https://git.example.com/fleet.git", "path": ".", "targetRevision": "main",
                 "plugin": {"name": "fleetwave", "env": [{"name": "FLEETWAVE_CLUSTER", "value": "eu-1"}]}}})" +
         (status.empty() ? std::string() : ", \"status\": " + status) + "}";
}

std::string operation_state(const std::string& phase, const std::string& message, const std::string& requested,
                            const std::string& applied, const std::string& finished) {
  std::string out = R"({"phase": ")" + phase + R"(", "message": ")" + message + R"(",
    "operation": {"sync": {"revision": ")" +
                    requested + R"("}, "initiatedBy": {"automated": true}},
    "startedAt": "2026-03-05T07:33:03Z")";
  if (!applied.empty()) out += R"(, "syncResult": {"revision": ")" + applied + R"(", "resources": []})";
  if (!finished.empty()) out += R"(, "finishedAt": ")" + finished + R"(")";
  return out + "}";
}

std::string status(const std::string& sync, const std::string& revision, const std::string& health,
                   const std::string& health_message, const std::string& op) {
  std::string out = R"({"sync": {"status": ")" + sync + R"(", "revision": ")" + revision +
                    R"("}, "health": {"status": ")" + health + R"(")";
  if (!health_message.empty()) out += R"(, "message": ")" + health_message + R"(")";
  out += "}, \"sourceType\": \"Plugin\", \"reconciledAt\": \"2026-03-05T07:33:04Z\"";
  if (!op.empty()) out += ", \"operationState\": " + op;
  return out + "}";
}

struct ParseCase {
  const char* name;
  std::string text;
  AppObservation want;
};

TEST(ApplicationParserTest, ReadsObservations) {
  const std::string done_op =
      operation_state("Succeeded", "successfully synced (all tasks run)", kSha1, kSha1, "2026-03-05T07:33:04Z");
  const ParseCase cases[] = {
      {"done",
       application(status("Synced", kSha1, "Healthy", "", done_op)),
       {"web-eu-1", "Synced", kSha1, "Healthy", "", "Succeeded", "successfully synced (all tasks run)", kSha1, kSha1,
        1772695984000}},
      {"progressing sync running",
       application(status("OutOfSync", kSha2, "Progressing", "",
                          operation_state("Running", "one or more tasks are running", kSha2, "", ""))),
       {"web-eu-1", "OutOfSync", kSha2, "Progressing", "", "Running", "one or more tasks are running", kSha2, "",
        std::nullopt}},
      {"degraded",
       application(status("Synced", kSha2, "Degraded", "Deployment web exceeded its progress deadline",
                          operation_state("Succeeded", "ok", kSha2, kSha2, "2026-03-05T07:40:00Z"))),
       {"web-eu-1", "Synced", kSha2, "Degraded", "Deployment web exceeded its progress deadline", "Succeeded", "ok",
        kSha2, kSha2, 1772696400000}},
      {"failed operation",
       application(status(
           "OutOfSync", kSha2, "Healthy", "",
           operation_state("Failed", "one or more objects failed to apply", kSha2, kSha2, "2026-03-05T07:40:00Z"))),
       {"web-eu-1", "OutOfSync", kSha2, "Healthy", "", "Failed", "one or more objects failed to apply", kSha2, kSha2,
        1772696400000}},
      {"fractional seconds and offset",
       application(status("Synced", kSha1, "Healthy", "",
                          operation_state("Succeeded", "", kSha1, kSha1, "2026-03-05T09:33:04.250+02:00"))),
       {"web-eu-1", "Synced", kSha1, "Healthy", "", "Succeeded", "", kSha1, kSha1, 1772695984250}},
      {"multi-source takes revisions[0]",
       application(R"({"sync": {"status": "Synced", "revisions": [")" + std::string(kSha1) + R"(", "other"]},
          "health": {"status": "Healthy"},
          "operationState": {"phase": "Succeeded", "operation": {"sync": {"revisions": [")" +
                   kSha1 + R"(", "x"]}},
                             "syncResult": {"revisions": [")" +
                   kSha1 + R"(", "x"]}, "finishedAt": "2026-03-05T07:33:04Z"}})"),
       {"web-eu-1", "Synced", kSha1, "Healthy", "", "Succeeded", "", kSha1, kSha1, 1772695984000}},
      {"revision wins over revisions",
       application(R"({"sync": {"status": "Synced", "revision": "a1", "revisions": ["b2"]}})"),
       {"web-eu-1", "Synced", "a1", "", "", "", "", "", "", std::nullopt}},
      {"empty revisions",
       application(R"({"sync": {"status": "Unknown", "revisions": []}})"),
       {"web-eu-1", "Unknown", "", "", "", "", "", "", "", std::nullopt}},
      {"missing status", application(""), {"web-eu-1", "", "", "", "", "", "", "", "", std::nullopt}},
      {"empty status", application("{}"), {"web-eu-1", "", "", "", "", "", "", "", "", std::nullopt}},
      {"null pieces",
       application(
           R"({"sync": null, "health": {"status": null}, "operationState": {"phase": "Running", "operation": null, "syncResult": null, "finishedAt": null}})"),
       {"web-eu-1", "", "", "", "", "Running", "", "", "", std::nullopt}},
      {"source hydrator: its last hydrated commit reads as the dry commit",
       application(R"({"sync": {"status": "Synced", "revision": ")" + std::string(kSha2) +
                   R"("}, "health": {"status": "Healthy"}, "operationState": )" +
                   operation_state("Succeeded", "", kSha2, kSha2, "2026-03-05T07:33:04Z") +
                   R"(, "sourceHydrator": {"lastSuccessfulOperation": {"drySHA": ")" + kSha1 +
                   R"(", "hydratedSHA": ")" + kSha2 + R"("}, "currentOperation": {"drySHA": ")" + kSha1 +
                   R"(", "hydratedSHA": ")" + kSha2 + R"(", "phase": "Hydrated"}}})"),
       {"web-eu-1", "Synced", kSha1, "Healthy", "", "Succeeded", "", kSha1, kSha1, 1772695984000}},
      {"source hydrator: another hydrated commit stays as reported",
       application(R"({"sync": {"status": "Synced", "revision": ")" + std::string(kSha3) +
                   R"("}, "sourceHydrator": {"lastSuccessfulOperation": {"drySHA": ")" + kSha1 +
                   R"(", "hydratedSHA": ")" + kSha2 + R"("}}})"),
       {"web-eu-1", "Synced", kSha3, "", "", "", "", "", "", std::nullopt}},
      {"source hydrator: nothing hydrated yet",
       application(
           R"({"sync": {"status": "Unknown", "revision": ""}, "sourceHydrator": {"currentOperation": {"drySHA": ")" +
           std::string(kSha1) + R"(", "phase": "Hydrating"}}})"),
       {"web-eu-1", "Unknown", "", "", "", "", "", "", "", std::nullopt}},
      {"unknown fields ignored",
       application(
           R"({"sync": {"status": "Synced", "revision": "r", "comparedTo": {"x": [1, 2]}}, "resources": [{"kind": "Service"}], "history": []})"),
       {"web-eu-1", "Synced", "r", "", "", "", "", "", "", std::nullopt}},
  };
  for (const ParseCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<ApplicationSummary> got = parse_application(json(c.text));
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    EXPECT_EQ(got->name, "web-eu-1");
    const AppObservation& o = got->observation;
    EXPECT_EQ(o.name, c.want.name);
    EXPECT_EQ(o.sync_status, c.want.sync_status);
    EXPECT_EQ(o.sync_revision, c.want.sync_revision);
    EXPECT_EQ(o.health_status, c.want.health_status);
    EXPECT_EQ(o.health_message, c.want.health_message);
    EXPECT_EQ(o.operation_phase, c.want.operation_phase);
    EXPECT_EQ(o.operation_message, c.want.operation_message);
    EXPECT_EQ(o.operation_revision, c.want.operation_revision);
    EXPECT_EQ(o.sync_result_revision, c.want.sync_result_revision);
    EXPECT_EQ(o.finished_at_ms, c.want.finished_at_ms);
  }
}

TEST(ApplicationParserTest, ReadsLabels) {
  Result<ApplicationSummary> got = parse_application(json(application("")));
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  std::map<std::string, std::string> want = {
      {"fleetwave.io/app", "web"}, {"fleetwave.io/cluster", "eu-1"}, {"fleetwave.io/wave", "1"}};
  EXPECT_EQ(got->labels, want);

  got = parse_application(json(R"({"metadata": {"name": "a", "labels": null}})"));
  ASSERT_TRUE(got.ok()) << got.error().to_string();
  EXPECT_TRUE(got->labels.empty());
}

struct ErrorCase {
  const char* name;
  std::string text;
  const char* want;  // Error::to_string()
};

TEST(ApplicationParserTest, RejectsWrongTypes) {
  const ErrorCase cases[] = {
      {"not an object", "[1]", "expected object, got array"},
      {"missing name", R"({"metadata": {"labels": {}}})", "metadata.name: required"},
      {"missing metadata", R"({"status": {}})", "metadata.name: required"},
      {"name not a string", R"({"metadata": {"name": 7}})", "metadata.name: expected string, got number"},
      {"metadata not an object", R"({"metadata": "x"})", "metadata: expected object, got string"},
      {"labels not an object", R"({"metadata": {"name": "a", "labels": ["x"]}})",
       "metadata.labels: expected object, got array"},
      {"label value not a string", R"({"metadata": {"name": "a", "labels": {"fleetwave.io/wave": 1}}})",
       "metadata.labels.fleetwave.io/wave: expected string, got number"},
      {"status not an object", application(R"("Synced")"), "status: expected object, got string"},
      {"sync status number", application(R"({"sync": {"status": 3}})"),
       "status.sync.status: expected string, got number"},
      {"sync revision object", application(R"({"sync": {"revision": {}}})"),
       "status.sync.revision: expected string, got object"},
      {"revisions not an array", application(R"({"sync": {"revisions": "abc"}})"),
       "status.sync.revisions: expected array, got string"},
      {"revisions[0] not a string", application(R"({"sync": {"revisions": [1]}})"),
       "status.sync.revisions[0]: expected string, got number"},
      {"health message bool", application(R"({"health": {"status": "Degraded", "message": false}})"),
       "status.health.message: expected string, got boolean"},
      {"phase number", application(R"({"operationState": {"phase": 1}})"),
       "status.operationState.phase: expected string, got number"},
      {"operation.sync array", application(R"({"operationState": {"operation": {"sync": []}}})"),
       "status.operationState.operation.sync: expected object, got array"},
      {"syncResult revision bool", application(R"({"operationState": {"syncResult": {"revision": true}}})"),
       "status.operationState.syncResult.revision: expected string, got boolean"},
      {"finishedAt not RFC 3339", application(R"({"operationState": {"finishedAt": "yesterday"}})"),
       "status.operationState.finishedAt: expected an RFC 3339 timestamp, got \"yesterday\""},
      {"finishedAt number", application(R"({"operationState": {"finishedAt": 1700000000}})"),
       "status.operationState.finishedAt: expected string, got number"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<ApplicationSummary> got = parse_application(json(c.text));
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().to_string(), c.want);
  }
}

TEST(ApplicationParserTest, ReadsLists) {
  struct ListCase {
    const char* name;
    std::string text;
    std::vector<std::string> want_names;
  };
  const ListCase cases[] = {
      {"items null", R"({"metadata": {"resourceVersion": "12"}, "items": null})", {}},
      {"items absent", R"({"metadata": {}})", {}},
      {"items empty", R"({"items": []})", {}},
      {"order kept", R"({"items": [{"metadata": {"name": "b"}}, {"metadata": {"name": "a"}}]})", {"b", "a"}},
  };
  for (const ListCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<std::vector<ApplicationSummary>> got = parse_application_list(json(c.text));
    ASSERT_TRUE(got.ok()) << got.error().to_string();
    std::vector<std::string> names;
    for (const ApplicationSummary& a : *got) names.push_back(a.name);
    EXPECT_EQ(names, c.want_names);
  }
}

// The list is parsed building only application_list_fields(): every field the parser reads, so
// the summaries (and the errors of wrong types) are those of the whole document.
TEST(ApplicationParserTest, AListBuiltFromItsReadFieldsOnlyReadsTheSame) {
  const std::string done = operation_state("Succeeded", "ok", kSha1, kSha1, "2026-03-05T07:33:04Z");
  const std::string items[] = {
      application(status("Synced", kSha1, "Healthy", "", done)),
      application(status("OutOfSync", kSha2, "Degraded", "deadline exceeded",
                         operation_state("Running", "running", kSha2, "", ""))),
      application(R"({"sync": {"status": "Synced", "revisions": [")" + std::string(kSha1) +
                  R"("]}, "resources": [{"kind": "Service", "name": "x"}], "history": [{"id": 1}],
         "sourceHydrator": {"lastSuccessfulOperation": {"drySHA": ")" +
                  kSha2 + R"(", "hydratedSHA": ")" + kSha1 + R"("}}})"),
  };
  std::string list = R"({"metadata": {"resourceVersion": "9"}, "items": [)";
  for (const std::string& item : items) list += (list.back() == '[' ? "" : ",") + item;
  list += "]}";
  auto masked = parse_json_masked(list, "list", application_list_fields());
  ASSERT_TRUE(masked.ok()) << masked.error().to_string();
  EXPECT_LT(masked->dump().size(), json(list).dump().size());
  auto from_fields = parse_application_list(*masked), from_all = parse_application_list(json(list));
  ASSERT_TRUE(from_fields.ok() && from_all.ok());
  ASSERT_EQ(from_fields->size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ((*from_fields)[i].name, (*from_all)[i].name);
    EXPECT_EQ((*from_fields)[i].labels, (*from_all)[i].labels);
    EXPECT_EQ((*from_fields)[i].observation, (*from_all)[i].observation);
  }
  EXPECT_EQ((*from_fields)[2].observation.sync_revision, kSha2) << "read through the source hydrator";
  auto wrong = parse_json_masked(R"({"items": [{"metadata": {"name": "a"}, "status": {"health": {"status": 3}}}]})",
                                 "list", application_list_fields());
  ASSERT_TRUE(wrong.ok());
  auto rejected = parse_application_list(*wrong);
  ASSERT_FALSE(rejected.ok());
  EXPECT_EQ(rejected.error().to_string(), "items[0].status.health.status: expected string, got number");
}

TEST(ApplicationParserTest, RejectsBadLists) {
  const ErrorCase cases[] = {
      {"list not an object", "[]", "expected object, got array"},
      {"items not an array", R"({"items": {}})", "items: expected array, got object"},
      {"bad item named by index",
       R"({"items": [{"metadata": {"name": "a"}}, {"metadata": {"name": "b"}, "status": {"sync": {"status": 1}}}]})",
       "items[1].status.sync.status: expected string, got number"},
      {"item not an object", R"({"items": [null]})", "items[0]: expected object, got null"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.name);
    Result<std::vector<ApplicationSummary>> got = parse_application_list(json(c.text));
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().kind, ErrorKind::InvalidInput);
    EXPECT_EQ(got.error().to_string(), c.want);
  }
}

}  // namespace
}  // namespace fleetwave
