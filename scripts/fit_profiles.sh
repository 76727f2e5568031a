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
# The records of <hw>.<engine> are records/<hw>.<engine>.csv (from the reference's
# calibration-measurements.json) and records/<hw>.<engine>.published.csv (from
# scripts/calibration/published-records.json, records_to_csv.py). A chip's generic profile is
# fitted on every engine's records of that chip: an engine the project has no records of is
# most like the engines it has, and the interval, each source left out in turn, carries how
# far they differ. The choices, the same for every profile (README "Estimates"):
# - stage 1, the rows at a stated batch (not "max"): the per-step overhead together with
#   the matmul efficiency of their quantized weights (fp8, mxfp4, ...): at small batches
#   both show in every step, and fitting the overhead alone on fp8 rows would take the
#   fp8 kernels' cost for host work. At batch max thousands of sequences share each step and
#   the fit would use the overhead to absorb whatever else the model misses, so those rows
#   do not set it. A profile with fewer than 4 such rows takes H100 SXM's overhead of the
#   same engine (or generic), the same host software on a chip of the same era;
# - stage 2, every row (when some are at batch max; otherwise stage 1 is the fit): the
#   overhead held, the quantized weights' efficiencies fitted again
#   (the batch-max rows are most of what measures them); bf16 matmuls run at the achievable
#   rates (1);
# - attention at efficiency 1 (the achievable bandwidth): the records let it go above 1,
#   faster than the bound's bytes allow, so it is held, not fitted;
# - the kernel floor stays at the base's 3 us: no record is small enough to see it;
# - an engine's own profile needs records from two sources or more: one run's records agree
#   with each other, and an interval from them alone says nothing of the next run (SGLang on
#   H200 has 6 records of one run: they go into H200's generic profile only).
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build/ci/app/roofline-cli}
records=presets/calibration/records
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The records of $1 ($hw) and $2 (engine; generic: all of the chip's), one file, header once.
gather() {
    local hw=$1 engine=$2 out=$3 pattern
    [[ "$engine" == generic ]] && pattern="$records/$hw.*.csv" || pattern="$records/$hw.$engine*.csv"
    # shellcheck disable=SC2086
    awk '/^#/ { next }
         /^model,/ { if (printed) next; printed = 1 } { print }' $pattern >"$out"
}

# The weight_efficiency/<p> names of the quantized weight precisions in file $1, comma-joined.
quantized() {
    awk -F, '!/^model,/ && $4 != "bf16" && $4 != "fp16" && $4 != "fp32" { print $4 }' "$1" |
        sort -u | sed 's|^|weight_efficiency/|' | paste -sd, -
}

value() { sed -nE "s/^  \"$2\": ([0-9.e+-]+),?$/\1/p" "$1"; }

# Stage 1 on the rows at a stated batch of $1's records: prints the step overhead, or nothing
# when there are fewer than 4 such rows.
stepOverhead() {
    local hw=$1 engine=$2 all=$3
    grep -v ',max,' "$all" >"$work/small.csv" || true
    [[ $(($(wc -l <"$work/small.csv") - 1)) -ge 4 ]] || return 0
    local free q
    q=$(quantized "$work/small.csv")
    free=step_overhead_s${q:+,$q}
    "$cli" calibrate "$work/small.csv" --hardware "$hw" --engine "$engine" \
        --from "scripts/calibration/$hw.base.json" --free "$free" \
        --fix attention_efficiency=1 -o "$work/step.json" >"$work/log" 2>&1 ||
        { cat "$work/log" >&2; exit 1; }
    value "$work/step.json" step_overhead_s
}

# Fits presets/calibration/$1.$2.json; $3: the overhead to use when the records set none.
fit() {
    local hw=$1 engine=$2 fallback=${3:-} step q out="presets/calibration/$1.$2.json"
    gather "$hw" "$engine" "$work/all.csv"
    step=$(stepOverhead "$hw" "$engine" "$work/all.csv")
    step=${step:-$fallback}
    [[ -n "$step" ]] || { echo "$hw.$engine: no overhead" >&2; exit 1; }
    q=$(quantized "$work/all.csv")
    local args=(--fix "step_overhead_s=$step" --fix attention_efficiency=1)
    if ! grep -q ',max,' "$work/all.csv"; then
        # Every row at a stated batch: stage 2 is stage 1, and the overhead is fitted with the
        # efficiencies, so that the interval's refits (each source left out) refit it too.
        args=(--free "step_overhead_s${q:+,$q}" --fix attention_efficiency=1)
    elif [[ -n "$q" ]]; then
        args+=(--free "$q")
    else
        args=(--free step_overhead_s --fix attention_efficiency=1)
    fi
    "$cli" calibrate "$work/all.csv" --hardware "$hw" --engine "$engine" \
        --from "scripts/calibration/$hw.base.json" "${args[@]}" -o "$out" >"$work/log" 2>&1 ||
        { cat "$work/log" >&2; exit 1; }
    sed -i -E "s|(\"description\": \"fitted by roofline-cli calibrate on [0-9]+ records) of [^\"]*\"|\1 of presets/calibration/records: $(engines "$hw" "$engine")\"|" "$out"
    # The fit names the file it read, a temporary one here: name the records files instead.
    sed -i "s|records of $work/all.csv|records of $(files "$hw" "$engine")|" "$out"
    echo "$out: step overhead $step s; $(grep -m1 'median |error|' "$work/log")" >&2
    echo "$step"
}

# The records files of a profile, as its sources name them.
files() {
    local hw=$1 engine=$2 pattern
    [[ "$engine" == generic ]] && pattern="$hw.*.csv" || pattern="$hw.$engine*.csv"
    (cd "$records" && ls $pattern) | sed "s|^|$records/|" | paste -sd, - | sed 's/,/, /g'
}

# Whose records a profile was fitted on, for its description.
engines() {
    local hw=$1 engine=$2
    if [[ "$engine" != generic ]]; then
        echo "$engine's published runs on $hw"
        return
    fi
    local names
    names=$(ls "$records" | sed -nE "s/^$hw\.([a-z.-]+)\.csv$/\1/p; s/^$hw\.([a-z.-]+)\.published\.csv$/\1/p" |
        sed 's/\.published$//' | sort -u | paste -sd, - | sed 's/,/, /g')
    echo "every engine's published runs on $hw ($names); the interval, each source left out in turn, says how far the sources differ"
}

h100trt=$(fit h100-sxm tensorrt-llm | tail -1)
h100gen=$(fit h100-sxm generic | tail -1)
fit h100-sxm vllm >/dev/null
for hw in h200 b200 gb200; do fit "$hw" tensorrt-llm "$h100trt" >/dev/null; done
for hw in h200 b200 gb200; do fit "$hw" generic "$h100gen" >/dev/null; done
fit a100-80gb-sxm tensorrt-llm >/dev/null
fit a100-80gb-sxm vllm >/dev/null
fit a100-80gb-sxm generic >/dev/null
fit b200 sglang "$h100gen" >/dev/null
fit mi300x vllm >/dev/null
fit mi300x generic >/dev/null
