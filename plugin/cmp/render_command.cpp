#include "cmp/render_command.h"

#include <algorithm>

#include "cmp/build_identity.h"
#include "cmp/cached_render.h"
#include "cmp/cmp_request.h"
#include "cmp/fleet_summary.h"
#include "cmp/render_completion.h"
#include "render/source_locator.h"

#ifndef FLEETWAVE_VERSION
#define FLEETWAVE_VERSION "dev"
#endif

namespace fleetwave {
namespace {

constexpr std::size_t kMaxReportedErrors = 50;

CommandResult failure(int code, const ErrorList& errors) {
  CommandResult r;
  r.exit_code = code;
  std::size_t shown = 0;
  for (const Error& e : errors) {
    if (shown++ == kMaxReportedErrors) {
      r.err += "... and " + std::to_string(errors.size() - kMaxReportedErrors) + " more problems\n";
      break;
    }
    r.err += e.to_string() + "\n";
  }
  return r;
}

int exit_code_for(const ErrorList& errors) {
  for (const Error& e : errors) {
    if (e.kind == ErrorKind::Internal) return 3;
  }
  return 1;
}

// --cordons / FLEETWAVE_CORDONS: the cordon overlay a rollback kept for this cluster replaces
// the one at the revision (docs/formats.md, "Cordons").
void use_cordon_overlay(InputBundle& bundle, const std::string& overlay) {
  auto& files = bundle.files;
  files.erase(
      std::remove_if(files.begin(), files.end(), [](const SourceFile& f) { return f.role == FileRole::Cordons; }),
      files.end());
  files.push_back(SourceFile{"FLEETWAVE_CORDONS", overlay, FileRole::Cordons});
}

// The request's input files, with the cordon overlay it names, into `bundle`.
Result<Ok, ErrorList> read_inputs(const RenderRequest& request, InputBundle& bundle) {
  bundle.app_path = request.layout.app_path;
  bundle.default_namespace = request.default_namespace;
  bundle.limits = request.limits;
  auto read = read_repo_files(request.layout, bundle);
  if (!read.ok()) return read;
  if (request.cordons) use_cordon_overlay(bundle, *request.cordons);
  return Ok{};
}

// The bytes of the inputs let go once the fleet is parsed: a render reads them again only to
// point at an error (at 10,000 templates they were 12 MiB of the peak).
void release_contents(InputBundle& bundle) {
  for (SourceFile& f : bundle.files) f.content = SourceText();
}

}  // namespace

CommandResult run_render_command(const ProcessContext& context) {
  if (!context.args.empty() && context.args[0] == "summary") return run_summary_command(context);
  if (auto completion = run_completion_command(context)) return std::move(*completion);
  auto request = parse_render_request(context);
  if (!request.ok()) {
    CommandResult r = failure(2, {request.error()});
    r.err += "run fleetwave-render --help for usage\n";
    return r;
  }
  if (request->help) return CommandResult{0, render_usage(), ""};
  if (request->version) return CommandResult{0, "fleetwave-render " FLEETWAVE_VERSION "\n", ""};

  struct Retained {
    InputBundle bundle;
    std::optional<FleetRender> prepared;
    std::optional<Result<RenderOutput, ErrorList>> output;
    std::optional<ObjectStream> stream;
    std::optional<RenderCache> cache;  // maps the stored output the stream may print
  };
  auto retained = std::make_shared<Retained>();
  InputBundle& bundle = retained->bundle;
  auto read = read_inputs(*request, bundle);
  if (!read.ok()) return failure(1, read.error());
  RenderCache& cache = retained->cache.emplace(cache_settings(context.env), build_identity());
  cache.set_inputs(*request, bundle);
  ObjectStream& stream = retained->stream.emplace(request->format);
  bool released = false;
  retained->output = render_through_cache(cache, bundle, request->cluster, &retained->prepared, &stream, [&] {
    release_contents(bundle);
    released = true;
  });
  const auto& output = *retained->output;
  CommandResult r;
  if (!output.ok()) {
    ErrorList errors = output.error();
    // Read again for positions; should that fail, the errors still name their files.
    InputBundle again;
    if (released && read_inputs(*request, again).ok()) bundle = std::move(again);
    locate_errors(bundle, errors);
    r = failure(exit_code_for(errors), errors);
  } else {
    r.out_pieces = stream.take_pieces();
    r.out_stored = stream.stored();
    // Argo CD shows nothing of stderr when generate succeeds; `fleetwave plan` and `status` show
    // the same warnings as findings.
    for (const Error& w : output->warnings) r.err += "warning: " + w.to_string() + "\n";
  }
  r.err = cache.debug_line() + r.err;
  r.retained = std::move(retained);
  return r;
}

}  // namespace fleetwave
