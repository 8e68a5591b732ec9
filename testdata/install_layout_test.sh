#!/usr/bin/env bash
# `cmake --install` of a build (argument: the build directory) into a temporary prefix puts both
# binaries in bin/ and each one's completion scripts where bash-completion, zsh and fish look;
# each script is what the installed binary prints, and bash loads it.
set -euo pipefail
build=$1
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
fail() { echo "install layout: $*" >&2; exit 1; }
for tool in fleetwave fleetwave-render; do
  [ -x "$prefix/bin/$tool" ] || fail "bin/$tool missing"
  for pair in "bash:share/bash-completion/completions/$tool" "zsh:share/zsh/vendor-completions/_$tool" \
              "fish:share/fish/vendor_completions.d/$tool.fish"; do
    shell=${pair%%:*} path=$prefix/${pair#*:}
    [ -s "$path" ] || fail "$path missing or empty"
    cmp -s "$path" <("$prefix/bin/$tool" completion "$shell") || fail "$path differs from $tool completion $shell"
  done
  bash -c "source '$prefix/share/bash-completion/completions/$tool' && complete -p $tool" >/dev/null \
    || fail "bash does not load the $tool completion"
done
echo "install layout: ok"
