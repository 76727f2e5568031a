#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs check_doc_commands.sh on the fixture docs, which quote commands and options that do not
# exist (each listed in EXPECTED: file, line, what is missing) beside ones that do, and passes
# only if the checker fails with exactly those lines: each one found, and nothing else.
#   expect_reported.sh EXPECTED CHECKER ARGUMENT... FIXTURE_DIR
set -uo pipefail
expected=$1 checker=$2
shift 2
fixture=${*: -1}
actual=$(cd "$fixture" && bash "$checker" "${@:1:$#-1}" . 2>/dev/null)
rc=$?
if [[ $rc -ne 1 ]]; then
    echo "FAIL: the checker exited $rc on docs that quote options that do not exist (expected 1)"
    echo "$actual"
    exit 1
fi
if ! diff -u "$expected" <(echo "$actual"); then
    echo "FAIL: the checker's report differs from $expected (above: - expected, + actual)"
    exit 1
fi
echo "the checker fails on the fixture with the $(wc -l <"$expected") expected lines"
