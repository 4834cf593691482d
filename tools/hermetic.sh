#!/usr/bin/env bash
# Run a command in a private network namespace when this machine allows it (root with unshare), else
# directly. Inside, only loopback and a veth pair of our own exist, with a default route so that
# Chromium gathers WebRTC host candidates; nothing can reach another machine.
# Usage: tools/hermetic.sh COMMAND [ARGS...]
set -euo pipefail

if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && command -v ip >/dev/null \
    && unshare -n true 2>/dev/null; then
  export GNC_HERMETIC=1
  exec unshare -n bash -c '
    set -e
    # No IPv6 here: a link-local address finishing its duplicate check a second after the link comes
    # up is a network change to Chromium, which then fails every request in flight with
    # ERR_NETWORK_CHANGED (seen on the first page of a run). Our addresses are IPv4 only.
    sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1 2>/dev/null || true
    ip link set lo up
    ip link add v0 type veth peer name v1
    ip addr add 10.213.0.1/30 dev v0
    ip addr add 10.213.0.2/30 dev v1
    ip link set v0 up
    ip link set v1 up
    ip route add default dev v0
    # The local table looked up after rule 10, not first (rule 0): a test may then cut a peer connection
    # as a network does, with an unreachable rule for its UDP ports before local delivery
    # (tests/e2e/test_lost_host_phone.py: the guest'"'"'s strip shows "Reconnecting" and comes back).
    ip rule add pref 100 lookup local
    ip rule del pref 0
    exec "$@"
  ' hermetic "$@"
fi
echo "tools/hermetic.sh: no private network namespace here (needs root and unshare); running directly" >&2
exec "$@"
