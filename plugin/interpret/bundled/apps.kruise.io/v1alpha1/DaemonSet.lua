-- OpenKruise DaemonSet (Advanced DaemonSet): dependencies of its pod template; none is an empty
-- list here. Behaves as Karmada's
-- resourcecustomizations/apps.kruise.io/v1alpha1/DaemonSet/customizations.yaml
-- (dependencyInterpretation).
local kube = require("kube")

function GetDependencies(desiredObj)
  local refs = kube.getPodDependencies(desiredObj.spec.template, desiredObj.metadata.namespace)
  if refs == nil then
    return {}
  end
  return refs
end
