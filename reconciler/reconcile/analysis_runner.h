// Measures the analysis checks of a release's current wave (rollout/analysis/) for the analysis
// gate. Prometheus checks are stateless: the measurement times are fixed from when the cluster (or
// the wave) became Synced and Healthy at the release (or was resumed), and a range query reads
// the values at those times, so a restarted or second reconciler reaches the same verdict. What
// was measured is kept in memory, so each cycle asks only for the times that fell due since the
// last one (none at all when nothing is due or the verdict is final). While Prometheus cannot be
// reached nothing is measured: the check waits and says why. A measurement is never judged by a
// sample from before the analysis started: while a selector's lookback or range reaches back
// past that start, each measurement time reads its own query bounded to it (PromqlWindows).
// Web checks have no history to ask,
// so their measurements are taken live and kept in memory: a restart starts their count again.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "adapters/analysis/analysis_provider.h"
#include "rollout/analysis/promql_windows.h"
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

  std::size_t queries() const { return queries_; }  // queries sent, for tests and benchmarks
  std::size_t remembered() const { return taken_.size(); }

 private:
  AnalysisStatus measure(const EngineInput& in, const AnalysisCheck& check, const std::string& cluster,
                         std::int64_t healthy_since_ms, const std::string& namespace_);
  // What a check has measured so far, by app/release/check/cluster/start.
  // The verdict so far rather than every measurement: a check without a count may measure for
  // days, on a thousand clusters.
  struct Taken {
    CheckVerdict verdict;
    std::optional<Measurement> last;       // the latest measurement (web: when the next is due)
    std::int64_t next_index = 0;           // of the next measurement time (Prometheus)
    std::optional<bool> scalar;            // the query is a scalar expression (Prometheus)
    std::optional<PromqlWindows> windows;  // how far back the query reads (Prometheus)
    std::uint64_t used = 0;                // the cycle that last asked
  };
  static void record(const AnalysisCheck& check, Measurement measurement, Taken& taken);
  void measure_prometheus(const AnalysisCheck& check, const std::string& query, std::int64_t since_ms,
                          std::int64_t now_ms, Taken& taken, AnalysisStatus& into);
  Result<std::vector<Measurement>> read_range(const AnalysisCheck& check, const std::string& query,
                                              const std::vector<std::int64_t>& times, bool scalar);
  std::optional<std::string> learn_query_type(const std::string& query, std::int64_t time_ms, Taken& taken);
  void measure_web(const AnalysisCheck& check, const WebRequest& request, std::int64_t since_ms, std::int64_t now_ms,
                   Taken& taken, AnalysisStatus& into);

  MetricsProvider* metrics_;
  WebProbe* web_;
  bool measure_web_;
  std::size_t queries_ = 0;
  std::uint64_t cycle_ = 1;
  std::map<std::string, Taken> taken_;
};

}  // namespace fleetwave
