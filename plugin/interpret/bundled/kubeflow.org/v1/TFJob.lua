-- Kubeflow TFJob: the dependencies of each replica type's pod template (PS Worker Chief Master
-- Evaluator), concatenated. Behaves as Karmada's
-- resourcecustomizations/kubeflow.org/v1/TFJob/customizations.yaml (dependencyInterpretation).
local kube = require("kube")

function GetDependencies(desiredObj)
  local refs = {}
  if desiredObj.spec == nil or desiredObj.spec.tfReplicaSpecs == nil then
    return refs
  end
  for _, replicaType in ipairs({"PS", "Worker", "Chief", "Master", "Evaluator"}) do
    local replicaSpec = desiredObj.spec.tfReplicaSpecs[replicaType]
    if replicaSpec ~= nil and replicaSpec.template ~= nil then
      for _, ref in ipairs(kube.getPodDependencies(replicaSpec.template, desiredObj.metadata.namespace) or {}) do
        refs[#refs + 1] = ref
      end
    end
  end
  return refs
end
