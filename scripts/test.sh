#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds (warnings are errors) and runs every test.
# Exits non-zero on any failure. Usage: scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/bootstrap-debian.sh
export QT_QPA_PLATFORM=offscreen
jobs=$(nproc)

cmake --preset ci >/dev/null
cmake --build --preset ci -j "$jobs"
ctest --preset ci -j "$jobs"
