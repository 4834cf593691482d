#!/usr/bin/env bash
# Make sure the end-to-end tests have a Chromium: $CHROMIUM, else Debian's /usr/bin/chromium, else
# Playwright's own build (downloaded by `playwright install chromium`, for machines that allow it).
# Usage: tools/ensure-chromium.sh VENV
set -euo pipefail
venv=${1:-.venv}
if [ -n "${CHROMIUM:-}" ] && [ -x "$CHROMIUM" ]; then
  echo "chromium: $CHROMIUM (from \$CHROMIUM)"
elif [ -x /usr/bin/chromium ]; then
  echo "chromium: /usr/bin/chromium"
else
  echo "chromium: none on this machine; installing Playwright's own build"
  "$venv/bin/playwright" install chromium
fi
