# Sourced by scripts/image/*: podman and buildah keep this project's images in their own
# store under /var/tmp, kept between runs as a cache and apart from any other containers on
# the machine. Override with CONTAINERS_STORAGE_CONF.
#
# The driver is the kernel's overlay filesystem where it mounts (as root on these machines):
# a layer then holds only what its step changed. Elsewhere vfs, which needs nothing from the
# kernel but copies the whole filesystem for every layer (a cold build took an hour with it).
if [ -z "${CONTAINERS_STORAGE_CONF:-}" ]; then
  image_root=/var/tmp/journal-portal-image
  mkdir -p "$image_root"
  driver=vfs
  probe=$(mktemp -d "$image_root/overlay-probe.XXXXXX")
  mkdir -p "$probe/lower" "$probe/upper" "$probe/work" "$probe/merged"
  if mount -t overlay overlay -o "lowerdir=$probe/lower,upperdir=$probe/upper,workdir=$probe/work" "$probe/merged" 2>/dev/null; then
    umount "$probe/merged"
    driver=overlay
  fi
  rm -rf "$probe"
  image_store=$image_root/store-$driver
  mkdir -p "$image_store"
  cat >"$image_store/storage.conf" <<CONF
[storage]
driver = "$driver"
graphroot = "$image_store/graph"
runroot = "$image_store/run"
CONF
  export CONTAINERS_STORAGE_CONF=$image_store/storage.conf
fi
