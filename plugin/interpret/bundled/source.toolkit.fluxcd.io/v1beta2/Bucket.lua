-- Flux Bucket and HelmRepository: the Secret of spec.secretRef. Behaves as Karmada's
-- resourcecustomizations/source.toolkit.fluxcd.io/v1beta2/{Bucket,HelmRepository}/
-- customizations.yaml (dependencyInterpretation).

function GetDependencies(desiredObj)
  local spec = desiredObj.spec
  local secrets, accounts = {}, {}
  if spec.secretRef ~= nil and spec.secretRef.name ~= '' then
    secrets[spec.secretRef.name] = true
  end
  local refs = {}
  for name in pairs(secrets) do
    refs[#refs + 1] = {apiVersion = 'v1', kind = 'Secret', name = name, namespace = desiredObj.metadata.namespace}
  end
  for name in pairs(accounts) do
    refs[#refs + 1] = {apiVersion = 'v1', kind = 'ServiceAccount', name = name, namespace = desiredObj.metadata.namespace}
  end
  return refs
end
