#include "render/renderer.h"

#include <algorithm>
#include <iterator>

#include "base/text.h"
#include "codec/json_writer.h"
#include "codec/yaml_writer.h"
#include "render/fleet_loader.h"
#include "render/manifest_builder.h"
#include "render/source_locator.h"

namespace fleetwave {

Result<FleetRender, ErrorList> FleetRender::prepare(const InputBundle& bundle, LoadOptions options) {
  auto fleet = load_fleet(bundle, options);
  if (!fleet.ok()) return std::move(fleet).error();
  FleetRender r;
  r.fleet_ = std::move(fleet).value();
  auto bindings = plan_bindings(r.fleet_);
  if (!bindings.ok()) {
    ErrorList errors = std::move(bindings).error();
    locate_errors(bundle, errors);
    return errors;
  }
  r.bindings_ = std::move(bindings).value();
  return r;
}

Error unknown_cluster_error(const std::string& name, std::size_t inventory_size,
                            const std::vector<std::string>& first_names) {
  std::string known;
  std::size_t shown = 0;
  for (const std::string& c : first_names) {
    if (shown++ == 10) break;
    known += (known.empty() ? "" : ", ") + c;
  }
  if (inventory_size > 10) known += ", ...";
  if (known.empty()) known = "none: add Karmada Cluster objects to the inventory directory";
  return invalid_input("unknown cluster \"" + printable(name) + "\"; the inventory has " +
                       std::to_string(inventory_size) + " clusters (" + known + ")");
}

static Error unknown_cluster(const Fleet& fleet, const std::string& name) {
  std::vector<std::string> first;
  for (std::size_t i = 0; i < fleet.clusters.size() && i < 10; ++i) first.push_back(fleet.clusters[i].name);
  return unknown_cluster_error(name, fleet.clusters.size(), first);
}

Result<RenderOutput, ErrorList> FleetRender::render(const std::string& cluster_name) const {
  return render_objects(cluster_name, nullptr, nullptr);
}

Result<RenderOutput, ErrorList> FleetRender::render_once(const std::string& cluster_name, ObjectStream* stream) {
  return render_objects(cluster_name, &fleet_.templates, stream);
}

Result<RenderOutput, ErrorList> FleetRender::render_objects(const std::string& cluster_name,
                                                            std::vector<ResourceTemplate>* take,
                                                            ObjectStream* stream) const {
  const Cluster* cluster = fleet_.find_cluster(cluster_name);
  if (cluster == nullptr) return ErrorList{unknown_cluster(fleet_, cluster_name)};
  if (!fleet_.only_cluster.empty() && cluster_name != fleet_.only_cluster) {
    return ErrorList{internal_error("the fleet was loaded to render cluster \"" + printable(fleet_.only_cluster) +
                                    "\" alone, not \"" + printable(cluster_name) + "\"")};
  }
  RenderOutput out;
  out.cluster = cluster_name;
  out.warnings = fleet_.warnings;
  ErrorList errors;
  const MatchingRules rules = matching_override_rules(fleet_.override_policies, *cluster);
  for (const Binding& b : bindings_) {
    if (b.target(cluster_name) == nullptr || b.suspended_on(cluster_name)) continue;
    std::optional<Json> sourced;
    const bool from_source = take != nullptr && source_ && (*take)[b.template_index].object.is_null();
    if (from_source && !(sourced = source_(b.template_index))) {
      errors.push_back(
          internal_error("the render cache's snapshot holds an unreadable template; delete the cache "
                         "directory (FLEETWAVE_CACHE_DIR) and render again"));
      continue;
    }
    Json* object = take == nullptr ? nullptr : from_source ? &*sourced : &(*take)[b.template_index].object;
    auto built = build_manifest(fleet_, b, *cluster, &rules, object);
    if (!built.ok()) {
      errors.push_back(std::move(built).error());
      continue;
    }
    if (stream != nullptr && errors.empty()) stream->add(std::move(built->object));
    else if (stream == nullptr) out.objects.push_back(std::move(built).value().object);
  }
  if (!errors.empty()) return errors;
  return out;
}

std::vector<std::string> FleetRender::reached_clusters() const {
  std::vector<std::string> out;
  for (const Cluster& c : fleet_.clusters) {
    for (const Binding& b : bindings_) {
      if (b.target(c.name) != nullptr && !b.suspended_on(c.name)) {
        out.push_back(c.name);
        break;
      }
    }
  }
  return out;
}

std::vector<std::string> FleetRender::namespace_only_clusters() const {
  std::vector<std::string> out;
  for (const Cluster& c : fleet_.clusters) {
    bool reached = false;
    bool workload = false;
    for (const Binding& b : bindings_) {
      if (b.target(c.name) == nullptr || b.suspended_on(c.name)) continue;
      reached = true;
      const ResourceIdentity& id = fleet_.templates[b.template_index].id;
      if (id.api_version != "v1" || id.kind != "Namespace") {
        workload = true;
        break;
      }
    }
    if (reached && !workload) out.push_back(c.name);
  }
  return out;
}

std::vector<std::string> FleetRender::application_clusters() const {
  std::vector<std::string> reached = reached_clusters();
  if (fleet_.settings.namespace_only_clusters == NamespaceOnlyClusters::Include) return reached;
  const std::vector<std::string> skipped = namespace_only_clusters();
  std::vector<std::string> out;
  std::set_difference(reached.begin(), reached.end(), skipped.begin(), skipped.end(), std::back_inserter(out));
  return out;
}

Result<RenderOutput, ErrorList> render_cluster(const InputBundle& bundle, const std::string& cluster) {
  auto prepared = FleetRender::prepare(bundle);
  if (!prepared.ok()) return std::move(prepared).error();
  auto rendered = prepared->render(cluster);
  if (rendered.ok()) return rendered;
  ErrorList errors = std::move(rendered).error();
  locate_errors(bundle, errors);
  return errors;
}

// One object of the output stream: a YAML document (after a "---" separator unless it is the
// first), or a JSON line.
static void append_formatted(std::string& out, const Json& object, OutputFormat format, bool first) {
  if (format == OutputFormat::JsonLines) {
    out += write_json(object);
    out += '\n';
  } else {
    if (!first) out += "---\n";
    append_yaml(out, object);
  }
}

ObjectStream ObjectStream::checking(const ObjectStream& expected) {
  ObjectStream stream(expected.format_);
  stream.expected_ = &expected;
  return stream;
}

void ObjectStream::add(Json object) {
  object_text_.clear();
  append_formatted(object_text_, object, format_, size_ == 0);
  add_text(object_text_);
  // Freeing a manifest costs about a tenth of building it (nlohmann::json moves every node of a
  // container through a vector to destroy it), and the process exits right after printing. So
  // the first MiB of output keeps its objects for the exit to drop; past that, memory wins (at
  // 10,000 templates a second MiB of kept objects was 4 MB of the peak).
  constexpr std::size_t kKeptOutputBytes = 1u << 20;
  if (size_ <= kKeptOutputBytes) kept_.push_back(std::move(object));
}

void ObjectStream::add_text(std::string_view text) {
  constexpr std::size_t kPieceBytes = 1u << 20;
  size_ += text.size();
  if (expected_ != nullptr) {
    compare_with_expected(text);
    return;
  }
  if (pieces_.empty() || pieces_.back().size() + text.size() > pieces_.back().capacity()) {
    pieces_.emplace_back().reserve(std::max(kPieceBytes, text.size()));
  }
  pieces_.back() += text;
}

void ObjectStream::add_stored(std::string_view text) {
  if (expected_ != nullptr || !pieces_.empty() || !stored_.empty()) {
    add_text(text);
    return;
  }
  size_ += text.size();
  stored_ = text;
}

// Piece by piece: the expected pieces end where they do, not where this text's objects end.
void ObjectStream::compare_with_expected(std::string_view text) {
  const std::vector<std::string>& pieces = expected_->pieces_;
  while (!text.empty() && !differs_) {
    if (expected_piece_ == pieces.size()) {  // longer than the expected text
      differs_ = true;
      break;
    }
    const std::string_view piece = std::string_view(pieces[expected_piece_]).substr(expected_offset_);
    const std::size_t n = std::min(piece.size(), text.size());
    if (piece.substr(0, n) != text.substr(0, n)) differs_ = true;
    text.remove_prefix(n);
    expected_offset_ += n;
    if (expected_offset_ == pieces[expected_piece_].size()) ++expected_piece_, expected_offset_ = 0;
  }
}

bool ObjectStream::same_as_expected() const { return expected_ != nullptr && !differs_ && size_ == expected_->size_; }

std::string format_objects(const std::vector<Json>& objects, OutputFormat format) {
  std::string out;
  for (const Json& o : objects) append_formatted(out, o, format, out.empty());
  return out;
}

}  // namespace fleetwave
