// The board: each cluster's state from the status document, HTML escaping of every text from
// Git (a <script> in a commit subject, odd app names), links to the Git host's pages, the
// pages and 404 page and credentials of ServeApi, and the event stream over a real socket.
#include <httplib.h>

#include <thread>

#include <gtest/gtest.h>

#include "base/timestamp.h"
#include "codec/base64.h"
#include "serve/board/board_cells.h"
#include "serve/board/board_html.h"
#include "serve/board/git_links.h"
#include "serve/gzip_text.h"
#include "serve/http_server.h"
#include "serve/serve_api.h"

namespace fleetwave::serve {
namespace {

constexpr std::int64_t kNow = 1'800'000'000'000;  // 2027-01-15T08:00:00Z
const std::string kStable(40, 'a');
const std::string kRelease(40, 'b');

Json cluster(const std::string& name, const std::string& revision, const std::string& verdict = "",
             const std::string& healthy_since = "") {
  return {{"cluster", name}, {"revision", revision}, {"verdict", verdict},           {"detail", verdict + " detail"},
          {"held", ""},      {"cordoned", ""},       {"healthySince", healthy_since}};
}

// shop: release in flight at wave 2 (europe, minSuccessTime 10m) of 3.
Json shop() {
  Json canary = {
      {"index", 1}, {"name", "canary"}, {"current", false}, {"minSuccessTime", "10m"}, {"clusters", Json::array()}};
  canary["clusters"].push_back(cluster("dev-1", kRelease, "done", format_rfc3339(kNow - 60'000)));
  Json europe = {{"index", 2},         {"name", "europe"},  {"current", true},          {"minSuccessTime", "10m"},
                 {"approval", "none"}, {"approved", false}, {"clusters", Json::array()}};
  europe["clusters"].push_back(cluster("eu-1", kRelease, "done", format_rfc3339(kNow - 4 * 60'000)));
  europe["clusters"].push_back(cluster("eu-2", kRelease, "done", format_rfc3339(kNow - 11 * 60'000)));
  europe["clusters"].push_back(cluster("eu-3", kRelease, "pending"));
  europe["clusters"].push_back(cluster("eu-4", kRelease, "failed"));
  europe["clusters"].push_back(cluster("eu-5", kRelease, "unknown"));
  europe["clusters"].push_back(cluster("eu-6", kRelease, "done"));
  Json rest = {
      {"index", 3}, {"name", "rest"}, {"current", false}, {"minSuccessTime", "0s"}, {"clusters", Json::array()}};
  rest["clusters"].push_back(cluster("us-1", kStable, "done"));
  rest["clusters"].push_back(cluster("us-2", ""));
  Json held = cluster("us-3", kStable, "done");
  held["held"] = "disk pressure";
  rest["clusters"].push_back(held);
  Json cordoned = cluster("us-4", kRelease, "done");
  cordoned["cordoned"] = "cordoned by Olga since 2027-01-15T07:00:00Z";
  rest["clusters"].push_back(cordoned);
  return {{"app", "shop"},
          {"phase", "Progressing"},
          {"stable", kStable},
          {"release", kRelease},
          {"releaseWave", "europe"},
          {"blocked", ""},
          {"paused", false},
          {"next", nullptr},
          {"errors", Json::array()},
          {"warnings", Json::array()},
          {"waves", {canary, europe, rest}},
          {"otherClusters", Json::array()}};
}

std::map<std::string, Cell> cells_of(const Json& app) {
  std::map<std::string, Cell> out;
  for (const Json& w : app["waves"])
    for (const Json& c : w["clusters"]) out[c["cluster"]] = classify_cell(app, w["index"], c, kNow);
  return out;
}

TEST(BoardCells, EachClusterGetsItsStateFromTheStatusDocument) {
  auto cells = cells_of(shop());
  EXPECT_EQ(cells["dev-1"].state, CellState::Done) << "its wave is behind the current one";
  EXPECT_EQ(cells["eu-1"].state, CellState::Baking);
  EXPECT_EQ(cells["eu-1"].bake_left_ms, 6 * 60'000);
  EXPECT_EQ(cells["eu-2"].state, CellState::Done) << "baked for longer than minSuccessTime";
  EXPECT_EQ(cells["eu-3"].state, CellState::Syncing);
  EXPECT_EQ(cells["eu-4"].state, CellState::Failed);
  EXPECT_EQ(cells["eu-5"].state, CellState::Pinned);
  EXPECT_EQ(cells["eu-6"].state, CellState::Healthy) << "healthy, the bake start unknown";
  EXPECT_EQ(cells["us-1"].state, CellState::OnStable);
  EXPECT_EQ(cells["us-2"].state, CellState::NotPinned);
  EXPECT_EQ(cells["us-3"].state, CellState::Held);
  EXPECT_EQ(cells["us-3"].detail, "held: disk pressure");
  EXPECT_EQ(cells["us-4"].state, CellState::Cordoned) << "a cordon wins over the sync verdict";
  EXPECT_STREQ(state_words(CellState::OnStable), "on stable");
  EXPECT_STREQ(state_class(CellState::OnStable), "on-stable");
}

TEST(BoardHtml, EscapesMarkupQuotesAndLineBreaksThatWouldEndAnEvent) {
  EXPECT_EQ(html_escape("<script>alert('x')</script> & \"q\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;");
  EXPECT_EQ(html_escape("a\rb\x01"
                        "c\td\ne"),
            "a&#xFFFD;b&#xFFFD;c\td\ne");
  EXPECT_EQ(url_segment("a b/<c>"), "a%20b%2F%3Cc%3E");
  EXPECT_EQ(time_left(6 * 60'000), "6m 0s left");
  EXPECT_EQ(time_left(3'600'000 + 1500), "1h 0m 2s left");
}

Snapshot hostile_snapshot() {
  Snapshot s;
  s.head = std::string(40, 'c');
  s.built_at_ms = kNow;
  Json app = shop();
  app["app"] = "shop<img src=x onerror=alert(1)>";
  app["blocked"] = "waiting: <b>bold</b>";
  app["waves"][2]["clusters"][2]["held"] = "<script>alert('held')</script>";
  s.status = {{"branch", "main"},
              {"head", s.head},
              {"apps", {app}},
              {"warnings", Json::array()},
              {"cordons",
               {{{"cluster", "us-4"},
                 {"taint", "k:NoExecute"},
                 {"reason", "<i>down</i>"},
                 {"by", "O"},
                 {"since", "2027-01-15T07:00:00Z"},
                 {"automatic", true}}}}};
  s.commits[kRelease] = {"ship <script>window.__pwned=1</script>", "Eve \"<x>\"", kNow};
  s.trails_loaded = true;
  s.trails["shop<img src=x onerror=alert(1)>"] = {
      {std::string(40, 'd'), kNow, "advance", kRelease, "europe", "Rita <r>", "evidence <e>", "subject <s>"}};
  return s;
}

TEST(BoardHtml, NothingFromGitOrArgoCdReachesThePageAsMarkup) {
  const Snapshot s = hostile_snapshot();
  const BoardLinks links;
  const BoardView view{s, links, kNow};
  for (const std::string& html : {fleet_fragment(view), app_fragment(view, s.status["apps"][0])}) {
    EXPECT_EQ(html.find("<script"), std::string::npos) << html;
    EXPECT_EQ(html.find("<img"), std::string::npos);
    EXPECT_EQ(html.find("<b>bold"), std::string::npos);
    EXPECT_EQ(html.find("<i>down"), std::string::npos);
    EXPECT_NE(html.find("ship &lt;script&gt;window.__pwned=1&lt;/script&gt;"), std::string::npos);
    EXPECT_NE(html.find("Eve &quot;&lt;x&gt;&quot;"), std::string::npos);
  }
  const std::string app = app_fragment(view, s.status["apps"][0]);
  EXPECT_NE(app.find("evidence &lt;e&gt;"), std::string::npos) << "the audit trail is escaped too";
  EXPECT_NE(app.find("data-action=\"advance\""), std::string::npos);
  const std::string fleet = fleet_fragment(view);
  EXPECT_NE(fleet.find("href=\"/apps/shop%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E\""), std::string::npos);
  EXPECT_NE(fleet.find("<i class=b title=eu-1></i>"), std::string::npos) << "a dense square, baking";
  EXPECT_NE(app.find("data-state=\"baking\""), std::string::npos);
  EXPECT_NE(app.find("data-left-ms=\"360000\">6m 0s left"), std::string::npos);
}

TEST(BoardHtml, LinksToTheGitHostWhenItsWebPageIsKnown) {
  Snapshot s = hostile_snapshot();
  auto git = make_git_links("github", "https://api.github.com", "acme/fleet", "");
  ASSERT_TRUE(git.ok());
  const BoardLinks links{*git, ""};
  const BoardView view{s, links, kNow};
  EXPECT_NE(fleet_fragment(view).find("href=\"https://github.com/acme/fleet/commit/" + kRelease + "\""),
            std::string::npos);
  s.status["apps"][0]["phase"] = "WaitingApproval";
  s.status["apps"][0]["waves"][1]["approval"] = "required";
  const std::string html = fleet_fragment(BoardView{s, links, kNow});
  EXPECT_NE(html.find("Waiting for approval"), std::string::npos);
  // Issue 25 (11): the command to run names the app and the wave (escaped like everything else).
  EXPECT_NE(html.find("<code>fleetwave approve shop&lt;img src=x onerror=alert(1)&gt; --wave europe</code>"),
            std::string::npos)
      << html;
  EXPECT_NE(
      html.find("https://github.com/acme/fleet/tree/fleetwave/approve/shop%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E/"
                "bbbbbbb/europe"),
      std::string::npos)
      << html;
}

// Hydrated mode (issue 31): both pages name the hydrated branch, its tip and the step it holds,
// linked to the Git host; a fleet that is not hydrated shows no such line.
TEST(BoardHtml, TheHydratedBranchAndItsStepAreLinked) {
  Snapshot s = hostile_snapshot();
  auto git = make_git_links("github", "https://api.github.com", "acme/fleet", "");
  ASSERT_TRUE(git.ok());
  const BoardLinks links{*git, ""};
  EXPECT_EQ(fleet_fragment(BoardView{s, links, kNow}).find("Hydrated manifests"), std::string::npos);
  const std::string tip(40, 'c'), step(40, 'd');
  s.status["hydration"] = {{"branch", "fleetwave/hydrated"}, {"commit", tip}, {"step", step}};
  for (const std::string& html :
       {fleet_fragment(BoardView{s, links, kNow}), app_fragment(BoardView{s, links, kNow}, s.status["apps"][0])}) {
    EXPECT_NE(html.find("Hydrated manifests on <a href=\"https://github.com/acme/fleet/tree/fleetwave/hydrated\">"
                        "<code>fleetwave/hydrated</code></a> at <a href=\"https://github.com/acme/fleet/commit/" +
                        tip + "\"><code>ccccccc</code></a>, the step <a href=\"https://github.com/acme/fleet/commit/" +
                        step + "\"><code>ddddddd</code></a>."),
              std::string::npos)
        << html;
  }
  // Argo CD's Source Hydrator writes it: its tip was rendered from a commit, not a step.
  s.status["hydration"]["hydrator"] = "argocd";
  const std::string by_argocd = fleet_fragment(BoardView{s, links, kNow});
  EXPECT_NE(by_argocd.find("Hydrated manifests (written by Argo CD) on "), std::string::npos) << by_argocd;
  EXPECT_NE(by_argocd.find("</a>, rendered from <a href=\"https://github.com/acme/fleet/commit/" + step),
            std::string::npos)
      << by_argocd;
  EXPECT_EQ(by_argocd.find(", the step "), std::string::npos);
  s.status["hydration"]["commit"] = "";
  EXPECT_NE(fleet_fragment(BoardView{s, links, kNow}).find("(not written yet)"), std::string::npos);
}

// The fleet page at fleet size: per wave the count of clusters in each state and one small square
// per cluster in natural order; what needs a person first; quiet stable apps as one line each.
TEST(BoardHtml, TheFleetPageCountsAndDrawsADenseGrid) {
  Snapshot s;
  s.head = std::string(40, 'c');
  s.built_at_ms = kNow;
  Json waiting = shop();
  waiting["app"] = "billing";
  waiting["phase"] = "WaitingApproval";
  waiting["blocked"] = "waiting for approval of wave 2/3 europe: merge branch b or run `fleetwave approve billing`";
  Json stable = shop();
  stable["app"] = "docs";
  stable["phase"] = "Stable";
  stable["release"] = "";
  s.status = {{"branch", "main"},
              {"head", s.head},
              {"apps", {waiting, stable, shop()}},
              {"warnings", Json::array()},
              {"cordons", Json::array()}};
  const BoardLinks links;
  const std::string fleet = fleet_fragment(BoardView{s, links, kNow});
  // europe: eu-1 baking, eu-2 done, eu-3 syncing, eu-4 failed, eu-5 pinned, eu-6 healthy (no bake start).
  EXPECT_NE(fleet.find("<span class=\"n f\">1 failed</span> · <span class=\"n b\">1 baking</span> · <span "
                       "class=\"n d\">1 done</span> · <span class=\"n g\">1 healthy</span> · <span class=\"n s\">1 "
                       "syncing</span> · <span class=\"n p\">1 pinned</span>"),
            std::string::npos)
      << fleet;
  EXPECT_LT(fleet.find("Needs attention"), fleet.find("<section class=\"app\""));
  EXPECT_NE(fleet.find("billing</a> <span class=\"phase\" data-phase=\"WaitingApproval\">WaitingApproval</span> "
                       "waiting for approval of wave 2/3 europe"),
            std::string::npos)
      << fleet;
  EXPECT_NE(fleet.find("<summary>1 app stable, nothing in flight</summary>"), std::string::npos);
  EXPECT_NE(fleet.find("docs</a>: stable"), std::string::npos);
  EXPECT_EQ(fleet.find("data-app=\"docs\"><h2"), std::string::npos) << "no section for a quiet stable app";

  // Natural order, and the bytes a cluster costs at 1,000 clusters.
  Json big = shop();
  Json many = Json::array();
  for (int i = 1000; i >= 1; --i) many.push_back(cluster("eu-" + std::to_string(i), kRelease, "pending"));
  big["waves"][1]["clusters"] = many;
  s.status["apps"] = Json::array({big});
  const std::string one = fleet_fragment(BoardView{s, links, kNow});
  EXPECT_LT(one.find("title=eu-2>"), one.find("title=eu-10>"));
  EXPECT_LT(one.find("title=eu-10>"), one.find("title=eu-100>"));
  EXPECT_LT(one.size(), 40u * 1000 + 8'000) << "about 30 bytes a cluster";
  // A name that is not a plain label is quoted and escaped like any text.
  big["waves"][1]["clusters"] = Json::array({cluster("a b\"<x>", kRelease, "pending")});
  s.status["apps"] = Json::array({big});
  EXPECT_NE(fleet_fragment(BoardView{s, links, kNow}).find("<i class=s title=\"a b&quot;&lt;x&gt;\"></i>"),
            std::string::npos);
}

// With board.argocdUrl each cluster of an app's page links to its Argo CD Application, and the
// fleet page's squares open that cluster there.
TEST(BoardHtml, AnAppPageLinksEachClusterToItsArgoCdApplication) {
  Snapshot s = hostile_snapshot();
  s.status["apps"][0]["app"] = "shop";
  auto url = argocd_web_url("https://argocd.example.com/");
  ASSERT_TRUE(url.ok());
  const BoardLinks links{GitLinks{}, *url};
  const std::string app = app_fragment(BoardView{s, links, kNow}, s.status["apps"][0]);
  EXPECT_NE(app.find("id=\"c-eu-1\""), std::string::npos);
  EXPECT_NE(app.find("<a href=\"https://argocd.example.com/applications/shop-eu-1\">eu-1</a>"), std::string::npos)
      << app;
  EXPECT_NE(
      app_fragment(BoardView{s, BoardLinks{}, kNow}, s.status["apps"][0]).find("<span class=\"cluster\">eu-1</span>"),
      std::string::npos);
  EXPECT_FALSE(argocd_web_url("argocd.example.com").ok());
  EXPECT_EQ(argocd_web_url("").value(), "");
}

// The label filter is offered when the inventory's clusters have labels, with their labels for the
// script; no label value can end the script element that carries them.
TEST(BoardHtml, TheLabelFilterCarriesTheInventorysLabels) {
  Snapshot s;
  s.status = {{"apps", Json::array()}};
  const BoardLinks links;
  EXPECT_EQ(fleet_filters(BoardView{s, links, kNow}).find("name=\"labels\""), std::string::npos);
  s.status["clusterLabels"] = Json::object();
  EXPECT_EQ(fleet_filters(BoardView{s, links, kNow}).find("cluster-labels"), std::string::npos);
  s.status["clusterLabels"] = {{"eu-1", {{"geo", "eu"}, {"note", "</script><script>alert(1)</script>"}}}};
  const std::string form = fleet_filters(BoardView{s, links, kNow});
  EXPECT_NE(form.find("<input name=\"labels\""), std::string::npos) << form;
  const std::string open = "<script type=\"application/json\" id=\"cluster-labels\">";
  const std::size_t start = form.find(open);
  ASSERT_NE(start, std::string::npos) << form;
  const std::size_t end = form.find("</script>", start);
  const std::string json = form.substr(start + open.size(), end - start - open.size());
  EXPECT_EQ(json.find('<'), std::string::npos) << json;
  EXPECT_EQ(Json::parse(json), s.status["clusterLabels"]);
}

// The label filter's example is one of the fleet's own labels: the key most clusters carry.
TEST(BoardHtml, TheLabelFiltersExampleIsALabelOfTheFleet) {
  Snapshot s;
  s.status = {{"apps", Json::array()}};
  s.status["clusterLabels"] = {{"eu-1", {{"tier", "gold"}, {"region", "eu-west"}}},
                               {"eu-2", {{"region", "eu-west"}}},
                               {"us-1", {{"region", "us-east\"><b>"}, {"tier", "silver"}}}};
  const std::string form = fleet_filters(BoardView{s, BoardLinks{}, kNow});
  EXPECT_NE(form.find("name=\"labels\" size=\"22\" placeholder=\"region=eu-west\""), std::string::npos) << form;
  s.status["clusterLabels"] = {{"eu-1", {{"b", "2"}, {"a", "1"}}}};  // equals: the first by name
  EXPECT_NE(fleet_filters(BoardView{s, BoardLinks{}, kNow}).find("placeholder=\"a=1\""), std::string::npos);
  s.status["clusterLabels"] = {{"eu-1", {{"x", "\"><script>"}}}};  // an attribute no value can leave
  EXPECT_NE(fleet_filters(BoardView{s, BoardLinks{}, kNow}).find("placeholder=\"x=&quot;&gt;&lt;script&gt;\""),
            std::string::npos);
}

TEST(GitLinks, FollowTheProviderTableOrTheSetting) {
  auto ghe = make_git_links("github", "https://ghe.example.com/api/v3/", "acme/fleet", "");
  ASSERT_TRUE(ghe.ok());
  EXPECT_EQ(ghe->commit("abc"), "https://ghe.example.com/acme/fleet/commit/abc");
  auto gitlab = make_git_links("gitlab", "", "group/sub/fleet", "");
  ASSERT_TRUE(gitlab.ok());
  EXPECT_EQ(gitlab->branch("fleetwave/approve/a b"),
            "https://gitlab.com/group/sub/fleet/-/tree/fleetwave/approve/a%20b");
  auto numeric = make_git_links("gitlab", "", "1234", "");
  ASSERT_TRUE(numeric.ok());
  EXPECT_FALSE(numeric->known()) << "a numeric project id names no web page";
  EXPECT_FALSE(make_git_links("", "", "", "")->known());
  auto web = make_git_links("", "", "", "https://git.example.com/fleet/");
  ASSERT_TRUE(web.ok());
  EXPECT_EQ(web->commit("abc"), "https://git.example.com/fleet/commit/abc");
  auto bad = make_git_links("", "", "", "javascript:alert(1)");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().to_string().find("board.gitWebUrl"), std::string::npos);
}

class BoardApiTest : public ::testing::Test {
 protected:
  ServeState state_;
  ServeMetrics metrics_;
  TriggerQueue triggers_;
  JsonLog log_{{}};

  void publish() { state_.publish(std::make_shared<Snapshot>(hostile_snapshot())); }

  // `api` served on 127.0.0.1, at a port the kernel picks.
  Result<std::unique_ptr<HttpServer>> serve_on_loopback(ServeApi& api) {
    HttpOptions options;
    options.host = "127.0.0.1";
    options.port = 0;
    return HttpServer::start(options, api, metrics_);
  }

  // GET /events from the server at `port`, each chunk handed to `receive` until it returns false,
  // the stream ends or `timeout_s` pass without data.
  static void read_events(int port, int timeout_s, const httplib::ContentReceiver& receive) {
    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(timeout_s, 0);
    c.Get("/events", receive);
  }
};

TEST_F(BoardApiTest, PagesAssetsAndTheNotFoundPage) {
  ServeApi api(state_, metrics_, triggers_, log_, {});
  EXPECT_EQ(api.board("/", kNow).status, 503) << "before the first cycle";
  publish();
  ApiResponse fleet = api.board("/", kNow);
  EXPECT_EQ(fleet.status, 200);
  EXPECT_EQ(fleet.content_type, "text/html; charset=utf-8");
  EXPECT_NE(fleet.text().find("data-events=\"/events\""), std::string::npos);
  bool csp = false;
  for (const auto& [name, value] : fleet.headers)
    csp = csp || (name == "Content-Security-Policy" && value.find("script-src 'self'") != std::string::npos);
  EXPECT_TRUE(csp);
  EXPECT_TRUE(state_.board_wanted()) << "looking at the board asks for audit trails";
  EXPECT_EQ(api.board("/apps/shop<img src=x onerror=alert(1)>", kNow).status, 200);
  ApiResponse missing = api.board("/apps/<script>nope", kNow);
  EXPECT_EQ(missing.status, 404);
  EXPECT_NE(missing.body.find("&lt;script&gt;nope"), std::string::npos);
  EXPECT_EQ(missing.body.find("<script>nope"), std::string::npos);
  EXPECT_EQ(api.board("/apps/a/b", kNow).status, 404);
  EXPECT_EQ(api.board("/nothing", kNow).status, 404);
  EXPECT_EQ(api.board("/board.js", kNow).content_type, "text/javascript; charset=utf-8");
  EXPECT_NE(api.board("/board.css", kNow).body.find(".s-baking"), std::string::npos);
}

// Browsers that accept gzip get the page compressed once and shared: the same bytes for every
// such viewer, the plain page's bytes once inflated.
TEST_F(BoardApiTest, PagesGoOutGzippedOnceForEveryViewerThatAcceptsIt) {
  ServeApi api(state_, metrics_, triggers_, log_, {});
  publish();
  for (const char* path : {"/", "/apps/shop<img src=x onerror=alert(1)>"}) {
    ApiResponse plain = api.board(path, kNow);
    ApiResponse packed = api.board(path, kNow, true);
    ASSERT_EQ(packed.status, 200) << path;
    auto header = [](const ApiResponse& r, const std::string& name) {
      for (const auto& [n, v] : r.headers)
        if (n == name) return v;
      return std::string();
    };
    EXPECT_EQ(header(packed, "Content-Encoding"), "gzip") << path;
    EXPECT_EQ(header(plain, "Content-Encoding"), "") << path;
    EXPECT_EQ(header(packed, "Vary"), "Accept-Encoding");
    EXPECT_EQ(header(plain, "Vary"), "Accept-Encoding") << "caches keep the two apart";
    EXPECT_EQ(packed.text(), gzip_text(plain.text())) << path;
    EXPECT_EQ(api.board(path, kNow, true).shared_body, packed.shared_body) << "compressed once, shared";
  }
}

TEST_F(BoardApiTest, CredentialsGuardTheBoardWhenSet) {
  ApiSecrets secrets;
  secrets.board_username = "ops";
  secrets.board_password = "s3cret-board";
  secrets.board_token = "board-token-1";
  ServeApi api(state_, metrics_, triggers_, log_, secrets);
  ApiRequest none;
  auto refused = api.board_refusal(none);
  ASSERT_TRUE(refused.has_value());
  EXPECT_EQ(refused->status, 401);
  EXPECT_EQ(refused->body.find("s3cret"), std::string::npos);
  ApiRequest wrong;
  wrong.headers["authorization"] = "Basic " + base64_encode("ops:wrong");
  EXPECT_TRUE(api.board_refusal(wrong).has_value());
  ApiRequest basic;
  basic.headers["authorization"] = "Basic " + base64_encode("ops:s3cret-board");
  EXPECT_FALSE(api.board_refusal(basic).has_value());
  ApiRequest bearer;
  bearer.headers["authorization"] = "Bearer board-token-1";
  EXPECT_FALSE(api.board_refusal(bearer).has_value());
  ServeApi open(state_, metrics_, triggers_, log_, {});
  EXPECT_FALSE(open.board_refusal(none).has_value());
}

TEST_F(BoardApiTest, AnEventCarriesTheLivePartAsDataLines) {
  ServeApi api(state_, metrics_, triggers_, log_, {});
  EXPECT_EQ(*api.board_event("", 0, kNow), "");
  publish();
  const std::string event = *api.board_event("", 7, kNow);
  ASSERT_EQ(event.rfind("event: board\nid: 7\ndata: ", 0), 0u);
  EXPECT_EQ(event.substr(event.size() - 2), "\n\n");
  EXPECT_EQ(event.find('\r'), std::string::npos);
  std::size_t start = 0;
  for (std::size_t end; (end = event.find('\n', start)) != std::string::npos && end > start; start = end + 1) {
    const std::string line = event.substr(start, end - start);
    EXPECT_TRUE(line.rfind("data: ", 0) == 0 || line.rfind("event: ", 0) == 0 || line.rfind("id: ", 0) == 0) << line;
  }
  EXPECT_TRUE(api.board_stream_refusal("nope").has_value());
  EXPECT_FALSE(api.board_stream_refusal("").has_value());
}

// The stream over a socket: a snapshot published after the browser connected arrives as an event.
TEST_F(BoardApiTest, PublishedSnapshotsReachAnOpenStream) {
  publish();
  ServeApi api(state_, metrics_, triggers_, log_, {});
  auto server = serve_on_loopback(api);
  ASSERT_TRUE(server.ok()) << server.error().to_string();
  std::string received;
  std::mutex mu;
  std::thread reader([&] {
    read_events((*server)->port(), 20, [&](const char* data, std::size_t n) {
      std::lock_guard<std::mutex> lock(mu);
      received.append(data, n);
      return received.find("event: board") == std::string::npos;  // stop after the first event
    });
  });
  auto seen = [&](const std::string& what) {
    for (int i = 0; i < 400; ++i) {
      {
        std::lock_guard<std::mutex> lock(mu);
        if (received.find(what) != std::string::npos) return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    return false;
  };
  ASSERT_TRUE(seen("retry: 3000")) << "the stream opened";
  {
    std::lock_guard<std::mutex> lock(mu);
    EXPECT_EQ(received.find("event: board"), std::string::npos) << "nothing new yet";
  }
  publish();
  EXPECT_TRUE(seen("event: board\nid: 2\n"));
  reader.join();
  (*server)->stop();
}

TEST_F(BoardApiTest, StopEndsOpenStreams) {
  publish();
  ServeApi api(state_, metrics_, triggers_, log_, {});
  auto server = serve_on_loopback(api);
  ASSERT_TRUE(server.ok());
  std::atomic<bool> ended{false};
  std::thread reader([&] {
    read_events((*server)->port(), 60, [](const char*, std::size_t) { return true; });
    ended = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  (*server)->stop();  // returns only once the stream's thread is done
  reader.join();
  EXPECT_TRUE(ended.load());
}

}  // namespace
}  // namespace fleetwave::serve
