#include "reconcile/approvals/request_body.h"

#include <algorithm>

namespace fleetwave {
namespace {

// Four backticks: a rendered manifest may itself contain a ``` line.
constexpr const char* kFence = "````";

std::string short_rev(const std::string& rev) { return rev.substr(0, 7); }

std::string code_list(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "`" : ", `") + n + "`";
  return out.empty() ? "none" : out;
}

std::string header(const RequestBodyInput& in) {
  const std::string release = short_rev(in.release_revision);
  std::string out = "Approving this request starts wave **" + in.wave + "** of release `" + release + "` of **" +
                    in.app +
                    "**.\n\n"
                    "- Approve it with a review: fleetwave records the approval on the tracked branch (a commit with "
                    "`Fleetwave-Action: approve`), comments here and closes this request.\n"
                    "- Or merge it: the merge is the approval.\n"
                    "- Or run `fleetwave approve " +
                    in.app + " --wave " + in.wave +
                    "`.\n\n"
                    "Closing this request without approving it does not approve the wave.\n\n"
                    "### Wave plan\n\n| # | Wave | Clusters | Approval |\n|---|------|----------|----------|\n";
  std::vector<std::string> gated;
  for (std::size_t i = 0; i < in.plan->waves.size(); ++i) {
    const Wave& w = in.plan->waves[i];
    std::size_t count = i < in.waves.clusters.size() ? in.waves.clusters[i].size() : 0;
    bool this_one = w.name == in.wave;
    if (this_one && i < in.waves.clusters.size()) gated = in.waves.clusters[i];
    out += "| " + std::to_string(i + 1) + " | " + (this_one ? "**" + w.name + "** (this request)" : w.name) + " | " +
           std::to_string(count) + " | " + (w.approval_required ? "required" : "") + " |\n";
  }
  out += "\nClusters of wave " + in.wave + ": " + code_list(gated) + "\n\n### Rendered changes\n\n";
  out += in.stable_revision.empty()
             ? "First release of " + in.app + ": every object is new (release `" + release + "`).\n\n"
             : "From the stable release `" + short_rev(in.stable_revision) + "` to `" + release + "`.\n\n";
  return out;
}

std::string section(const ClusterDiff& d, const std::string& diff_text) {
  if (!d.error.empty()) return "**" + d.cluster + "**: could not render: " + d.error + "\n\n";
  if (d.diff.empty()) return "**" + d.cluster + "**: no changes\n\n";
  return "<details><summary>" + d.cluster + "</summary>\n\n" + kFence + "diff\n" + diff_text +
         (diff_text.empty() || diff_text.back() == '\n' ? "" : "\n") + kFence + "\n</details>\n\n";
}

// The longest prefix of `text` ending at a line break that is at most `budget` characters.
std::string cut_at_line(const std::string& text, std::size_t budget) {
  if (text.size() <= budget) return text;
  std::size_t end = text.rfind('\n', budget == 0 ? 0 : budget - 1);
  return end == std::string::npos ? std::string() : text.substr(0, end + 1);
}

}  // namespace

std::string request_title(const std::string& app, const std::string& release_revision, const std::string& wave) {
  return "fleetwave(" + app + "): approve " + short_rev(release_revision) + " wave " + wave;
}

std::string request_body(const RequestBodyInput& in, std::size_t max_chars) {
  max_chars = std::max<std::size_t>(max_chars, 2000);
  std::string body = header(in);
  const std::string from = in.stable_revision.empty() ? "<stable>" : short_rev(in.stable_revision);
  const std::string note_template =
      "_Truncated to " + std::to_string(max_chars) + " characters: run `fleetwave diff --app " + in.app + " --from " +
      from + " --to " + short_rev(in.release_revision) + "` for the full diff (NNN of NNN clusters shown in full)._\n";
  std::size_t shown = 0;
  bool truncated = false;
  for (const ClusterDiff& d : in.diffs) {
    std::string full = section(d, d.diff);
    if (body.size() + full.size() + note_template.size() + 16 <= max_chars) {
      body += full;
      ++shown;
      continue;
    }
    // Show what fits of this cluster's diff, then stop: later clusters would not fit either.
    std::size_t overhead = section(d, "").size() + note_template.size() + 16;
    if (body.size() + overhead < max_chars) {
      std::string part = cut_at_line(d.diff, max_chars - body.size() - overhead);
      if (!part.empty()) body += section(d, part);
    }
    truncated = true;
    break;
  }
  if (truncated) {
    body += "_Truncated to " + std::to_string(max_chars) + " characters: run `fleetwave diff --app " + in.app +
            " --from " + from + " --to " + short_rev(in.release_revision) + "` for the full diff (" +
            std::to_string(shown) + " of " + std::to_string(in.diffs.size()) + " clusters shown in full)._\n";
  }
  return body;
}

}  // namespace fleetwave
