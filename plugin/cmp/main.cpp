// fleetwave-render: the Argo CD CMP generate command. Thin: collects the process context, runs
// the command, and guards the process (time and memory) so that malformed input can never hang
// Argo CD's repo-server or print a partial stream.
#include <unistd.h>

#include <csignal>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <new>
#include <sys/resource.h>

#include "cmp/render_command.h"

extern char** environ;

namespace {

// From a signal handler: write(2) and _exit only, both async-signal-safe.
template <std::size_t N>
[[noreturn]] void exit_saying(const char (&message)[N]) {
  (void)!write(STDERR_FILENO, message, N - 1);
  _exit(3);
}

void on_alarm(int) {
  exit_saying(
      "fleetwave-render: gave up after FLEETWAVE_TIMEOUT_SECONDS (default 50 s); the inputs are too large or "
      "malformed\n");
}

// Render cache files and inputs of 64 KiB or more are mapped, not read: a file cut short by
// another process while mapped ends the process with SIGBUS. Say so instead of dying silently.
void on_bus_error(int) {
  exit_saying(
      "fleetwave-render: a file it had mapped (an input or a render cache file) was cut short by another "
      "process (SIGBUS); the render stopped. Render again once nothing writes the repository or the cache\n");
}

// AddressSanitizer reserves terabytes of address space for its shadow memory, so an
// address-space limit makes every allocation fail in a sanitizer build (CI's unit tests).
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

unsigned env_number(const char* name, unsigned fallback) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return fallback;
  char* end = nullptr;
  unsigned long n = std::strtoul(v, &end, 10);
  return *end == '\0' && n > 0 ? static_cast<unsigned>(n) : fallback;
}

}  // namespace

int main(int argc, char** argv) {
  // Argo CD kills generate at its 60 s RPC deadline; stop first with a readable message.
  std::signal(SIGALRM, on_alarm);
  std::signal(SIGBUS, on_bus_error);
  // A file size limit makes a render cache write fail (and the render go on) instead of
  // killing the process.
  std::signal(SIGXFSZ, SIG_IGN);
  alarm(env_number("FLEETWAVE_TIMEOUT_SECONDS", 50));
  if (!kAddressSanitizer) {
    rlimit memory{};
    memory.rlim_cur = memory.rlim_max = static_cast<rlim_t>(env_number("FLEETWAVE_MAX_MEMORY_MB", 2048)) << 20;
    setrlimit(RLIMIT_AS, &memory);
  }

  fleetwave::ProcessContext context;
  for (int i = 1; i < argc; ++i) context.args.emplace_back(argv[i]);
  for (char** e = environ; *e != nullptr; ++e) {
    const char* eq = std::strchr(*e, '=');
    if (eq != nullptr) context.env.emplace(std::string(*e, static_cast<std::size_t>(eq - *e)), std::string(eq + 1));
  }
  std::error_code ec;
  context.cwd = std::filesystem::current_path(ec);

  fleetwave::CommandResult result;
  try {
    result = fleetwave::run_render_command(context);
  } catch (const std::bad_alloc&) {
    std::fputs("fleetwave-render: out of memory (limit FLEETWAVE_MAX_MEMORY_MB); the inputs are too large\n", stderr);
    return 3;
  }
  // The whole output is in memory: disarm the timer before writing, so a slow reader of stdout
  // gets all of it or (when the timer fired before this point) none of it, never a prefix.
  alarm(0);
  std::fwrite(result.err.data(), 1, result.err.size(), stderr);
  int code = result.exit_code;
  if (code == 0) {
    std::fwrite(result.out.data(), 1, result.out.size(), stdout);
    for (const std::string& piece : result.out_pieces) std::fwrite(piece.data(), 1, piece.size(), stdout);
    if (!result.out_stored.empty()) std::fwrite(result.out_stored.data(), 1, result.out_stored.size(), stdout);
    if (std::fflush(stdout) != 0) code = 3;
  }
  std::fflush(stderr);
  // Nothing that was built is destroyed: the process ends here, and the kernel takes the
  // memory back faster than destructors walking every object of the fleet.
  std::_Exit(code);
}
