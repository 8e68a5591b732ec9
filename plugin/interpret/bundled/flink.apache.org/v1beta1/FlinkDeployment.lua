-- Apache Flink FlinkDeployment: one JobManager (or jobManager.replicas) plus the TaskManagers
-- (taskManager.replicas, else ceil(job.parallelism / taskmanager.numberOfTaskSlots), else 1). Until
-- Karmada schedules several pod templates, one replica asks for the larger cpu and memory of the
-- two, with the pod template's nodeSelector, tolerations and priority class. There is no
-- ReviseReplica: every cluster receives the template as written. Behaves as Karmada's
-- resourcecustomizations/flink.apache.org/v1beta1/FlinkDeployment/customizations.yaml
-- (replicaResource).
local kube = require("kube")

local function lookup(obj, ...)
  local node = obj
  for _, key in ipairs({...}) do
    if node == nil then
      return nil
    end
    node = node[key]
  end
  return node
end

local function number_or(value, fallback)
  if value == nil or value == '' then
    return fallback
  end
  local n = tonumber(value)
  if n == nil then
    return fallback
  end
  return n
end

local function larger(a, b, pick)
  if a ~= nil and b ~= nil then
    return pick(a, b)
  end
  if a ~= nil then
    return a
  end
  return b
end

function GetReplicas(observedObj)
  local requires = {resourceRequest = {}, nodeClaim = {}}
  local jobManagers = number_or(lookup(observedObj, "spec", "jobManager", "replicas"), 1)
  local taskManagers = number_or(lookup(observedObj, "spec", "taskManager", "replicas"), nil)
  if taskManagers == nil then
    local parallelism = number_or(lookup(observedObj, "spec", "job", "parallelism"), nil)
    local slots = number_or(lookup(observedObj, "spec", "flinkConfiguration", "taskmanager.numberOfTaskSlots"), nil)
    if parallelism ~= nil and slots ~= nil and slots ~= 0 then
      taskManagers = math.ceil(parallelism / slots)
    else
      taskManagers = 1
    end
  end

  local tmCpu = lookup(observedObj, "spec", "taskManager", "resource", "cpu")
  local jmCpu = lookup(observedObj, "spec", "jobManager", "resource", "cpu")
  requires.resourceRequest.cpu = larger(tmCpu, jmCpu, math.max)

  local jmMemory = lookup(observedObj, "spec", "jobManager", "resource", "memory")
  local tmMemory = lookup(observedObj, "spec", "taskManager", "resource", "memory")
  requires.resourceRequest.memory = larger(jmMemory, tmMemory, function(jm, tm)
    if kube.getResourceQuantity(jm) > kube.getResourceQuantity(tm) then
      return jm
    end
    return tm
  end)

  local podSpec = lookup(observedObj, "spec", "podTemplate", "spec")
  if podSpec ~= nil then
    requires.nodeClaim.nodeSelector = podSpec.nodeSelector
    requires.nodeClaim.tolerations = podSpec.tolerations
    if podSpec.priorityClassName ~= nil and podSpec.priorityClassName ~= '' then
      requires.priorityClassName = podSpec.priorityClassName
    end
  end
  local namespace = lookup(observedObj, "metadata", "namespace")
  if namespace ~= nil and namespace ~= '' then
    requires.namespace = namespace
  end
  return jobManagers + taskManagers, requires
end
