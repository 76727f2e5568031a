#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing (the test tools too), then builds and runs every test:
#   0. the layering of the folders (scripts/check_layering.sh), comments that cite no issue
#      number (scripts/check_comments.sh) and clang-format-16 (scripts/format.sh --check): a
#      failure here is reported, step 1 still runs, and the script fails after it
#   1. the whole suite built as a packager builds (Release, -O3), warnings as errors
#                                                             (preset ci)
#      and (not with --quick) clang-tidy-16 on the recently changed C++ files, any finding
#      an error, at most ROOFLINE_TIDY_BUDGET (default 180) s  (scripts/tidy.sh)
#   2. the engine, the file readers and the CLI again under ASan + UBSan, no recovery (preset
#      asan): the GoogleTest suites and the fuzz replays. The window's QtTests run once, in
#      step 1: a second build of the Qt window under the sanitizers took about a third of
#      the run, over the 45 minutes CI allows (stop 29's run took 53); the untrusted input
#      (every file format) is parsed by core/io, which this step and the fuzzers cover.
#   3. each libFuzzer target for FUZZ_SECONDS (default 11: seven targets, about 80 s)
#                                                             (scripts/fuzz.sh)
# Exits non-zero on any failure. `scripts/test.sh --quick` runs steps 0 and 1 only.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
[[ "${1:-}" == "--quick" ]] && quick=1

scripts/bootstrap-debian.sh --test
export QT_QPA_PLATFORM=offscreen
jobs=$(nproc)

# Cheap and independent of the build: run first, fail after the suite (so a branch with
# unformatted files still sees its test results).
lint=()
echo "== layering: what each folder may include"
scripts/check_layering.sh || lint+=("layering (scripts/check_layering.sh)")
echo "== comments: reasons, not issue numbers, in core/ and app/"
scripts/check_comments.sh || lint+=("comments (scripts/check_comments.sh)")
echo "== format: clang-format-16 over core/, app/, tests/"
# The tree is formatted (the reformat commit is in .git-blame-ignore-revs): a file that
# differs fails the run.
scripts/format.sh --check || lint+=("format (scripts/format.sh --check; scripts/format.sh fixes it)")
lint_verdict() {
    [[ ${#lint[@]} -eq 0 ]] && return 0
    printf 'FAILED: %s\n' "${lint[@]}" >&2
    exit 1
}

echo "== ci: build and test"
cmake --preset ci >/dev/null
cmake --build --preset ci -j "$jobs"
ctest --preset ci -j "$jobs"
lint_verdict
[[ $quick -eq 1 ]] && exit 0

echo "== tidy: clang-tidy-16 on the C++ files changed in the last hours (compile database of ci)"
ROOFLINE_TIDY_JOBS=${ROOFLINE_TIDY_JOBS:-$jobs} scripts/tidy.sh

echo "== asan: the engine, file readers and CLI under AddressSanitizer + UndefinedBehaviorSanitizer"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/tests/sanitizer/lsan.supp
cmake --preset asan >/dev/null
cmake --build --preset asan -j "$jobs"
ctest --preset asan -j "$jobs"

echo "== fuzz: ${FUZZ_SECONDS:-11}s per parser"
scripts/fuzz.sh "${FUZZ_SECONDS:-11}"
echo "All checks passed."
