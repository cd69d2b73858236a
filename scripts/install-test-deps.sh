#!/usr/bin/env bash
# Debian packages the workspace tests need, installed only when missing:
#   pgn-extract  its eco.pgn is read by crates/sqlchess-pgn/tests/oracle.rs;
#   chromium     the explorer page is tested in headless Chromium
#                (crates/sqlchess-cli/tests/explore.rs);
#   fairy-stockfish  the opponent and judge of scripts/match.py and
#                scripts/movequality.py (python/tests/test_match_tools.py).
# Needs root or sudo when something is missing; quick when all is there.
set -euo pipefail

PACKAGES=(pgn-extract chromium fairy-stockfish)
missing=()
for p in "${PACKAGES[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO=(sudo -n)
    else
        echo "install-test-deps.sh: missing ${missing[*]}; run as root or with sudo" >&2
        exit 2
    fi
fi
echo "== apt-get install ${missing[*]}"
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
