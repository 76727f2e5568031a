#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian 12 packages the project needs, and nothing when they are all there.
#
#   scripts/bootstrap-debian.sh [--test] [PACKAGE...]
#
# Without --test: what building and running both programs needs (scripts/run.sh), nothing
# more. With --test (scripts/test.sh, .ci/run): also what the tests and checks need, and the
# de_DE.UTF-8 locale the locale tests run under (they fail without it). Extra PACKAGEs are
# installed too (scripts/fuzz.sh: clang). Safe to run again.
set -euo pipefail

test=0
if [[ ${1:-} == --test ]]; then
    test=1
    shift
fi

# Building and running: compiler and build tools, Qt 6 (base, svg), QCustomPlot, nlohmann-json,
# CLI11 (header-only), Eigen (header-only: the calibration fit), and a font for Qt to draw
# text with on a machine that has none.
packages=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-svg-dev libqcustomplot-dev libgl-dev
    nlohmann-json3-dev libcli11-dev libeigen3-dev fonts-dejavu-core
)
# Testing only: GoogleTest and Google Benchmark (ROOFLINE_BUILD_TESTS/_BENCHMARKS), the
# locale tests' locale, the install tests' validators (desktop-file-validate, appstreamcli)
# and .deb tools (dpkg-shlibdeps), clang-tidy-16 (scripts/tidy.sh, the tidy preset),
# clang-format-16 (scripts/format.sh), and poppler-utils (pdftotext: the report tests read
# the exported PDF's text).
test_packages=(
    libgtest-dev libbenchmark-dev locales
    desktop-file-utils appstream dpkg-dev
    clang-tidy-16 clang-format-16 poppler-utils
)
[[ $test -eq 1 ]] && packages+=("${test_packages[@]}")
packages+=("$@")

missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
# A comma-decimal locale for the tests that check numbers ignore the locale.
test_locale=de_DE.UTF-8
has_locale() { locale -a 2>/dev/null | grep -qix 'de_DE\.utf-\?8'; }
need_locale() { [[ $test -eq 1 ]] && ! has_locale; }
[[ ${#missing[@]} -eq 0 ]] && ! need_locale && exit 0

sudo=()
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || {
        what="${missing[*]:-nothing}"
        need_locale && what+=" and generate $test_locale"
        echo "error: need root or sudo to install $what" >&2
        exit 1
    }
    sudo=(sudo)
fi
if [[ ${#missing[@]} -gt 0 ]]; then
    echo "Installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if need_locale; then
    echo "Generating the $test_locale locale"
    # Uncomment it in /etc/locale.gen, so that a later locale-gen keeps it, then build it.
    "${sudo[@]}" sed -i -E "s/^# *($test_locale UTF-8)/\1/" /etc/locale.gen
    grep -qx "$test_locale UTF-8" /etc/locale.gen ||
        echo "$test_locale UTF-8" | "${sudo[@]}" tee -a /etc/locale.gen >/dev/null
    "${sudo[@]}" locale-gen >/dev/null
    has_locale || { echo "error: could not generate $test_locale" >&2; exit 1; }
fi
