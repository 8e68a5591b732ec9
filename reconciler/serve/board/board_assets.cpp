#include "serve/board/board_assets.h"

#include <string>

namespace fleetwave::serve {

// The app page's actions (board.js: kScriptActions).
constexpr const char* kCssActions =
    R"css(section.actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.5rem 0; }
section.actions .who { color: var(--muted); }
dialog.act { max-width: 60rem; width: 90%; }
dialog.act pre.preview { white-space: pre-wrap; background: #f4f6f8; padding: 0.5rem; max-height: 50vh; overflow: auto; }
dialog.act .fields label { display: block; margin: 0.3rem 0; }
)css";

// States are told by words and by border style as well as by colour; every text colour has at
// least 4.5:1 contrast on its background (WCAG AA).
constexpr const char* kCssBase =
    R"css(:root { --fg: #1b1f24; --muted: #4d5561; --bg: #ffffff; --line: #c9ced6; font-family: system-ui, sans-serif; }
body { margin: 0 auto; max-width: 90rem; padding: 0 1rem 2rem; color: var(--fg); background: var(--bg); line-height: 1.4; }
header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: baseline; border-bottom: 1px solid var(--line); }
.brand { font-weight: 700; }
#live { color: var(--muted); margin-left: auto; }
a { color: #0a4fb3; }
code { font-family: ui-monospace, monospace; font-size: 0.95em; }
.meta, .none, .author, .detail, .gates { color: var(--muted); }
section.app { border-top: 2px solid var(--line); margin-top: 1.5rem; }
.phase { font-size: 0.8em; border: 1px solid var(--muted); border-radius: 0.3rem; padding: 0 0.4rem; }
dl.releases { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }
dl.releases dt { font-weight: 600; }
dl.releases dd { margin: 0; }
ul.notes { padding-left: 1.2rem; }
li.error, p.warning { color: #a1160a; }
table { border-collapse: collapse; margin: 0.8rem 0; width: 100%; }
caption { text-align: left; font-weight: 600; padding: 0.3rem 0; }
th, td { border: 1px solid var(--line); padding: 0.35rem 0.5rem; text-align: left; vertical-align: top; }
tr.current th { background: #eef4ff; }
.tag { font-size: 0.75em; border: 1px solid #0a4fb3; color: #0a4fb3; border-radius: 0.3rem; padding: 0 0.3rem; }
p.why { margin: 0.4rem 0 0; font-weight: 600; }
ul.cells { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.4rem; }
li.cell { border: 2px solid; border-radius: 0.35rem; padding: 0.2rem 0.45rem; min-width: 8rem; }
li.cell .cluster { font-weight: 700; }
li.cell .detail { display: block; font-size: 0.8em; max-width: 22rem; }
.s-on-stable { background: #f2f3f5; border-color: #6b7380; }
.s-not-pinned { background: #ffffff; border-style: dashed; border-color: #6b7380; }
.s-pinned { background: #eef4ff; border-style: dotted; border-color: #0a4fb3; }
.s-syncing { background: #e6f0ff; border-color: #0a4fb3; }
.s-healthy { background: #e8f6ec; border-color: #1a7f37; }
.s-baking { background: #fff4d6; border-color: #8a5a00; }
.s-done { background: #dcf3e3; border-color: #1a7f37; border-width: 3px; }
.s-failed { background: #fde7e5; border-color: #a1160a; border-width: 3px; }
.s-held { background: #f3e8ff; border-style: double; border-color: #6f3bb0; border-width: 4px; }
.s-cordoned { background: #fbe9f1; border-style: dashed; border-color: #99184f; border-width: 3px; }
section.attention { border: 2px solid #8a5a00; border-radius: 0.4rem; padding: 0 1rem; margin-top: 1rem; background: #fffaf0; }
form.filters { display: flex; flex-wrap: wrap; gap: 0.8rem; align-items: center; margin: 0.5rem 0; }
p.counts { margin: 0 0 0.3rem; }
div.dense { display: flex; flex-wrap: wrap; gap: 2px; cursor: pointer; }
div.dense i, p.legend i { display: inline-block; width: 10px; height: 10px; box-sizing: border-box; border: 1px solid; }
div.dense.few i { width: 18px; height: 18px; }
div.dense i.x { opacity: 0.12; }
p.legend span { margin-right: 0.8rem; white-space: nowrap; }
i.d { background: #1a7f37; border-color: #1a7f37; }
i.g { background: #8fd19e; border-color: #1a7f37; }
i.b { background: #f0c14b; border-color: #8a5a00; }
i.s { background: #7aa7e9; border-color: #0a4fb3; }
i.p { background: #dbe8fb; border: 2px dotted #0a4fb3; }
i.o { background: #d5d8dd; border-color: #6b7380; }
i.n { background: #fff; border: 1px dashed #6b7380; }
i.f { background: #a1160a; border-color: #a1160a; }
i.h { background: #6f3bb0; border: 3px double #fff; }
i.k { background: #99184f; border: 2px dashed #fbe9f1; }
)css";

std::string_view board_css() {
  static const std::string css = std::string(kCssBase) + kCssActions;
  return css;
}

// The board's script, in three parts (one IIFE): bake countdowns, the fleet page's filters and
// square links, then the live updates.
constexpr const char* kScriptCountdown = R"js("use strict";
(function () {
  var board = document.getElementById("board");
  var live = document.getElementById("live");
  if (!board) return;
  function words(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000)), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    return (h > 0 ? h + "h " : "") + (h > 0 || m > 0 ? m + "m " : "") + (s % 60) + "s left";
  }
  // Bake times arrive as "ms left when rendered"; count down from when they arrived.
  function arm() {
    var now = Date.now();
    board.querySelectorAll("[data-left-ms]").forEach(function (el) {
      el.setAttribute("data-until", String(now + Number(el.getAttribute("data-left-ms"))));
    });
  }
  function tick() {
    var now = Date.now();
    board.querySelectorAll("[data-until]").forEach(function (el) {
      el.textContent = words(Number(el.getAttribute("data-until")) - now);
    });
  }
)js";

constexpr const char* kScriptFilters =
    R"js(  // The fleet page's filters dim the squares that do not match: a state, a wave name, a
  // cluster name (a part of it, or a glob with *) and a label selector on the inventory's
  // cluster labels. Applied again after every live update.
  var filters = document.getElementById("filters");
  var labelsData = document.getElementById("cluster-labels");
  var labelsOf = labelsData ? JSON.parse(labelsData.textContent) : {};
  function has(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }
  // A Kubernetes label selector: terms joined by commas, each "k=v", "k==v", "k!=v", "k",
  // "!k", "k in (a,b)" or "k notin (a,b)". A function of a cluster's labels; null when the
  // text is not one.
  function selector(text) {
    var term = /\s*(!?)([A-Za-z0-9][-A-Za-z0-9_.\/]*)\s*(?:(==|=|!=)\s*([-A-Za-z0-9_.]*)|\s(in|notin)\s*\(([^)]*)\))?\s*(?:,|$)/y;
    var tests = [];
    while (term.lastIndex < text.length) {
      var at = term.lastIndex, m = term.exec(text);
      if (!m || term.lastIndex === at || (m[1] && (m[3] || m[5]))) return null;
      tests.push((function (not, key, op, value, set, list) {
        var values = set ? list.split(",").map(function (v) { return v.trim(); }) : [];
        return function (l) {
          if (op === "!=") return !has(l, key) || l[key] !== value;
          if (op) return has(l, key) && l[key] === value;
          if (set === "in") return has(l, key) && values.indexOf(l[key]) >= 0;
          if (set === "notin") return !has(l, key) || values.indexOf(l[key]) < 0;
          return not ? !has(l, key) : has(l, key);
        };
      })(m[1], m[2], m[3], m[4], m[5], m[6] || ""));
    }
    return function (labels) { return tests.every(function (t) { return t(labels); }); };
  }
  function glob(text) {
    if (text.indexOf("*") < 0) return function (name) { return name.indexOf(text) >= 0; };
    var re = new RegExp("^" + text.split("*").map(function (p) {
      return p.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
    }).join(".*") + "$");
    return function (name) { return re.test(name); };
  }
  function filter() {
    if (!filters) return;
    var state = filters.elements.state.value, wave = filters.elements.wave.value.trim();
    var name = glob(filters.elements.cluster.value.trim());
    var labelText = filters.elements.labels ? filters.elements.labels.value.trim() : "";
    var labels = selector(labelText);
    var shown = 0, all = 0;
    board.querySelectorAll("div.dense i").forEach(function (el) {
      var row = el.closest("tr");
      var ok = (!state || el.className.split(" ")[0] === state) && name(el.title) &&
        (!wave || (row && row.getAttribute("data-wave") === wave)) &&
        (!labels || labels(has(labelsOf, el.title) ? labelsOf[el.title] : {}));
      el.classList.toggle("x", !ok);
      all += 1;
      shown += ok ? 1 : 0;
    });
    filters.elements.shown.value = (labels ? "" : "not a label selector: " + labelText + "; ") +
      (shown === all ? "" : shown + " of " + all + " cells match");
  }
  if (filters) filters.addEventListener("input", filter);
  // A square opens its cluster on the app's page.
  board.addEventListener("click", function (e) {
    var el = e.target;
    if (el.tagName !== "I" || !el.parentNode.classList.contains("dense")) return;
    var app = el.closest("section.app");
    if (app) location.href = app.getAttribute("data-page") + "#c-" + encodeURIComponent(el.title);
  });
)js";

constexpr const char* kScriptLive = R"js(  arm();
  filter();
  setInterval(tick, 1000);
  var events = board.getAttribute("data-events");
  if (!window.EventSource || !events) return;
  var updates = 0;
  function connect() {
    var source = new EventSource(events);
    source.addEventListener("board", function (e) {
      board.innerHTML = e.data;
      updates += 1;
      board.setAttribute("data-updates", String(updates));
      arm();
      tick();
      filter();
      live.textContent = "Live, updated " + new Date().toLocaleTimeString();
      document.dispatchEvent(new Event("fleetwave:update"));
    });
    source.onopen = function () { live.textContent = "Live"; };
    source.onerror = function () {
      live.textContent = "Reconnecting…";
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, 10000);
    };
  }
  connect();
})();
)js";

constexpr const char* kScriptActions = R"js((function () {
  // The app page's actions (serve/board_actions.h): what the signed-in person may do now, each
  // confirmed by the commit it would write (a dry run) before it is written.
  var panel = document.getElementById("actions");
  if (!panel || !window.fetch) return;
  var url = panel.getAttribute("data-actions"), csrf = "", dialog = null;
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }
  function label(a) {
    if (a.action === "approve") return "Approve " + a.wave;
    if (a.action === "release-hold") return "Release hold";
    return a.action.charAt(0).toUpperCase() + a.action.slice(1);
  }
  function post(action, body) {
    return fetch(url + "/" + action, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Fleetwave-CSRF": csrf },
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().then(function (j) { if (!r.ok) throw new Error(j.error || r.status); return j; });
    });
  }
  function field(form, name, text, hint) {
    var l = el("label", "", text + " ");
    var i = el("input");
    i.name = name;
    if (hint) i.placeholder = hint;
    l.appendChild(i);
    form.appendChild(l);
    return i;
  }
  function open(a) {
    if (dialog) dialog.remove();
    dialog = el("dialog", "act");
    dialog.setAttribute("aria-label", label(a));
    dialog.appendChild(el("h2", "", label(a)));
    var form = el("div", "fields"), reason = null, clusters = null, wave = null;
    if (a.needsReason) reason = field(form, "reason", "Reason", "why (recorded in the commit)");
    if (a.takesClusters) clusters = field(form, "clusters", "Clusters", "eu-1 eu-2");
    if (a.action === "promote") wave = field(form, "wave", "Through wave", "empty: every wave");
    dialog.appendChild(form);
    var preview = el("pre", "preview"), status = el("p", "status");
    status.setAttribute("role", "status");
    var buttons = el("p", "buttons");
    var check = el("button", "", "Preview the commit"), commit = el("button", "commit", "Commit"),
        cancel = el("button", "", "Cancel");
    commit.disabled = true;
    [check, commit, cancel].forEach(function (b) { b.type = "button"; buttons.appendChild(b); });
    dialog.appendChild(buttons);
    dialog.appendChild(status);
    dialog.appendChild(preview);
    function body(dry) {
      var b = { dryRun: dry };
      if (a.action === "approve") b.wave = a.wave;
      if (reason) b.reason = reason.value.trim();
      if (clusters) b.clusters = clusters.value.split(/[\s,]+/).filter(Boolean);
      if (wave && wave.value.trim()) b.wave = wave.value.trim();
      return b;
    }
    form.addEventListener("input", function () { commit.disabled = true; preview.textContent = ""; });
    check.addEventListener("click", function () {
      status.textContent = "Asking…";
      post(a.action, body(true)).then(function (o) {
        status.textContent = "On " + o.head.slice(0, 7) + " this commit would be written" +
          (o.unpinned.length ? " (it unpins " + o.unpinned.join(", ") + ")" : "") + ":";
        preview.textContent = o.message + "\n" + o.diff;
        commit.disabled = false;
      }).catch(function (e) { status.textContent = "Refused: " + e.message; });
    });
    commit.addEventListener("click", function () {
      commit.disabled = true;
      status.textContent = "Committing…";
      post(a.action, body(false)).then(function (o) {
        status.textContent = "Committed " + o.commit.slice(0, 7) + " " + o.subject;
        dialog.setAttribute("data-commit", o.commit);
        load();
      }).catch(function (e) { status.textContent = "Refused: " + e.message; });
    });
    cancel.addEventListener("click", function () { dialog.close(); });
    document.body.appendChild(dialog);
    dialog.showModal();
    if (!reason && !clusters && !wave) check.click();
  }
  function render(offer) {
    panel.textContent = "";
    if (!offer.actor) {
      if (!offer.signIn) return;
      var a = el("a", "", "Sign in to act");
      a.href = "/signin";
      panel.appendChild(a);
      return;
    }
    csrf = offer.csrf;
    panel.appendChild(el("span", "who", "Signed in as " + offer.actor));
    offer.actions.forEach(function (a) {
      var b = el("button", "", label(a));
      b.type = "button";
      b.setAttribute("data-action", a.action);
      b.addEventListener("click", function () { open(a); });
      panel.appendChild(b);
    });
    if (!offer.actions.length) panel.appendChild(el("span", "none", "Nothing you may do to this app now."));
  }
  function load() {
    fetch(url, { credentials: "same-origin" }).then(function (r) { return r.ok ? r.json() : null; })
      .then(function (offer) { if (offer) render(offer); }).catch(function () {});
  }
  document.addEventListener("fleetwave:update", load);
  load();
})();
)js";

std::string_view board_js() {
  static const std::string script = std::string(kScriptCountdown) + kScriptFilters + kScriptLive + kScriptActions;
  return script;
}

}  // namespace fleetwave::serve
