// Measures the analysis checks of a release's current wave (rollout/analysis/) for the analysis
// gate. Prometheus checks are stateless: each cycle asks one range query for the measurement
// times since the cluster (or the wave) became Synced and Healthy at the release, so a restarted
// or second reconciler reaches the same verdict. A verdict that is final, or a range with no new
// measurement due, is answered from memory: a cycle where nothing moves sends no query. Web
// checks have no history to ask, so their measurements are taken live and kept in memory: a
// restart starts their count again.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "adapters/analysis/analysis_provider.h"
#include "rollout/rollout_engine.h"

namespace fleetwave {

class AnalysisRunner {
 public:
  // Either provider may be null: a check that needs it then waits, saying how to configure it.
  // `measure_web` false (status views) reports web checks from nothing, never calls them.
  AnalysisRunner(MetricsProvider* metrics, WebProbe* web, bool measure_web = true)
      : metrics_(metrics), web_(web), measure_web_(measure_web) {}

  // The checks of the current wave of `in.state.release`; none without a progressing release.
  // `in.observations` must be set. `namespace_` is {{namespace}}.
  std::vector<AnalysisStatus> run(const EngineInput& in, const std::string& namespace_);

  // Once per cycle (or status build): forgets what the previous one did not use, so memory
  // follows the releases in flight, however large the fleet.
  void next_cycle();

  std::size_t queries() const { return queries_; }  // range queries sent, for tests and benchmarks
  std::size_t remembered() const { return verdicts_.size() + web_measurements_.size(); }

 private:
  AnalysisStatus measure(const EngineInput& in, const AnalysisCheck& check, const std::string& cluster,
                         std::int64_t healthy_since_ms, const std::string& namespace_);
  void measure_prometheus(const AnalysisCheck& check, const std::string& query, std::int64_t since_ms,
                          std::int64_t now_ms, AnalysisStatus& into);
  void measure_web(const AnalysisCheck& check, const WebRequest& request, const std::string& key, std::int64_t since_ms,
                   std::int64_t now_ms, AnalysisStatus& into);

  MetricsProvider* metrics_;
  WebProbe* web_;
  bool measure_web_;
  std::size_t queries_ = 0;
  // Prometheus: verdicts by (query, start, step) with the grid end they were computed for.
  struct Known {
    std::int64_t end_ms = 0;
    CheckVerdict verdict;
    std::uint64_t used = 0;  // the cycle that last asked
  };
  struct Taken {
    std::vector<Measurement> measurements;
    std::uint64_t used = 0;
  };
  std::uint64_t cycle_ = 1;
  std::map<std::string, Known> verdicts_;
  std::map<std::string, Taken> web_measurements_;  // by app/release/check/cluster/since
};

}  // namespace fleetwave
