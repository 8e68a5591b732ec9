// The only file that includes <curl/curl.h> (.ci/lint). libcurl rather than cpp-httplib for
// outgoing requests: cpp-httplib 0.11 keeps every response header line and header without a
// limit and has only a per-read timeout, so a server streaming headers or trickling bytes could
// grow memory or hold a thread without bound; libcurl gives a header callback to count them, a
// whole-transfer deadline, and a multi loop we can cancel between polls.
#include "adapters/http/http_client.h"

#include <algorithm>
#include <curl/curl.h>
#include <memory>
#include <mutex>
#include <string_view>

#include "base/enum_names.h"
#include "base/text.h"

namespace fleetwave {
namespace {

using SteadyClock = std::chrono::steady_clock;
constexpr long kCancelPollMs = 100;  // how soon a set cancel flag ends an exchange

thread_local const std::atomic<bool>* current_cancel = nullptr;  // see HttpCancelScope

void init_curl_once() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct EasyDeleter {
  void operator()(CURL* easy) const { curl_easy_cleanup(easy); }
};
struct MultiDeleter {
  void operator()(CURLM* multi) const { curl_multi_cleanup(multi); }
};
struct ListDeleter {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};

// What the callbacks see of one exchange.
struct Transfer {
  const HttpClientLimits& limits;
  HttpClientAnswer& answer;
  CURL* easy = nullptr;
  const std::function<bool(std::string_view)>* sink = nullptr;  // the request's body_sink, when set
  std::size_t header_bytes = 0;
  std::size_t header_count = 0;
  bool headers_too_large = false;
  bool body_too_large = false;
  bool went_idle = false;
  SteadyClock::time_point last_byte{};  // of the answer; set when connected
};

void keep_header(HttpClientAnswer& answer, std::string_view line) {
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos) return;
  answer.headers.emplace_back(ascii_lower(trim_space(line.substr(0, colon))), trim_space(line.substr(colon + 1)));
}

// Counts every header line of every response (1xx included, so an endless run of
// "100 Continue" is capped too); keeps the fields of the last one.
std::size_t on_header(char* data, std::size_t size, std::size_t count, void* user) {
  Transfer& t = *static_cast<Transfer*>(user);
  const std::size_t n = size * count;
  const std::string_view line(data, n);
  t.last_byte = SteadyClock::now();
  t.header_bytes += n;
  if (t.header_bytes > t.limits.max_header_bytes) {
    t.headers_too_large = true;
    return 0;  // aborts the transfer
  }
  if (line.rfind("HTTP/", 0) == 0) {
    t.answer.headers.clear();
    return n;
  }
  if (trim_space(line).empty()) return n;
  if (++t.header_count > t.limits.max_header_count) {
    t.headers_too_large = true;
    return 0;
  }
  keep_header(t.answer, line);
  return n;
}

std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user) {
  Transfer& t = *static_cast<Transfer*>(user);
  const std::size_t n = size * count;
  t.last_byte = SteadyClock::now();
  if (t.sink != nullptr) {
    long status = 0;
    curl_easy_getinfo(t.easy, CURLINFO_RESPONSE_CODE, &status);
    if (status >= 200 && status < 300) return (*t.sink)(std::string_view(data, n)) ? n : 0;
  }
  if (t.answer.body.size() + n > t.limits.max_body_bytes) {
    t.body_too_large = true;
    return 0;
  }
  t.answer.body.append(data, n);
  return n;
}

bool has_line_break(std::string_view s) { return s.find_first_of("\r\n") != std::string_view::npos; }

// Request headers as libcurl takes them; "Expect:" and "Content-Type:" remove libcurl's own
// defaults (a 100-continue wait; a form content type the caller did not ask for).
curl_slist* header_list(const HttpClientRequest& request) {
  curl_slist* list = curl_slist_append(nullptr, "Expect:");
  bool has_content_type = false;
  for (const auto& [name, value] : request.headers) {
    has_content_type = has_content_type || ascii_lower(name) == "content-type";
    list = curl_slist_append(list, (name + ": " + value).c_str());
  }
  if (!request.body.empty() && !has_content_type) list = curl_slist_append(list, "Content-Type:");
  return list;
}

void set_method(CURL* easy, const HttpClientRequest& request) {
  if (request.method == "HEAD") {
    curl_easy_setopt(easy, CURLOPT_NOBODY, 1L);
  } else if (request.method != "GET" || !request.body.empty()) {
    curl_easy_setopt(easy, CURLOPT_CUSTOMREQUEST, request.method.c_str());
  }
  if (!request.body.empty() || request.method == "POST") {
    curl_easy_setopt(easy, CURLOPT_POSTFIELDS, request.body.data());
    curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
  }
}

void set_limits(CURL* easy, const HttpClientLimits& limits, bool streamed) {
  const auto connect = std::min(limits.connect_timeout, limits.deadline);
  curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(std::max<long long>(1, connect.count())));
  curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, static_cast<long>(std::max<long long>(1, limits.deadline.count())));
  if (!streamed) curl_easy_setopt(easy, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(limits.max_body_bytes));
}

void set_tls(CURL* easy, const HttpClientTls& tls) {
  if (!tls.ca_file.empty()) curl_easy_setopt(easy, CURLOPT_CAINFO, tls.ca_file.c_str());
  curl_easy_setopt(easy, CURLOPT_SSL_VERIFYPEER, tls.verify ? 1L : 0L);
  curl_easy_setopt(easy, CURLOPT_SSL_VERIFYHOST, tls.verify ? 2L : 0L);
}

bool connected(CURL* easy, bool https) {
  curl_off_t at = 0;
  curl_easy_getinfo(easy, https ? CURLINFO_APPCONNECT_TIME_T : CURLINFO_CONNECT_TIME_T, &at);
  return at > 0;
}

// True when the server, once connected, has sent nothing for idle_timeout. Measured here rather
// than with libcurl's low-speed limit, which counts whole seconds.
bool idle_too_long(CURL* easy, bool https, Transfer& t) {
  const SteadyClock::time_point now = SteadyClock::now();
  if (t.last_byte == SteadyClock::time_point{}) {
    if (connected(easy, https)) t.last_byte = now;
    return false;
  }
  return now - t.last_byte > t.limits.idle_timeout;
}

// Runs the transfer in a multi loop that wakes every kCancelPollMs, so a cancel flag or an idle
// server ends it promptly even while nothing arrives.
CURLcode run_transfer(CURL* easy, bool https, Transfer& t, const std::atomic<bool>* cancel, bool& canceled) {
  std::unique_ptr<CURLM, MultiDeleter> multi(curl_multi_init());
  if (!multi || curl_multi_add_handle(multi.get(), easy) != CURLM_OK) return CURLE_OUT_OF_MEMORY;
  CURLcode result = CURLE_OK;
  for (int running = 1; running != 0;) {
    if (curl_multi_perform(multi.get(), &running) != CURLM_OK) {
      result = CURLE_OUT_OF_MEMORY;
      break;
    }
    if (running == 0) break;
    canceled = cancel != nullptr && cancel->load();
    t.went_idle = !canceled && idle_too_long(easy, https, t);
    if (canceled || t.went_idle) break;
    curl_multi_poll(multi.get(), nullptr, 0, kCancelPollMs, nullptr);
  }
  int left = 0;
  while (CURLMsg* msg = curl_multi_info_read(multi.get(), &left)) {
    if (msg->msg == CURLMSG_DONE && msg->easy_handle == easy) result = msg->data.result;
  }
  curl_multi_remove_handle(multi.get(), easy);
  return result;
}

// OpenSSL's verdict on the certificate. libcurl checks the host name before it reads that
// verdict and leaves its initial "not verified" (1) when the name is what failed; that is
// reported as X509_V_ERR_HOSTNAME_MISMATCH (62).
long verify_result(CURL* easy) {
  long result = 0;
  curl_easy_getinfo(easy, CURLINFO_SSL_VERIFYRESULT, &result);
  return result == 1 ? 62 : result;
}

HttpFailure classify(CURLcode code, const Transfer& t, CURL* easy, bool https) {
  if (t.headers_too_large) return HttpFailure::HeadersTooLarge;
  if (t.went_idle) return HttpFailure::Timeout;
  if (t.body_too_large || code == CURLE_FILESIZE_EXCEEDED) return HttpFailure::BodyTooLarge;
  switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_CONNECT:
      return HttpFailure::Connect;
    case CURLE_OPERATION_TIMEDOUT:
      return connected(easy, https) ? HttpFailure::Timeout : HttpFailure::ConnectTimeout;
    case CURLE_SEND_ERROR:
      return HttpFailure::Write;
    case CURLE_RECV_ERROR:
    case CURLE_GOT_NOTHING:
    case CURLE_PARTIAL_FILE:
      return HttpFailure::Read;
    case CURLE_SSL_CONNECT_ERROR:
      return HttpFailure::TlsHandshake;
    case CURLE_PEER_FAILED_VERIFICATION:
      return HttpFailure::TlsUntrusted;
    case CURLE_SSL_CACERT_BADFILE:
      return HttpFailure::TlsCaLoad;
    case CURLE_ABORTED_BY_CALLBACK:
      return HttpFailure::Canceled;
    default:
      return HttpFailure::Other;
  }
}

HttpClientAnswer failed(HttpFailure failure, std::string why) {
  HttpClientAnswer answer;
  answer.failure = failure;
  answer.library_error = std::move(why);
  return answer;
}

}  // namespace

std::string HttpClientAnswer::header(const std::string& lower_name) const {
  for (const auto& [name, value] : headers) {
    if (name == lower_name) return value;
  }
  return "";
}

HttpCancelScope::HttpCancelScope(const std::atomic<bool>* flag) : previous_(current_cancel) { current_cancel = flag; }

HttpCancelScope::~HttpCancelScope() { current_cancel = previous_; }

HttpClientAnswer http_exchange(const HttpEndpoint& endpoint, const HttpClientRequest& request,
                               const HttpClientLimits& limits, const HttpClientTls& tls) {
  for (const auto& [name, value] : request.headers) {
    if (has_line_break(name) || has_line_break(value)) return failed(HttpFailure::Other, "a header with a line break");
  }
  if (has_line_break(request.method) || has_line_break(request.path_and_query))
    return failed(HttpFailure::Other, "a request line with a line break");
  init_curl_once();
  std::unique_ptr<CURL, EasyDeleter> easy(curl_easy_init());
  if (!easy) return failed(HttpFailure::Other, "cannot create an HTTP client");

  HttpClientAnswer answer;
  Transfer transfer{limits, answer, easy.get(), request.body_sink ? &request.body_sink : nullptr};
  const std::string url = endpoint.origin() + request.path_and_query;
  std::unique_ptr<curl_slist, ListDeleter> headers(header_list(request));
  CURL* e = easy.get();
  curl_easy_setopt(e, CURLOPT_URL, url.c_str());
  curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(e, CURLOPT_PATH_AS_IS, 1L);  // the path is sent as the caller encoded it
  curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(e, CURLOPT_FORBID_REUSE, 1L);
  curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);  // threads: no SIGALRM for name resolution timeouts
  curl_easy_setopt(e, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(e, CURLOPT_HEADERDATA, &transfer);
  curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(e, CURLOPT_WRITEDATA, &transfer);
  set_method(e, request);
  set_limits(e, limits, transfer.sink != nullptr);
  set_tls(e, tls);

  const SteadyClock::time_point start = SteadyClock::now();
  const bool https = endpoint.scheme == "https";
  bool canceled = false;
  const CURLcode code = run_transfer(e, https, transfer, current_cancel, canceled);
  answer.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start);
  if (canceled) {
    answer.failure = HttpFailure::Canceled;
  } else if (code != CURLE_OK || transfer.headers_too_large || transfer.body_too_large || transfer.went_idle) {
    answer.failure = classify(code, transfer, e, https);
    answer.library_error = curl_easy_strerror(code);
    if (answer.failure == HttpFailure::TlsUntrusted) answer.tls_verify_result = verify_result(e);
  }
  if (answer.answered() || answer.failure == HttpFailure::BodyTooLarge) {
    long status = 0;  // with BodyTooLarge too: the status line did arrive
    curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &status);
    answer.status = static_cast<int>(status);
  }
  if (!answer.answered()) answer.body.clear();
  return answer;
}

constexpr auto kHttpFailureNames = enum_names(
    EnumName(HttpFailure::None, "answered"), EnumName(HttpFailure::Connect, "connection failed"),
    EnumName(HttpFailure::ConnectTimeout, "connection timed out"), EnumName(HttpFailure::Timeout, "timed out"),
    EnumName(HttpFailure::Read, "connection closed early"), EnumName(HttpFailure::Write, "sending failed"),
    EnumName(HttpFailure::TlsHandshake, "TLS handshake failed"),
    EnumName(HttpFailure::TlsUntrusted, "TLS certificate not trusted"),
    EnumName(HttpFailure::TlsCaLoad, "cannot load CA certificates"),
    EnumName(HttpFailure::BodyTooLarge, "answer too large"),
    EnumName(HttpFailure::HeadersTooLarge, "too many or too large headers"),
    EnumName(HttpFailure::Canceled, "canceled"), EnumName(HttpFailure::Other, "request failed"));

const char* http_failure_name(HttpFailure failure) { return enum_name(kHttpFailureNames, failure, "request failed"); }

std::string size_limit_text(std::size_t bytes) {
  constexpr std::size_t kMiB = std::size_t{1} << 20;
  if (bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
  return std::to_string(bytes) + " bytes";
}

// OpenSSL's X509_V_ERR_* codes (x509_vfy.h).
std::string tls_verify_reason(long code) {
  switch (code) {
    case 0:
      return "certificate does not match the host name";
    case 2:
      return "unable to get the issuer certificate";
    case 9:
      return "certificate is not yet valid";
    case 10:
      return "certificate has expired";
    case 18:
      return "self-signed certificate";
    case 19:
      return "self-signed certificate in the chain";
    case 20:
      return "unable to get the local issuer certificate";
    case 21:
      return "unable to verify the first certificate";
    case 62:
      return "certificate does not match the host name";
    default:
      return "X509 verify error " + std::to_string(code);
  }
}

}  // namespace fleetwave
