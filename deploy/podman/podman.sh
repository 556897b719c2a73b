# Sourced: podman as this kind of machine runs it (see shared research containers.md): runc rather
# than Debian's default crun (which fails on hybrid cgroups here), cgroupfs, and no per-container
# file-limit change (refused here). Host networking only: containers talk over loopback.
podman_() { podman --runtime /usr/sbin/runc --cgroup-manager cgroupfs "$@"; }

ensure_podman_config() {
  if ! grep -qs 'default_ulimits' /etc/containers/containers.conf; then
    mkdir -p /etc/containers
    printf '[containers]\ndefault_ulimits = []\n' >> /etc/containers/containers.conf
  fi
}
