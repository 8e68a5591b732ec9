// Test helper: builds an InputBundle from inline YAML, so tests read like the repo they model.
#pragma once

#include <string>

#include "render/input_bundle.h"

namespace fleetwave::testkit {

class BundleBuilder {
 public:
  BundleBuilder& cluster(const std::string& path, const std::string& yaml) {
    return add(path, yaml, FileRole::Inventory);
  }
  BundleBuilder& policy(const std::string& path, const std::string& yaml) {
    return add(path, yaml, FileRole::FleetPolicy);
  }
  BundleBuilder& app(const std::string& path, const std::string& yaml) { return add(path, yaml, FileRole::App); }
  // fleetwave's cordon overlay (.fleetwave/cordons.yaml).
  BundleBuilder& cordons(const std::string& yaml) { return add(".fleetwave/cordons.yaml", yaml, FileRole::Cordons); }

  // A Cluster object with the given name, labels (k=v,k=v) and region.
  BundleBuilder& simple_cluster(const std::string& name, const std::string& labels = "",
                                const std::string& region = "") {
    std::string yaml = "apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: " + name + "\n";
    if (!labels.empty()) {
      yaml += "  labels:\n";
      std::size_t start = 0;
      while (start < labels.size()) {
        std::size_t comma = labels.find(',', start);
        if (comma == std::string::npos) comma = labels.size();
        std::string pair = labels.substr(start, comma - start);
        std::size_t eq = pair.find('=');
        yaml += "    " + pair.substr(0, eq) + ": \"" + pair.substr(eq + 1) + "\"\n";
        start = comma + 1;
      }
    }
    yaml += "spec:\n  syncMode: Push\n";
    if (!region.empty()) yaml += "  region: " + region + "\n";
    return cluster("clusters/" + name + ".yaml", yaml);
  }

  InputBundle build() const { return bundle_; }

 private:
  BundleBuilder& add(const std::string& path, const std::string& yaml, FileRole role) {
    bundle_.files.push_back(SourceFile{path, yaml, role});
    return *this;
  }
  InputBundle bundle_;
};

}  // namespace fleetwave::testkit
