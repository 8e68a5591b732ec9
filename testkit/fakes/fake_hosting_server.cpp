// Test support that includes <httplib.h> (CPPHTTPLIB_* macros come from pkg-config only).
#include "testkit/fakes/fake_hosting_server.h"

#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <regex>

#include "codec/json_reader.h"

namespace fleetwave::testkit {
namespace {

std::string dump_json(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

void answer(httplib::Response& res, int status, const Json& body) {
  res.status = status;
  res.set_content(dump_json(body), "application/json");
}

std::string encode_path(const std::string& s) {
  std::string out;
  const char* hex = "0123456789ABCDEF";
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

// The JSON body of a write request, or nullopt (answered with `status`).
std::optional<Json> json_body(const httplib::Request& req) {
  auto parsed = parse_json(req.body, "request", 32);
  if (!parsed.ok() || !parsed->is_object()) return std::nullopt;
  return *parsed;
}

}  // namespace

FakeGitProvider::FakeGitProvider(FakeGitProviderOptions options) : options_(std::move(options)) {}

Result<std::unique_ptr<FakeGitProvider>> FakeGitProvider::start(FakeGitProviderOptions options) {
  std::unique_ptr<FakeGitProvider> fake(new FakeGitProvider(std::move(options)));
  fake->server_ = std::make_unique<httplib::Server>();
  auto handler = [raw = fake.get()](const httplib::Request& req, httplib::Response& res) { raw->handle(req, res); };
  fake->server_->Get(R"(.*)", handler);
  fake->server_->Post(R"(.*)", handler);
  fake->server_->Put(R"(.*)", handler);
  fake->server_->Patch(R"(.*)", handler);
  FW_CHECK(fake->listen());
  return fake;
}

Status<> FakeGitProvider::listen() {
  port_ = server_->bind_to_any_port("127.0.0.1");
  if (port_ <= 0) return internal_error("fake git provider: cannot bind 127.0.0.1");
  thread_ = std::thread([this] { server_->listen_after_bind(); });
  for (int i = 0; i < 500 && !server_->is_running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (!server_->is_running()) return internal_error("fake git provider: the server did not start");
  return ok_status();
}

FakeGitProvider::~FakeGitProvider() {
  if (server_) server_->stop();
  if (thread_.joinable()) thread_.join();
}

std::string FakeGitProvider::api_url() const {
  return "http://127.0.0.1:" + std::to_string(port_) +
         (options_.kind == FakeProviderKind::GitHub ? "/api/v3" : "/api/v4");
}

void FakeGitProvider::handle(const httplib::Request& req, httplib::Response& res) {
  const bool is_github = options_.kind == FakeProviderKind::GitHub;
  std::optional<FakeProviderResponse> canned;
  {
    std::lock_guard<std::mutex> lock(mu_);
    log_.push_back(req.method + " " + req.target);
    if (unavailable_) {
      res.status = 503;
      res.set_content("<html><body>503 Service Unavailable</body></html>", "text/html");
      return;
    }
    canned = override_;
  }
  bool authorized = is_github ? req.get_header_value("Authorization") == "Bearer " + options_.token
                              : req.get_header_value("PRIVATE-TOKEN") == options_.token;
  if (!authorized) {
    if (is_github)
      return answer(res, 401, {{"message", "Bad credentials"}, {"documentation_url", "https://docs.github.com/rest"}});
    return answer(res, 401, {{"message", "401 Unauthorized"}});
  }
  if (canned) {
    res.status = canned->status;
    for (const auto& [name, value] : canned->headers) res.set_header(name, value);
    res.set_content(canned->body, "application/json");
    return;
  }
  const std::string raw_path = req.target.substr(0, req.target.find('?'));  // still percent-encoded
  const std::string prefix = is_github ? "/api/v3" : "/api/v4";
  if (raw_path.rfind(prefix, 0) != 0) return answer(res, 404, {{"message", "Not Found"}});
  std::lock_guard<std::mutex> lock(mu_);
  if (is_github) github(req.method, raw_path.substr(prefix.size()), req, res);
  else gitlab(req.method, raw_path.substr(prefix.size()), req, res);
}

FakeRequest* FakeGitProvider::find(std::int64_t number) {
  for (FakeRequest& r : requests_) {
    if (r.number == number) return &r;
  }
  return nullptr;
}

Json FakeGitProvider::github_pull(const FakeRequest& r, bool single) const {
  const std::string owner = options_.repository.substr(0, options_.repository.find('/'));
  Json pull = {
      {"id", 1000 + r.number},
      {"number", r.number},
      {"state", r.state == "open" ? "open" : "closed"},
      {"title", r.title},
      {"body", r.body},
      {"html_url", "https://github.example/" + options_.repository + "/pull/" + std::to_string(r.number)},
      {"url", "https://github.example/api/v3/repos/" + options_.repository + "/pulls/" + std::to_string(r.number)},
      {"user", {{"login", options_.bot_login}}},
      {"head", {{"ref", r.head}, {"label", owner + ":" + r.head}}},
      {"base", {{"ref", r.base}, {"label", owner + ":" + r.base}}},
      {"merged_at", r.state == "merged" ? Json("2026-01-01T00:00:00Z") : Json(nullptr)}};
  if (single) pull["merged"] = r.state == "merged";  // only the single-pull endpoint has it
  return pull;
}

void FakeGitProvider::github(const std::string& method, const std::string& path, const httplib::Request& req,
                             httplib::Response& res) {
  const std::string repo = "/repos/" + options_.repository;
  const Json not_found = {{"message", "Not Found"}, {"documentation_url", "https://docs.github.com/rest"}};
  if (path.rfind(repo + "/", 0) != 0) return answer(res, 404, not_found);
  const std::string rest = path.substr(repo.size());
  std::smatch m;
  if (method == "POST" && std::regex_match(rest, m, std::regex(R"(/statuses/([0-9a-f]{40}))")))
    return post_status(m[1], req, res);
  if (rest == "/pulls" && method == "GET") {
    std::string state = req.has_param("state") ? req.get_param_value("state") : "open";
    std::string head = req.get_param_value("head");
    Json list = Json::array();
    for (auto it = requests_.rbegin(); it != requests_.rend(); ++it) {  // newest first
      bool open = it->state == "open";
      if ((state == "open" && !open) || (state == "closed" && open)) continue;
      const std::string owner = options_.repository.substr(0, options_.repository.find('/'));
      if (!head.empty() && head != owner + ":" + it->head) continue;
      list.push_back(github_pull(*it, false));
    }
    return answer(res, 200, list);
  }
  if (rest == "/pulls" && method == "POST") {
    auto body = json_body(req);
    if (!body) return answer(res, 400, {{"message", "Problems parsing JSON"}});
    for (const char* field : {"head", "base", "title"}) {
      if (string_at(*body, {field}).empty()) {
        return answer(res, 422,
                      {{"message", "Validation Failed"},
                       {"errors", {{{"resource", "PullRequest"}, {"field", field}, {"code", "missing_field"}}}}});
      }
    }
    FakeRequest r;
    r.head = string_at(*body, {"head"});
    r.base = string_at(*body, {"base"});
    r.title = string_at(*body, {"title"});
    r.body = string_at(*body, {"body"});
    for (const FakeRequest& other : requests_) {
      if (other.state == "open" && other.head == r.head && other.base == r.base) {
        return answer(
            res, 422,
            {{"message", "Validation Failed"},
             {"errors",
              {{{"resource", "PullRequest"},
                {"code", "custom"},
                {"message", "A pull request already exists for " +
                                options_.repository.substr(0, options_.repository.find('/')) + ":" + r.head + "."}}}}});
      }
    }
    r.number = static_cast<std::int64_t>(requests_.size()) + 1;
    requests_.push_back(r);
    return answer(res, 201, github_pull(r, true));
  }
  if (std::regex_match(rest, m, std::regex(R"(/(pulls|issues)/(\d+)(/reviews|/comments)?)"))) {
    FakeRequest* r = find(std::stoll(m[2]));
    if (r == nullptr) return answer(res, 404, not_found);
    const std::string kind = m[1], sub = m[3];
    if (kind == "pulls" && sub.empty() && method == "GET") return answer(res, 200, github_pull(*r, true));
    if (kind == "pulls" && sub.empty() && method == "PATCH") {
      auto body = json_body(req);
      if (!body) return answer(res, 400, {{"message", "Problems parsing JSON"}});
      std::string state = string_at(*body, {"state"});
      if (state == "closed" && r->state == "open") r->state = "closed";
      if (state == "open" && r->state == "closed") r->state = "open";
      return answer(res, 200, github_pull(*r, true));
    }
    if (kind == "pulls" && sub == "/reviews" && method == "GET") {
      Json list = Json::array();
      for (std::size_t i = 0; i < r->reviews.size(); ++i) {
        list.push_back({{"id", 80 + i},
                        {"user", {{"login", r->reviews[i].login}}},
                        {"state", r->reviews[i].state},
                        {"body", ""},
                        {"html_url", github_pull(*r, false)["html_url"].get<std::string>() + "#pullrequestreview-" +
                                         std::to_string(80 + i)},
                        {"submitted_at", "2026-01-01T00:00:00Z"}});
      }
      return answer(res, 200, list);
    }
    if (kind == "issues" && sub == "/comments" && method == "POST") {
      auto body = json_body(req);
      if (!body || string_at(*body, {"body"}).empty()) {
        return answer(res, 422,
                      {{"message", "Validation Failed"},
                       {"errors", {{{"resource", "IssueComment"}, {"field", "body"}, {"code", "missing_field"}}}}});
      }
      r->comments.push_back(string_at(*body, {"body"}));
      return answer(res, 201,
                    {{"id", 500 + r->comments.size()},
                     {"body", r->comments.back()},
                     {"user", {{"login", options_.bot_login}}},
                     {"html_url", github_pull(*r, false)["html_url"].get<std::string>() + "#issuecomment-" +
                                      std::to_string(500 + r->comments.size())}});
    }
  }
  return answer(res, 404, not_found);
}

Json FakeGitProvider::gitlab_merge_request(const FakeRequest& r) const {
  return {
      {"id", 2000 + r.number},
      {"iid", r.number},
      {"project_id", 42},
      {"title", r.title},
      {"description", r.body},
      {"state", r.state == "open" ? "opened" : r.state},
      {"source_branch", r.head},
      {"target_branch", r.base},
      {"author", {{"username", options_.bot_login}}},
      {"web_url", "https://gitlab.example/" + options_.repository + "/-/merge_requests/" + std::to_string(r.number)},
      {"merged_at", r.state == "merged" ? Json("2026-01-01T00:00:00Z") : Json(nullptr)}};
}

Json FakeGitProvider::gitlab_approvals(const FakeRequest& r) const {
  Json by = Json::array();
  for (const FakeReview& review : r.reviews) {
    if (review.state == "APPROVED")
      by.push_back({{"user", {{"id", 7}, {"username", review.login}, {"name", review.login}}}});
  }
  int left = std::max(0, options_.gitlab_approvals_required - static_cast<int>(by.size()));
  return {{"id", 2000 + r.number},
          {"iid", r.number},
          {"project_id", 42},
          {"title", r.title},
          {"state", r.state == "open" ? "opened" : r.state},
          {"approved", left == 0},
          {"approvals_required", options_.gitlab_approvals_required},
          {"approvals_left", left},
          {"approved_by", by}};
}

void FakeGitProvider::gitlab(const std::string& method, const std::string& path, const httplib::Request& req,
                             httplib::Response& res) {
  const std::string project = "/projects/" + encode_path(options_.repository);
  if (path.rfind(project + "/", 0) != 0) return answer(res, 404, {{"message", "404 Project Not Found"}});
  const std::string rest = path.substr(project.size());
  std::smatch m;
  if (method == "POST" && std::regex_match(rest, m, std::regex(R"(/statuses/([0-9a-f]{40}))")))
    return post_status(m[1], req, res);
  if (rest == "/merge_requests" && method == "GET") {
    std::string state = req.get_param_value("state"), source = req.get_param_value("source_branch");
    Json list = Json::array();
    for (auto it = requests_.rbegin(); it != requests_.rend(); ++it) {
      std::string s = it->state == "open" ? "opened" : it->state;
      if ((!state.empty() && state != "all" && state != s) || (!source.empty() && source != it->head)) continue;
      list.push_back(gitlab_merge_request(*it));
    }
    return answer(res, 200, list);
  }
  if (rest == "/merge_requests" && method == "POST") {
    auto body = json_body(req);
    if (!body) return answer(res, 400, {{"error", "body is invalid"}});
    for (const char* field : {"source_branch", "target_branch", "title"}) {
      if (string_at(*body, {field}).empty()) return answer(res, 400, {{"error", std::string(field) + " is missing"}});
    }
    FakeRequest r;
    r.head = string_at(*body, {"source_branch"});
    r.base = string_at(*body, {"target_branch"});
    r.title = string_at(*body, {"title"});
    r.body = string_at(*body, {"description"});
    for (const FakeRequest& other : requests_) {
      if (other.state == "open" && other.head == r.head && other.base == r.base) {
        return answer(
            res, 409,
            {{"message",
              {"Another open merge request already exists for this source branch: !" + std::to_string(other.number)}}});
      }
    }
    r.number = static_cast<std::int64_t>(requests_.size()) + 1;
    requests_.push_back(r);
    return answer(res, 201, gitlab_merge_request(r));
  }
  if (std::regex_match(rest, m, std::regex(R"(/merge_requests/(\d+)(/approvals|/notes)?)"))) {
    FakeRequest* r = find(std::stoll(m[1]));
    if (r == nullptr) return answer(res, 404, {{"message", "404 Not found"}});
    const std::string sub = m[2];
    if (sub.empty() && method == "GET") return answer(res, 200, gitlab_merge_request(*r));
    if (sub.empty() && method == "PUT") {
      auto body = json_body(req);
      if (!body) return answer(res, 400, {{"error", "body is invalid"}});
      std::string event = string_at(*body, {"state_event"});
      if (event == "close" && r->state == "open") r->state = "closed";
      if (event == "reopen" && r->state == "closed") r->state = "open";
      return answer(res, 200, gitlab_merge_request(*r));
    }
    if (sub == "/approvals" && method == "GET") return answer(res, 200, gitlab_approvals(*r));
    if (sub == "/notes" && method == "POST") {
      auto body = json_body(req);
      if (!body || string_at(*body, {"body"}).empty()) return answer(res, 400, {{"error", "body is missing"}});
      r->comments.push_back(string_at(*body, {"body"}));
      return answer(res, 201,
                    {{"id", 700 + r->comments.size()},
                     {"body", r->comments.back()},
                     {"author", {{"username", options_.bot_login}}},
                     {"noteable_type", "MergeRequest"},
                     {"noteable_iid", r->number},
                     {"system", false}});
    }
  }
  return answer(res, 404, {{"message", "404 Not found"}});
}

Status<> FakeGitProvider::review(std::int64_t number, const std::string& login, const std::string& state) {
  std::lock_guard<std::mutex> lock(mu_);
  FakeRequest* r = find(number);
  if (r == nullptr) return not_found("fake git provider: no request " + std::to_string(number));
  r->reviews.push_back({login, state});
  return ok_status();
}

Status<> FakeGitProvider::set_state(std::int64_t number, const std::string& state) {
  std::lock_guard<std::mutex> lock(mu_);
  FakeRequest* r = find(number);
  if (r == nullptr) return not_found("fake git provider: no request " + std::to_string(number));
  r->state = state;
  return ok_status();
}

std::int64_t FakeGitProvider::add_request(FakeRequest request) {
  std::lock_guard<std::mutex> lock(mu_);
  request.number = static_cast<std::int64_t>(requests_.size()) + 1;
  requests_.push_back(request);
  return request.number;
}

std::vector<FakeRequest> FakeGitProvider::requests() const {
  std::lock_guard<std::mutex> lock(mu_);
  return requests_;
}

std::optional<FakeRequest> FakeGitProvider::request(std::int64_t number) const {
  std::lock_guard<std::mutex> lock(mu_);
  for (const FakeRequest& r : requests_) {
    if (r.number == number) return r;
  }
  return std::nullopt;
}

void FakeGitProvider::post_status(const std::string& sha, const httplib::Request& req, httplib::Response& res) {
  const bool is_github = options_.kind == FakeProviderKind::GitHub;
  auto body = json_body(req);
  if (!body) return answer(res, 400, {{"message", "Problems parsing JSON"}});
  FakeCommitStatus status;
  status.sha = sha;
  status.state = string_at(*body, {"state"});
  status.context = string_at(*body, {is_github ? "context" : "name"});
  status.description = string_at(*body, {"description"});
  status.target_url = string_at(*body, {"target_url"});
  status.authorization = req.get_header_value(is_github ? "Authorization" : "PRIVATE-TOKEN");
  if (status.context.empty()) status.context = "default";  // both hosts' default
  const std::vector<std::string> states =
      is_github ? std::vector<std::string>{"pending", "success", "failure", "error"}
                : std::vector<std::string>{"pending", "running", "success", "failed", "canceled"};
  if (std::find(states.begin(), states.end(), status.state) == states.end()) {
    if (is_github)
      return answer(res, 422,
                    {{"message", "Validation Failed"},
                     {"errors", {{{"resource", "Status"}, {"field", "state"}, {"code", "custom"}}}}});
    return answer(res, 400, {{"message", "state does not have a valid value"}});
  }
  if (!is_github) {
    for (auto it = statuses_.rbegin(); it != statuses_.rend(); ++it) {
      if (it->sha != sha || it->context != status.context) continue;
      if (it->state == status.state)
        return answer(res, 400, {{"message", "Cannot transition status via :" + status.state + " from :" + it->state}});
      break;
    }
  }
  statuses_.push_back(status);
  Json out = {{"id", statuses_.size()},
              {"state", status.state},
              {"description", status.description},
              {"target_url", status.target_url.empty() ? Json(nullptr) : Json(status.target_url)}};
  out[is_github ? "context" : "name"] = status.context;
  if (!is_github) out["sha"] = sha;
  return answer(res, 201, out);
}

std::vector<FakeCommitStatus> FakeGitProvider::statuses() const {
  std::lock_guard<std::mutex> lock(mu_);
  return statuses_;
}

std::vector<std::string> FakeGitProvider::request_log() const {
  std::lock_guard<std::mutex> lock(mu_);
  return log_;
}

void FakeGitProvider::set_unavailable(bool unavailable) {
  std::lock_guard<std::mutex> lock(mu_);
  unavailable_ = unavailable;
}

void FakeGitProvider::set_response_override(std::optional<FakeProviderResponse> response) {
  std::lock_guard<std::mutex> lock(mu_);
  override_ = std::move(response);
}

}  // namespace fleetwave::testkit
