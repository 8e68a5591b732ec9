-- Argo Workflows Workflow: replicas are spec.parallelism (1 when unset), revised in place;
-- requirements come only from the workflow-level affinity, nodeSelector and tolerations. Behaves as
-- Karmada's resourcecustomizations/argoproj.io/v1alpha1/Workflow/customizations.yaml
-- (replicaResource, replicaRevision, dependencyInterpretation), including its quirk of reading
-- secret volumes by volume.secret.name (not secretName).
local kube = require("kube")

function GetReplicas(obj)
  local count = obj.spec.parallelism
  if count == nil then
    count = 1
  end
  local podTemplate = {spec = {affinity = obj.spec.affinity, nodeSelector = obj.spec.nodeSelector,
                               tolerations = obj.spec.tolerations}}
  return count, kube.accuratePodRequirements(podTemplate)
end

function ReviseReplica(obj, replica)
  obj.spec.parallelism = replica
  return obj
end

local function named(value)
  return value ~= nil and value ~= ''
end

-- Volume sources that point at a Secret through secretRef.name.
local secretRefSources = {"cephfs", "cinder", "flexVolume", "rbd", "scaleIO", "iscsi", "storageos"}

function GetDependencies(desiredObj)
  local spec = desiredObj.spec
  local found = {ConfigMap = {}, Secret = {}, ServiceAccount = {}, PersistentVolumeClaim = {}}
  if spec.executor ~= nil and named(spec.executor.serviceAccountName) then
    found.ServiceAccount[spec.executor.serviceAccountName] = true
  end
  for _, claim in pairs(spec.volumeClaimTemplates or {}) do
    if named(claim.metadata.name) then
      found.PersistentVolumeClaim[claim.metadata.name] = true
    end
  end
  for _, volume in pairs(spec.volumes or {}) do
    if volume.configMap ~= nil and named(volume.configMap.name) then
      found.ConfigMap[volume.configMap.name] = true
    end
    if volume.projected ~= nil and volume.projected.sources ~= nil then
      for _, source in pairs(volume.projected.sources) do
        if source.configMap ~= nil and named(source.configMap.name) then
          found.ConfigMap[source.configMap.name] = true
        end
        if source.secret ~= nil and named(source.secret.name) then
          found.Secret[source.secret.name] = true
        end
      end
    end
    if volume.azureFile ~= nil and named(volume.azureFile.secretName) then
      found.Secret[volume.azureFile.secretName] = true
    end
    for _, source in ipairs(secretRefSources) do
      local ref = volume[source] ~= nil and volume[source].secretRef or nil
      if ref ~= nil and named(ref.name) then
        found.Secret[ref.name] = true
      end
    end
    if volume.secret ~= nil and named(volume.secret.name) then
      found.Secret[volume.secret.name] = true
    end
    if volume.csi ~= nil and volume.csi.nodePublishSecretRef ~= nil and named(volume.csi.nodePublishSecretRef.name) then
      found.Secret[volume.csi.nodePublishSecretRef.name] = true
    end
    if volume.persistentVolumeClaim ~= nil and named(volume.persistentVolumeClaim.claimName) then
      found.PersistentVolumeClaim[volume.persistentVolumeClaim.claimName] = true
    end
  end
  for _, pullSecret in pairs(spec.imagePullSecrets or {}) do
    if named(pullSecret.name) then
      found.Secret[pullSecret.name] = true
    end
  end
  if named(spec.serviceAccountName) and spec.serviceAccountName ~= 'default' then
    found.ServiceAccount[spec.serviceAccountName] = true
  end
  local refs = {}
  for _, kind in ipairs({"ConfigMap", "Secret", "ServiceAccount", "PersistentVolumeClaim"}) do
    for name in pairs(found[kind]) do
      refs[#refs + 1] = {apiVersion = 'v1', kind = kind, name = name, namespace = desiredObj.metadata.namespace}
    end
  end
  return refs
end
