#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks that the folders keep their layering (HACKING.md "Layout"):
#   core  (core/include, core/src)  includes nothing from core/io or app, and no Qt, JSON or CLI11
#   io    (core/io)                 includes nothing from app, and no Qt or CLI11; its public
#                                   headers (core/io/include) no nlohmann either (PRIVATE)
#   cli   (app/cli, app/cli_main.cpp) includes nothing from app/ui, and no Qt
# The layers of app/ui (model, plot, views, panels, window) are kept by the build instead:
# each is a library whose include directory shows its own folder only (app/ui/CMakeLists.txt),
# so an include across a forbidden edge does not compile.
#
#   scripts/check_layering.sh [-C DIR]     DIR: the tree to check (default: this repository)
#
# An include is resolved as the compiler would find it: first beside the including file, then
# under each include directory that core/**/CMakeLists.txt and app/**/CMakeLists.txt declare
# with target_include_directories(... ${CMAKE_CURRENT_SOURCE_DIR}[/sub] ...). So a bare
# `#include "cli.h"` (app/cli is an include directory) is known to come from app/cli.
# A name found under more than one include directory counts from each of them. Includes that
# resolve to no file of the tree (the standard library, Qt, ...) are checked against the
# external patterns only.
#
# Prints one line per broken rule, `FILE:LINE: #include "X" (RESOLVED) breaks RULE`, and exits
# 1 if there is any, 0 otherwise. Needs bash, grep, sed, awk and find only.
# tests/layering/ runs it on a fixture tree with wrong includes and checks each is reported.
set -euo pipefail

tree=$(cd "$(dirname "$0")/.." && pwd)
if [[ ${1:-} == -C ]]; then
    [[ -d ${2:-} ]] || { echo "usage: $0 [-C DIR]" >&2; exit 2; }
    tree=$(cd "$2" && pwd)
    shift 2
fi
[[ $# -eq 0 ]] || { echo "usage: $0 [-C DIR]" >&2; exit 2; }
cd "$tree"

# The rules, one a line, ;-separated: a name; the files they apply to (path prefixes); the
# folders they must not include from (path prefixes); the Qt headers they must not include and
# the other external headers they must not include (extended regexes on the name between the
# brackets or quotes, tried only when it is no file of the tree); the rule as printed.
qt='^(Q[A-Za-z]*|Qt[A-Za-z]*/.*|qcustomplot\.h)$'
rules=(
    "core;core/include/ core/src/;core/io/ app/;$qt;^(nlohmann|CLI)/;core (core/include, core/src) includes nothing from core/io or app, nor Qt, nlohmann or CLI11"
    "io;core/io/;app/;$qt;^CLI/;io (core/io) includes nothing from app, nor Qt or CLI11"
    "io-headers;core/io/include/;;;^nlohmann/;io's public headers (core/io/include) include no nlohmann (a PRIVATE dependency)"
    "cli;app/cli/ app/cli_main.cpp;app/ui/;$qt;;cli (app/cli) includes nothing from app/ui, nor Qt"
)

# Include directories, from the CMakeLists.txt of core/ and app/ (the folder itself for a bare
# ${CMAKE_CURRENT_SOURCE_DIR}).
roots=()
while IFS= read -r cml; do
    dir=$(dirname "$cml")
    while IFS= read -r sub; do
        root=$dir${sub}
        [[ -d $root ]] && roots+=("$root")
    done < <(awk '
        /target_include_directories[ \t]*\(/ { on = 1 }
        on { text = text " " $0; if (index($0, ")")) on = 0 }
        END {
            key = "[$][{]CMAKE_CURRENT_SOURCE_DIR[}][A-Za-z0-9_./-]*"
            while (match(text, key)) {
                print substr(text, RSTART + 27, RLENGTH - 27)
                text = substr(text, RSTART + RLENGTH)
            }
        }' "$cml")
done < <(find core app -name CMakeLists.txt 2>/dev/null | sort)

# a/b/../c -> a/c, ./a -> a (no file system access).
normalize() {
    local path=$1 part out=()
    local IFS=/
    for part in $path; do
        case $part in
            '' | .) ;;
            ..) [[ ${#out[@]} -gt 0 ]] && unset 'out[${#out[@]}-1]' ;;
            *) out+=("$part") ;;
        esac
    done
    echo "${out[*]}"
}

# Prints every file of the tree an include of FILE can resolve to, one per line.
resolve() {
    local file=$1 name=$2 quoted=$3 root
    if [[ $quoted == 1 && -f $(dirname "$file")/$name ]]; then
        normalize "$(dirname "$file")/$name"
        return
    fi
    for root in "${roots[@]}"; do
        [[ -f $root/$name ]] && normalize "$root/$name"
    done
    return 0
}

in_any() {  # in_any PATH "PREFIX..."
    local prefix
    for prefix in $2; do
        [[ $1 == "$prefix"* ]] && return 0
    done
    return 1
}

# Known crossings, to be removed (each line: FILE INCLUDE, then a comment saying why and
# until when). One that no longer occurs is an error too, so the list only shrinks.
declare -A allowed=() used=()
exceptions=scripts/layering-exceptions.txt
if [[ -f $exceptions ]]; then
    while read -r file include _; do
        [[ -z $file || $file == "#"* ]] && continue
        allowed["$file $include"]=1
    done <"$exceptions"
fi

broken=0
report() {  # report FILE INCLUDE MESSAGE
    if [[ -n ${allowed["$1 $2"]:-} ]]; then
        used["$1 $2"]=1
        return
    fi
    echo "$3"
    broken=1
}

mapfile -t files < <(find core app -type f \( -name '*.h' -o -name '*.hpp' -o -name '*.cpp' \) \
    2>/dev/null | sort)
for file in "${files[@]}"; do
    applicable=()
    for rule in "${rules[@]}"; do
        IFS=";" read -r _ applies _ _ _ _ <<<"$rule"
        in_any "$file" "$applies" && applicable+=("$rule")
    done
    [[ ${#applicable[@]} -eq 0 ]] && continue
    while IFS= read -r hit; do
        line=${hit%%:*}
        text=${hit#*:}
        if [[ $text =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\"([^\"]+)\" ]]; then
            name=${BASH_REMATCH[1]} quoted=1 shown="\"${BASH_REMATCH[1]}\""
        elif [[ $text =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\<([^\>]+)\> ]]; then
            name=${BASH_REMATCH[1]} quoted=0 shown="<${BASH_REMATCH[1]}>"
        else
            continue
        fi
        mapfile -t targets < <(resolve "$file" "$name" "$quoted")
        for rule in "${applicable[@]}"; do
            IFS=";" read -r _ _ forbidden qt_pattern extern_pattern says <<<"$rule"
            for target in "${targets[@]}"; do
                if in_any "$target" "$forbidden"; then
                    report "$file" "$shown" "$file:$line: #include $shown ($target) breaks the rule: $says"
                fi
            done
            if [[ ${#targets[@]} -eq 0 ]]; then
                for pattern in "$qt_pattern" "$extern_pattern"; do
                    if [[ -n $pattern && $name =~ $pattern ]]; then
                        report "$file" "$shown" "$file:$line: #include $shown (external) breaks the rule: $says"
                    fi
                done
            fi
        done
    done < <(grep -n -E '^[[:space:]]*#[[:space:]]*include' "$file" || true)
done

for key in "${!allowed[@]}"; do
    if [[ -z ${used[$key]:-} ]]; then
        echo "$exceptions: $key no longer crosses a layer: remove the line"
        broken=1
    fi
done
if [[ $broken -ne 0 ]]; then
    echo "layering: includes above cross a layer (rules at the top of scripts/check_layering.sh)" >&2
    exit 1
fi
echo "layering: ${#files[@]} files of core/ and app/ keep the layering (${#roots[@]} include directories, ${#allowed[@]} known exception(s) in $exceptions)"
