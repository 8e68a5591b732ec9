// Test support: a throwaway certificate authority and a server certificate signed by it,
// made with the openssl CLI (Debian package openssl) in a directory the caller owns. EC P-256
// keys, valid from now for two days. For HTTPS tests on 127.0.0.1 (see fake_argocd.h).
#pragma once

#include <string>

#include "base/result.h"

namespace fleetwave::testkit {

struct TestTlsFiles {
  std::string ca_cert;      // PEM: the CA to trust
  std::string server_cert;  // PEM: the server certificate (signed by the CA)
  std::string server_key;   // PEM: its private key (unencrypted)
};

// Writes ca.crt, server.crt and server.key under `dir`. `subject_alt_names` is an openssl
// subjectAltName value; the default matches https://127.0.0.1 and https://localhost.
[[nodiscard]] Result<TestTlsFiles> make_test_tls_files(
    const std::string& dir, const std::string& subject_alt_names = "IP:127.0.0.1,DNS:localhost");

}  // namespace fleetwave::testkit
