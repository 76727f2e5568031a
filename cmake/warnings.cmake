# SPDX-License-Identifier: GPL-3.0-or-later
# Warnings for our own targets only (linked PRIVATE), never for consumers. Not errors here:
# the CI presets turn them into errors with CMAKE_COMPILE_WARNING_AS_ERROR.
add_library(roofline_warnings INTERFACE)
add_library(roofline::warnings ALIAS roofline_warnings)
target_compile_options(roofline_warnings INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wold-style-cast
    -Wnon-virtual-dtor -Wcast-align -Woverloaded-virtual -Wnull-dereference
    -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough
    $<$<CXX_COMPILER_ID:GNU>:-Wsuggest-override -Wduplicated-cond -Wlogical-op
                             -Wuseless-cast>
    $<$<CXX_COMPILER_ID:Clang>:-Winconsistent-missing-override>)
