// The render library's public entry point: (inputs, target cluster) -> the objects that
// cluster receives, exactly as Karmada would deliver them. Pure: no files, environment,
// clock, network or logging; same inputs, byte-identical output.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "render/binding_planner.h"
#include "render/fleet.h"
#include "render/input_bundle.h"

namespace fleetwave {

enum class OutputFormat { YamlStream, JsonLines };

// Where a streamed render's objects go: each is formatted the moment it is built and then
// dropped, so a big render holds few manifests at a time rather than all of them (at 10,000
// templates most of its memory). The text is what format_objects makes of the same objects.
// Keep the stream alive until the process exits: it holds the first objects (see add).
class ObjectStream {
 public:
  explicit ObjectStream(OutputFormat format) : format_(format) {}
  // A stream that keeps no text but compares its text with `expected`'s as it comes: how the
  // render cache checks a snapshot's render against the render it came from (a second copy of
  // the output was 11 MiB of the peak of the render that fills the cache, at 10,000 templates).
  // `expected` must outlive it.
  static ObjectStream checking(const ObjectStream& expected);
  void add(Json object);
  // Text formatted before, by a stream of the same format.
  void add_text(std::string_view text);
  // The same, for a stream that holds nothing else, without copying it (the render cache's
  // stored output, mapped): `text` must outlive the stream's text. A checking stream compares it.
  void add_stored(std::string_view text);
  // What add_stored gave, printed after pieces(); empty otherwise.
  std::string_view stored() const { return stored_; }
  OutputFormat format() const { return format_; }
  // The text in pieces of about a MiB, in order: a text that grows by reallocation holds its
  // old and new buffer at once, at 10,000 templates a third of the render's peak memory.
  const std::vector<std::string>& pieces() const { return pieces_; }
  std::vector<std::string> take_pieces() { return std::move(pieces_); }
  // For a checking stream: whether its text is all of the expected text, byte for byte.
  bool same_as_expected() const;

 private:
  void compare_with_expected(std::string_view text);

  OutputFormat format_;
  std::string object_text_;  // the object being added, formatted
  std::vector<std::string> pieces_;
  std::string_view stored_;
  std::size_t size_ = 0;
  std::vector<Json> kept_;
  const ObjectStream* expected_ = nullptr;                // a checking stream's
  std::size_t expected_piece_ = 0, expected_offset_ = 0;  // where its next text is compared
  bool differs_ = false;
};

struct RenderOutput {
  std::string cluster;
  std::vector<Json> objects;  // sorted by apiVersion, kind, namespace, name; empty when streamed
  ErrorList warnings;         // the fleet's warnings (Fleet::warnings); the render still succeeded
};

// A fleet parsed and scheduled once, rendered for any number of clusters.
class FleetRender {
 public:
  static Result<FleetRender, ErrorList> prepare(const InputBundle& bundle, LoadOptions options = {});

  // A template's whole object, made when its manifest is built rather than held for all of
  // them (the render cache's snapshot keeps them encoded).
  // nullopt when it cannot be made (the render then fails with an internal error).
  using TemplateSource = std::function<std::optional<Json>(std::size_t template_index)>;

  FleetRender() = default;
  // A fleet and its plan made elsewhere (render/fleet_snapshot.h). The bindings' policy
  // pointers point into fleet.propagation_policies, whose buffer moves along with it. With a
  // `source`, render_once takes from it the object of each template that holds none (null).
  FleetRender(Fleet fleet, std::vector<Binding> bindings, TemplateSource source = {})
      : fleet_(std::move(fleet)), bindings_(std::move(bindings)), source_(std::move(source)) {}

  const Fleet& fleet() const { return fleet_; }
  const std::vector<Binding>& bindings() const { return bindings_; }
  const ErrorList& warnings() const { return fleet_.warnings; }

  // An unknown cluster is an InvalidInput error, never an empty success. Errors about a field
  // carry its file and document but not yet its line:column: locate_errors() (with the bundle)
  // adds them, as render_cluster() does.
  Result<RenderOutput, ErrorList> render(const std::string& cluster) const;

  // The same, moving each template's object into its manifest instead of copying it: for a
  // process that renders one cluster. Afterwards the templates have no objects.
  // `stream`: where the objects go instead of RenderOutput::objects (errors still come back).
  Result<RenderOutput, ErrorList> render_once(const std::string& cluster, ObjectStream* stream = nullptr);

  // Clusters that receive at least one object, sorted.
  std::vector<std::string> reached_clusters() const;
  // Reached clusters that receive nothing but Namespaces (Karmada's namespace sync), sorted.
  std::vector<std::string> namespace_only_clusters() const;
  // The clusters that get an Argo CD Application: the reached ones, less the namespace-only ones
  // when the fleet's FleetSettings say namespaceOnlyClusters: skip. Sorted.
  std::vector<std::string> application_clusters() const;

 private:
  // `take`: fleet_.templates, to move objects out of (render_once), or nullptr.
  Result<RenderOutput, ErrorList> render_objects(const std::string& cluster, std::vector<ResourceTemplate>* take,
                                                 ObjectStream* stream) const;

  Fleet fleet_;
  std::vector<Binding> bindings_;
  TemplateSource source_;
};

// prepare + render, with every error located (file:line:column of its field).
Result<RenderOutput, ErrorList> render_cluster(const InputBundle& bundle, const std::string& cluster);

// "unknown cluster ..." naming the inventory's size and its first clusters (sorted names).
Error unknown_cluster_error(const std::string& name, std::size_t inventory_size,
                            const std::vector<std::string>& first_names);

// YAML: documents separated by "---"; JSON: one compact object per line. "" for no objects.
std::string format_objects(const std::vector<Json>& objects, OutputFormat format);

}  // namespace fleetwave
