// Shared by the benchmark executables: medians and timings, their flags, numbered names and a
// generated fleet repository.
#pragma once

#include <chrono>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

namespace fleetwave::bench {

double median(std::vector<double> values);

// Milliseconds from `start` to now.
inline double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// `value` in decimal, padded with zeros to `width` digits: zero_padded(7, 3) is "007".
std::string zero_padded(int value, int width);

// Reads "--name N" pairs into the ints `flags` names; false (after a usage line on stderr) for
// an unknown flag, a missing value or a value that is not a positive whole number.
bool parse_int_flags(int argc, char** argv, const std::map<std::string, int*>& flags);

// parse_int_flags, exiting with status 2 where it returns false.
void parse_int_flags_or_exit(int argc, char** argv, const std::map<std::string, int*>& flags);

// The value of `flag` ("--curve DIR"), taken out of `args` so the rest parse as numbers; "" when
// it is not there.
std::string take_flag_value(std::vector<char*>& args, const std::string& flag);

// What a benchmark does with a flag's value ("" when the flag comes last).
using FlagSetter = std::function<void(const std::string& value)>;

// A setter storing the value into `target`: an int by std::atoi (0 for text that is not a
// number), a std::string or std::filesystem::path as it is.
template <class T>
FlagSetter into(T& target) {
  return [&target](const std::string& value) {
    if constexpr (std::is_same_v<T, int>) {
      target = std::atoi(value.c_str());
    } else {
      target = value;
    }
  };
}

// Reads argv in order: "--name VALUE" for each name of `setters`, a lone "--name" for each bool
// of `switches` (set true). Any other flag prints "unknown flag NAME" and exits with status 2.
void set_flags_or_exit(int argc, char** argv, const std::map<std::string, FlagSetter>& setters,
                       const std::map<std::string, bool*>& switches = {});

// The machine's one-minute load average, and a line on stdout saying the figures that follow
// are not from a quiet machine when it is above 0.5: multi-threaded peers such as kustomize
// lose their idle cores on a busy machine, so ratios against them look better than they are.
double load_average();
void note_machine_load(const char* when);

// A fleet repository: clusters/cluster-NNNN.yaml (regions r0..r7), and per app app-NNN a
// Deployment with `image`, its PropagationPolicy to every cluster, and a two-wave plan (canary
// cluster-0000, then the rest); `analysis` adds a per-cluster Prometheus check to the plan.
std::map<std::string, std::string> wave_fleet_repo(int apps, int clusters, bool analysis = false,
                                                   const std::string& image = "web:1.0");

}  // namespace fleetwave::bench
