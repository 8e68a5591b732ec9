-- Flux OCIRepository: the Secrets of spec.secretRef, spec.verify.secretRef and spec.certSecretRef,
-- and the ServiceAccount. Behaves as Karmada's
-- resourcecustomizations/source.toolkit.fluxcd.io/v1beta2/OCIRepository/customizations.yaml
-- (dependencyInterpretation), including its quirk on an absent serviceAccountName.

function GetDependencies(desiredObj)
  local spec = desiredObj.spec
  local secrets, accounts = {}, {}
  if spec.secretRef ~= nil and spec.secretRef.name ~= '' then
    secrets[spec.secretRef.name] = true
  end
  if spec.verify ~= nil and spec.verify.secretRef ~= nil and spec.verify.secretRef.name ~= '' then
    secrets[spec.verify.secretRef.name] = true
  end
  if spec.certSecretRef ~= nil and spec.certSecretRef.name ~= '' then
    secrets[spec.certSecretRef.name] = true
  end
  -- As in Karmada: only '' is skipped, so an absent serviceAccountName indexes with nil and fails.
  if spec.serviceAccountName ~= '' then
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
