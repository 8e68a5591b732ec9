#include "reconcile/views/status_text.h"

#include <algorithm>
#include <limits>

#include "base/text.h"

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
  const char* code = word == "done" ? kGreen : word == "failed" ? kRed : word == "stable" ? "2" : kYellow;
  return p.paint(symbol + word, code) + std::string(word.size() < 7 ? 7 - word.size() : 0, ' ');
}

std::string short7(const std::string& sha) { return sha.empty() ? "-" : sha.substr(0, 7); }

std::string release_line(const Json& app, const Palette& p) {
  const std::string phase = str(app, "phase");
  std::string line = p.paint(phase, phase_colour(phase));
  if (!str(app, "release").empty()) {
    line += " — release " + short7(str(app, "release"));
    if (!str(app, "releaseWave").empty()) line += " in wave " + str(app, "releaseWave");
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

void cluster_lines(const Json& clusters, const Json& app, const Palette& p, std::string& out) {
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
    }
    if (!str(c, "held").empty()) line += "  held: " + str(c, "held");
    if (!str(c, "cordoned").empty()) line += "  " + str(c, "cordoned");
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
}

// What the app is doing while no step is due, in a word: a bake is normal progress, not a block.
std::string waiting_label(const Json& app, const Palette& p) {
  const std::string gate = str(app, "blockedBy");
  const std::string word = gate == "bake" ? "baking" : gate == "approval" || gate == "analysis" ? gate : "blocked";
  return p.paint(word + ":", word == "baking" || word == "analysis" ? kCyan : kYellow) +
         std::string(10 - word.size() - 1, ' ');
}

void app_text(const Json& app, const Palette& p, std::string& out) {
  out += p.paint(str(app, "app"), kBold) + " (" + str(app, "path") + ")\n";
  out += "  phase:    " + release_line(app, p) + "\n";
  const Json& argocd = app["argocd"];
  if (argocd["configured"].get<bool>() && !argocd["reachable"].get<bool>()) {
    out += "  argocd:   unreachable: " + str(argocd, "error") + "\n";
  }
  if (!app["next"].is_null())
    out += "  next:     " + str(app["next"], "action") + " — " + str(app["next"], "subject") + "\n";
  if (!str(app, "blocked").empty()) out += "  " + waiting_label(app, p) + str(app, "blocked") + "\n";
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
    cluster_lines(w["clusters"], app, p, out);
  }
  if (!app["otherClusters"].empty()) {
    out += "  pinned, in no wave:\n";
    cluster_lines(app["otherClusters"], app, p, out);
  }
}

}  // namespace

std::string format_status_text(const Json& document, bool colour) {
  const Palette p{colour};
  std::string out;
  for (const Json& w : document.value("warnings", Json::array()))
    out += "warning: " + one_line_text(w.get<std::string>()) + "\n";
  for (const Json& c : document.value("cordons", Json::array())) {
    out += "cordoned: " + str(c, "cluster") + " (" + str(c, "taint") + ") by " + str(c, "by") + " since " +
           str(c, "since") + (c.value("automatic", false) ? " (automatic failover)" : "") + ": " + str(c, "reason") +
           "\n";
  }
  if (!out.empty()) out += "\n";
  const Json& apps = document["apps"];
  if (apps.empty()) return out + "no apps at " + short7(str(document, "head")) + " (no WavePlan found)\n";
  for (std::size_t i = 0; i < apps.size(); ++i) {
    if (i > 0) out += "\n";
    app_text(apps[i], p, out);
  }
  return out;
}

}  // namespace fleetwave::cli
