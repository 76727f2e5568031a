#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds Release and prints one table of every performance figure against its budget:
# analyze() per shipped model, a 10,000-cell sweep, preset loading and config import
# (Google Benchmark medians of 5 repetitions), `roofline-cli sweep` of 10,000 scenarios to
# CSV as a whole process (median of 11 runs), `roofline-cli frontier` of 240 configurations
# as a whole process (median of 11), the window's interaction latency
# (--benchmark-interaction 400; again with a baseline pinned on other hardware, so its roof,
# ghosts and arrows are all drawn; with three compare scenarios on other hardware, four
# scenarios on the plot; with the regime map shown, which recomputes its 128 x 128 grid on
# every step; and with all three docked views side by side, --view), its first painted
# frame (--first-frame, median of 5 starts)
# and its peak resident memory. Figures more than 2x the recorded ones
# (tests/benchmarks/recorded.tsv) are called out. Exits 1 if a budget is missed.
# Timings are never asserted in ctest: these machines are shared and noisy.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8  # awk, sort and `time` read and write decimal points, never commas

scripts/bootstrap-debian.sh libgtest-dev libbenchmark-dev  # the release preset builds the tests too
cmake --preset release >/dev/null
# Only what is measured: a test that does not build must not stop the figures.
cmake --build --preset release -j "$(nproc)" --target roofline_benchmarks roofline-explorer \
    roofline-cli >/dev/null
export QT_QPA_PLATFORM=offscreen
app=build/release/app/ui/roofline-explorer
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

build/release/tests/benchmarks/roofline_benchmarks --benchmark_repetitions=5 \
    --benchmark_report_aggregates_only=true --benchmark_min_time=0.2 2>/dev/null \
    | awk '/_median/ { name=$1; sub(/_median$/, "", name); print name "\t" $4 "\t" $5 }' \
    >"$work/bench.tsv"   # name, CPU time, unit

# The CLI's 10,000-row CSV sweep (100 batches x 100 contexts), the whole process: wall
# clock from bash's EPOCHREALTIME (no fork for the clock), CPU from `time`; medians of 11.
cli=build/release/app/roofline-cli
sweep=(sweep --batch 1:100:+1 --context 1:10000:+101)
"$cli" "${sweep[@]}" >/dev/null  # the binary and its libraries into the page cache
TIMEFORMAT='%3U %3S'
for _ in $(seq 11); do
    start=${EPOCHREALTIME/[.,]/}
    { time "$cli" "${sweep[@]}" >/dev/null; } 2>>"$work/cli_cpu"  # no subshell in the timing
    end=${EPOCHREALTIME/[.,]/}
    echo "$((end - start))" >>"$work/cli_wall"
done
median() { sort -n | sed -n 6p; }  # of 11
cli_wall=$(awk '{ printf "%.2f\n", $1 / 1000 }' "$work/cli_wall" | median)
cli_cpu=$(awk '{ printf "%.0f\n", ($1 + $2) * 1000 }' "$work/cli_cpu" | median)

# The frontier of 240 configurations (3 hardware x 4 TP x 5 quantizations x 4 batches, two
# analyses each) to CSV, the whole process, timed as the sweep: median of 11.
frontier=(frontier --output 1024 --hardware h100-sxm,h200,b200 --tp 1,2,4,8
          --quantization W16A16,W8A16,W8A8,W4A16,W4A8 --batch 1,8,64,256 --format csv)
"$cli" "${frontier[@]}" >/dev/null
for _ in $(seq 11); do
    start=${EPOCHREALTIME/[.,]/}
    "$cli" "${frontier[@]}" >/dev/null
    end=${EPOCHREALTIME/[.,]/}
    echo "$((end - start))" >>"$work/frontier_wall"
done
frontier_wall=$(awk '{ printf "%.2f\n", $1 / 1000 }' "$work/frontier_wall" | median)

"$app" --benchmark-interaction 400 2>/dev/null | tail -n 1 >"$work/interaction.json"
# Compare mode: an A100 baseline (other roofs) at batch 16, speculative passes included.
cat >"$work/baseline.json" <<'JSON'
{"schema_version": 1, "hardware": "a100-80gb-sxm", "model": "llama-3.1-8b", "batch": 16,
 "speculative": {"k": 4, "acceptance": 0.7, "draft": "ngram"}}
JSON
"$app" --baseline "$work/baseline.json" --benchmark-interaction 400 2>/dev/null | tail -n 1 \
    >"$work/interaction_baseline.json"
"$app" --view regime --benchmark-interaction 400 2>/dev/null | tail -n 1 \
    >"$work/interaction_regime.json"
"$app" --view all --benchmark-interaction 400 2>/dev/null | tail -n 1 \
    >"$work/interaction_views.json"
# Four scenarios on the plot: the default and three compare scenarios on other hardware,
# so that their roofs, points and labels are all drawn (built once, not on each step).
compare=()
for spec in h200:2 mi300x:1 b200:2; do
    echo "{\"schema_version\": 1, \"hardware\": \"${spec%:*}\", \"model\": \"llama-3.1-8b\"," \
        "\"batch\": 16, \"tensor_parallel\": ${spec#*:}}" >"$work/compare-${spec%:*}.json"
    compare+=(--compare "$work/compare-${spec%:*}.json")
done
"$app" "${compare[@]}" --benchmark-interaction 400 2>/dev/null | tail -n 1 \
    >"$work/interaction_compare.json"
# Play on the batch, 1 to 4,096, each frame that moves the batch timed (issue 20).
"$app" --benchmark-play 2>/dev/null | tail -n 1 >"$work/play.json"
for _ in 1 2 3 4 5; do
    "$app" --first-frame 2>/dev/null | tail -n 1 | sed -E 's/.*"first_frame_ms": ([0-9.]+).*/\1/'
done | sort -n | sed -n 3p >"$work/first_frame"
/usr/bin/time -f "%M" -o "$work/rss" "$app" --benchmark-interaction 100 >/dev/null 2>&1

field() { sed -E "s/.*\"$1\": ([0-9.]+).*/\1/" "$work/${2:-interaction}.json"; }
{
    while IFS=$'\t' read -r name value unit; do
        case "$unit" in
            ns) scale=1e-6 ;; us) scale=1e-3 ;; ms) scale=1 ;; s) scale=1e3 ;; *) scale=1 ;;
        esac
        ms=$(awk -v v="$value" -v s="$scale" 'BEGIN { printf "%.6g", v * s }')
        budget=""
        case "$name" in
            BM_Analyze/*|BM_AnalyzeDoesNotFit/*) budget=0.001 ;;
            BM_AnalyzeHybrid/*|BM_AnalyzeEstimate/*) budget=0.0015 ;;
            BM_AnalyzeSpeculative/*) budget=0.002 ;;
            BM_Sweep10k) budget=20 ;;
            BM_RegimeGrid128/*) budget=5 ;;
        esac
        echo -e "$name\t$ms\tms\t$budget"
        # The grid per cell, against the issue's 0.2-0.3 us (16,384 cells).
        if [[ "$name" == BM_RegimeGrid128/* ]]; then
            per_cell=$(awk -v v="$ms" 'BEGIN { printf "%.3g", v * 1e3 / 16384 }')
            echo -e "${name/BM_RegimeGrid128/regime grid per cell}\t$per_cell\tus\t0.3"
        fi
    done <"$work/bench.tsv"
    echo -e "cli sweep 10k to CSV, process\t$cli_wall\tms\t10"
    echo -e "cli sweep 10k to CSV, CPU time\t$cli_cpu\tms\t"
    echo -e "cli frontier 240 configs, process\t$frontier_wall\tms\t50"
    echo -e "window interaction p50\t$(field p50_ms)\tms\t"
    echo -e "window interaction p99\t$(field p99_ms)\tms\t5"
    echo -e "window interaction max\t$(field max_ms)\tms\t"
    echo -e "window interaction, baseline p50\t$(field p50_ms interaction_baseline)\tms\t"
    echo -e "window interaction, baseline p99\t$(field p99_ms interaction_baseline)\tms\t5"
    echo -e "window interaction, regime map p50\t$(field p50_ms interaction_regime)\tms\t"
    echo -e "window interaction, regime map p99\t$(field p99_ms interaction_regime)\tms\t8"
    echo -e "window interaction, regime map CPU p99\t$(field cpu_p99_ms interaction_regime)\tms\t"
    echo -e "window interaction, all views p50\t$(field p50_ms interaction_views)\tms\t"
    echo -e "window interaction, all views p99\t$(field p99_ms interaction_views)\tms\t8"
    echo -e "window interaction, all views CPU p99\t$(field cpu_p99_ms interaction_views)\tms\t"
    echo -e "window interaction, 4 scenarios p50\t$(field p50_ms interaction_compare)\tms\t"
    echo -e "window interaction, 4 scenarios p99\t$(field p99_ms interaction_compare)\tms\t5"
    echo -e "window play batch 1-4096 p50\t$(field p50_ms play)\tms\t"
    echo -e "window play batch 1-4096 p99\t$(field p99_ms play)\tms\t5"
    echo -e "window first frame (median of 5)\t$(cat "$work/first_frame")\tms\t300"
    echo -e "window peak resident memory\t$(awk '{ printf "%.1f", $1 / 1024 }' "$work/rss")\tMiB\t100"
} >"$work/figures.tsv"

recorded=tests/benchmarks/recorded.tsv
status=0
printf '%-36s %14s %10s   %s\n' "figure" "measured" "budget" "verdict"
while IFS=$'\t' read -r name value unit budget; do
    verdict="ok"
    if [[ -n "$budget" ]] && awk -v v="$value" -v b="$budget" 'BEGIN { exit !(v > b) }'; then
        verdict="OVER BUDGET"
        status=1
    fi
    old=$(awk -F'\t' -v n="$name" '$1 == n { print $2 }' "$recorded" 2>/dev/null || true)
    if [[ -n "$old" ]] && awk -v v="$value" -v o="$old" 'BEGIN { exit !(v > 2 * o) }'; then
        verdict="$verdict; REGRESSION: over 2x the recorded $old $unit"
    fi
    shown=$value
    [[ "$unit" == ms && "$name" == BM_Analyze* ]] && unit=ns && shown=$(awk -v v="$value" 'BEGIN { printf "%.0f", v * 1e6 }') \
        && budget=$(awk -v b="$budget" 'BEGIN { printf "%.0f", b * 1e6 }')
    printf '%-36s %10s %-3s %10s   %s\n' "$name" "$shown" "$unit" "${budget:--}" "$verdict"
done <"$work/figures.tsv"
echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
[[ "${RECORD:-0}" == 1 ]] && cp "$work/figures.tsv" "$recorded" && echo "recorded to $recorded"
exit $status
