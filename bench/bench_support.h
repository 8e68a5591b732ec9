// Shared by the benchmark executables: medians of timings and their integer flags.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace fleetwave::bench {

double median(std::vector<double> values);

// Reads "--name N" pairs into the ints `flags` names; false (after a usage line on stderr) for
// an unknown flag, a missing value or a value that is not a positive whole number.
bool parse_int_flags(int argc, char** argv, const std::map<std::string, int*>& flags);

// A fleet repository: clusters/cluster-NNNN.yaml (regions r0..r7), and per app app-NNN a
// Deployment with `image`, its PropagationPolicy to every cluster, and a two-wave plan (canary
// cluster-0000, then the rest); `analysis` adds a per-cluster Prometheus check to the plan.
std::map<std::string, std::string> wave_fleet_repo(int apps, int clusters, bool analysis = false,
                                                   const std::string& image = "web:1.0");

}  // namespace fleetwave::bench
