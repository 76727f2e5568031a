# SPDX-License-Identifier: GPL-3.0-or-later
# The one version, project(VERSION), and the desktop application id, in a generated header
# "roofline/version.h" (target roofline::version): both programs print the version with
# --version; the installed .desktop entry, icon and metainfo are named by the id.
set(ROOFLINE_APP_ID io.github.roofline_explorer.RooflineExplorer)
configure_file(${CMAKE_CURRENT_LIST_DIR}/version.h.in
               ${PROJECT_BINARY_DIR}/generated/roofline/version.h @ONLY)
add_library(roofline_version INTERFACE)
add_library(roofline::version ALIAS roofline_version)
target_include_directories(roofline_version INTERFACE
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/generated>)
