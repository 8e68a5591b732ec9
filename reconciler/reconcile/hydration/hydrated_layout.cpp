#include "reconcile/hydration/hydrated_layout.h"

#include "base/text.h"
#include "base/timestamp.h"
#include "codec/json_reader.h"
#include "codec/json_writer.h"

namespace fleetwave {
namespace {

// Go's json.Encoder with SetIndent("", "  ") and SetEscapeHTML(false), as Argo CD writes it.
std::string hydrator_json(const OrderedJson& value) { return write_json(value, JsonWriteOptions{false, 2}) + "\n"; }

Error hydrated_targets_error(const std::string& file, std::size_t index, const std::string& what) {
  Error e =
      invalid_input("[" + std::to_string(index) + "]: " + what + "; fleetwave writes this file: revert the hand edit");
  e.pos.file = file;
  return e;
}

}  // namespace

Result<std::vector<HydratedTarget>> parse_hydrated_targets(const std::string& text, const std::string& file) {
  FW_TRY(doc, parse_json(text, file));
  if (!doc.is_array()) {
    Error e = invalid_input("expected a list of targets; fleetwave writes this file: revert the hand edit");
    e.pos.file = file;
    return e;
  }
  std::vector<HydratedTarget> out;
  for (std::size_t i = 0; i < doc.size(); ++i) {
    const Json& t = doc[i];
    HydratedTarget target{string_at(t, {"app"}), string_at(t, {"path"}), string_at(t, {"cluster"}),
                          string_at(t, {"revision"}), string_at(t, {"cordons"})};
    if (target.app.empty() || target.path.empty() || target.cluster.empty() || target.revision.empty()) {
      return hydrated_targets_error(file, i, "app, path, cluster and revision are required");
    }
    out.push_back(std::move(target));
  }
  return out;
}

std::string hydrated_dir(const std::string& app, const std::string& cluster) { return app + "/" + cluster; }

std::string render_command_line(const HydratedTarget& target) {
  std::string line = "fleetwave-render --app " + target.path + " --cluster " + target.cluster;
  if (!target.cordons.empty()) line += " --cordons '" + target.cordons + "'";
  return line;
}

std::string cluster_metadata(const std::string& repo_url, const HydratedTarget& target) {
  OrderedJson doc;
  doc["repoURL"] = repo_url;
  doc["drySha"] = target.revision;
  doc["commands"] = OrderedJson::array({render_command_line(target)});
  return hydrator_json(doc);
}

std::string root_metadata(const std::string& repo_url, const git::CommitInfo& dry) {
  std::string subject = dry.message;
  std::string body;
  if (std::size_t cut = dry.message.find("\n\n"); cut != std::string::npos) {
    subject = dry.message.substr(0, cut);
    body = dry.message.substr(cut + 2);
  }
  while (!body.empty() && body.back() == '\n') body.pop_back();
  while (!subject.empty() && subject.back() == '\n') subject.pop_back();
  OrderedJson doc;
  doc["repoURL"] = repo_url;
  doc["drySha"] = dry.oid;
  doc["author"] = dry.author.name + " <" + dry.author.email + ">";
  doc["date"] = format_rfc3339(dry.author.time * 1000);
  doc["subject"] = subject;
  if (!body.empty()) doc["body"] = body;
  return hydrator_json(doc);
}

CommitMessage hydrated_message(const git::CommitInfo& dry, std::size_t clusters_changed) {
  const std::string subject = dry.message.substr(0, dry.message.find('\n'));
  CommitMessage m;
  m.subject = "hydrate " + dry.oid.substr(0, 7) + ": " + printable(subject, 120);
  m.body = std::to_string(clusters_changed) + (clusters_changed == 1 ? " cluster directory" : " cluster directories") +
           " changed; every manifest.yaml is what fleetwave-render prints for its cluster at its pin.";
  m.trailers.emplace_back(kStepTrailer, dry.oid);
  return m;
}

}  // namespace fleetwave
