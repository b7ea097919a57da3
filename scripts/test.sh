#!/usr/bin/env bash
# Set up everything the test suite needs, then run it.
#
#   bash scripts/test.sh [pytest arguments]
#
# 1. Installs the system programs the tests drive, when they are missing,
#    with Debian's apt-get (as root, or through sudo when it asks no password):
#      chromium    the browser of the end-to-end tests (tests/e2e)
#      nginx       the proxy in front of two app servers (two-server test)
#      postgresql  initdb and pg_ctl, for the throw-away database cluster
#    Where it cannot install them, it stops before pytest and says how.
# 2. Installs the package with its test extra (pip, into the Python on PATH).
# 3. Runs pytest with the arguments given (-m "not e2e", -k, -x, -n 0 ...).
set -euo pipefail

cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python}
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore

say() { printf 'scripts/test.sh: %s\n' "$*" >&2; }

# Where Debian's packages put the programs the tests look for. ROOT is
# empty on a real machine; tests/test_test_command.py points it at a folder
# of its own to see the script's answers without touching the system.
ROOT=${ONEWORD_SYSTEM_ROOT:-}
has_chromium() { [[ -x $ROOT/usr/bin/chromium ]]; }
has_nginx() { [[ -x $ROOT/usr/sbin/nginx ]]; }
has_postgresql() { compgen -G "$ROOT/usr/lib/postgresql/*/bin/initdb" >/dev/null; }

missing_packages() {
    has_chromium || printf 'chromium '
    has_nginx || printf 'nginx '
    has_postgresql || printf 'postgresql '
}

# How to run apt-get here: directly as root, through sudo without a
# password, or not at all (an empty answer).
apt_runner() {
    command -v apt-get >/dev/null || return 0
    if [[ $(id -u) -eq 0 ]]; then
        printf 'env'
    elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
        printf 'sudo env'
    fi
}

install_system_packages() {
    local packages runner
    packages=$(missing_packages)
    packages=${packages% }
    [[ -z $packages ]] && return 0
    runner=$(apt_runner)
    if [[ -z $runner ]]; then
        say "the tests need these system packages, which are missing: $packages"
        say "install them, then run this command again:"
        say "  sudo apt-get update && sudo apt-get install -y $packages"
        say "(on a system without apt-get, install the same programs with its own package manager:"
        say " Chromium at /usr/bin/chromium, nginx, and PostgreSQL's server binaries initdb and pg_ctl)"
        exit 1
    fi
    say "installing the system packages the tests need: $packages (apt-get)"
    # shellcheck disable=SC2086  # the runner and the package list are words
    $runner DEBIAN_FRONTEND=noninteractive apt-get update -q
    # shellcheck disable=SC2086
    $runner DEBIAN_FRONTEND=noninteractive apt-get install -y -q $packages
}

install_system_packages
say "installing the package with its test extra (pip install -e \".[test]\")"
"$PYTHON" -m pip install -q -e ".[test]"
exec "$PYTHON" -m pytest "$@"
