# Shared by the README's two commands and CI: install what a fresh Debian 12 machine lacks,
# configure and build. Sourced, not run.

# What building fleetwave and running the README demo (.ci/demo) need: the compiler, the libraries,
# git and lighttpd (the demo's Git server is lighttpd + git http-backend on loopback).
FLEETWAVE_BUILD_APT_PACKAGES=(
  build-essential cmake pkg-config git ca-certificates ccache tzdata
  libyaml-cpp-dev nlohmann-json3-dev libspdlog-dev
  libgit2-dev libcpp-httplib-dev libcurl4-openssl-dev libssl-dev libyaml-dev liblua5.1-0-dev libxxhash-dev
  libjemalloc-dev
  lighttpd
)
# What the test command (.ci/test) adds: GoogleTest, TLS and SSH Git servers, the linters,
# Prometheus for the analysis tests and Chromium for the board's browser tests.
FLEETWAVE_TEST_APT_PACKAGES=(
  libgtest-dev curl lighttpd-mod-openssl openssh-server openssh-client
  clang-format universal-ctags
  prometheus
  chromium
)
# The fuzz stage (.ci/fuzz) only: clang with libFuzzer and the sanitizer runtimes.
FLEETWAVE_FUZZ_APT_PACKAGES=(clang libclang-rt-14-dev)

fleetwave_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "error: installing packages needs root (or sudo): $*" >&2; return 1; fi
}

# Installs the Debian packages named that this machine lacks.
install_apt_packages() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  echo "==> installing ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The demo's install step: only what building fleetwave and running the demo need.
install_build_dependencies() {
  install_apt_packages "${FLEETWAVE_BUILD_APT_PACKAGES[@]}"
}

# The test command's install step: everything the demo needs, plus what the test suites run.
install_dependencies() {
  install_apt_packages "${FLEETWAVE_BUILD_APT_PACKAGES[@]}" "${FLEETWAVE_TEST_APT_PACKAGES[@]}" \
    "${FLEETWAVE_FUZZ_APT_PACKAGES[@]}"
  # Node.js and npm drive the board's browser tests (e2e/browser: playwright-core with Debian's
  # chromium). A machine with Node.js from elsewhere (which bundles npm) keeps it.
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    install_apt_packages nodejs npm
  fi
  install_browser_tooling
  if ! command -v kubectl >/dev/null; then
    echo "error: kubectl (with kustomize) is required by the install-manifest tests; it is not a Debian package" >&2
    return 1
  fi
}

# playwright-core at the version package-lock.json pins (no browser download: the tests use
# /usr/bin/chromium). Skipped when node_modules already matches the lock.
install_browser_tooling() {
  local dir; dir="$(fleetwave_root)/e2e/browser"
  if [ -f "$dir/node_modules/.package-lock.json" ] && cmp -s <(sed -n '/"node_modules\/playwright-core"/,/}/p' "$dir/package-lock.json") \
      <(sed -n '/"node_modules\/playwright-core"/,/}/p' "$dir/node_modules/.package-lock.json"); then
    return 0
  fi
  echo "==> npm ci in e2e/browser (playwright-core)"
  # Node.js trusts its own CA list; add the system's (where a proxy's or a company's CA lives).
  local ca=/etc/ssl/certs/ca-certificates.crt
  [ -n "${NODE_EXTRA_CA_CERTS:-}" ] || [ ! -f "$ca" ] || export NODE_EXTRA_CA_CERTS=$ca
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
}

# The compiler cache (cmake/FleetwaveBuild.cmake puts ccache in front of every compile): one
# cache per machine, shared by every clone, large enough for the Release, sanitizer and fuzz
# builds of a few commits.
# Statistics count from the first build of this run (.ci/test's summary line).
use_compiler_cache() {
  command -v ccache >/dev/null || return 0
  ccache --max-size="${FLEETWAVE_CCACHE_SIZE:-12G}" >/dev/null
  if [ -z "${FLEETWAVE_CCACHE_STATS_FROM:-}" ]; then
    ccache --zero-stats >/dev/null
    export FLEETWAVE_CCACHE_STATS_FROM=$SECONDS
  fi
}

# What the cache did for the builds so far (hits and misses), one line.
compiler_cache_summary() {
  command -v ccache >/dev/null || return 0
  ccache --print-stats 2>/dev/null | awk -F'\t' '
    $1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { hits += $2 }
    $1 == "cache_miss" { misses += $2 }
    END { total = hits + misses; printf "==> ccache: %d hits, %d misses (%.0f%% hit)\n", hits, misses, total ? 100 * hits / total : 0 }'
}

# The Release build of everything CI tests (benchmarks and the demo driver only when asked:
# FLEETWAVE_BUILD_DEMO=ON), in unity batches (cmake/FleetwaveBuild.cmake) unless
# FLEETWAVE_UNITY_BUILD=OFF. FLEETWAVE_BUILD_TESTS=OFF builds no test (the demo: no GoogleTest).
# Extra arguments go to `cmake --build` (the demo: --target ...).
build_fleetwave() {
  local root; root=$(fleetwave_root)
  echo "==> building in $root/build"
  # The commit goes into fleetwave_build_info{revision}; a tarball without .git says "unknown".
  local revision; revision=$(git -C "$root" rev-parse HEAD 2>/dev/null || true)
  use_compiler_cache
  cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release -DFLEETWAVE_WERROR=ON \
    -DFLEETWAVE_UNITY_BUILD="${FLEETWAVE_UNITY_BUILD:-ON}" -DFLEETWAVE_BUILD_DEMO="${FLEETWAVE_BUILD_DEMO:-OFF}" \
    -DFLEETWAVE_BUILD_TESTS="${FLEETWAVE_BUILD_TESTS:-ON}" -DFLEETWAVE_REVISION="$revision" >/dev/null
  cmake --build "$root/build" --parallel "$(nproc)" "$@"
}
