#include "argocd_sim/cmp_plugin_runner.h"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include "argocd_sim/manifest_parser.h"
#include "argocd_sim/tree_extractor.h"
#include "base/text.h"
#include "testkit/process/child_process.h"

namespace fleetwave::sim {
namespace fs = std::filesystem;
namespace {

// A fresh directory below `root` (like /tmp/_cmp_server/<uuid>), removed on destruction.
class ScratchDir {
 public:
  static Result<ScratchDir> create(const fs::path& root) {
    std::error_code ec;
    fs::create_directories(root, ec);
    if (ec) return internal_error("creating " + root.string() + ": " + ec.message());
    std::string pattern = (root / "render-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) return internal_error("mkdtemp " + pattern);
    return ScratchDir(pattern);
  }
  ScratchDir(ScratchDir&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  ScratchDir& operator=(ScratchDir&&) = delete;
  ~ScratchDir() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  explicit ScratchDir(fs::path path) : path_(std::move(path)) {}
  fs::path path_;
};

}  // namespace

CmpPluginRunner::CmpPluginRunner(git::GitRepository& repo, CmpPluginOptions options)
    : repo_(repo), options_(std::move(options)) {}

Result<std::vector<Json>> CmpPluginRunner::generate(const CmpContext& context) {
  FW_TRY(scratch, ScratchDir::create(options_.work_root));
  Result<std::size_t> written = extract_tree(repo_, context.revision, scratch.path());
  if (!written.ok()) {
    Error e = written.error().with_context("extracting " + context.revision.substr(0, 7));
    if (e.kind == ErrorKind::InvalidInput) e.kind = ErrorKind::Internal;  // not the plugin's fault
    return e;
  }
  return run_in(scratch.path(), context);
}

Result<std::vector<Json>> CmpPluginRunner::run_in(const fs::path& dir, const CmpContext& context) {
  fs::path cwd = (dir / context.source_path).lexically_normal();
  auto [end, unused] = std::mismatch(dir.begin(), dir.end(), cwd.begin(), cwd.end());
  if (end != dir.end()) return invalid_input(context.source_path + ": app path is outside the repository");
  std::error_code ec;
  if (context.source_path.empty() || !fs::is_directory(cwd, ec)) {
    return invalid_input(context.source_path + ": app path does not exist");
  }
  testkit::ProcessOutcome run =
      testkit::run_process({options_.binary}, cmp_environment(context), cwd.string(), options_.timeout_seconds);
  if (run.signal != 0) {
    return invalid_input("`" + options_.binary + "` failed signal: " + std::to_string(run.signal) + ": " +
                         trim_space(run.err));
  }
  if (run.exit_code != 0) {
    return invalid_input("`" + options_.binary + "` failed exit status " + std::to_string(run.exit_code) + ": " +
                         trim_space(run.err));
  }
  Result<std::vector<Json>> objects = parse_manifests(run.out);
  if (!objects.ok()) return invalid_input("failed to unmarshal manifest: " + objects.error().message);
  return objects;
}

}  // namespace fleetwave::sim
