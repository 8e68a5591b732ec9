-- Kubeflow PyTorchJob: the dependencies of each replica type's pod template (Master Worker),
-- concatenated. Behaves as Karmada's
-- resourcecustomizations/kubeflow.org/v1/PyTorchJob/customizations.yaml (dependencyInterpretation).
local kube = require("kube")

function GetDependencies(desiredObj)
  local refs = {}
  if desiredObj.spec == nil or desiredObj.spec.pytorchReplicaSpecs == nil then
    return refs
  end
  for _, replicaType in ipairs({"Master", "Worker"}) do
    local replicaSpec = desiredObj.spec.pytorchReplicaSpecs[replicaType]
    if replicaSpec ~= nil and replicaSpec.template ~= nil then
      for _, ref in ipairs(kube.getPodDependencies(replicaSpec.template, desiredObj.metadata.namespace) or {}) do
        refs[#refs + 1] = ref
      end
    end
  end
  return refs
end
