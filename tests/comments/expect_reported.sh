#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the comment checker on the fixture tree, whose every comment that cites an issue number
# is listed in expected.txt (file, line, text), and passes only if the checker fails with
# exactly those lines: each citation found (in a // or /* */ comment, wrapped across two lines,
# in CMake), and nothing else (a string literal, "issue" with no number after it).
#   expect_reported.sh CHECKER FIXTURE_DIR EXPECTED_FILE
set -uo pipefail
checker=$1 fixture=$2 expected=$3
actual=$(bash "$checker" -C "$fixture" 2>/dev/null)
rc=$?
if [[ $rc -ne 1 ]]; then
    echo "FAIL: the checker exited $rc on a tree with comments that cite issues (expected 1)"
    echo "$actual"
    exit 1
fi
if ! diff -u "$expected" <(echo "$actual"); then
    echo "FAIL: the checker's report differs from $expected (above: - expected, + actual)"
    exit 1
fi
echo "the checker fails on the fixture with the $(wc -l <"$expected") expected lines"
