-- Ray RayJob: the objects named by the pod specs of its RayCluster (head and workers) and of its
-- submitter pod. Behaves as Karmada's resourcecustomizations/ray.io/v1/RayJob/customizations.yaml
-- (dependencyInterpretation).

local function named(value)
  return value ~= nil and value ~= ''
end

-- Volume sources that point at a Secret through secretRef.name.
local secretRefSources = {"cephfs", "cinder", "flexVolume", "rbd", "scaleIO", "iscsi", "storageos"}

local function scanContainers(containers, found)
  for _, container in pairs(containers or {}) do
    for _, source in pairs(container.envFrom or {}) do
      if source.configMapRef ~= nil and named(source.configMapRef.name) then found.ConfigMap[source.configMapRef.name] = true end
      if source.secretRef ~= nil and named(source.secretRef.name) then found.Secret[source.secretRef.name] = true end
    end
    for _, env in pairs(container.env or {}) do
      local from = env.valueFrom
      if from ~= nil then
        if from.configMapKeyRef ~= nil and named(from.configMapKeyRef.name) then found.ConfigMap[from.configMapKeyRef.name] = true end
        if from.secretKeyRef ~= nil and named(from.secretKeyRef.name) then found.Secret[from.secretKeyRef.name] = true end
      end
    end
  end
end

-- The objects one pod spec names: ServiceAccount (not "default"), image pull Secrets, volume
-- ConfigMaps/Secrets/PVCs, and env/envFrom of containers and init containers.
local function scanPodSpec(podSpec, found)
  if podSpec == nil then
    return
  end
  if named(podSpec.serviceAccountName) and podSpec.serviceAccountName ~= 'default' then
    found.ServiceAccount[podSpec.serviceAccountName] = true
  end
  for _, pullSecret in pairs(podSpec.imagePullSecrets or {}) do
    if named(pullSecret.name) then found.Secret[pullSecret.name] = true end
  end
  for _, volume in pairs(podSpec.volumes or {}) do
    if volume.configMap ~= nil and named(volume.configMap.name) then found.ConfigMap[volume.configMap.name] = true end
    if volume.secret ~= nil and named(volume.secret.secretName) then found.Secret[volume.secret.secretName] = true end
    if volume.projected ~= nil and volume.projected.sources ~= nil then
      for _, source in pairs(volume.projected.sources) do
        if source.configMap ~= nil and named(source.configMap.name) then found.ConfigMap[source.configMap.name] = true end
        if source.secret ~= nil and named(source.secret.name) then found.Secret[source.secret.name] = true end
      end
    end
    if volume.persistentVolumeClaim ~= nil and named(volume.persistentVolumeClaim.claimName) then
      found.PersistentVolumeClaim[volume.persistentVolumeClaim.claimName] = true
    end
    if volume.azureFile ~= nil and named(volume.azureFile.secretName) then found.Secret[volume.azureFile.secretName] = true end
    for _, source in ipairs(secretRefSources) do
      local ref = volume[source] ~= nil and volume[source].secretRef or nil
      if ref ~= nil and named(ref.name) then found.Secret[ref.name] = true end
    end
    if volume.csi ~= nil and volume.csi.nodePublishSecretRef ~= nil and named(volume.csi.nodePublishSecretRef.name) then
      found.Secret[volume.csi.nodePublishSecretRef.name] = true
    end
  end
  scanContainers(podSpec.containers, found)
  scanContainers(podSpec.initContainers, found)
end

-- Head and worker pod specs of a RayCluster spec.
local function scanClusterSpec(clusterSpec, found)
  if clusterSpec == nil then
    return
  end
  local head = clusterSpec.headGroupSpec
  if head ~= nil and head.template ~= nil then
    scanPodSpec(head.template.spec, found)
  end
  for _, group in pairs(clusterSpec.workerGroupSpecs or {}) do
    if group.template ~= nil then
      scanPodSpec(group.template.spec, found)
    end
  end
end

local function references(found, namespace)
  local refs = {}
  for _, kind in ipairs({"ConfigMap", "Secret", "ServiceAccount", "PersistentVolumeClaim"}) do
    for name in pairs(found[kind]) do
      refs[#refs + 1] = {apiVersion = 'v1', kind = kind, name = name, namespace = namespace}
    end
  end
  return refs
end

local function newFound()
  return {ConfigMap = {}, Secret = {}, ServiceAccount = {}, PersistentVolumeClaim = {}}
end

function GetDependencies(desiredObj)
  local found = newFound()
  if desiredObj.spec ~= nil then
    scanClusterSpec(desiredObj.spec.rayClusterSpec, found)
    local submitter = desiredObj.spec.submitterPodTemplate
    if submitter ~= nil then
      scanPodSpec(submitter.spec, found)
    end
  end
  return references(found, desiredObj.metadata.namespace)
end
