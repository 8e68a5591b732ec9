#include "reconcile/app_render.h"

#include "render/source_locator.h"

namespace fleetwave {

AppRender AppRender::at(RepoSnapshot& snapshot, const std::string& app_path, const std::string& cordons_overlay) {
  AppRender out;
  out.exists_ = true;
  auto bundle = snapshot.bundle(app_path);
  if (!bundle.ok()) {
    out.errors_ = std::move(bundle).error();
    return out;
  }
  if (!cordons_overlay.empty()) {  // the same file name as fleetwave-render gives it, so errors read alike
    auto& files = bundle->files;
    std::erase_if(files, [](const SourceFile& f) { return f.role == FileRole::Cordons; });
    files.push_back(SourceFile{"FLEETWAVE_CORDONS", cordons_overlay, FileRole::Cordons});
  }
  auto render = FleetRender::prepare(*bundle);
  if (!render.ok()) out.errors_ = std::move(render).error();
  else out.render_.emplace(std::move(render).value());
  out.bundle_ = std::move(bundle).value();
  return out;
}

Result<std::string, ErrorList> AppRender::cluster_stream(const std::string& cluster) const {
  if (!render_ || render_->fleet().find_cluster(cluster) == nullptr) return std::string();
  auto out = render_->render(cluster);
  if (!out.ok()) {
    ErrorList errors = std::move(out).error();
    locate_errors(bundle_, errors);
    return errors;
  }
  return format_objects(out->objects, OutputFormat::YamlStream);
}

}  // namespace fleetwave
