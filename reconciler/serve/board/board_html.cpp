#include "serve/board/board_html.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <vector>

#include "base/timestamp.h"
#include "codec/yaml_writer.h"
#include "net/percent_encode.h"
#include "serve/board/board_cells.h"
#include "serve/json_view.h"

namespace fleetwave::serve {
namespace {

std::string board_str(const Json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

std::string short7(const std::string& sha) { return sha.substr(0, 7); }

// <a href="url">text</a> when the URL is known, the text alone otherwise; `text` is HTML already.
std::string link(const std::string& url, const std::string& html) {
  return url.empty() ? html : "<a href=\"" + html_escape(url) + "\">" + html + "</a>";
}

std::string code(const std::string& text) { return "<code>" + html_escape(text) + "</code>"; }

std::string time_tag(std::int64_t ms) {
  const std::string t = format_rfc3339(ms);
  return "<time datetime=\"" + t + "\">" + t + "</time>";
}

std::string commit_ref(const BoardView& v, const std::string& sha) {
  return link(v.links.git.commit(sha), code(short7(sha)));
}

// "1a2b3c4 Bump shop to 1.4 — Alice" (subject and author when the snapshot knows them).
std::string release_line(const BoardView& v, const std::string& sha) {
  if (sha.empty()) return "<span class=\"none\">none</span>";
  std::string out = commit_ref(v, sha);
  auto it = v.snapshot.commits.find(sha);
  if (it != v.snapshot.commits.end()) {
    out += " <span class=\"subject\">" + html_escape(it->second.subject) + "</span> <span class=\"author\">by " +
           html_escape(it->second.author) + "</span>";
  }
  return out;
}

std::string approval_branch(const Json& app, const std::string& wave) {
  return "fleetwave/approve/" + board_str(app, "app") + "/" + short7(board_str(app, "release")) + "/" + wave;
}

std::string gates(const Json& wave) {
  std::string g = "maxConcurrency " + html_escape(board_str(wave, "maxConcurrency")) + " · maxFailures " +
                  html_escape(board_str(wave, "maxFailures")) + " · minSuccessTime " +
                  html_escape(board_str(wave, "minSuccessTime"));
  if (!board_str(wave, "progressDeadline").empty())
    g += " · progressDeadline " + html_escape(board_str(wave, "progressDeadline"));
  if (board_str(wave, "approval") == "required")
    g += wave.value("approved", false) ? " · approval required (approved)" : " · approval required";
  return g;
}

// The clusters of a wave in natural order (eu-2 before eu-10), as people look for them: the
// order the YAML writer already sorts keys in (go-yaml's, digits by value; it needs a stable sort).
std::vector<const Json*> natural_order(const Json& clusters) {
  std::vector<const Json*> out;
  out.reserve(clusters.size());
  for (const Json& c : clusters) out.push_back(&c);
  std::stable_sort(out.begin(), out.end(), [](const Json* a, const Json* b) {
    return yaml_key_less(board_str(*a, "cluster"), board_str(*b, "cluster"));
  });
  return out;
}

// An app page's cell: the cluster (a link to its Argo CD Application when board.argocdUrl is
// set), its state in words, the bake countdown, the pin and the evidence. Its id is what the
// fleet page's dense cells link to.
std::string cell_html(const BoardView& v, const Json& app, int wave_index, const Json& cluster) {
  const Cell cell = classify_cell(app, wave_index, cluster, v.now_ms);
  const std::string name = board_str(cluster, "cluster");
  std::string out = "<li class=\"cell s-" + std::string(state_class(cell.state)) + "\" id=\"c-" + html_escape(name) +
                    "\" data-cluster=\"" + html_escape(name) + "\" data-state=\"" + state_class(cell.state) + "\"";
  if (!cell.detail.empty()) out += " title=\"" + html_escape(cell.detail) + "\"";
  out += "><span class=\"cluster\">" + link(v.links.application(board_str(app, "app"), name), html_escape(name)) +
         "</span> <span class=\"state\">" + state_words(cell.state) + "</span>";
  if (cell.state == CellState::Baking && cell.bake_left_ms > 0) {  // none while paused or frozen
    out += " <span class=\"left\" data-left-ms=\"" + std::to_string(cell.bake_left_ms) + "\">" +
           time_left(cell.bake_left_ms) + "</span>";
  }
  if (!cell.revision.empty()) out += " " + code(short7(cell.revision));
  if (!cell.detail.empty()) out += "<span class=\"detail\">" + html_escape(cell.detail) + "</span>";
  return out + "</li>";
}

std::string cells(const BoardView& v, const Json& app, int wave_index, const Json& clusters) {
  if (clusters.empty()) return "<span class=\"none\">no clusters</span>";
  std::string out = "<ul class=\"cells\">";
  for (const Json* c : natural_order(clusters)) out += cell_html(v, app, wave_index, *c);
  return out + "</ul>";
}

using StateCounts = std::array<std::size_t, kCellStateCount>;

// "3 done · 1 syncing · 996 on stable": how many clusters of a wave are in each state.
std::string counts_html(const StateCounts& counts) {
  std::string out;
  for (std::size_t s = 0; s < kCellStateCount; ++s) {
    if (counts[s] == 0) continue;
    out += std::string(out.empty() ? "" : " · ") + "<span class=\"n " + state_letter(kCellStates[s]) + "\">" +
           std::to_string(counts[s]) + " " + state_words(kCellStates[s]) + "</span>";
  }
  return out.empty() ? "<span class=\"none\">no clusters</span>" : out;
}

// An attribute's value: bare when it is a plain name (cluster names are DNS labels, and 4 bytes a
// square add up at 50,000 squares), quoted and escaped otherwise.
std::string attribute_value(const std::string& text) {
  const bool bare = !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) {
    return std::isalnum(c) != 0 || c == '-' || c == '.' || c == '_';
  });
  return bare ? text : "\"" + html_escape(text) + "\"";
}

// The fleet page's cells of one wave: its counts, then one small square per cluster (its state a
// letter class, its name on hover), which opens the cluster on the app's page. About 30 bytes a
// cluster, so 50 apps x 1,000 clusters stay under 2 MiB.
std::string dense_cells(const BoardView& v, const Json& app, int wave_index, const Json& clusters) {
  StateCounts counts{};
  std::string squares;
  squares.reserve(clusters.size() * 32);
  for (const Json* c : natural_order(clusters)) {
    const Cell cell = classify_cell(app, wave_index, *c, v.now_ms);
    ++counts[static_cast<std::size_t>(cell.state)];
    squares += "<i class=";
    squares += state_letter(cell.state);
    squares += " title=" + attribute_value(board_str(*c, "cluster")) + "></i>";
  }
  if (clusters.empty()) return counts_html(counts);
  // A wave of a few clusters gets larger squares: easy to hit, and the page is small anyway.
  const char* size = clusters.size() <= 40 ? " few" : "";
  return "<p class=\"counts\">" + counts_html(counts) + "</p><div class=\"dense" + size + "\">" + squares + "</div>";
}

// Why the current wave does not move, in words, with the approval branch when one is awaited.
std::string wave_why(const BoardView& v, const Json& app, const Json& wave) {
  if (!wave.value("current", false)) return "";
  std::string out;
  if (board_str(wave, "approval") == "required" && !wave.value("approved", false) &&
      board_str(app, "phase") == "WaitingApproval") {
    const std::string branch = approval_branch(app, board_str(wave, "name"));
    out += "<p class=\"why\">Waiting for approval: merge " + link(v.links.git.branch(branch), code(branch)) +
           " or run " + code("fleetwave approve " + board_str(app, "app") + " --wave " + board_str(wave, "name")) +
           ".</p>";
  }
  // The reason says the same of an awaited approval, without the link. A bake is a wait, not a
  // block: the words are neutral.
  if (out.empty() && !board_str(app, "blocked").empty())
    out += "<p class=\"why\">Waiting: " + html_escape(board_str(app, "blocked")) + "</p>";
  return out;
}

// How a wave's clusters are drawn: in full on an app's page, dense on the fleet page.
using CellsDrawer = std::string (*)(const BoardView&, const Json&, int, const Json&);

std::string grid(const BoardView& v, const Json& app, CellsDrawer draw) {
  const Json& waves = app["waves"];
  std::string out = "<table class=\"grid\"><caption>Waves and clusters of " + html_escape(board_str(app, "app")) +
                    "</caption><thead><tr><th scope=\"col\">Wave</th><th scope=\"col\">Gates</th>"
                    "<th scope=\"col\">Clusters</th></tr></thead><tbody>";
  for (const Json& w : waves) {
    const int index = w.value("index", 0);
    const bool current = w.value("current", false);
    out += std::string("<tr class=\"wave") + (current ? " current" : "") + "\" data-wave=\"" +
           html_escape(board_str(w, "name")) + "\"><th scope=\"row\">" + std::to_string(index) + "/" +
           std::to_string(waves.size()) + " " + html_escape(board_str(w, "name")) +
           (current ? " <span class=\"tag\">current</span>" : "") + "</th><td class=\"gates\">" + gates(w) +
           "</td><td>" + draw(v, app, index, w["clusters"]) + wave_why(v, app, w) + "</td></tr>";
  }
  if (!array_at(app, "otherClusters").empty()) {
    out += "<tr class=\"wave\"><th scope=\"row\">in no wave</th><td class=\"gates\">pinned earlier</td><td>" +
           draw(v, app, 0, app["otherClusters"]) + "</td></tr>";
  }
  return out + "</tbody></table>";
}

std::string analysis(const Json& app) {
  const Json& checks = array_at(app, "analysis");
  if (checks.empty()) return "";
  std::string out =
      "<table class=\"analysis\"><caption>Analysis checks</caption><thead><tr>"
      "<th scope=\"col\">Check</th><th scope=\"col\">Cluster</th><th scope=\"col\">Condition</th>"
      "<th scope=\"col\">Phase</th><th scope=\"col\">Last value</th><th scope=\"col\">Measurements</th>"
      "<th scope=\"col\">Summary</th></tr></thead><tbody>";
  for (const Json& a : checks) {
    const Json& last = a.contains("lastValue") ? a["lastValue"] : Json();
    const std::string value = last.is_null() ? "" : last.is_string() ? last.get<std::string>() : last.dump();
    const std::string summary = board_str(a, "error").empty() ? board_str(a, "summary") : board_str(a, "error");
    out += "<tr><td>" + html_escape(board_str(a, "check")) + "</td><td>" + html_escape(board_str(a, "cluster")) +
           "</td><td>" + code(board_str(a, "condition")) + "</td><td class=\"phase-" +
           html_escape(board_str(a, "phase")) + "\">" + html_escape(board_str(a, "phase")) + "</td><td>" +
           html_escape(value) + "</td><td>" + std::to_string(a.value("successful", 0)) + " successful, " +
           std::to_string(a.value("failed", 0)) + " failed, " + std::to_string(a.value("inconclusive", 0)) +
           " inconclusive, " + std::to_string(a.value("errors", 0)) + " errors</td><td>" + html_escape(summary) +
           "</td></tr>";
  }
  return out + "</tbody></table>";
}

std::string notes(const Json& app) {
  std::string out;
  auto note = [&out](const char* cls, const char* label, const std::string& text) {
    out += std::string("<li class=\"") + cls + "\"><strong>" + label + ":</strong> " + html_escape(text) + "</li>";
  };
  if (app.value("paused", false)) note("paused", "Paused", board_str(app, "pauseReason"));
  if (!board_str(app, "heldReason").empty()) note("held", "Held", board_str(app, "heldReason"));
  if (!app["next"].is_null()) note("next", "Next step", board_str(app["next"], "subject"));
  for (const Json& e : array_at(app, "errors")) note("error", "Error", e.get<std::string>());
  for (const Json& w : array_at(app, "warnings")) note("warning", "Warning", w.get<std::string>());
  for (const Json& i : array_at(app, "ignored")) note("ignored", "Ignored", i.get<std::string>());
  const Json& argocd = object_at(app, "argocd");
  if (argocd.value("configured", false) && !argocd.value("reachable", true))
    note("error", "Argo CD unreachable", board_str(argocd, "error"));
  return out.empty() ? "" : "<ul class=\"notes\">" + out + "</ul>";
}

std::string app_section(const BoardView& v, const Json& app, std::size_t index, bool with_link, CellsDrawer draw) {
  const std::string name = board_str(app, "app");
  const std::string id = "app-" + std::to_string(index);
  const std::string page = "/apps/" + url_segment(name);
  const std::string title = with_link ? link(page, html_escape(name)) : html_escape(name);
  std::string out = "<section class=\"app\" aria-labelledby=\"" + id + "\" data-app=\"" + html_escape(name) +
                    "\" data-page=\"" + html_escape(page) + "\"><h2 id=\"" + id + "\">" + title +
                    " <span class=\"phase\" data-phase=\"" + html_escape(board_str(app, "phase")) + "\">" +
                    html_escape(board_str(app, "phase")) + "</span></h2>";
  out += "<dl class=\"releases\"><dt>Stable</dt><dd>" + release_line(v, board_str(app, "stable")) +
         "</dd><dt>In flight</dt><dd>" + release_line(v, board_str(app, "release"));
  if (!board_str(app, "releaseWave").empty()) out += " — wave " + html_escape(board_str(app, "releaseWave"));
  if (!board_str(app, "releaseStartedAt").empty())
    out += ", started <time>" + html_escape(board_str(app, "releaseStartedAt")) + "</time>";
  out += "</dd></dl>";
  return out + notes(app) + analysis(app) + grid(v, app, draw) + "</section>";
}

// Hydrated mode: the branch Argo CD syncs, its tip and the step that tip holds, so a reader goes
// from the page to the exact manifests of the current step. When Argo CD's Source Hydrator
// writes the branch, its tip names the commit it was rendered from, not a step of fleetwave's.
// "" when the fleet is not hydrated.
std::string hydration_line(const BoardView& v) {
  const Json* h = find_member(v.snapshot.status, "hydration");
  if (h == nullptr || !h->is_object()) return "";
  const std::string branch = board_str(*h, "branch"), commit = board_str(*h, "commit"), step = board_str(*h, "step");
  const bool by_argocd = board_str(*h, "hydrator") == "argocd";
  std::string out = std::string("<p class=\"meta\">Hydrated manifests") + (by_argocd ? " (written by Argo CD)" : "") +
                    " on " + link(v.links.git.branch(branch), code(branch));
  if (commit.empty()) return out + " (not written yet).</p>";
  out += " at " + commit_ref(v, commit);
  if (!step.empty()) out += (by_argocd ? ", rendered from " : ", the step ") + commit_ref(v, step);
  return out + ".</p>";
}

std::string meta(const BoardView& v) {
  const Json& doc = v.snapshot.status;
  return "<p class=\"meta\">Branch " + code(board_str(doc, "branch")) + " at " + commit_ref(v, v.snapshot.head) +
         ", read " + time_tag(v.snapshot.built_at_ms) + ".</p>" + hydration_line(v);
}

std::string cordons(const Json& doc) {
  const Json& list = array_at(doc, "cordons");
  if (list.empty()) return "";
  std::string out =
      "<section class=\"cordons\" aria-labelledby=\"cordons\"><h2 id=\"cordons\">Cordoned clusters</h2><ul>";
  for (const Json& c : list) {
    out += "<li><strong>" + html_escape(board_str(c, "cluster")) + "</strong> (" + code(board_str(c, "taint")) +
           ") by " + html_escape(board_str(c, "by")) + " since <time>" + html_escape(board_str(c, "since")) +
           "</time>" + (c.value("automatic", false) ? " (automatic failover)" : "") + ": " +
           html_escape(board_str(c, "reason")) + "</li>";
  }
  return out + "</ul></section>";
}

// What the fleet page's squares mean: each state's colour and letter class, in words.
std::string legend() {
  std::string out = "<p class=\"legend\">";
  for (CellState s : kCellStates)
    out += "<span><i class=\"" + std::string(state_letter(s)) + "\"></i> " + state_words(s) + "</span> ";
  return out + "</p>";
}

// A stable app with nothing to say (no pause, hold, error or warning): one line in the fleet
// page's collapsed list instead of a section.
bool quiet_stable(const Json& app) {
  return board_str(app, "phase") == "Stable" && board_str(app, "blocked").empty() && app["next"].is_null() &&
         array_at(app, "errors").empty() && array_at(app, "warnings").empty() && array_at(app, "ignored").empty() &&
         !app.value("paused", false);
}

std::size_t pinned_clusters(const Json& app) {
  std::size_t n = array_at(app, "otherClusters").size();
  for (const Json& w : array_at(app, "waves")) n += array_at(w, "clusters").size();
  return n;
}

std::string stable_list(const BoardView& v, const std::vector<const Json*>& stable) {
  if (stable.empty()) return "";
  std::string out = "<details class=\"stable\"><summary>" + std::to_string(stable.size()) +
                    (stable.size() == 1 ? " app" : " apps") + " stable, nothing in flight</summary><ul>";
  for (const Json* app : stable) {
    const std::string name = board_str(*app, "app");
    out += "<li data-app=\"" + html_escape(name) + "\">" + link("/apps/" + url_segment(name), html_escape(name)) +
           ": stable " + commit_ref(v, board_str(*app, "stable")) + " on " + std::to_string(pinned_clusters(*app)) +
           " clusters</li>";
  }
  return out + "</ul></details>";
}

// What needs a person, first: apps held, waiting for an approval, paused, frozen, failing
// clusters or with errors, each with why and what to do (the status document's own words).
std::string attention(const Json& apps) {
  std::string out;
  for (const Json& app : apps) {
    const std::string phase = board_str(app, "phase");
    const bool asks = phase == "Held" || phase == "WaitingApproval" || phase == "Paused" || phase == "Frozen" ||
                      !array_at(app, "errors").empty();
    if (!asks) continue;
    const std::string name = board_str(app, "app");
    std::string why = board_str(app, "blocked");
    if (why.empty()) why = board_str(app, "heldReason");
    if (why.empty() && !array_at(app, "errors").empty()) why = array_at(app, "errors")[0].get<std::string>();
    out += "<li data-app=\"" + html_escape(name) + "\">" + link("/apps/" + url_segment(name), html_escape(name)) +
           " <span class=\"phase\" data-phase=\"" + html_escape(phase) + "\">" + html_escape(phase) + "</span> " +
           html_escape(why) + "</li>";
  }
  if (out.empty()) return "";
  return "<section class=\"attention\" aria-labelledby=\"attention\"><h2 id=\"attention\">Needs attention</h2><ul>" +
         out + "</ul></section>";
}

std::string plan_table(const Json& app) {
  std::string out =
      "<section aria-labelledby=\"plan\"><h2 id=\"plan\">Plan</h2><table class=\"plan\"><caption>The "
      "WavePlan of " +
      html_escape(board_str(app, "app")) +
      "</caption><thead><tr><th scope=\"col\">Wave</th>"
      "<th scope=\"col\">Size</th><th scope=\"col\">Clusters</th><th scope=\"col\">maxConcurrency</th>"
      "<th scope=\"col\">maxFailures</th><th scope=\"col\">minSuccessTime</th>"
      "<th scope=\"col\">progressDeadline</th><th scope=\"col\">Approval</th></tr></thead><tbody>";
  for (const Json& w : app["waves"]) {
    std::string names;
    for (const Json& c : w["clusters"]) names += (names.empty() ? "" : ", ") + html_escape(board_str(c, "cluster"));
    out += "<tr><th scope=\"row\">" + html_escape(board_str(w, "name")) + "</th><td>" +
           html_escape(board_str(w, "size")) + "</td><td>" + std::to_string(w["clusters"].size()) +
           (names.empty() ? "" : ": " + names) + "</td><td>" + html_escape(board_str(w, "maxConcurrency")) +
           "</td><td>" + html_escape(board_str(w, "maxFailures")) + "</td><td>" +
           html_escape(board_str(w, "minSuccessTime")) + "</td><td>" + html_escape(board_str(w, "progressDeadline")) +
           "</td><td>" + html_escape(board_str(w, "approval")) + "</td></tr>";
  }
  return out + "</tbody></table></section>";
}

std::string trail_table(const BoardView& v, const std::string& app) {
  std::string out = "<section aria-labelledby=\"trail\"><h2 id=\"trail\">Audit trail</h2>";
  if (!v.snapshot.trails_loaded) return out + "<p>The audit trail appears with the next reconcile cycle.</p></section>";
  auto it = v.snapshot.trails.find(app);
  if (it == v.snapshot.trails.end() || it->second.empty())
    return out + "<p>No steps yet: nothing has been rolled out.</p></section>";
  out +=
      "<table class=\"trail\"><caption>Steps, newest first, from the commits' Fleetwave trailers</caption><thead>"
      "<tr><th scope=\"col\">Time</th><th scope=\"col\">Action</th><th scope=\"col\">Actor</th>"
      "<th scope=\"col\">Release</th><th scope=\"col\">Wave</th><th scope=\"col\">Evidence</th>"
      "<th scope=\"col\">Commit</th></tr></thead><tbody>";
  for (const StepRecord& s : it->second) {
    out += "<tr data-action=\"" + html_escape(s.action) + "\"><td>" + time_tag(s.time_ms) + "</td><td>" +
           html_escape(s.action) + "</td><td>" + html_escape(s.actor) + "</td><td>" +
           (s.release.empty() ? "" : commit_ref(v, s.release)) + "</td><td>" + html_escape(s.wave) + "</td><td>" +
           html_escape(s.evidence) + "</td><td>" + commit_ref(v, s.commit) + " " + html_escape(s.subject) +
           "</td></tr>";
  }
  return out + "</tbody></table></section>";
}

}  // namespace

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        if ((c < 0x20 && ch != '\t' && ch != '\n') || c == 0x7f) out += "&#xFFFD;";
        else out.push_back(ch);
    }
  }
  return out;
}

std::string url_segment(std::string_view text) { return percent_encode(text); }

std::string time_left(std::int64_t ms) {
  const std::int64_t s = ms <= 0 ? 0 : (ms + 999) / 1000;
  const std::int64_t h = s / 3600, m = s % 3600 / 60, sec = s % 60;
  std::string out;
  if (h > 0) out += std::to_string(h) + "h ";
  if (h > 0 || m > 0) out += std::to_string(m) + "m ";
  return out + std::to_string(sec) + "s left";
}

std::string fleet_fragment(const BoardView& v) {
  const Json& doc = v.snapshot.status;
  std::string out = meta(v);
  for (const Json& w : array_at(doc, "warnings"))
    out += "<p class=\"warning\"><strong>Warning:</strong> " + html_escape(w.get<std::string>()) + "</p>";
  out += cordons(doc);
  const Json& apps = array_at(doc, "apps");
  if (apps.empty()) return out + "<p>No apps at " + code(short7(v.snapshot.head)) + " (no WavePlan found).</p>";
  out += attention(apps) + legend();
  std::vector<const Json*> stable;
  for (std::size_t i = 0; i < apps.size(); ++i) {
    if (quiet_stable(apps[i])) stable.push_back(&apps[i]);
    else out += app_section(v, apps[i], i, true, &dense_cells);
  }
  return out + stable_list(v, stable);
}

std::string app_fragment(const BoardView& v, const Json& app) {
  return meta(v) + app_section(v, app, 0, false, &cells) + plan_table(app) + trail_table(v, board_str(app, "app"));
}

// The inventory's labels by cluster for the label filter, as JSON a script element can hold:
// "<" is written as its escape, so no value can close the element.
std::string labels_script(const Json& labels) {
  std::string json;
  for (char c : labels.dump()) json += c == '<' ? std::string("\\u003c") : std::string(1, c);
  return "<script type=\"application/json\" id=\"cluster-labels\">" + json + "</script>";
}

namespace {

// The label filter's example, from the fleet's own labels: the key most clusters carry (the
// first by name among equals) and its value on the first of them, e.g. "region=eu-west".
std::string label_hint(const Json& labels) {
  std::map<std::string, std::pair<int, std::string>> keys;  // key -> clusters carrying it, a value
  for (const auto& [cluster, set] : labels.items()) {
    if (!set.is_object()) continue;
    for (const auto& [key, value] : set.items()) {
      auto& [count, first] = keys[key];
      if (count++ == 0 && value.is_string()) first = value.get<std::string>();
    }
  }
  const auto most = std::max_element(keys.begin(), keys.end(), [](const auto& a, const auto& b) {
    return a.second.first < b.second.first;  // max_element keeps the first of equals
  });
  return most == keys.end() ? std::string() : most->first + "=" + most->second.second;
}

}  // namespace

std::string fleet_filters(const BoardView& v) {
  std::string states = "<option value=\"\">any state</option>";
  for (CellState s : kCellStates)
    states += "<option value=\"" + std::string(state_letter(s)) + "\">" + state_words(s) + "</option>";
  const Json* labels = find_member(v.snapshot.status, "clusterLabels");
  const bool labelled = labels != nullptr && labels->is_object() && !labels->empty();
  return "<form id=\"filters\" class=\"filters\" role=\"search\" aria-label=\"Filter clusters\">"
         "<label>State <select name=\"state\">" +
         states +
         "</select></label> <label>Wave <input name=\"wave\" size=\"10\"></label> "
         "<label>Cluster <input name=\"cluster\" size=\"14\" placeholder=\"eu-* or a part\"></label> " +
         (labelled ? "<label>Labels <input name=\"labels\" size=\"22\" placeholder=\"" +
                         html_escape(label_hint(*labels)) + "\"></label> " + labels_script(*labels)
                   : std::string()) +
         "<output name=\"shown\" aria-live=\"polite\"></output></form>";
}

std::string actions_panel(const std::string& app) {
  return "<section id=\"actions\" class=\"actions\" aria-label=\"Actions\" data-actions=\"/api/v1/apps/" +
         html_escape(url_segment(app)) + "/actions\"></section>";
}

std::string board_page(const std::string& title, const std::string& events, const std::string& refresh,
                       const std::string& fragment, const std::string& controls) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" +
      html_escape(title) +
      " — fleetwave</title><link rel=\"stylesheet\" href=\"/board.css\"><script src=\"/board.js\" defer></script>"
      "</head><body><header><p class=\"brand\"><a href=\"/\">fleetwave</a></p><nav aria-label=\"Board\"><a href=\"/\">"
      "Fleet</a> <a href=\"" +
      html_escape(refresh) +
      "\" class=\"refresh\">Refresh</a></nav><p id=\"live\" role=\"status\">Not live: use Refresh to update.</p>"
      "</header><h1>" +
      html_escape(title) + "</h1>" + controls + "<main id=\"board\"";
  if (!events.empty()) out += " data-events=\"" + html_escape(events) + "\"";
  return out + ">" + fragment + "</main></body></html>\n";
}

std::string not_found_page(const std::string& path) {
  return board_page("Not found", "", "/",
                    "<p>Nothing is at " + code(path) +
                        ". The board lists every app at <a href=\"/\">/</a>; an app's "
                        "page is at <code>/apps/&lt;app&gt;</code>.</p>");
}

std::string waiting_page() {
  return board_page("Fleet", "/events", "/",
                    "<p>fleetwave has not finished a reconcile cycle yet (it reads the branch and asks Argo CD "
                    "first). Refresh in a few seconds.</p>");
}

}  // namespace fleetwave::serve
