-- Flux HelmRelease: the Secrets and ConfigMaps of valuesFrom, the chart verification and kubeConfig
-- Secrets, and the ServiceAccount it impersonates. Behaves as Karmada's
-- resourcecustomizations/helm.toolkit.fluxcd.io/v2beta1/HelmRelease/customizations.yaml
-- (dependencyInterpretation): a secretRef present without a name fails like Karmada's ("table index
-- is nil").

local function emit(refs, set, kind, namespace)
  for name in pairs(set) do
    refs[#refs + 1] = {apiVersion = 'v1', kind = kind, name = name, namespace = namespace}
  end
end

function GetDependencies(desiredObj)
  local spec = desiredObj.spec
  local secrets, accounts, configMaps = {}, {}, {}
  if spec.valuesFrom ~= nil then
    for i = 1, #spec.valuesFrom do
      local source = spec.valuesFrom[i]
      if source.kind == 'Secret' then secrets[source.name] = true end
      if source.kind == 'ConfigMap' then configMaps[source.name] = true end
    end
  end
  local chartSpec = spec.chart ~= nil and spec.chart.spec or nil
  if chartSpec ~= nil and chartSpec.verify ~= nil and chartSpec.verify.secretRef ~= nil and chartSpec.verify.secretRef.name ~= '' then
    secrets[chartSpec.verify.secretRef.name] = true
  end
  if spec.kubeConfig ~= nil and spec.kubeConfig.secretRef ~= nil and spec.kubeConfig.secretRef.name ~= '' then
    secrets[spec.kubeConfig.secretRef.name] = true
  end
  if spec.serviceAccountName ~= nil and spec.serviceAccountName ~= '' then
    accounts[spec.serviceAccountName] = true
  end
  local refs = {}
  emit(refs, secrets, 'Secret', desiredObj.metadata.namespace)
  emit(refs, accounts, 'ServiceAccount', desiredObj.metadata.namespace)
  emit(refs, configMaps, 'ConfigMap', desiredObj.metadata.namespace)
  return refs
end
