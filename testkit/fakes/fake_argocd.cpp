// The test-support file that includes <httplib.h> (besides the product adapter
// adapters/argocd/http_argocd_client.cpp). CPPHTTPLIB_* macros come from pkg-config only.
#include "testkit/fakes/fake_argocd.h"

#include <httplib.h>

#include <algorithm>

#include "codec/json_reader.h"

namespace fleetwave::testkit {
namespace {

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

// Argo CD's gRPC-gateway error body; `code` is the gRPC status code.
void answer_error(httplib::Response& res, int http_status, int grpc_code, const std::string& message) {
  res.status = http_status;
  res.set_content(dump({{"error", message}, {"code", grpc_code}, {"message", message}}), "application/json");
}

void answer_not_found(httplib::Response& res, const std::string& name) {
  answer_error(res, 404, 5, "applications.argoproj.io \"" + name + "\" not found");
}

}  // namespace

FakeArgoCd::FakeArgoCd(FakeArgoCdOptions options) : options_(std::move(options)) {}

Result<std::unique_ptr<FakeArgoCd>> FakeArgoCd::start(FakeArgoCdOptions options) {
  bool tls = !options.tls_cert_path.empty() || !options.tls_key_path.empty();
  if (tls && (options.tls_cert_path.empty() || options.tls_key_path.empty())) {
    return invalid_input("fake Argo CD: HTTPS needs both a certificate and a key");
  }
  std::unique_ptr<FakeArgoCd> fake(new FakeArgoCd(std::move(options)));
  if (tls) {
    fake->server_ =
        std::make_unique<httplib::SSLServer>(fake->options_.tls_cert_path.c_str(), fake->options_.tls_key_path.c_str());
  } else {
    fake->server_ = std::make_unique<httplib::Server>();
  }
  if (!fake->server_->is_valid()) return internal_error("fake Argo CD: cannot load the TLS certificate or key");
  fake->register_routes();
  FW_CHECK(fake->listen());
  return fake;
}

Status<> FakeArgoCd::listen() {
  server_->set_payload_max_length(std::size_t{1} << 20);
  const std::string where = options_.host + ":" + std::to_string(options_.port);
  if (options_.port == 0) {
    port_ = server_->bind_to_any_port(options_.host);
  } else {
    port_ = server_->bind_to_port(options_.host, options_.port) ? options_.port : -1;
  }
  if (port_ <= 0) return internal_error("fake Argo CD: cannot bind " + where);
  thread_ = std::thread([this] { server_->listen_after_bind(); });
  // 0.11.4 has no wait_until_ready(): poll is_running().
  for (int i = 0; i < 500 && !server_->is_running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (!server_->is_running()) return internal_error("fake Argo CD: the server did not start");
  return ok_status();
}

FakeArgoCd::~FakeArgoCd() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  stopping_cv_.notify_all();
  if (server_) server_->stop();
  if (thread_.joinable()) thread_.join();
}

std::string FakeArgoCd::url() const {
  return std::string(options_.tls_cert_path.empty() ? "http" : "https") + "://" + options_.host + ":" +
         std::to_string(port_) + options_.root_path;
}

void FakeArgoCd::register_routes() {
  server_->set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    return pre_route(req, res) ? httplib::Server::HandlerResponse::Handled
                               : httplib::Server::HandlerResponse::Unhandled;
  });
  const std::string api = options_.root_path + "/api/v1/applications";
  server_->Get(api, [this](const httplib::Request& req, httplib::Response& res) { handle_list(req, res); });
  server_->Get(api + "/([^/]+)", [this](const httplib::Request& req, httplib::Response& res) { handle_get(req, res); });
  server_->Get(options_.root_path + "/api/v1/clusters", [this](const httplib::Request&, httplib::Response& res) {
    std::lock_guard<std::mutex> lock(mu_);
    Json items = Json::array();
    for (const auto& [name, cluster] : clusters_) items.push_back(cluster);
    res.set_content(Json{{"metadata", Json::object()}, {"items", items}}.dump(), "application/json");
  });
  server_->Post(api + "/([^/]+)/sync",
                [this](const httplib::Request& req, httplib::Response& res) { handle_sync(req, res); });
  auto answer_with = [](FakeRoute::Handler handler) {
    return [handler](const httplib::Request& req, httplib::Response& res) {
      std::vector<std::string> captures;
      for (std::size_t i = 1; i < req.matches.size(); ++i) captures.push_back(req.matches[i]);
      FakeResponse answer = handler(captures);
      res.status = answer.status;
      res.set_content(answer.body, answer.content_type);
    };
  };
  for (const FakeRoute& route : options_.extra_get_routes) {
    server_->Get(options_.root_path + route.pattern, answer_with(route.handler));
  }
  for (const FakeRoute& route : options_.extra_post_routes) {
    server_->Post(options_.root_path + route.pattern, answer_with(route.handler));
  }
}

bool FakeArgoCd::pre_route(const httplib::Request& req, httplib::Response& res) {
  bool unavailable = false;
  std::optional<FakeResponse> canned;
  {
    std::unique_lock<std::mutex> lock(mu_);
    ++request_count_;
    request_targets_.push_back(req.method + " " + req.target);
    unavailable = unavailable_;
    canned = override_;
    if (delay_.count() > 0) stopping_cv_.wait_for(lock, delay_, [this] { return stopping_; });
  }
  if (unavailable) {
    res.status = 503;
    res.set_content("upstream connect error or disconnect/reset before headers", "text/plain");
    return true;
  }
  if (req.get_header_value("Authorization") != "Bearer " + options_.token) {
    answer_error(res, 401, 16, "no session information");
    return true;
  }
  if (canned) {
    res.status = canned->status;
    if (!canned->chunked) {
      res.set_content(canned->body, canned->content_type);
      return true;
    }
    auto body = std::make_shared<std::string>(std::move(canned->body));
    res.set_chunked_content_provider(canned->content_type, [body](std::size_t offset, httplib::DataSink& sink) {
      if (offset >= body->size()) {
        sink.done();
        return true;
      }
      return sink.write(body->data() + offset, std::min<std::size_t>(64 * 1024, body->size() - offset));
    });
    return true;
  }
  return false;
}

void FakeArgoCd::handle_list(const httplib::Request& req, httplib::Response& res) {
  Result<LabelSelector> selector =
      LabelSelector::parse(req.has_param("selector") ? req.get_param_value("selector") : "");
  if (!selector.ok()) {
    answer_error(res, 400, 3, "error parsing labelSelector: " + selector.error().message);
    return;
  }
  // As Argo CD answers: items sorted by name, an empty list marshalled as null.
  std::string body = "{\"items\":";
  std::size_t count = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [name, entry] : apps_) {
      if (!selector->matches(entry.labels)) continue;
      body += count++ == 0 ? "[" : ",";
      body += entry.text;
    }
    body += count == 0 ? "null" : "]";
    body += ",\"metadata\":{\"resourceVersion\":\"" + std::to_string(resource_version_) + "\"}}";
  }
  res.set_content(std::move(body), "application/json");
}

FakeArgoCd::StoredApp FakeArgoCd::stored(Json app) {
  StoredApp out;
  out.text = dump(app);
  out.labels = labels_of(app);
  out.app = std::move(app);
  return out;
}

void FakeArgoCd::handle_get(const httplib::Request& req, httplib::Response& res) {
  const std::string name = req.matches[1];
  std::lock_guard<std::mutex> lock(mu_);
  auto it = apps_.find(name);
  if (it == apps_.end()) return answer_not_found(res, name);
  if (req.has_param("refresh")) refresh_calls_.push_back(name);
  res.set_content(it->second.text, "application/json");
}

void FakeArgoCd::handle_sync(const httplib::Request& req, httplib::Response& res) {
  const std::string name = req.matches[1];
  Json body = Json::object();
  if (!req.body.empty()) {
    Result<Json> parsed = parse_json(req.body, "sync request", 32);
    if (!parsed.ok() || !parsed->is_object()) return answer_error(res, 400, 3, "invalid sync request body");
    body = std::move(parsed).value();
  }
  const Json* body_name = find_member(body, "name");
  if (body_name != nullptr && (!body_name->is_string() || body_name->get<std::string>() != name)) {
    return answer_error(res, 400, 3, "request name does not match the path");
  }
  std::lock_guard<std::mutex> lock(mu_);
  auto it = apps_.find(name);
  if (it == apps_.end()) return answer_not_found(res, name);
  if (string_at(it->second.app, {"status", "operationState", "phase"}) == "Running") {
    return answer_error(res, 400, 9, "another operation is already in progress");
  }
  sync_calls_.push_back({name, string_at(body, {"revision"})});
  res.set_content(it->second.text, "application/json");
}

Status<> FakeArgoCd::put_application(Json application) {
  std::string name = string_at(application, {"metadata", "name"});
  if (name.empty()) return invalid_input("fake Argo CD: an Application needs metadata.name");
  std::lock_guard<std::mutex> lock(mu_);
  apps_[name] = stored(std::move(application));
  ++resource_version_;
  return ok_status();
}

Status<> FakeArgoCd::remove_application(const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  if (apps_.erase(name) == 0) return not_found("fake Argo CD: no application " + name);
  ++resource_version_;
  return ok_status();
}

Status<> FakeArgoCd::update_application(const std::string& name, const std::function<void(Json&)>& edit) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = apps_.find(name);
  if (it == apps_.end()) return not_found("fake Argo CD: no application " + name);
  Json edited = std::move(it->second.app);
  edit(edited);
  it->second = stored(std::move(edited));
  ++resource_version_;
  return ok_status();
}

std::optional<Json> FakeArgoCd::application(const std::string& name) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = apps_.find(name);
  if (it == apps_.end()) return std::nullopt;
  return it->second.app;
}

Status<> FakeArgoCd::mark_synced(const std::string& name, const std::string& revision, const std::string& health,
                                 const std::string& finished_at) {
  return update_application(name, [&](Json& app) { set_synced(app, revision, health, finished_at); });
}
Status<> FakeArgoCd::mark_progressing(const std::string& name, const std::string& revision) {
  return update_application(name, [&](Json& app) { set_progressing(app, revision); });
}
Status<> FakeArgoCd::mark_sync_running(const std::string& name, const std::string& revision) {
  return update_application(name, [&](Json& app) { set_sync_running(app, revision); });
}
Status<> FakeArgoCd::mark_degraded(const std::string& name, const std::string& revision, const std::string& message) {
  return update_application(name, [&](Json& app) { set_degraded(app, revision, message); });
}
Status<> FakeArgoCd::mark_failed(const std::string& name, const std::string& revision, const std::string& message) {
  return update_application(name, [&](Json& app) { set_sync_failed(app, revision, message); });
}
Status<> FakeArgoCd::mark_out_of_sync(const std::string& name, const std::string& revision) {
  return update_application(name, [&](Json& app) { set_out_of_sync(app, revision); });
}

void FakeArgoCd::set_cluster_connection(const std::string& name, const std::string& server, const std::string& status,
                                        const std::string& message, const std::string& attempted_at) {
  std::lock_guard<std::mutex> lock(mu_);
  Json state = {{"status", status}, {"message", message}};
  if (!attempted_at.empty()) state["attemptedAt"] = attempted_at;
  clusters_[name] = {{"name", name}, {"server", server}, {"info", {{"connectionState", state}}}};
}

void FakeArgoCd::register_cluster(const std::string& name, const std::string& server) {
  std::lock_guard<std::mutex> lock(mu_);
  if (clusters_.count(name) != 0) return;
  clusters_[name] = {{"name", name}, {"server", server}, {"info", {{"connectionState", {{"status", "Successful"}}}}}};
}

void FakeArgoCd::set_unavailable(bool unavailable) {
  std::lock_guard<std::mutex> lock(mu_);
  unavailable_ = unavailable;
}

void FakeArgoCd::set_response_override(std::optional<FakeResponse> response) {
  std::lock_guard<std::mutex> lock(mu_);
  override_ = std::move(response);
}

void FakeArgoCd::set_response_delay(std::chrono::milliseconds delay) {
  std::lock_guard<std::mutex> lock(mu_);
  delay_ = delay;
}

std::size_t FakeArgoCd::request_count() const {
  std::lock_guard<std::mutex> lock(mu_);
  return request_count_;
}

std::vector<std::string> FakeArgoCd::request_targets() const {
  std::lock_guard<std::mutex> lock(mu_);
  return request_targets_;
}

std::vector<FakeSyncCall> FakeArgoCd::sync_calls() const {
  std::lock_guard<std::mutex> lock(mu_);
  return sync_calls_;
}

std::vector<std::string> FakeArgoCd::refresh_calls() const {
  std::lock_guard<std::mutex> lock(mu_);
  return refresh_calls_;
}

}  // namespace fleetwave::testkit
