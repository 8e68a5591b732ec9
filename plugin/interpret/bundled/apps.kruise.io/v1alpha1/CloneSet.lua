-- OpenKruise CloneSet and UnitedDeployment: replicas are spec.replicas (no default: a template
-- without it makes GetReplicas return nil, which Karmada refuses), revised in place. Behaves as
-- Karmada's resourcecustomizations/apps.kruise.io/v1alpha1/{CloneSet,UnitedDeployment}/
-- customizations.yaml (replicaResource, replicaRevision, dependencyInterpretation).
local kube = require("kube")

function GetReplicas(obj)
  return obj.spec.replicas, kube.accuratePodRequirements(obj.spec.template)
end

function ReviseReplica(obj, desiredReplica)
  obj.spec.replicas = desiredReplica
  return obj
end

function GetDependencies(desiredObj)
  return kube.getPodDependencies(desiredObj.spec.template, desiredObj.metadata.namespace)
end
