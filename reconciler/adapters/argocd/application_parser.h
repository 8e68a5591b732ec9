// Argo CD Application JSON -> ApplicationSummary (pure). Reads the fields of
// docs/architecture.md ("Argo CD contracts") and nothing else:
//
//   metadata.name (required), metadata.labels
//   status.sync.{status, revision | revisions[0]}
//   status.health.{status, message}
//   status.operationState.{phase, message, finishedAt,
//                          operation.sync.{revision | revisions[0]},
//                          syncResult.{revision | revisions[0]}}
//
// Multi-source Applications report `revisions[]` instead of `revision`; the first source is
// the one fleetwave pins. Missing or null status pieces read as "" (a new Application has no
// status yet); a present field of the wrong type is InvalidInput with Error::field naming it
// (e.g. "status.sync.status"), as is a finishedAt that is not RFC 3339.
#pragma once

#include <vector>

#include "adapters/argocd/argocd_client.h"
#include "base/json.h"
#include "base/result.h"
#include "codec/json_reader.h"

namespace fleetwave {

[[nodiscard]] Result<ApplicationSummary> parse_application(const Json& application);

// A v1alpha1ApplicationList {metadata, items}; null or absent items are an empty list. Errors in
// an item name it by index: field "items[3].status.sync.status".
[[nodiscard]] Result<std::vector<ApplicationSummary>> parse_application_list(const Json& list);

// The members of one Application that parse_application reads.
const JsonMask& application_fields();

// The members of an ApplicationList that parse_application_list reads (names, labels, sync,
// health, operation state, source hydrator): the rest of each Application (spec, resources,
// history, conditions) is read past without being built.
const JsonMask& application_list_fields();

// A v1alpha1ClusterList (GET /api/v1/clusters): each cluster's name, server and connection state.
[[nodiscard]] Result<std::vector<ClusterConnection>> parse_cluster_list(const Json& list);

}  // namespace fleetwave
