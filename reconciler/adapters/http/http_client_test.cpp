// The shared HTTP client against servers that never finish their answer (E5, E6 of the trust
// issue): each exchange ends by a limit, keeps only what the limits allow, and a cancel flag
// set by another thread ends it within the poll interval.
#include "adapters/http/http_client.h"

#include <future>
#include <thread>

#include <gtest/gtest.h>

#include "testkit/fakes/fake_webhook_receiver.h"
#include "testkit/servers/hostile_http_server.h"

namespace fleetwave {
namespace {

using std::chrono::milliseconds;
using testkit::HostileAnswer;
using testkit::HostileHttpServer;

std::unique_ptr<HostileHttpServer> hostile(HostileAnswer answer, milliseconds every = milliseconds(300)) {
  auto server = HostileHttpServer::start(answer, every);
  EXPECT_TRUE(server.ok()) << server.error().to_string();
  return server.ok() ? std::move(server).value() : nullptr;
}

HttpEndpoint endpoint_of(const std::string& url) {
  auto endpoint = parse_http_endpoint(url, "test URL");
  EXPECT_TRUE(endpoint.ok()) << endpoint.error().to_string();
  return endpoint.ok() ? *endpoint : HttpEndpoint{};
}

HttpClientLimits short_limits() {
  HttpClientLimits limits;
  limits.connect_timeout = milliseconds(2000);
  limits.idle_timeout = milliseconds(1000);
  limits.deadline = milliseconds(5000);
  return limits;
}

TEST(HttpClient, AServerStreamingHeadersIsCutAtTheHeaderLimit) {
  auto server = hostile(HostileAnswer::EndlessHeaders);
  ASSERT_NE(server, nullptr);
  const HttpClientAnswer got = http_exchange(endpoint_of(server->url()), {}, short_limits());
  EXPECT_EQ(got.failure, HttpFailure::HeadersTooLarge);
  EXPECT_LE(got.headers.size(), 100u);
  EXPECT_LT(got.elapsed, milliseconds(2000));
  // What was sent before the cut: the 64 KiB limit plus what the kernel's buffers held.
  EXPECT_LT(server->bytes_sent(), std::size_t{16} << 20);
}

TEST(HttpClient, ManySmallHeadersAreCutAtTheCountLimit) {
  auto server = hostile(HostileAnswer::EndlessHeaders);
  ASSERT_NE(server, nullptr);
  HttpClientLimits limits = short_limits();
  limits.max_header_count = 10;
  const HttpClientAnswer got = http_exchange(endpoint_of(server->url()), {}, limits);
  EXPECT_EQ(got.failure, HttpFailure::HeadersTooLarge);
  EXPECT_LE(got.headers.size(), 10u);
}

TEST(HttpClient, EndlessInterimAnswersCountTowardTheHeaderLimit) {
  auto server = hostile(HostileAnswer::EndlessContinue);
  ASSERT_NE(server, nullptr);
  const HttpClientAnswer got = http_exchange(endpoint_of(server->url()), {}, short_limits());
  EXPECT_EQ(got.failure, HttpFailure::HeadersTooLarge);
  EXPECT_LT(got.elapsed, milliseconds(2000));
}

TEST(HttpClient, AnEndlessBodyStopsAtTheBodyLimitAndKeepsNothing) {
  auto server = hostile(HostileAnswer::EndlessBody);
  ASSERT_NE(server, nullptr);
  HttpClientLimits limits = short_limits();
  limits.max_body_bytes = std::size_t{1} << 20;
  const HttpClientAnswer got = http_exchange(endpoint_of(server->url()), {}, limits);
  EXPECT_EQ(got.failure, HttpFailure::BodyTooLarge);
  EXPECT_TRUE(got.body.empty());
}

TEST(HttpClient, ATrickledAnswerEndsAtTheDeadline) {
  auto server = hostile(HostileAnswer::TrickledBody, milliseconds(200));  // never idle for 1 s
  ASSERT_NE(server, nullptr);
  HttpClientLimits limits = short_limits();
  limits.deadline = milliseconds(1500);
  const HttpClientAnswer got = http_exchange(endpoint_of(server->url()), {}, limits);
  EXPECT_EQ(got.failure, HttpFailure::Timeout);
  EXPECT_GE(got.elapsed, milliseconds(1400));
  EXPECT_LT(got.elapsed, milliseconds(2500));
}

TEST(HttpClient, AnIdleServerEndsAtTheIdleTimeoutWithMillisecondPrecision) {
  auto server = hostile(HostileAnswer::TrickledBody, milliseconds(60'000));  // one byte, then nothing
  ASSERT_NE(server, nullptr);
  HttpClientLimits limits = short_limits();
  limits.idle_timeout = milliseconds(300);
  const HttpClientAnswer got = http_exchange(endpoint_of(server->url()), {}, limits);
  EXPECT_EQ(got.failure, HttpFailure::Timeout);
  EXPECT_LT(got.elapsed, milliseconds(1000));
}

TEST(HttpClient, ACancelFlagEndsAnExchangeInFlight) {
  auto server = hostile(HostileAnswer::TrickledBody, milliseconds(100));
  ASSERT_NE(server, nullptr);
  std::atomic<bool> cancel{false};
  auto exchange = std::async(std::launch::async, [&] {
    const HttpCancelScope scope(&cancel);
    HttpClientLimits limits = short_limits();
    limits.deadline = milliseconds(60'000);
    return http_exchange(endpoint_of(server->url()), {}, limits);
  });
  std::this_thread::sleep_for(milliseconds(300));
  const auto set_at = std::chrono::steady_clock::now();
  cancel.store(true);
  const HttpClientAnswer got = exchange.get();
  EXPECT_EQ(got.failure, HttpFailure::Canceled);
  EXPECT_LT(std::chrono::steady_clock::now() - set_at, milliseconds(500));
}

TEST(HttpClient, AScopeOnAnotherThreadCancelsNothingHere) {
  auto receiver = testkit::FakeWebhookReceiver::start();
  ASSERT_TRUE(receiver.ok()) << receiver.error().to_string();
  std::atomic<bool> cancelled{true};
  std::thread other([&] { const HttpCancelScope scope(&cancelled); });
  other.join();
  HttpClientRequest request;
  request.method = "POST";
  request.path_and_query = "/hook?x=1";
  request.headers = {{"Content-Type", "application/json"}, {"X-Test", "yes"}};
  request.body = R"({"a":1})";
  const HttpClientAnswer got = http_exchange(endpoint_of((*receiver)->url("")), request, short_limits());
  ASSERT_TRUE(got.answered()) << http_failure_name(got.failure) << " " << got.library_error;
  EXPECT_EQ(got.status, 200);
  ASSERT_EQ((*receiver)->received().size(), 1u);
  const testkit::ReceivedWebhook sent = (*receiver)->received()[0];
  EXPECT_EQ(sent.target, "/hook?x=1");
  EXPECT_EQ(sent.body, R"({"a":1})");
  EXPECT_EQ(sent.headers.at("x-test"), "yes");
  EXPECT_EQ(sent.headers.at("content-type"), "application/json");
  EXPECT_EQ(sent.headers.count("expect"), 0u);
}

TEST(HttpClient, AHeaderWithALineBreakIsRefusedWithoutSending) {
  auto receiver = testkit::FakeWebhookReceiver::start();
  ASSERT_TRUE(receiver.ok()) << receiver.error().to_string();
  HttpClientRequest request;
  request.headers = {{"X-Test", "yes\r\nX-Injected: 1"}};
  const HttpClientAnswer got = http_exchange(endpoint_of((*receiver)->url("")), request, short_limits());
  EXPECT_EQ(got.failure, HttpFailure::Other);
  EXPECT_EQ(got.library_error, "a header with a line break");
  EXPECT_TRUE((*receiver)->received().empty());
}

}  // namespace
}  // namespace fleetwave
