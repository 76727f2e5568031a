#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks that every command and option the documentation quotes exists: what the docs show a
# user to type must be what the programs take.
#
#   check_doc_commands.sh --cli ROOFLINE_CLI [--explorer ROOFLINE_EXPLORER] DOC|DIR...
#
# DOC: a Markdown file; DIR: its *.md files. What is checked, in code blocks (indented or
# fenced) and in inline code (`...`, also across the lines of a paragraph):
#   - each `roofline-cli COMMAND ...` (also `$ roofline-cli`, `build/.../roofline-cli`, a
#     block's lines continued with `\` or indented under it): COMMAND is one of roofline-cli's,
#     and each option after it (--name, -o; in [ ], ( ), with =VALUE, between prose words of
#     a synopsis) is one COMMAND takes: its own, or a scenario option where it takes those;
#   - inline code that starts with a command's name and an option (`analyze --format
#     scenario`): the same, for that command;
#   - with --explorer, each `roofline-explorer ...`: each option is one the window takes;
#     and inline code that starts with an option (`--grab`, `--calibration ID|FILE`): each
#     option in it is one of either program's, or another tool's that other_tools.txt (beside
#     this script) lists.
# What the programs take is read from their --help (roofline-cli --help: each command's usage
# line and its option rows, and the scenario options; roofline-explorer --help: its option
# rows), so the check runs the binaries the build made. Without --explorer (a build without
# the window) the window's options are not checked.
#
# Prints one line per option or command that does not exist, `FILE:LINE: roofline-cli
# analyze: no option --frob`, and exits 1 if there is any, 0 otherwise (2: usage, or a --help
# that could not be read). Needs bash, awk, sed and find. tests/docs/CMakeLists.txt runs it on
# README.md and docs/, and on a fixture that quotes options that do not exist.
set -euo pipefail

usage() {
    echo "usage: $0 --cli ROOFLINE_CLI [--explorer ROOFLINE_EXPLORER] DOC|DIR..." >&2
    exit 2
}
cli='' explorer=''
while [[ $# -gt 0 ]]; do
    case $1 in
        --cli) cli=${2:-}; shift 2 || usage ;;
        --explorer) explorer=${2:-}; shift 2 || usage ;;
        -*) usage ;;
        *) break ;;
    esac
done
[[ -n $cli && $# -gt 0 ]] || usage
docs=()
for arg in "$@"; do
    if [[ -d $arg ]]; then
        mapfile -t -O "${#docs[@]}" docs < <(find "$arg" -maxdepth 1 -name '*.md' | sort)
    elif [[ -f $arg ]]; then
        docs+=("$arg")
    else
        echo "error: no file or folder $arg" >&2
        exit 2
    fi
done

# Options of other tools that the docs quote on their own (`--validate-only`), each with its
# tool: not reported as missing from ours.
others=$(dirname "$0")/other_tools.txt
[[ -f $others ]] || others=/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# What the programs take, one "KIND NAME [FLAG]" a line:
#   command NAME          a roofline-cli command
#   scenario NAME         NAME takes the scenario options
#   own NAME FLAG         an option of command NAME
#   scenario-option FLAG  a scenario option
#   explorer FLAG         an option of roofline-explorer
"$cli" --help >"$work/cli-help" 2>&1 || { echo "error: $cli --help failed" >&2; exit 2; }
awk '
    /^Commands:/ { section = "commands"; next }
    /^Scenario options/ { section = "scenario"; next }
    /^[^ ]/ { section = "" }
    section == "commands" && /^  [a-z]/ {  # a usage line: "  NAME [OPTION VALUE] ..."
        command = $1
        print "command", command
    }
    section == "commands" && /^ *$/ { command = "" }
    section == "commands" && command != "" && /\[scenario options\]/ { print "scenario", command }
    section == "commands" && command != "" && /^    -/ {  # an option row: "    --name VALUE"
        sub(/,$/, "", $1)
        print "own", command, $1
    }
    section == "scenario" && /^  -/ { print "scenario-option", $1 }
' "$work/cli-help" | sort -u >"$work/takes"
if ! grep -q '^command ' "$work/takes" || ! grep -q '^scenario-option ' "$work/takes"; then
    echo "error: found no commands or no scenario options in $cli --help:" >&2
    cat "$work/cli-help" >&2
    exit 2
fi
if [[ -n $explorer ]]; then
    "$explorer" --help >"$work/explorer-help" 2>&1 ||
        { echo "error: $explorer --help failed" >&2; cat "$work/explorer-help" >&2; exit 2; }
    # Option rows: "  --name VALUE  help" and "  -h, --help  help".
    awk '/^  -/ {
        for (i = 1; i <= NF && $i ~ /^-/; ++i) {
            name = $i
            sub(/,$/, "", name)
            print "explorer", name
        }
    }' "$work/explorer-help" | sort -u >>"$work/takes"
    grep -q '^explorer --grab$' "$work/takes" ||
        { echo "error: found no --grab in $explorer --help" >&2; exit 2; }
fi

# The docs' code, one "FILE:LINE<TAB>TEXT" a fragment: a code block's line (a line continued
# with "\" or indented under it joined to it), or an inline code span.
awk '
    function flush(   text, before, open, shut, rest, line, span, marks) {
        # The inline code spans of the paragraph in `para`, its lines joined by \001 marks:
        # the line a span starts on is where[the number of marks before it].
        text = para
        line = 0
        while ((open = index(text, "`")) > 0) {
            rest = substr(text, open + 1)
            shut = index(rest, "`")
            if (shut == 0) {
                break
            }
            before = substr(text, 1, open)
            line += gsub(/\001/, "", before)
            span = substr(rest, 1, shut - 1)
            marks = gsub(/\001/, " ", span)
            print where[line] "\t" span
            line += marks
            text = substr(rest, shut + 1)
        }
        para = ""
        n = 0
    }
    function emit() {
        if (code != "") {
            print codeAt "\t" code
        }
        code = ""
    }
    FNR == 1 { flush(); emit(); fenced = 0; indented = 0; blank = 1 }
    /^ *```/ { flush(); emit(); fenced = !fenced; next }
    {
        line = $0
        isCode = fenced || (/^    / && (indented || blank))
        if (isCode) {
            flush()
            indented = !fenced
            depth = match(line, /[^ ]/) - 1
            if (code != "" && (code ~ /\\$/ || depth > codeDepth)) {
                sub(/\\$/, "", code)
                sub(/^ +/, "", line)
                code = code " " line
            } else {
                emit()
                if (line ~ /[^ ]/) {
                    code = line
                    codeAt = FILENAME ":" FNR
                    codeDepth = depth
                }
            }
        } else {
            emit()
            indented = 0
            if (line ~ /^ *$/) {
                flush()
            } else {
                where[n++] = FILENAME ":" FNR
                para = para (para == "" ? "" : "\001") line
            }
        }
        blank = (line ~ /^ *$/)
    }
    END { flush(); emit() }
' "${docs[@]}" >"$work/fragments"

# Each fragment's invocations, checked against what the programs take.
awk -v explorer="$explorer" '
    FILENAME == ARGV[1] {
        if ($1 == "command") { commands[$2] = 1 }
        else if ($1 == "scenario") { scenario[$2] = 1 }
        else if ($1 == "own") { own[$2, $3] = 1; any[$3] = 1 }
        else if ($1 == "scenario-option") { scenarioOption[$2] = 1; any[$2] = 1 }
        else if ($1 == "explorer") { window[$2] = 1; any[$2] = 1 }
        next
    }
    FILENAME == ARGV[2] {  # the options of other tools: "--name TOOL"
        if ($1 ~ /^-/) { others[$1] = 1 }
        next
    }
    function fail(message) {
        print where ": " message
        failed = 1
    }
    # The option a word names ("--batch", "-o"), or "" for any other word. Brackets,
    # parentheses, trailing punctuation and "=VALUE" are not part of it.
    function optionOf(word) {
        sub(/^[[(]+/, "", word)
        sub(/=.*$/, "", word)
        sub(/(\.\.\.|…|[])},.;:])+$/, "", word)
        return word ~ /^(--[A-Za-z][A-Za-z0-9-]*|-[A-Za-z])$/ ? word : ""
    }
    # The words of an invocation end at a comment or at the end of a shell command.
    function ends(word) {
        return word ~ /^#/ || word == "&&" || word == "||" || word == ";" || word ~ /^[0-9]?>/
    }
    # roofline-cli followed by words[from..count].
    function checkCli(from, count,    i, command, option) {
        command = ""
        if (from <= count && words[from] !~ /^-/) {
            command = words[from]
            sub(/[.,;:)]+$/, "", command)
            if (command == "help" || command ~ /^[A-Z<]/) {  # a placeholder: COMMAND
                command = "*"
            } else if (!(command in commands)) {
                fail("roofline-cli: no command " command " (roofline-cli --help)")
                return
            }
            ++from
        }
        for (i = from; i <= count && !ends(words[i]); ++i) {
            option = optionOf(words[i])
            if (option == "") {
                continue
            }
            if (option == "--help" || option == "-h" || \
                (command == "" && option == "--version")) {
                continue
            }
            if (command == "") {  # before a command: only --help and --version
                fail("roofline-cli: no option " option " before a command (roofline-cli --help)")
            } else if (command == "*") {
                if (!(option in any)) {
                    fail("roofline-cli: no option " option " (roofline-cli --help)")
                }
            } else if (!((command, option) in own) && \
                       !((command in scenario) && (option in scenarioOption))) {
                fail("roofline-cli " command ": no option " option " (roofline-cli --help)")
            }
        }
    }
    # roofline-explorer followed by words[from..count].
    function checkExplorer(from, count,    i, option) {
        for (i = from; i <= count && !ends(words[i]); ++i) {
            option = optionOf(words[i])
            if (option != "" && !(option in window)) {
                fail("roofline-explorer: no option " option " (roofline-explorer --help)")
            }
        }
    }
    {
        tab = index($0, "\t")
        where = substr($0, 1, tab - 1)
        text = substr($0, tab + 1)
        sub(/^ *\$ +/, "", text)  # a shell prompt
        count = split(text, words, /[ \t]+/)
        if (words[1] == "") {  # leading blanks
            for (i = 1; i < count; ++i) { words[i] = words[i + 1] }
            --count
        }
        found = 0
        for (i = 1; i <= count; ++i) {
            program = words[i]
            sub(/^.*\//, "", program)  # build/release/app/roofline-cli
            sub(/^[`(]+/, "", program)
            if (program == "roofline-cli") {
                # Up to the next program name.
                for (j = i + 1; j <= count && words[j] !~ /roofline-(cli|explorer)$/; ++j) {}
                checkCli(i + 1, j - 1)
                found = 1
            } else if (program == "roofline-explorer") {
                for (j = i + 1; j <= count && words[j] !~ /roofline-(cli|explorer)$/; ++j) {}
                if (explorer != "") {
                    checkExplorer(i + 1, j - 1)
                }
                found = 1
            }
        }
        if (found) {
            next
        }
        # Inline code or a code line that starts with a command and an option:
        # `analyze --format scenario`.
        if ((words[1] in commands) && count >= 2 && optionOf(words[2]) != "") {
            checkCli(1, count)
        } else if (explorer != "" && optionOf(words[1]) != "" && words[1] ~ /^-/) {
            # `--grab`, `--calibration ID|FILE`: an option of one of the programs.
            for (i = 1; i <= count && !ends(words[i]); ++i) {
                option = optionOf(words[i])
                if (option != "" && words[i] ~ /^[[(]*-/ && !(option in any) && \
                    !(option in others) && option != "--help" && option != "-h") {
                    fail("no option " option " in roofline-cli or roofline-explorer (--help)")
                }
            }
        }
    }
    END { exit failed }
' "$work/takes" "$others" "$work/fragments" && status=0 || status=$?
if [[ $status -ne 0 ]]; then
    echo "docs: the lines above quote a command or option the programs do not take: fix the" \
        "doc (or the program, if the doc is right)" >&2
    exit 1
fi
echo "docs: every command and option quoted in ${#docs[@]} file(s) exists" \
    "($(wc -l <"$work/fragments") code lines and spans read$([[ -z $explorer ]] &&
        echo "; roofline-explorer's options not checked: no --explorer"))"
