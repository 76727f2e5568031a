#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# clang-tidy-16 (checks and options in .clang-tidy, every enabled check an error) over the
# C++ sources of core/ and app/ that recent commits changed, in parallel, within a time budget.
#
#   scripts/tidy.sh              the changed files (below)
#   scripts/tidy.sh FILE...      just these .cpp files
#
# "Changed" must be decidable on a clean clone of main, which has no pull-request base, so it
# is read from the history alone: the first-parent commits of HEAD committed less than
# ROOFLINE_TIDY_HOURS (default 6) hours before HEAD was, i.e. the last session of commits and
# merges however many it had. Each such commit's .cpp files count, and for a changed header the
# .cpp of the same name (or else the first .cpp that includes it: the header is checked
# through it, HeaderFilterRegex). Newest commits first; files deleted since are dropped.
#
# Environment:
#   ROOFLINE_TIDY_BASE=<rev>    diff <rev>..HEAD instead of the time window
#   ROOFLINE_TIDY_HOURS=6       the window
#   ROOFLINE_TIDY_MAX_FILES=24  check at most this many (the newest); the rest are listed
#   ROOFLINE_TIDY_BUDGET=180    seconds for the whole run; files not finished by then are
#                               listed as skipped (skipping passes, a finding fails)
#   ROOFLINE_TIDY_CHECKS=-clang-analyzer-*  added to .clang-tidy's Checks (--checks); the
#                               static analyzer is off by default: it costs about as much
#                               again as all the other checks; ROOFLINE_TIDY_CHECKS= keeps it
#   ROOFLINE_TIDY_JOBS=2        parallel clang-tidy processes
#   ROOFLINE_TIDY_BUILD=build/ci  the build directory whose compile_commands.json is used
#   CLANG_TIDY=clang-tidy-16
# Exits 1 on any finding or compiler error, 0 otherwise (also when files were skipped).
set -euo pipefail
cd "$(dirname "$0")/.."

hours=${ROOFLINE_TIDY_HOURS:-6}
max_files=${ROOFLINE_TIDY_MAX_FILES:-24}
budget=${ROOFLINE_TIDY_BUDGET:-180}
jobs=${ROOFLINE_TIDY_JOBS:-2}
checks=${ROOFLINE_TIDY_CHECKS--clang-analyzer-*}
build=${ROOFLINE_TIDY_BUILD:-build/ci}
tidy=${CLANG_TIDY:-clang-tidy-16}

command -v "$tidy" >/dev/null || { echo "error: $tidy not found (scripts/bootstrap-debian.sh installs it)" >&2; exit 1; }
[[ -f $build/compile_commands.json ]] || {
    echo "error: no $build/compile_commands.json: configure and build that preset first (cmake --preset ci && cmake --build --preset ci)" >&2
    exit 1
}

# The files the compile database knows, relative to the repository (generated sources are
# not ours to fix and live under build/).
root=$PWD
mapfile -t known < <(sed -n 's/^ *"file": "\(.*\)",\?$/\1/p' "$build/compile_commands.json" |
    sed "s|^$root/||" | grep -E '^(core|app)/.*\.cpp$' | sort -u)
is_known() { local k; for k in "${known[@]}"; do [[ $k == "$1" ]] && return 0; done; return 1; }

# The .cpp through which a changed header gets checked.
cpp_for_header() {
    local h=$1 base stem
    stem=${h%.h}
    [[ -f $stem.cpp ]] && is_known "$stem.cpp" && { echo "$stem.cpp"; return; }
    base=$(basename "$h")
    local f
    for f in "${known[@]}"; do
        grep -qE "^#include [<\"]([^\">]*/)?$base[\">]" "$f" 2>/dev/null && { echo "$f"; return 0; }
    done
    return 0
}

files=()
if [[ $# -gt 0 ]]; then
    files=("$@")
    echo "== tidy: ${#files[@]} file(s) named on the command line"
else
    if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        echo "== tidy: skipped: not a git checkout, so there are no changed files (name them: scripts/tidy.sh FILE...)"
        exit 0
    fi
    if [[ -n ${ROOFLINE_TIDY_BASE:-} ]]; then
        base=$(git rev-parse --verify -q "${ROOFLINE_TIDY_BASE}^{commit}") || {
            echo "error: ROOFLINE_TIDY_BASE=$ROOFLINE_TIDY_BASE is not a commit" >&2; exit 1; }
        commits=$(git rev-list --first-parent "$base..HEAD")
        why="since ROOFLINE_TIDY_BASE=$ROOFLINE_TIDY_BASE ($(git rev-parse --short "$base"))"
    else
        head_time=$(git log -1 --format=%ct HEAD)
        commits=$(git rev-list --first-parent --since=$((head_time - hours * 3600)) HEAD)
        base=$(git rev-list --first-parent --before=$((head_time - hours * 3600 - 1)) -1 HEAD)
        if [[ -z $base && $(git rev-parse --is-shallow-repository) == true ]]; then
            echo "== tidy: skipped: a shallow clone does not reach $hours h before HEAD; set ROOFLINE_TIDY_BASE or fetch more history"
            exit 0
        fi
        why="in the ${hours} h of first-parent commits up to HEAD ($(git rev-parse --short HEAD), $(git log -1 --format=%cI HEAD))"
    fi
    candidates=()
    for c in $commits; do
        # A merge counts with everything its branch brought (diff against the first parent).
        if git rev-parse -q --verify "$c^1" >/dev/null; then
            mapfile -t changed < <(git diff --name-only --no-renames --diff-filter=d "$c^1" "$c" -- core app)
        else
            mapfile -t changed < <(git show --name-only --format= "$c" -- core app)
        fi
        candidates+=("${changed[@]}")
    done
    declare -A seen=()
    for f in "${candidates[@]}"; do
        case $f in
            *.cpp) ;;
            *.h) f=$(cpp_for_header "$f") ;;
            *) continue ;;
        esac
        [[ -n $f && -f $f && -z ${seen[$f]:-} ]] || continue
        is_known "$f" || continue
        seen[$f]=1
        files+=("$f")
    done
    echo "== tidy: ${#files[@]} C++ file(s) of core/ and app/ changed $why"
fi
[[ ${#files[@]} -eq 0 ]] && { echo "   nothing to check"; exit 0; }

capped=()
if [[ ${#files[@]} -gt $max_files ]]; then
    capped=("${files[@]:max_files}")
    files=("${files[@]:0:max_files}")
fi

work=$(mktemp -d)
touch "$work/seen"
trap 'rm -rf "$work"' EXIT
start=$(date +%s)
deadline=$((start + budget))
# The database without the precompiled header (CMake's -include .../cmake_pch.hxx beside a
# GCC .gch, which clang cannot read): each file is checked on its own includes.
mkdir "$work/db"
sed -e 's| -Winvalid-pch||g' -e 's| -include [^ ]*/cmake_pch\.hxx||g' \
    "$build/compile_commands.json" >"$work/db/compile_commands.json"

# One file: its output, exit status and seconds under $work/<index>.*
check_one() {
    local i=$1 f=$2 now t0 rc=0
    now=$(date +%s)
    if ((now >= deadline - 5)); then echo skipped >"$work/$i.status"; return 0; fi
    t0=${EPOCHREALTIME//[.,]/}
    # -Wno-unknown-warning-option: the database is GCC's (-Wuseless-cast, -Wlogical-op ...);
    # -Wno-error: compiler warnings are the compilers' job (ci: GCC, fuzz: clang), not tidy's.
    timeout $((deadline - now)) "$tidy" -p "$work/db" --quiet ${checks:+"--checks=$checks"} \
        --extra-arg=-Wno-unknown-warning-option --extra-arg=-Wno-error \
        "$f" >"$work/$i.out" 2>&1 || rc=$?
    echo "$rc" >"$work/$i.status"
    echo $((${EPOCHREALTIME//[.,]/} - t0)) >"$work/$i.time" # microseconds
}
export -f check_one
export work deadline tidy build checks

for i in "${!files[@]}"; do printf '%s\0%s\0' "$i" "${files[$i]}"; done |
    xargs -0 -n2 -P "$jobs" bash -c 'check_one "$1" "$2"' _

failed=0 skipped=()
for i in "${!files[@]}"; do
    f=${files[$i]} status=$(cat "$work/$i.status")
    case $status in
        skipped) skipped+=("$f (budget of ${budget}s spent before it started)"); continue ;;
        124) skipped+=("$f (stopped when the budget of ${budget}s ran out)"); continue ;;
    esac
    us=$(cat "$work/$i.time")
    printf '   %4d.%ds  %s' $((us / 1000000)) $((us / 100000 % 10)) "$f"
    if [[ $status == 0 ]]; then
        echo
    else
        echo "  FAILED"
        failed=1
        # Each diagnostic once: one in a header comes again with every file that includes it.
        grep -vE '^[0-9]+ (warning|error)s? (generated|treated as error)|^Error while processing' "$work/$i.out" |
            awk -v seen="$work/seen" '
                BEGIN { while ((getline l < seen) > 0) shown[l] = 1 }
                /^[^ ]+:[0-9]+:[0-9]+: (warning|error):/ {
                    skip = ($0 in shown); if (!skip) { shown[$0] = 1; print $0 >> seen; n++ }
                }
                !skip { print "      " $0 }
                END { if (n == 0) print "      (findings shown above)" }' || true
    fi
done
for f in "${capped[@]}"; do skipped+=("$f (over ROOFLINE_TIDY_MAX_FILES=$max_files)"); done
echo "   $(( $(date +%s) - start ))s on ${jobs} job(s) for $((${#files[@]} + ${#capped[@]} - ${#skipped[@]})) file(s)"
if [[ ${#skipped[@]} -gt 0 ]]; then
    echo "   not checked (this does not fail the run):"
    printf '      %s\n' "${skipped[@]}"
fi
if [[ $failed -ne 0 ]]; then
    echo "tidy: findings above (every enabled check is an error; see .clang-tidy)" >&2
    exit 1
fi
echo "   no findings"
