// The third-party customizations Karmada compiles into its binary
// (pkg/resourceinterpreter/default/thirdparty/resourcecustomizations/ in Karmada, 27 kinds):
// which operations each defines, and fleetwave's own Lua for the operations a render runs
// (InterpretReplica, ReviseReplica, InterpretDependency), embedded from interpret/bundled/.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "interpret/customization.h"

namespace fleetwave {

// One embedded Lua file: path "apps.kruise.io/v1alpha1/CloneSet" (group/version/Kind).
struct EmbeddedScript {
  std::string_view path;
  std::string_view text;
};
// Generated at build time from interpret/bundled/**/*.lua (embed_lua.cmake).
const std::vector<EmbeddedScript>& embedded_bundled_scripts();

struct BundledCustomization {
  std::string_view api_version;
  std::string_view kind;
  // The operations Karmada's customization defines, as its RIC fields are set.
  std::vector<Operation> operations;
  // fleetwave's script for the render operations among them ("" when none is needed).
  std::string_view script;

  bool defines(Operation op) const;
};

// All 27, sorted by apiVersion then kind.
const std::vector<BundledCustomization>& bundled_customizations();

// nullptr when Karmada bundles nothing for this exact apiVersion and kind.
const BundledCustomization* find_bundled(std::string_view api_version, std::string_view kind);

}  // namespace fleetwave
