#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds Release and launches Roofline Explorer on its embedded
# default scenario (H100 SXM, Llama 3.1 8B). Extra arguments go to the program.
# Without a display it prints the default analysis with roofline-cli instead.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/bootstrap-debian.sh  # what the programs need; the test tools are scripts/test.sh's
# No tests or benchmarks here: GoogleTest and Google Benchmark may not be installed (a
# command-line -D wins over the preset's value; scripts/bench.sh turns them on again).
cmake --preset release -DROOFLINE_BUILD_TESTS=OFF -DROOFLINE_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build --preset release -j "$(nproc)" >/dev/null

app=build/release/app/ui/roofline-explorer
if [[ -x "$app" && ( -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" || -n "${QT_QPA_PLATFORM:-}" ) ]]; then
    exec "$app" "$@"
fi
[[ -x "$app" ]] && echo "(no display found: printing the default analysis instead of opening the window)"
exec build/release/app/roofline-cli analyze "$@"
