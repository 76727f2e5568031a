#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# clang-format-16 (.clang-format) over every C/C++ file of core/, app/ and tests/.
#
#   scripts/format.sh --check [FILE...]   list the files that differ from clang-format's
#                                         output; exit 1 if there is any (scripts/test.sh)
#   scripts/format.sh [--fix] [FILE...]   rewrite them in place
#
# Files: those git tracks (plus untracked, not ignored ones) under core/, app/, tests/ with a
# .h/.hpp/.cpp/.cc/.c extension, or the FILEs named. clang-format-16 is the version: 14 does not
# know InsertBraces, and another version formats some constructs differently. CLANG_FORMAT
# names another binary. scripts/bootstrap-debian.sh --test installs it.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=fix
case ${1:-} in
    --check) mode=check; shift ;;
    --fix) shift ;;
    -*) echo "usage: $0 [--check|--fix] [FILE...]" >&2; exit 2 ;;
esac
format=${CLANG_FORMAT:-clang-format-16}
command -v "$format" >/dev/null || {
    echo "error: $format not found (scripts/bootstrap-debian.sh --test installs clang-format-16)" >&2
    exit 2
}

files=()
if [[ $# -gt 0 ]]; then
    files=("$@")
elif git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -t files < <(git ls-files --cached --others --exclude-standard -- core app tests |
        grep -E '\.(h|hpp|cpp|cc|c)$' | while read -r f; do [[ -f $f ]] && echo "$f"; done)
else
    mapfile -t files < <(find core app tests -type f \
        \( -name '*.h' -o -name '*.hpp' -o -name '*.cpp' -o -name '*.cc' -o -name '*.c' \) | sort)
fi

if [[ $mode == fix ]]; then
    printf '%s\0' "${files[@]}" | xargs -0 -n 16 -P "$(nproc)" "$format" -i --style=file
    echo "format: ${#files[@]} file(s) formatted with $format"
    exit 0
fi

differ=()
for f in "${files[@]}"; do
    "$format" --style=file "$f" | cmp -s - "$f" || differ+=("$f")
done
if [[ ${#differ[@]} -gt 0 ]]; then
    printf '%s\n' "${differ[@]}"
    echo "format: ${#differ[@]} of ${#files[@]} file(s) differ from $format (listed above):" \
        "scripts/format.sh fixes them" >&2
    exit 1
fi
echo "format: ${#files[@]} file(s) match $format"
