-- Ray RayService: one head plus the workers of every worker group. One replica asks for the head
-- template's requirements with cpu and memory raised to the largest of head and workers.
-- ReviseReplica spreads (replicas - 1) workers over the groups: all to a single group; with
-- several, in proportion to their current sizes (round half up, the last group takes the rest), or
-- evenly when they are all 0. Dependencies: the RayCluster's pod specs. Behaves as Karmada's
-- resourcecustomizations/ray.io/v1/RayService/customizations.yaml (replicaResource,
-- replicaRevision, dependencyInterpretation).
local kube = require("kube")

function GetReplicas(desiredObj)
  if desiredObj.spec == nil or desiredObj.spec.rayClusterConfig == nil then
    return 0, nil
  end
  local cluster = desiredObj.spec.rayClusterConfig
  if cluster.headGroupSpec == nil or cluster.headGroupSpec.template == nil then
    return 0, nil
  end
  local requires = kube.accuratePodRequirements(cluster.headGroupSpec.template)
  local best = {cpu = {value = 0}, memory = {value = 0}}
  -- The head's values are taken as they are; a worker's only when strictly larger.
  local function consider(requirements, isHead)
    if requirements == nil or requirements.resourceRequest == nil then
      return
    end
    for resource, current in pairs(best) do
      local text = requirements.resourceRequest[resource]
      if text ~= nil then
        local value = kube.getResourceQuantity(text)
        if isHead or value > current.value then
          best[resource] = {value = value, text = text}
        end
      end
    end
  end
  consider(requires, true)
  local total = 1
  for _, group in ipairs(cluster.workerGroupSpecs or {}) do
    total = total + (group.replicas or 0)
    if group.template ~= nil then
      consider(kube.accuratePodRequirements(group.template), false)
    end
  end
  if requires ~= nil and (best.cpu.text ~= nil or best.memory.text ~= nil) then
    requires.resourceRequest = requires.resourceRequest or {}
    for resource, chosen in pairs(best) do
      if chosen.text ~= nil then
        requires.resourceRequest[resource] = chosen.text
      end
    end
  end
  return total, requires
end

function ReviseReplica(desiredObj, desiredReplica)
  if desiredObj.spec == nil or desiredObj.spec.rayClusterConfig == nil then
    return desiredObj
  end
  local groups = desiredObj.spec.rayClusterConfig.workerGroupSpecs
  local workers = math.max(0, desiredReplica - 1)
  if groups == nil or #groups == 0 then
    return desiredObj
  end
  local count = #groups
  if count == 1 then
    groups[1].replicas = workers
    return desiredObj
  end
  local current = 0
  for _, group in ipairs(groups) do
    current = current + (group.replicas or 0)
  end
  if workers == 0 then
    for _, group in ipairs(groups) do
      group.replicas = 0
    end
    return desiredObj
  end
  local given = 0
  for i, group in ipairs(groups) do
    if i == count then
      group.replicas = workers - given
    else
      if current == 0 then
        group.replicas = math.floor(workers / count)
        if i <= workers % count then
          group.replicas = group.replicas + 1
        end
      else
        group.replicas = math.floor(workers * ((group.replicas or 0) / current) + 0.5)
      end
      given = given + group.replicas
    end
  end
  return desiredObj
end

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
    scanClusterSpec(desiredObj.spec.rayClusterConfig, found)
  end
  return references(found, desiredObj.metadata.namespace)
end
