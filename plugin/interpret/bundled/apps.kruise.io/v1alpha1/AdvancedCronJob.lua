-- OpenKruise AdvancedCronJob: dependencies of the pod template it stamps out. Behaves as Karmada's
-- resourcecustomizations/apps.kruise.io/v1alpha1/AdvancedCronJob/customizations.yaml
-- (dependencyInterpretation): a broadcastJobTemplate wins over a jobTemplate; the helper's nil for
-- "no dependencies" is returned as is, which Karmada reports as an error.
local kube = require("kube")

function GetDependencies(desiredObj)
  local wrapper = desiredObj.spec.template
  local podTemplate = {}
  for _, field in ipairs({"jobTemplate", "broadcastJobTemplate"}) do
    if wrapper[field] ~= nil then
      podTemplate = wrapper[field].spec.template
    end
  end
  return kube.getPodDependencies(podTemplate, desiredObj.metadata.namespace)
end
