// Test support that includes <httplib.h> (CPPHTTPLIB_* macros come from pkg-config only).
#include "testkit/fakes/fake_webhook_receiver.h"

#include <httplib.h>

#include <algorithm>
#include <cctype>

namespace fleetwave::testkit {

Result<std::unique_ptr<FakeWebhookReceiver>> FakeWebhookReceiver::start() {
  std::unique_ptr<FakeWebhookReceiver> fake(new FakeWebhookReceiver());
  fake->server_ = std::make_unique<httplib::Server>();
  fake->server_->Post(R"(.*)", [raw = fake.get()](const httplib::Request& req, httplib::Response& res) {
    std::chrono::milliseconds delay{0};
    int status = 200;
    {
      std::lock_guard<std::mutex> lock(raw->mu_);
      ReceivedWebhook r{req.target, {}, req.body};
      for (const auto& [name, value] : req.headers) {
        std::string lower = name;
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
        r.headers[lower] = value;
      }
      const std::size_t n = raw->received_.size();
      raw->received_.push_back(std::move(r));
      if (!raw->script_.empty()) status = raw->script_[std::min(n, raw->script_.size() - 1)];
      delay = raw->delay_;
    }
    raw->cv_.notify_all();
    if (delay.count() > 0) std::this_thread::sleep_for(delay);
    res.status = status;
    res.set_content(status < 300 ? "ok" : "no", "text/plain");
  });
  fake->port_ = fake->server_->bind_to_any_port("127.0.0.1");
  if (fake->port_ <= 0) return internal_error("fake webhook receiver: cannot bind 127.0.0.1");
  fake->thread_ = std::thread([raw = fake.get()] { raw->server_->listen_after_bind(); });
  for (int i = 0; i < 500 && !fake->server_->is_running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (!fake->server_->is_running()) return internal_error("fake webhook receiver: the server did not start");
  return fake;
}

FakeWebhookReceiver::~FakeWebhookReceiver() {
  if (server_) server_->stop();
  if (thread_.joinable()) thread_.join();
}

std::string FakeWebhookReceiver::url(const std::string& target) const {
  return "http://127.0.0.1:" + std::to_string(port_) + target;
}

void FakeWebhookReceiver::script(std::vector<int> statuses) {
  std::lock_guard<std::mutex> lock(mu_);
  script_ = std::move(statuses);
}

void FakeWebhookReceiver::set_delay(std::chrono::milliseconds d) {
  std::lock_guard<std::mutex> lock(mu_);
  delay_ = d;
}

std::vector<ReceivedWebhook> FakeWebhookReceiver::received() const {
  std::lock_guard<std::mutex> lock(mu_);
  return received_;
}

std::size_t FakeWebhookReceiver::wait_for(std::size_t n, std::chrono::milliseconds timeout) const {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait_for(lock, timeout, [&] { return received_.size() >= n; });
  return received_.size();
}

}  // namespace fleetwave::testkit
