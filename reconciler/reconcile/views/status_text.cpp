#include "reconcile/views/status_text.h"

#include <algorithm>
#include <limits>
#include <map>
#include <utility>

#include "base/duration_text.h"
#include "base/text.h"
#include "base/timestamp.h"

namespace fleetwave::cli {
namespace {

std::string pad(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

// Every value is text from outside (Argo CD's messages, people's reasons, names): one line of
// printable text, so it can neither add lines to the report nor reach a terminal as an escape
// sequence (house rule 14).
std::string one_line_text(const std::string& text) { return printable(text, std::numeric_limits<std::size_t>::max()); }

std::string str(const Json& j, const char* key) { return one_line_text(string_at(j, {key})); }

// ANSI colour for a terminal: the text wrapped in `code` when colour is on, else as is.
struct Palette {
  bool on = false;
  std::string paint(const std::string& text, const char* code) const {
    return on && !text.empty() ? std::string("\033[") + code + "m" + text + "\033[0m" : text;
  }
};

constexpr const char* kGreen = "32";
constexpr const char* kRed = "31";
constexpr const char* kYellow = "33";
constexpr const char* kCyan = "36";
constexpr const char* kBold = "1";
constexpr const char* kDim = "2";

const char* phase_colour(const std::string& phase) {
  if (phase == "Stable") return kGreen;
  if (phase == "Held") return kRed;
  if (phase == "WaitingApproval" || phase == "Paused" || phase == "Frozen") return kYellow;
  return kCyan;
}

// A cluster's verdict word, with a symbol and colour on a terminal, padded to `width` visible
// characters: a cluster still on the stable pin while a release is in flight is "stable", not
// "done" (done is Argo CD's verdict on that older pin).
std::string verdict_text(const std::string& verdict, bool on_stable, const Palette& p) {
  const std::string word = on_stable && verdict == "done" ? "stable" : verdict;
  if (!p.on) return pad(word, 7);
  const char* symbol = word == "done" ? "✓ " : word == "failed" ? "✗ " : word == "stable" ? "· " : "… ";
  const char* code = word == "done" ? kGreen : word == "failed" ? kRed : word == "stable" ? kDim : kYellow;
  return p.paint(symbol + word, code) + std::string(word.size() < 7 ? 7 - word.size() : 0, ' ');
}

std::string short7(const std::string& sha) { return sha.empty() ? "-" : sha.substr(0, 7); }

// What the text is rendered with besides the document.
struct TextContext {
  Palette p;
  std::optional<std::int64_t> now_ms;  // ages only with a clock
};

// "3m12s ago" for the RFC 3339 time at `key` ("" without a clock or a time; "just now" for a
// time a little ahead of the clock, as between machines).
std::string age_of(const Json& j, const char* key, const TextContext& t) {
  if (!t.now_ms) return "";
  const auto at = parse_rfc3339(string_at(j, {key}));
  if (!at) return "";
  return *at >= *t.now_ms ? "just now" : format_age_ms(*t.now_ms - *at) + " ago";
}

std::string release_line(const Json& app, const TextContext& t) {
  const std::string phase = str(app, "phase");
  std::string line = t.p.paint(phase, phase_colour(phase));
  if (!str(app, "release").empty()) {
    line += " — release " + short7(str(app, "release"));
    if (!str(app, "releaseWave").empty()) line += " in wave " + str(app, "releaseWave");
    if (const std::string age = age_of(app, "releaseStartedAt", t); !age.empty()) line += ", started " + age;
  }
  if (!str(app, "stable").empty()) line += "; stable " + short7(str(app, "stable"));
  if (!str(app, "heldReason").empty()) line += "; held: " + str(app, "heldReason");
  const Json& approvals = app["approvals"];
  if (!approvals.empty()) {
    line += "; approved:";
    for (const Json& a : approvals) line += " " + one_line_text(a.get<std::string>());
  }
  return line;
}

std::string gate_lines(const Json& wave) {
  std::string g = "maxConcurrency " + str(wave, "maxConcurrency") + ", maxFailures " + str(wave, "maxFailures") +
                  ", minSuccessTime " + str(wave, "minSuccessTime") + ", progressDeadline " +
                  (str(wave, "progressDeadline").empty() ? "none" : str(wave, "progressDeadline"));
  if (str(wave, "approval") == "required")
    g += wave["approved"].get<bool>() ? ", approval required (approved)" : ", approval required";
  return g;
}

void cluster_lines(const Json& clusters, const Json& app, const TextContext& t, std::string& out) {
  const Palette& p = t.p;
  const std::string release = str(app, "release"), stable = str(app, "stable");
  std::size_t width = 0;
  for (const Json& c : clusters) width = std::max(width, str(c, "cluster").size());
  for (const Json& c : clusters) {
    std::string line = "    " + pad(str(c, "cluster"), width) + "  ";
    if (str(c, "revision").empty()) {
      line += "-        not pinned";
    } else {
      line += short7(str(c, "revision"));
      const bool on_stable = !release.empty() && str(c, "revision") == stable && stable != release;
      if (!str(c, "verdict").empty())
        line += "  " + verdict_text(str(c, "verdict"), on_stable, p) + "  " + str(c, "detail");
      if (const std::string age = age_of(c, "pinnedAt", t); !age.empty())
        line += "  " + p.paint("(pinned " + age + ")", kDim);
    }
    if (!str(c, "held").empty()) line += "  held: " + str(c, "held");
    if (!str(c, "cordoned").empty()) line += "  " + str(c, "cordoned");
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
}

// What the app is doing while no step is due, in a word: clusters syncing, a bake and running
// checks are normal progress (cyan), not a block; an approval waits for a person.
std::string waiting_label(const Json& app, const Palette& p) {
  static const std::map<std::string, std::pair<std::string, const char*>> kWords = {
      {"progress-deadline", {"syncing", kCyan}},
      {"bake", {"baking", kCyan}},
      {"analysis", {"analysis", kCyan}},
      {"approval", {"approval", kYellow}},
  };
  const auto it = kWords.find(str(app, "blockedBy"));
  const auto [word, colour] = it != kWords.end() ? it->second : std::pair<std::string, const char*>{"blocked", kYellow};
  return p.paint(word + ":", colour) + std::string(10 - word.size() - 1, ' ');
}

// Whose approval counts for an app waiting for one (docs/approvals.md): a commit on the branch
// (approve, or the approval branch merged) and a review approval of the pull request.
std::string approvers_text(const Json& rules, const std::string& branch) {
  std::string commit = rules.value("signedCommitsOnly", false)
                           ? "an approve or merge commit signed by a key in approvals.allowedSigners"
                           : "anyone who can push to " + one_line_text(branch);
  std::string review = "a review approval of its pull request (with an approvals provider)";
  const Json reviewers = rules.value("allowedReviewers", Json::array());
  if (!reviewers.empty()) {
    review = "a review approval by ";
    for (std::size_t i = 0; i < reviewers.size(); ++i)
      review += (i == 0                      ? "@"
                 : i + 1 == reviewers.size() ? " or @"
                                             : ", @") +
                one_line_text(reviewers[i].get<std::string>());
    review += " (approvals.allowedReviewers)";
  }
  return commit + "; " + review;
}

void app_text(const Json& app, const Json& document, const TextContext& t, std::string& out) {
  const Palette& p = t.p;
  out += p.paint(str(app, "app"), kBold) + " (" + str(app, "path") + ")\n";
  out += "  phase:    " + release_line(app, t) + "\n";
  const Json& argocd = app["argocd"];
  if (argocd["configured"].get<bool>() && !argocd["reachable"].get<bool>()) {
    out += "  argocd:   unreachable: " + str(argocd, "error") + "\n";
  }
  if (!app["next"].is_null())
    out += "  next:     " + str(app["next"], "action") + " — " + str(app["next"], "subject") + "\n";
  if (!str(app, "blocked").empty()) out += "  " + waiting_label(app, p) + str(app, "blocked") + "\n";
  if (str(app, "blockedBy") == "approval") {
    out += "  who:      " + approvers_text(document.value("approvalRules", Json::object()), str(document, "branch")) +
           "\n";
  }
  for (const Json& a : app.value("analysis", Json::array())) {
    std::string target = str(a, "check") + (str(a, "cluster").empty() ? "" : " on " + str(a, "cluster"));
    std::string what = str(a, "error").empty() ? str(a, "summary") : str(a, "error");
    out += "  analysis: " + target + " (" + str(a, "condition") + ") " + str(a, "phase") + ": " + what + "\n";
  }
  for (const Json& e : app["errors"])
    out += "  " + p.paint("error:", kRed) + "    " + one_line_text(e.get<std::string>()) + "\n";
  for (const Json& w : app["warnings"])
    out += "  " + p.paint("warning:", kYellow) + "  " + one_line_text(w.get<std::string>()) + "\n";
  for (const Json& i : app.value("ignored", Json::array()))
    out += "  ignored:  " + one_line_text(i.get<std::string>()) + "\n";
  if (app["next"].is_null() && str(app, "blocked").empty() && app["errors"].empty()) out += "  status:   up to date\n";
  const Json& waves = app["waves"];
  for (const Json& w : waves) {
    out += "  wave " + std::to_string(w["index"].get<int>()) + "/" + std::to_string(waves.size()) + " " +
           str(w, "name") + (w["current"].get<bool>() ? " (current)" : "") + ": " + gate_lines(w) + "\n";
    if (w["clusters"].empty()) out += "    (no clusters)\n";
    cluster_lines(w["clusters"], app, t, out);
  }
  if (!app["otherClusters"].empty()) {
    out += "  pinned, in no wave:\n";
    cluster_lines(app["otherClusters"], app, t, out);
  }
}

}  // namespace

std::string format_status_text(const Json& document, bool colour, std::optional<std::int64_t> now_ms) {
  const TextContext t{Palette{colour}, now_ms};
  std::string out;
  for (const Json& w : document.value("warnings", Json::array()))
    out += "warning: " + one_line_text(w.get<std::string>()) + "\n";
  for (const Json& c : document.value("cordons", Json::array())) {
    const std::string age = age_of(c, "since", t);
    out += "cordoned: " + str(c, "cluster") + " (" + str(c, "taint") + ") by " + str(c, "by") + " since " +
           str(c, "since") + (age.empty() ? "" : " (" + age + ")") +
           (c.value("automatic", false) ? " (automatic failover)" : "") + ": " + str(c, "reason") + "\n";
  }
  if (const Json* h = find_member(document, "hydration")) {  // hydrated mode: where each step's manifests are
    out += std::string(str(*h, "hydrator") == "argocd" ? "hydrated by Argo CD: " : "hydrated: ") + str(*h, "branch") +
           (str(*h, "commit").empty() ? " (not fetched here)"
                                      : " at " + short7(str(*h, "commit")) + ", manifests of step " +
                                            (str(*h, "step").empty() ? "?" : short7(str(*h, "step")))) +
           "\n";
  }
  if (!out.empty()) out += "\n";
  const Json& apps = document["apps"];
  if (apps.empty()) return out + "no apps at " + short7(str(document, "head")) + " (no WavePlan found)\n";
  for (std::size_t i = 0; i < apps.size(); ++i) {
    if (i > 0) out += "\n";
    app_text(apps[i], document, t, out);
  }
  return out;
}

}  // namespace fleetwave::cli
