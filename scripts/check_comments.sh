#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks that the comments of core/ and app/ state reasons, not ticket numbers (STYLE.md
# "Naming and comments": a comment says why, and never cites an issue number; the history is
# in git). A comment that cites one ("issue 12", "Issues 12 and 21", "ticket #7", or "issue"
# at the end of a comment line and the number at the start of the next) is reported.
#
#   scripts/check_comments.sh [-C DIR]     DIR: the tree to check (default: this repository)
#
# Comments are the text after // and inside /* */ in the C++ files (*.h, *.hpp, *.cpp, *.cc),
# and after # in CMakeLists.txt and *.cmake. Code and string literals are not checked.
#
# Prints one line per citation, `FILE:LINE: comment cites an issue number: TEXT`, and exits 1
# if there is any, 0 otherwise. Needs bash, find and awk only. tests/comments/ runs it on the
# tree and on a fixture tree of citations it must report.
set -euo pipefail

tree=$(cd "$(dirname "$0")/.." && pwd)
if [[ ${1:-} == -C ]]; then
    [[ -d ${2:-} ]] || { echo "usage: $0 [-C DIR]" >&2; exit 2; }
    tree=$(cd "$2" && pwd)
    shift 2
fi
[[ $# -eq 0 ]] || { echo "usage: $0 [-C DIR]" >&2; exit 2; }
cd "$tree"

mapfile -t files < <(find core app -type f \( -name '*.h' -o -name '*.hpp' -o -name '*.cpp' \
    -o -name '*.cc' -o -name CMakeLists.txt -o -name '*.cmake' \) 2>/dev/null | sort)
[[ ${#files[@]} -gt 0 ]] || { echo "comments: no files under core/ or app/ of $tree" >&2; exit 2; }

found=0
awk '
    FNR == 1 {
        block = 0       # inside a /* */ comment
        pending = ""    # "FILE:LINE: TEXT" of a comment line ending in "issue", else empty
        hash = (FILENAME ~ /(^|\/)CMakeLists\.txt$/ || FILENAME ~ /\.cmake$/)
    }
    # The comment text of this line (empty when it has none).
    function commentOf(line,    out, at) {
        if (hash) {
            at = index(line, "#")
            return at ? substr(line, at + 1) : ""
        }
        out = ""
        while (line != "") {
            if (block) {
                at = index(line, "*/")
                if (!at) {
                    return out " " line
                }
                out = out " " substr(line, 1, at - 1)
                line = substr(line, at + 2)
                block = 0
                continue
            }
            slash = index(line, "//")
            star = index(line, "/*")
            if (slash && (!star || slash < star)) {
                return out " " substr(line, slash + 2)
            }
            if (!star) {
                return out
            }
            line = substr(line, star + 2)
            block = 1
        }
        return out
    }
    function report(where, text) {
        sub(/^[ \t\/*#!<]+/, "", text)
        sub(/[ \t]+$/, "", text)
        print where ": comment cites an issue number: " text
        found = 1
    }
    {
        text = commentOf($0)
        lower = tolower(text)
        if (pending != "" && lower ~ /^[ \t\/*#!<]*#?[0-9]/) {
            report(pending, pendingText)
        }
        pending = ""
        if (lower ~ /(issue|ticket)s?[ \t]+#?[0-9]/) {
            report(FILENAME ":" FNR, text)
        } else if (lower ~ /(issue|ticket)s?[ \t(]*$/) {
            pending = FILENAME ":" FNR
            pendingText = text
        }
    }
    END { exit found }
' "${files[@]}" || found=1

if [[ $found -ne 0 ]]; then
    echo "comments: the comments above cite an issue number: say the reason itself instead" \
        "(STYLE.md, \"Naming and comments\"; the history is in git)" >&2
    exit 1
fi
echo "comments: no comment of the ${#files[@]} files of core/ and app/ cites an issue number"
