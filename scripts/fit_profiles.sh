#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Refits the shipped calibration profiles (presets/calibration/<hw>.<engine>.json) from the
# published records in presets/calibration/records, each from its base profile in
# scripts/calibration (the chip's compute units, the generic profile's other values).
# A developer's tool, not part of the build or the tests: rebuild afterwards, since the
# shipped profiles are compiled in.
#
#   scripts/fit_profiles.sh [path/to/roofline-cli]      (default build/ci/app/roofline-cli)
#
# The choices, the same for every chip (README "Estimates"):
# - the per-step overhead comes from the small-batch rows (NeMo's e2e_ms at B 1-8) alone:
#   at batch max, thousands of sequences share each step and the fit would use it to absorb
#   whatever else the model misses. H100's value stands for the chips without such rows
#   (H200, B200, GB200: the same TensorRT-LLM host work per step);
# - then the matmul efficiency of the records' quantized weights (fp8 on Hopper, nvfp4 on
#   Blackwell) is fitted on every row; bf16 matmuls run at the achievable rates (1);
# - attention at efficiency 1 (the achievable bandwidth): the records let it go above 1,
#   faster than the bound's bytes allow, so it is held, not fitted;
# - the kernel floor stays at the base's 3 us: no record is small enough to see it.
# The records are TensorRT-LLM's; the chip's generic profile is fitted on the same records
# (the only public ones the project has for it), and says so.
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build/ci/app/roofline-cli}
records=presets/calibration/records
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The step overhead of the small-batch rows of $1 (seconds, as the profile writes it).
stepOverhead() {
    local hw=$1
    { grep -v ',max,' "$records/$hw.tensorrt-llm.csv"; } >"$work/$hw.small.csv"
    "$cli" calibrate "$work/$hw.small.csv" --hardware "$hw" --engine tensorrt-llm \
        --from "scripts/calibration/$hw.base.json" --free step_overhead_s \
        --fix attention_efficiency=1 -o "$work/$hw.step.json" >/dev/null 2>&1
    sed -nE 's/^  "step_overhead_s": ([0-9.e+-]+),?$/\1/p' "$work/$hw.step.json"
}

fit() {
    local hw=$1 engine=$2 step=$3 free=$4
    local args=(--fix "step_overhead_s=$step")
    [[ -n "$free" ]] && args+=(--free "$free")
    "$cli" calibrate "$records/$hw.tensorrt-llm.csv" --hardware "$hw" --engine "$engine" \
        --from "scripts/calibration/$hw.base.json" "${args[@]}" \
        --fix attention_efficiency=1 -o "presets/calibration/$hw.$engine.json" >/dev/null 2>&1
    note "presets/calibration/$hw.$engine.json" "$engine"
    echo "presets/calibration/$hw.$engine.json (step overhead $step s)"
}

# A generic profile says whose records it was fitted on.
note() {
    [[ "$2" == generic ]] || return 0
    sed -i -E 's|^(  "description": "fitted by roofline-cli calibrate on [^"]*)",$|\1; the records are TensorRT-LLM'"'"'s, the only public ones the project has for this chip: an engine with more host work per step runs slower than this",|' "$1"
}

h100=$(stepOverhead h100-sxm)
for engine in tensorrt-llm generic; do
    fit h100-sxm "$engine" "$h100" weight_efficiency/fp8
    fit h200 "$engine" "$h100" weight_efficiency/fp8
    fit b200 "$engine" "$h100" weight_efficiency/nvfp4
    fit gb200 "$engine" "$h100" weight_efficiency/nvfp4
    # A100: NeMo's bf16 small-batch rows only, so the step overhead is all they determine.
    "$cli" calibrate "$records/a100-80gb-sxm.tensorrt-llm.csv" --hardware a100-80gb-sxm \
        --engine "$engine" --from scripts/calibration/a100-80gb-sxm.base.json \
        --free step_overhead_s --fix attention_efficiency=1 \
        -o "presets/calibration/a100-80gb-sxm.$engine.json" >/dev/null 2>&1
    note "presets/calibration/a100-80gb-sxm.$engine.json" "$engine"
    echo "presets/calibration/a100-80gb-sxm.$engine.json"
done
