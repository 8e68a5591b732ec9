#include "bench_support.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace fleetwave::bench {

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

bool parse_int_flags(int argc, char** argv, const std::map<std::string, int*>& flags) {
  for (int i = 1; i < argc; i += 2) {
    auto it = flags.find(argv[i]);
    int value = 0;
    const std::string text = i + 1 < argc ? argv[i + 1] : "";
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (it == flags.end() || ec != std::errc() || end != text.data() + text.size() || value < 1) {
      std::string usage = "usage: " + std::string(argv[0]);
      for (const auto& [name, target] : flags) usage += " [" + name + " " + std::to_string(*target) + "]";
      std::fprintf(stderr, "%s\n", usage.c_str());
      return false;
    }
    *it->second = value;
  }
  return true;
}

}  // namespace fleetwave::bench
