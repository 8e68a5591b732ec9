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

}  // namespace fleetwave::bench
