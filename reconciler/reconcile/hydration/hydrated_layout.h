// What the hydrated branch holds (docs/formats.md, "Hydrated mode"), laid out as Argo CD's
// Source Hydrator lays out its output so Argo CD syncs each directory as a plain directory source:
//
//   hydrator.metadata            the dry (step) commit: repoURL, drySha, author, date, subject, body
//   <app>/<cluster>/manifest.yaml     exactly what fleetwave-render prints for the cluster at its pin
//   <app>/<cluster>/hydrator.metadata the pin (drySha) and the render command
//
// A cluster's hydrator.metadata names its pin, not the step commit, so a step rewrites only the
// directories of the clusters it moves: `git log -p <app>/<cluster>` is that cluster's history.
// Pure: text in, text out.
#pragma once

#include <string>
#include <vector>

#include "adapters/git/git_repository.h"
#include "base/result.h"
#include "rollout/commit_message.h"

namespace fleetwave {

inline constexpr const char* kHydratedManifestFile = "manifest.yaml";
inline constexpr const char* kHydratorMetadataFile = "hydrator.metadata";
// Names, in the hydrated commit, the tracked-branch commit it hydrates.
inline constexpr const char* kStepTrailer = "Fleetwave-Step";

// One entry of .fleetwave/<app>/targets.json: a cluster and what it renders.
struct HydratedTarget {
  std::string app;
  std::string path;  // the app directory
  std::string cluster;
  std::string revision;  // the pin
  std::string cordons;   // the cordon overlay a rollback kept ("" = the revision's own)
};

// The entries of a targets.json text; errors name `file` and the entry.
Result<std::vector<HydratedTarget>> parse_hydrated_targets(const std::string& text, const std::string& file);

// "<app>/<cluster>".
std::string hydrated_dir(const std::string& app, const std::string& cluster);

// The command that prints the target's manifest.yaml, as Argo CD's hydrator records its commands.
std::string render_command_line(const HydratedTarget& target);

// <app>/<cluster>/hydrator.metadata: {repoURL, drySha (the pin), commands}. Equal text means
// equal render inputs, so a directory whose metadata is unchanged is not rendered again.
std::string cluster_metadata(const std::string& repo_url, const HydratedTarget& target);

// The root hydrator.metadata naming the dry commit `dry` (the step commit), as Argo CD's
// commit server writes it: repoURL, drySha, author, date (RFC 3339), subject, body.
std::string root_metadata(const std::string& repo_url, const git::CommitInfo& dry);

// The hydrated commit's message: what it hydrates (the step's subject, escaped) and a
// Fleetwave-Step trailer naming the step commit.
CommitMessage hydrated_message(const git::CommitInfo& dry, std::size_t clusters_changed);

}  // namespace fleetwave
