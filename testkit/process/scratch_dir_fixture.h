// Test fixtures (header-only): a gtest fixture with a scratch directory, and one that also holds
// a throwaway CA and server certificate made in it (testkit/servers/tls_test_certs.h).
#pragma once

#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "testkit/process/temp_dir.h"
#include "testkit/servers/tls_test_certs.h"

namespace fleetwave::testkit {

// A fixture with a scratch directory `dir_`, removed after the test.
class ScratchDirTest : public ::testing::Test {
 protected:
  // For the fixture's SetUp: creates the scratch directory <prefix>-XXXXXX. A failure fails the
  // test before its body runs.
  void set_up_dir(const std::string& prefix) {
    auto dir = TempDir::create(prefix);
    ASSERT_TRUE(dir.ok()) << dir.error().to_string();
    dir_.emplace(std::move(dir).value());
  }

  std::optional<TempDir> dir_;
};

// ScratchDirTest with `files_`: a CA and a server certificate for 127.0.0.1 and localhost.
class TlsFilesTest : public ScratchDirTest {
 protected:
  // For the fixture's SetUp: set_up_dir(prefix), then the certificate files in it.
  void set_up_tls_files(const std::string& prefix) {
    set_up_dir(prefix);
    if (HasFatalFailure()) return;
    auto files = make_test_tls_files(dir_->path());
    ASSERT_TRUE(files.ok()) << files.error().to_string();
    files_ = *files;
  }

  TestTlsFiles files_;
};

}  // namespace fleetwave::testkit
