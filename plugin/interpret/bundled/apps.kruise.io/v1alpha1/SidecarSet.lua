-- OpenKruise SidecarSet: injects sidecars, runs no pods of its own (0 replicas, so not a workload);
-- its dependencies are the ConfigMaps and Secrets its sidecars and volumes name. Behaves as
-- Karmada's resourcecustomizations/apps.kruise.io/v1alpha1/SidecarSet/customizations.yaml
-- (replicaResource, dependencyInterpretation). Names are taken as found, even when missing.

function GetReplicas(obj)
  return 0
end

function GetDependencies(desiredObj)
  local refs = {}
  local spec = desiredObj.spec
  if not spec then
    return refs
  end
  local namespace = desiredObj.metadata and desiredObj.metadata.namespace
  local function add(kind, name)
    refs[#refs + 1] = {apiVersion = "v1", kind = kind, name = name, namespace = namespace}
  end
  for _, container in ipairs(spec.containers or {}) do
    for _, env in ipairs(container.env or {}) do
      local from = env.valueFrom
      if from then
        if from.configMapKeyRef then add("ConfigMap", from.configMapKeyRef.name) end
        if from.secretKeyRef then add("Secret", from.secretKeyRef.name) end
      end
    end
    for _, source in ipairs(container.envFrom or {}) do
      if source.configMapRef then add("ConfigMap", source.configMapRef.name) end
      if source.secretRef then add("Secret", source.secretRef.name) end
    end
  end
  for _, volume in ipairs(spec.volumes or {}) do
    if volume.configMap then add("ConfigMap", volume.configMap.name) end
    if volume.secret then add("Secret", volume.secret.secretName) end
    if volume.projected and volume.projected.sources then
      for _, source in ipairs(volume.projected.sources) do
        if source.configMap then add("ConfigMap", source.configMap.name) end
        if source.secret then add("Secret", source.secret.name) end
      end
    end
  end
  return refs
end
