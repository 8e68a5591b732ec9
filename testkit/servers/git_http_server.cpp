#include "testkit/servers/git_http_server.h"

#include <unistd.h>

#include <arpa/inet.h>
#include <chrono>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <thread>

#include "testkit/builders/git_cli.h"
#include "testkit/process/free_port.h"

namespace fleetwave::testkit {
namespace {

constexpr const char* kLighttpd = "/usr/sbin/lighttpd";
constexpr const char* kHttpBackend = "/usr/lib/git-core/git-http-backend";

std::string lighttpd_config_text(const std::string& d, int port, int tls_port) {
  // mod_auth must come before mod_cgi; git-http-backend enables receive-pack when REMOTE_USER
  // is set, which mod_auth does. (Built line by line: long operator+ chains trip a GCC 12
  // -Warray-bounds false positive.)
  std::string c;
  c += "server.modules = (\"mod_auth\", \"mod_authn_file\", \"mod_alias\", \"mod_setenv\", \"mod_cgi\"";
  c += tls_port != 0 ? ", \"mod_openssl\")\n" : ")\n";
  c += "server.document-root = \"" + d + "/www\"\n";
  c += "server.bind = \"127.0.0.1\"\n";
  c += "server.port = " + std::to_string(port) + "\n";
  c += "server.errorlog = \"" + d + "/log/lighttpd.err\"\n";
  c += "server.max-request-size = 0\n";
  c += "auth.backend = \"plain\"\n";
  c += "auth.backend.plain.userfile = \"" + d + "/users\"\n";
  c += std::string("alias.url = (\"/git\" => \"") + kHttpBackend + "\")\n";
  c += "$HTTP[\"url\"] =~ \"^/git\" {\n";
  c += "  cgi.assign = (\"\" => \"\")\n";
  c += "  setenv.set-environment = (\"GIT_PROJECT_ROOT\" => \"" + d + "/repos\", \"GIT_HTTP_EXPORT_ALL\" => \"\",\n";
  c += "                            \"GIT_CONFIG_NOSYSTEM\" => \"1\")\n";
  c += "  auth.require = (\"\" => (\"method\" => \"basic\", \"realm\" => \"git\", \"require\" => \"valid-user\"))\n";
  c += "}\n";
  if (tls_port != 0) {
    c += "$SERVER[\"socket\"] == \"127.0.0.1:" + std::to_string(tls_port) + "\" {\n";
    c += "  ssl.engine = \"enable\"\n";
    c += "  ssl.pemfile = \"" + d + "/tls/cert.pem\"\n";
    c += "  ssl.privkey = \"" + d + "/tls/key.pem\"\n";
    c += "}\n";
  }
  return c;
}

// A plain HTTP/1.0 GET on 127.0.0.1; returns the raw response ("" on any failure).
std::string http_get(int port, const std::string& path) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return "";
  timeval tv{2, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string response;
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) {
    std::string request = "GET " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n";
    if (send(fd, request.data(), request.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(request.size())) {
      char buf[4096];
      for (ssize_t n; (n = recv(fd, buf, sizeof buf, 0)) > 0;) response.append(buf, static_cast<size_t>(n));
    }
  }
  close(fd);
  return response;
}

}  // namespace

Result<std::unique_ptr<GitHttpServer>> GitHttpServer::start(GitHttpServerOptions options) {
  if (access(kLighttpd, X_OK) != 0) return not_found(std::string(kLighttpd) + " not found: apt-get install lighttpd");
  if (access(kHttpBackend, X_OK) != 0) return not_found(std::string(kHttpBackend) + " not found: apt-get install git");
  FW_TRY(dir, TempDir::create("fw-git-http"));
  FW_CHECK(write_text_file(dir / "users", options.user + ":" + options.password + "\n", 0600));
  std::unique_ptr<GitHttpServer> server(new GitHttpServer(std::move(dir), std::move(options)));
  if (server->options_.tls) FW_CHECK(server->make_certificate());
  for (int attempt = 1;; ++attempt) {
    Status<> launched = server->launch();
    if (launched.ok()) return server;
    if (launched.error().kind != ErrorKind::Transient || attempt == 5) return launched.error();
  }
}

GitHttpServer::GitHttpServer(TempDir dir, GitHttpServerOptions options)
    : dir_(std::move(dir)), options_(std::move(options)) {}

GitHttpServer::~GitHttpServer() {
  process_.reset();  // stop the server before its directory goes away
}

Status<> GitHttpServer::make_certificate() {
  FW_CHECK(write_text_file(dir_ / "tls/.keep", ""));
  ProcessSpec spec;
  spec.argv = {"openssl",
               "req",
               "-x509",
               "-newkey",
               "ec",
               "-pkeyopt",
               "ec_paramgen_curve:prime256v1",
               "-nodes",
               "-days",
               "2",
               "-subj",
               "/CN=localhost",
               "-addext",
               "subjectAltName=DNS:localhost,DNS:127.0.0.1,IP:127.0.0.1",
               "-keyout",
               dir_ / "tls/key.pem",
               "-out",
               dir_ / "tls/cert.pem"};
  FW_TRY(result, run_command(spec));
  if (result.exit_code != 0) return internal_error("openssl req failed: " + result.output);
  return ok_status();
}

Status<> GitHttpServer::launch() {
  FW_TRY(port, pick_free_port());
  int tls_port = 0;
  if (options_.tls) {
    FW_TRY(p, pick_free_port());
    if (p == port) return transient("same port twice");
    tls_port = p;
  }
  const std::string token = "fleetwave-ready-" + std::to_string(port) + "-" + std::to_string(getpid());
  FW_CHECK(write_text_file(dir_ / "www/ready.txt", token));
  FW_CHECK(write_text_file(dir_ / "lighttpd.conf", lighttpd_config_text(dir_.path(), port, tls_port)));
  FW_CHECK(write_text_file(dir_ / "log/.keep", ""));
  ProcessSpec spec;
  spec.argv = {kLighttpd, "-D", "-f", dir_ / "lighttpd.conf"};
  spec.stdout_path = dir_ / "log/lighttpd.out";
  spec.stderr_path = spec.stdout_path;
  FW_TRY(child, ChildProcess::spawn(spec));
  auto process = std::make_unique<ChildProcess>(std::move(child));
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (std::chrono::steady_clock::now() < deadline) {
    if (!process->running()) {
      std::string log = logs();
      if (log.find("already in use") != std::string::npos) return transient("port " + std::to_string(port) + " taken");
      return internal_error("lighttpd exited with " + std::to_string(process->exit_code().value_or(-1)) + ": " + log);
    }
    // Our own token proves that the answer comes from this server, not from a port squatter.
    if (http_get(port, "/ready.txt").find(token) != std::string::npos && (tls_port == 0 || port_accepts(tls_port))) {
      port_ = port;
      tls_port_ = tls_port;
      process_ = std::move(process);
      return ok_status();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return internal_error("lighttpd did not become ready on port " + std::to_string(port) + ": " + logs());
}

std::string GitHttpServer::url(const std::string& repo) const {
  return "http://127.0.0.1:" + std::to_string(port_) + "/git/" + repo;
}

std::string GitHttpServer::https_url(const std::string& repo, const std::string& host) const {
  return "https://" + host + ":" + std::to_string(tls_port_) + "/git/" + repo;
}

std::string GitHttpServer::repo_path(const std::string& repo) const { return dir_ / ("repos/" + repo); }

Result<std::string> GitHttpServer::create_repo(const std::string& repo, const std::map<std::string, std::string>& files,
                                               const std::string& branch) {
  FW_TRY(oid, seed_bare_repo(repo_path(repo), files, branch));
  FW_CHECK(git(repo_path(repo), {"config", "http.receivepack", "true"}));
  return oid;
}

Status<> GitHttpServer::install_hook(const std::string& repo, const std::string& hook, const std::string& script) {
  return testkit::install_hook(repo_path(repo), hook, script);
}

std::string GitHttpServer::logs() const {
  return "[lighttpd.out] " + read_text_file(dir_ / "log/lighttpd.out") + " [lighttpd.err] " +
         read_text_file(dir_ / "log/lighttpd.err");
}

}  // namespace fleetwave::testkit
