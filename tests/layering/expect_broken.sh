#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the layering checker on the fixture tree, whose every wrong include is listed in
# expected.txt (file, line and rule), and passes only if the checker fails with exactly
# those lines: each wrong include found, and nothing else.
#   expect_broken.sh CHECKER FIXTURE_DIR EXPECTED_FILE
set -uo pipefail
checker=$1 fixture=$2 expected=$3
actual=$(bash "$checker" -C "$fixture" 2>/dev/null)
rc=$?
if [[ $rc -ne 1 ]]; then
    echo "FAIL: the checker exited $rc on a tree with wrong includes (expected 1)"
    echo "$actual"
    exit 1
fi
if ! diff -u "$expected" <(echo "$actual"); then
    echo "FAIL: the checker's report differs from $expected (above: - expected, + actual)"
    exit 1
fi
echo "the checker fails on the fixture with the $(wc -l <"$expected") expected lines"
