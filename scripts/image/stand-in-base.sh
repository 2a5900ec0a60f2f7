#!/usr/bin/env bash
# Assembles a stand-in for the Dockerfile's base image (node:<version>-bookworm-slim) when
# the registry that holds it cannot be reached: a minimal Debian 12 from Debian's own
# packages (debootstrap, cached under /var/tmp) plus this machine's Node of the very same
# version, laid out as the official image lays it out (/usr/local, a `node` user with uid
# 1000). It is imported under the exact name the Dockerfile's FROM uses, so `podman build`
# finds it locally and pulls nothing. An operator with registry access never needs this.
#
# Usage: scripts/image/stand-in-base.sh   (storage options: see scripts/image/storage.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/image/storage.sh

image=$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile)
[ -n "$image" ] || { echo "stand-in base: no ARG NODE_IMAGE= line in the Dockerfile" >&2; exit 1; }
full_name="docker.io/library/$image"
if podman image exists "$full_name"; then
  echo "base image $image: present in local storage ($(podman image inspect --format '{{.Labels.source}}' "$full_name" 2>/dev/null || true))"
  exit 0
fi

# node:20.20.2-bookworm-slim → Node 20.20.2 on Debian bookworm.
tag=${image#*:}
want_node=${tag%%-*}
suite=$(echo "$tag" | cut -d- -f2)
node_bin=$(command -v node)
have_node=$(node --version | sed 's/^v//')
if [ "$have_node" != "$want_node" ]; then
  echo "stand-in base: the Dockerfile asks for Node $want_node but this machine has $have_node; pull $image from a registry instead" >&2
  exit 1
fi
node_prefix=$(dirname "$(dirname "$(readlink -f "$node_bin")")")   # /usr or /usr/local
npm_dir=$node_prefix/lib/node_modules/npm
[ -d "$npm_dir" ] && [ -d "$node_prefix/include/node" ] || { echo "stand-in base: npm or Node's headers missing under $node_prefix" >&2; exit 1; }

cache=/var/tmp/journal-portal-image
mkdir -p "$cache"
debian_tar=$cache/debian-$suite-minbase.tar
if [ ! -s "$debian_tar" ]; then
  echo "stand-in base: debootstrap $suite (minbase) from deb.debian.org, once (cached in $debian_tar)"
  work=$(mktemp -d "$cache/debootstrap.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  debootstrap --variant=minbase "$suite" "$work/rootfs" http://deb.debian.org/debian >"$work/log" 2>&1 \
    || { tail -20 "$work/log" >&2; exit 1; }
  rm -rf "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/lib/apt/lists/*
  tar -C "$work/rootfs" --numeric-owner -cf "$debian_tar.part" .
  mv "$debian_tar.part" "$debian_tar"
  rm -rf "$work"
  trap - EXIT
fi

rootfs=$(mktemp -d "$cache/rootfs.XXXXXX")
trap 'rm -rf "$rootfs"' EXIT
tar -C "$rootfs" -xf "$debian_tar"
install -D -m 755 "$(readlink -f "$node_bin")" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules" "$rootfs/usr/local/include"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
cp -a "$node_prefix/include/node" "$rootfs/usr/local/include/node"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
# The official image's user: uid and gid 1000, named node.
echo 'node:x:1000:' >>"$rootfs/etc/group"
echo 'node:x:1000:1000::/home/node:/bin/bash' >>"$rootfs/etc/passwd"
echo 'node:*:20000:0:99999:7:::' >>"$rootfs/etc/shadow"
install -d -o 1000 -g 1000 "$rootfs/home/node"

tar -C "$rootfs" --numeric-owner -cf - . | podman import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$want_node" \
  --change 'CMD ["node"]' \
  --change "LABEL source=\"stand-in: Debian $suite minbase + this machine's Node $have_node\"" \
  --message "stand-in for $image" - "$full_name" >/dev/null
echo "base image $image: the registry is not used; a STAND-IN was assembled from Debian $suite (debootstrap minbase) and this machine's Node $have_node + npm $(node "$npm_dir/bin/npm-cli.js" --version)"
