// The text report of one reconcile cycle (reconcile_command's help documents the format): the
// cycle's finisher (reconcile/cycle_summary.h) writing to the command's output.
#pragma once

#include <string>

#include "cli/command_context.h"
#include "reconcile/cycle_summary.h"

namespace fleetwave::cli {

class CycleReportPrinter final : public CycleSink {
 public:
  CycleReportPrinter(CliOutput& out, std::string branch) : out_(out), branch_(std::move(branch)) {}

  void app_ignored(const AppReport& app, const std::string& line) override;
  void cycle_ignored(const std::string& line) override;
  void app_stepped(const AppReport& app) override;
  void app_waiting(const AppReport& app) override;
  void app_up_to_date(const AppReport& app) override;
  void app_error(const AppReport& app, const Error& e) override;
  void approval_branch(const std::string& branch) override;
  void failover(const std::string& what) override;
  void cycle_error(const Error& e) override;
  void finished(const CycleSummary& summary) override;

  // Set by finished(): 3 when the cycle could not run or Argo CD could not be reached, else 1
  // when an app or the cycle had errors, else 0.
  int exit_code() const { return exit_code_; }

 private:
  CliOutput& out_;
  std::string branch_;
  int exit_code_ = kExitOk;
};

}  // namespace fleetwave::cli
