// Removal of server-populated fields before a manifest is delivered
// (pkg/resourceinterpreter/default/native/prune/prune.go, RemoveIrrelevantFields with the
// RemoveJobTTLSeconds hook, as CreateOrUpdateWork and the Work mutating webhook call it).
#pragma once

#include "base/json.h"
#include "base/result.h"

namespace fleetwave {

// One RemoveIrrelevantFields pass:
// - metadata creationTimestamp, deletionTimestamp, deletionGracePeriodSeconds, generation,
//   managedFields, resourceVersion, selfLink, uid, ownerReferences, finalizers; top-level status;
// - Deployment: the deployment.kubernetes.io/revision and revision-history annotations;
// - Job: spec.ttlSecondsAfterFinished, and unless spec.manualSelector is true the
//   controller-uid / job-name labels of spec.selector.matchLabels and the pod template (those
//   maps are written back, possibly empty); a map that is null or holds non-strings is an error;
// - ServiceAccount: `secrets` entries named "<name>-token-*", with Karmada's skip-after-removal
//   loop (of two adjacent token entries only the first goes); an entry without a string name is
//   an error (Karmada panics);
// - Secret of type kubernetes.io/service-account-token: the kubernetes.io/service-account.uid
//   annotation removed and `data` set to null;
// - Service: spec.clusterIP and spec.clusterIPs, when clusterIP is a string other than "None";
// - PersistentVolumeClaim: a non-empty volume.kubernetes.io/selected-node annotation.
// Emptied annotation maps stay (as empty maps).
Status<> remove_irrelevant_fields(Json& manifest);

// What a member cluster receives: the Work controller prunes the manifest, then the Work
// mutating webhook prunes it again. Only the ServiceAccount rule is not idempotent, so the
// second pass can drop more token secrets.
Status<> prune_irrelevant_fields(Json& manifest);

}  // namespace fleetwave
