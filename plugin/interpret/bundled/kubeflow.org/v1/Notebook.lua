-- Kubeflow Notebook: one replica with its pod template's requirements; no ReviseReplica. Behaves as
-- Karmada's resourcecustomizations/kubeflow.org/v1/Notebook/customizations.yaml (replicaResource).
local kube = require("kube")

function GetReplicas(obj)
  return 1, kube.accuratePodRequirements(obj.spec.template)
end
