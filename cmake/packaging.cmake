# SPDX-License-Identifier: GPL-3.0-or-later
# CPack: `cpack -G DEB` in a Release build directory makes roofline-explorer_VERSION_ARCH.deb
# holding what `cmake --install` installs, under /usr. Its Depends come from
# dpkg-shlibdeps (package dpkg-dev): the Qt 6 and QCustomPlot libraries the programs link.
set(CPACK_PACKAGE_NAME roofline-explorer)
set(CPACK_PACKAGE_VENDOR "The Roofline Explorer developers")
# Debian's Maintainer field: a packager sets a name and address of their own.
set(ROOFLINE_PACKAGE_CONTACT "The Roofline Explorer developers"
    CACHE STRING "The .deb's Maintainer, \"Name <address>\"")
set(CPACK_PACKAGE_CONTACT "${ROOFLINE_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "roofline analysis of LLM serving: desktop app and CLI")
set(CPACK_PACKAGE_DESCRIPTION
    "Roofline Explorer places the prefill pass and one decode step of a large
language model on the roofline of an accelerator: FLOPs and HBM bytes per
operator, compute- or memory-bound, TTFT, TPOT, the critical batch and the
memory footprint, and how batch size, sequence length, quantization,
grouped-query attention, MLA, mixture-of-experts, FlashAttention and tensor
parallelism move them. A Qt desktop app (roofline-explorer) and a command-line
tool (roofline-cli) share one engine; hardware and model presets are built in.")
set(CPACK_PACKAGE_HOMEPAGE_URL "${ROOFLINE_HOMEPAGE_URL}")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_IGNORE_FILES "/build/" "/\\\\.git/")

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)

include(CPack)
