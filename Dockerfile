# syntax=docker/dockerfile:1
# The fleetwave image: /usr/local/bin/fleetwave (the reconciler; the entrypoint) and
# /usr/local/bin/fleetwave-render (the CMP, run by the argocd-repo-server sidecar, whose
# command is argocd-cmp-server). Both run as non-root: 65532 here, 999 in the sidecar.
#
#   docker build -t ghcr.io/fleetwave/fleetwave:0.1.0 .
#
# Not built in CI (no container engine there). Every package name below exists in Debian 12
# (bookworm); checked with `apt-cache policy` on a Debian 12 machine.

# ---- build ------------------------------------------------------------------------------------
FROM debian:12 AS build
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# The build dependencies are the ones the demo and CI install (.ci/lib.sh,
# FLEETWAVE_BUILD_APT_PACKAGES), so the lists cannot drift; lighttpd among them is unused here.
COPY .ci/lib.sh /tmp/fleetwave-lib.sh
RUN source /tmp/fleetwave-lib.sh \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${FLEETWAVE_BUILD_APT_PACKAGES[@]}" \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# The commit for fleetwave_build_info (docker build --build-arg FLEETWAVE_REVISION=$(git rev-parse HEAD));
# without it the metric says "unknown".
ARG FLEETWAVE_REVISION=
RUN cmake -S . -B /build -DCMAKE_BUILD_TYPE=Release -DFLEETWAVE_BUILD_TESTS=OFF \
          -DFLEETWAVE_REVISION="${FLEETWAVE_REVISION}" \
 && cmake --build /build --parallel "$(nproc)" --target fleetwave fleetwave-render \
 && install -D -s -m 0755 /build/reconciler/fleetwave /out/fleetwave \
 && install -D -s -m 0755 /build/plugin/fleetwave-render /out/fleetwave-render

# ---- runtime ----------------------------------------------------------------------------------
FROM debian:12-slim
# Only the shared libraries the two binaries link (yaml-cpp, libyaml; libgit2, which speaks SSH through
# libssh2; cpp-httplib for serve's endpoints; libcurl for every outgoing request; spdlog, which pulls libfmt9;
# jemalloc, the reconciler's allocator), the CA bundle for HTTPS Git and APIs, and
# openssh-client for ssh-keygen: --signing-key signs and approvals.allowedSigners verifies commits
# with `ssh-keygen -Y sign|verify`, as Git does (docs/operations.md). libgit2 does not use ssh; known_hosts
# is made with ssh-keyscan where the Secret is created (docs/install.md).
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libyaml-cpp0.7 libyaml-0-2 libgit2-1.5 libcpp-httplib0.11 libcurl4 libspdlog1.10 libjemalloc2 ca-certificates \
      openssh-client \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --gid 65532 fleetwave \
 && useradd --uid 65532 --gid 65532 --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin fleetwave
COPY --from=build /out/ /usr/local/bin/
USER 65532:65532
ENTRYPOINT ["/usr/local/bin/fleetwave"]
