# SPDX-License-Identifier: GPL-3.0-or-later
# Warnings for our own targets only (linked PRIVATE), never for consumers.
add_library(roofline_warnings INTERFACE)
add_library(roofline::warnings ALIAS roofline_warnings)
target_compile_options(roofline_warnings INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wold-style-cast
    -Wnon-virtual-dtor -Wcast-align -Woverloaded-virtual -Wnull-dereference
    -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough
    $<$<CXX_COMPILER_ID:GNU>:-Wsuggest-override -Wduplicated-cond -Wlogical-op
                             -Wuseless-cast>
    $<$<CXX_COMPILER_ID:Clang>:-Winconsistent-missing-override>
    $<$<BOOL:${ROOFLINE_WARNINGS_AS_ERRORS}>:-Werror>)
