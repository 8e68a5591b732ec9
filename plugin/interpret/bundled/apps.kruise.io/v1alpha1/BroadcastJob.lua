-- OpenKruise BroadcastJob: replicas are spec.parallelism (1 when unset), revised in place. Behaves
-- as Karmada's resourcecustomizations/apps.kruise.io/v1alpha1/BroadcastJob/customizations.yaml
-- (replicaResource, replicaRevision, dependencyInterpretation).
local kube = require("kube")

function GetReplicas(obj)
  local count = obj.spec.parallelism
  if count == nil then
    count = 1
  end
  return count, kube.accuratePodRequirements(obj.spec.template)
end

function ReviseReplica(obj, replica)
  obj.spec.parallelism = replica
  return obj
end

function GetDependencies(desiredObj)
  return kube.getPodDependencies(desiredObj.spec.template, desiredObj.metadata.namespace)
end
