# Sourced by scripts/image/*: podman and buildah keep this project's images in their own
# store (vfs driver, no kernel overlay needed) under /var/tmp, kept between runs as a cache
# and apart from any other containers on the machine. Override with CONTAINERS_STORAGE_CONF.
if [ -z "${CONTAINERS_STORAGE_CONF:-}" ]; then
  image_store=/var/tmp/journal-portal-image/store
  mkdir -p "$image_store"
  cat >"$image_store/storage.conf" <<CONF
[storage]
driver = "vfs"
graphroot = "$image_store/graph"
runroot = "$image_store/run"
CONF
  export CONTAINERS_STORAGE_CONF=$image_store/storage.conf
fi
