#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian 12 packages the project needs, and nothing when they are all there,
# and generates the de_DE.UTF-8 locale the locale tests run under (they fail without it).
# Used by scripts/run.sh, scripts/test.sh and .ci/run; safe to run again.
set -euo pipefail

packages=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-svg-dev libqcustomplot-dev libgl-dev
    nlohmann-json3-dev libcli11-dev libgtest-dev libbenchmark-dev
    xvfb xauth fonts-dejavu-core locales
    desktop-file-utils appstream dpkg-dev clang-tidy-16
    "$@"
)

missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
# A comma-decimal locale for the tests that check numbers ignore the locale.
test_locale=de_DE.UTF-8
has_locale() { locale -a 2>/dev/null | grep -qix 'de_DE\.utf-\?8'; }
[[ ${#missing[@]} -eq 0 ]] && has_locale && exit 0

sudo=()
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || {
        echo "error: need root or sudo to install ${missing[*]:-nothing} and generate $test_locale" >&2
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
if ! has_locale; then
    echo "Generating the $test_locale locale"
    # Uncomment it in /etc/locale.gen, so that a later locale-gen keeps it, then build it.
    "${sudo[@]}" sed -i -E "s/^# *($test_locale UTF-8)/\1/" /etc/locale.gen
    grep -qx "$test_locale UTF-8" /etc/locale.gen ||
        echo "$test_locale UTF-8" | "${sudo[@]}" tee -a /etc/locale.gen >/dev/null
    "${sudo[@]}" locale-gen >/dev/null
    has_locale || { echo "error: could not generate $test_locale" >&2; exit 1; }
fi
