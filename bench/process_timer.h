// Medians for benchmark timings (processes run through plugin/testing/subprocess.h).
#pragma once

#include <vector>

namespace fleetwave::bench {

double median(std::vector<double> values);

}  // namespace fleetwave::bench
