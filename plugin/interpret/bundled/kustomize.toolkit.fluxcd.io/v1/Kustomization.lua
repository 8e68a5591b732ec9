-- Flux Kustomization: the decryption and kubeConfig Secrets and the ServiceAccount it impersonates.
-- Behaves as Karmada's
-- resourcecustomizations/kustomize.toolkit.fluxcd.io/v1/Kustomization/customizations.yaml
-- (dependencyInterpretation).

function GetDependencies(desiredObj)
  local spec = desiredObj.spec
  local secrets, accounts = {}, {}
  for _, holder in ipairs({"decryption", "kubeConfig"}) do
    if spec[holder] ~= nil and spec[holder].secretRef ~= nil and spec[holder].secretRef.name ~= '' then
      secrets[spec[holder].secretRef.name] = true
    end
  end
  if spec.serviceAccountName ~= nil and spec.serviceAccountName ~= '' then
    accounts[spec.serviceAccountName] = true
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
