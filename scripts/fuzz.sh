#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets (clang, ASan + UBSan) and runs each for a bounded time,
# seeded with the shipped presets and the test corpora. Fails on any crash, leak or
# sanitizer report. Usage: scripts/fuzz.sh [SECONDS_PER_TARGET]   (default 30: seven targets,
# three and a half minutes; the CI budget, .ci/run, has little room)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}

scripts/bootstrap-debian.sh clang libclang-rt-14-dev
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --preset fuzz >/dev/null
# Quiet when it builds; a compile error (ninja writes it to stdout) is shown, not swallowed.
if ! cmake --build --preset fuzz -j "$(nproc)" >"$work/build.log" 2>&1; then
    echo "FAILED: building the fuzz targets" >&2
    grep -E "error|Error" -A3 "$work/build.log" | head -n 60 >&2
    exit 1
fi
seed() {  # seed DIR FILES...: copies files (flattened) into a corpus folder
    local dir=$1; shift
    mkdir -p "$dir"
    for f in "$@"; do [[ -f "$f" ]] && cp "$f" "$dir/$(echo "$f" | tr '/' '_')"; done
}
seed "$work/hardware" presets/hardware/*.json tests/data/valid/*.json tests/data/invalid/*
seed "$work/model" presets/models/*.json tests/data/valid/*.json tests/data/invalid/* \
    tests/data/fuzz-seeds/model/*
seed "$work/measured" resources/examples/*.csv tests/data/measured/*
seed "$work/scenario" presets/scenarios/*.json tests/data/valid/*.json tests/data/invalid/* \
    tests/data/fuzz-seeds/scenario/*
seed "$work/calibration" presets/calibration/*.json tests/data/calibration/* \
    tests/data/invalid/calibration-* tests/data/fuzz-seeds/calibration/*
seed "$work/course" presets/courses/*.json tests/data/invalid/course-* \
    tests/data/fuzz-seeds/course/*
seed "$work/bench" tests/data/measured/*.json tests/data/measured/*.jsonl \
    tests/data/fuzz-seeds/bench/*

status=0
for target in hardware:fuzz_hardware model:fuzz_model_config scenario:fuzz_scenario_file \
              measured:fuzz_measured calibration:fuzz_calibration course:fuzz_course \
              bench:fuzz_bench_results; do
    corpus=${target%%:*}
    binary=build/fuzz/tests/fuzz/${target#*:}
    echo "fuzzing ${target#*:} for ${seconds}s"
    if ! "$binary" "$work/$corpus" -max_total_time="$seconds" -max_len=65536 \
            -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
            -artifact_prefix="$work/" >"$work/${corpus}.log" 2>&1; then
        echo "FAILED: ${target#*:}" >&2
        tail -n 60 "$work/${corpus}.log" >&2
        mkdir -p build/fuzz/artifacts && cp "$work"/crash-* "$work"/leak-* "$work"/timeout-* \
            build/fuzz/artifacts/ 2>/dev/null || true
        status=1
    else
        grep -E "stat::number_of_executed_runs|cov:" "$work/${corpus}.log" | tail -n 2
    fi
done
exit $status
