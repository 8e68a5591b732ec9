#include "testkit/servers/tls_test_certs.h"

#include <vector>

#include "testkit/process/child_process.h"
#include "testkit/process/temp_dir.h"

namespace fleetwave::testkit {
namespace {

Status<> openssl(std::vector<std::string> args) {
  args.insert(args.begin(), "openssl");
  FW_TRY(result, run_command(ProcessSpec{args, "", {}, "", "", ""}, std::chrono::seconds(60)));
  if (result.exit_code != 0) {
    return internal_error("openssl " + args[1] + " exited with " + std::to_string(result.exit_code) + ": " +
                          result.output);
  }
  return ok_status();
}

}  // namespace

Result<TestTlsFiles> make_test_tls_files(const std::string& dir, const std::string& subject_alt_names) {
  TestTlsFiles files{dir + "/ca.crt", dir + "/server.crt", dir + "/server.key"};
  const std::string ca_key = dir + "/ca.key";
  const std::string csr = dir + "/server.csr";
  const std::string ext = dir + "/server.ext";
  FW_CHECK(openssl({"req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
                    ca_key, "-out", files.ca_cert, "-days", "2", "-subj", "/CN=fleetwave test CA", "-addext",
                    "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"}));
  FW_CHECK(openssl({"req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
                    files.server_key, "-out", csr, "-subj", "/CN=fleetwave test server"}));
  FW_CHECK(write_text_file(ext, "subjectAltName=" + subject_alt_names +
                                    "\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\n"
                                    "extendedKeyUsage=serverAuth\n"));
  FW_CHECK(openssl({"x509", "-req", "-in", csr, "-CA", files.ca_cert, "-CAkey", ca_key, "-CAcreateserial", "-out",
                    files.server_cert, "-days", "2", "-extfile", ext}));
  return files;
}

}  // namespace fleetwave::testkit
