#include "cmp/cached_render.h"

#include "render/fleet_snapshot.h"

namespace fleetwave {
namespace {

bool same_result(const Result<RenderOutput, ErrorList>& a, const Result<RenderOutput, ErrorList>& b) {
  if (a.ok() != b.ok()) return false;
  return a.ok() ? a->objects == b->objects && to_string(a->warnings) == to_string(b->warnings)
                : to_string(a.error()) == to_string(b.error());
}

// A streamed render and its check: the same result, and the same bytes streamed (the check's
// stream compared its text with the render's as it came).
bool same_stream(const Result<RenderOutput, ErrorList>& a, const Result<RenderOutput, ErrorList>& b,
                 const ObjectStream* check_text) {
  return same_result(a, b) && (check_text == nullptr || check_text->same_as_expected());
}

// What a stored output is for, besides the entry: the cluster and the format.
std::string output_key(const std::string& cluster, OutputFormat format) {
  return cluster + '\n' + (format == OutputFormat::YamlStream ? "yaml" : "json-lines");
}

// Only a whole, clean render's text is worth storing: a failed one's is incomplete, and
// warnings must show on every render.
void store_output(RenderCache& cache, const std::string& key, const Result<RenderOutput, ErrorList>& out,
                  const ObjectStream* stream) {
  if (stream != nullptr && out.ok() && out->warnings.empty()) cache.store_output(key, stream->pieces());
}

}  // namespace

Result<RenderOutput, ErrorList> render_through_cache(RenderCache& cache, const InputBundle& bundle,
                                                     const std::string& cluster, std::optional<FleetRender>* keep,
                                                     ObjectStream* stream, const std::function<void()>& parsed) {
  const std::string key = stream != nullptr ? output_key(cluster, stream->format()) : "";
  if (cache.load()) {
    if (stream != nullptr) {
      if (auto text = cache.load_output(key)) {
        stream->add_stored(*text);  // mapped: a MiB of output copied was a MiB of fresh pages
        return RenderOutput{cluster, {}, {}};
      }
    }
    if (auto snapshot = cache.snapshot()) {
      if (auto out = render_from_snapshot(*snapshot, cluster, stream)) {
        store_output(cache, key, *out, stream);
        return std::move(*out);
      }
      cache.note("the stored snapshot is damaged (a checksum does not hold) or unreadable; rendered from the inputs");
    }
  }
  auto result = FleetRender::prepare(bundle, LoadOptions{.keep_records = cache.enabled(), .only_cluster = cluster});
  if (!result.ok()) return std::move(result).error();
  std::optional<FleetRender> local;
  std::optional<FleetRender>& holder = keep != nullptr ? *keep : local;
  holder = std::move(result).value();
  FleetRender* prepared = &*holder;
  if (!cache.enabled()) {
    if (parsed) parsed();
    return prepared->render_once(cluster, stream);
  }
  // The snapshot does not carry the fleet's warnings; a fleet that has some is rendered from its
  // inputs each time, so every render shows them.
  if (!prepared->warnings().empty()) {
    cache.note("the fleet has warnings; no snapshot stored");
    return prepared->render_once(cluster, stream);
  }
  // Stored only once it reproduces this render: a snapshot that missed something the renderer
  // reads would otherwise be served to every other cluster.
  std::string snapshot = encode_fleet_snapshot(*prepared, bundle.default_namespace);
  auto out = prepared->render_once(cluster, stream);
  std::optional<ObjectStream> check_text;
  if (stream != nullptr) check_text.emplace(ObjectStream::checking(*stream));
  auto check = render_from_snapshot(snapshot, cluster, check_text ? &*check_text : nullptr);
  if (check && same_stream(out, *check, check_text ? &*check_text : nullptr)) {
    cache.store(snapshot);
    store_output(cache, key, out, stream);
  } else {
    cache.note("the snapshot does not reproduce this render; not stored");
  }
  return out;
}

}  // namespace fleetwave
