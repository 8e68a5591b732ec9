// Test support: a real smart-HTTP Git server on 127.0.0.1 — lighttpd running
// git-http-backend as a CGI, behind HTTP basic auth — in a temporary directory, on a port
// chosen at run time. The destructor stops the server (its whole process group) and deletes
// the directory. All server output goes to files under root()/log.
//
// Requires the Debian packages lighttpd and git (/usr/lib/git-core/git-http-backend).
#pragma once

#include <map>
#include <memory>
#include <string>

#include "base/result.h"
#include "testkit/process/child_process.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::testkit {

struct GitHttpServerOptions {
  std::string user = "alice";
  std::string password = "s3cret";
  // Also serve HTTPS on a second port (127.0.0.1 only) with a generated self-signed certificate
  // for "localhost" and 127.0.0.1 (needs lighttpd's mod_openssl and the openssl CLI).
  bool tls = false;
};

class GitHttpServer {
 public:
  // Starts the server and waits until it answers (about 50 ms); retries on a port collision.
  [[nodiscard]] static Result<std::unique_ptr<GitHttpServer>> start(GitHttpServerOptions options = {});
  ~GitHttpServer();

  int port() const { return port_; }
  const std::string& user() const { return options_.user; }
  const std::string& password() const { return options_.password; }
  const std::string& root() const { return dir_.path(); }

  // http://127.0.0.1:PORT/git/REPO (without credentials).
  std::string url(const std::string& repo) const;
  // https://HOST:TLS_PORT/git/REPO when started with tls. The certificate names 127.0.0.1 also
  // as a DNS name: Debian's libgit2 verifies with mbedTLS, which ignores IP subjectAltNames, and
  // "localhost" needs /etc/hosts, which a minimal root (debootstrap) lacks.
  std::string https_url(const std::string& repo, const std::string& host = "127.0.0.1") const;
  // PEM file of the self-signed certificate when started with tls.
  std::string certificate_path() const { return dir_ / "tls/cert.pem"; }
  // On-disk path of a served bare repository.
  std::string repo_path(const std::string& repo) const;

  // Creates a served bare repository (see seed_bare_repo); returns the seed commit or "".
  [[nodiscard]] Result<std::string> create_repo(const std::string& repo,
                                                const std::map<std::string, std::string>& files = {},
                                                const std::string& branch = "main");
  // Installs a server-side hook, e.g. a pre-receive script that exits 1 to reject pushes.
  [[nodiscard]] Status<> install_hook(const std::string& repo, const std::string& hook, const std::string& script);

  // The server's logs, for failure messages.
  std::string logs() const;

 private:
  GitHttpServer(TempDir dir, GitHttpServerOptions options);
  [[nodiscard]] Status<> make_certificate();
  [[nodiscard]] Status<> launch();  // one attempt on fresh ports; Transient on a collision

  TempDir dir_;
  GitHttpServerOptions options_;
  int port_ = 0;
  int tls_port_ = 0;
  std::unique_ptr<ChildProcess> process_;
};

}  // namespace fleetwave::testkit
