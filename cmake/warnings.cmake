# SPDX-License-Identifier: GPL-3.0-or-later
# Warnings for our own targets only (linked PRIVATE), never for consumers. Not errors here:
# the CI presets turn them into errors with CMAKE_COMPILE_WARNING_AS_ERROR.
set(roofline_common_warnings
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wold-style-cast
    -Wnon-virtual-dtor -Wcast-align -Woverloaded-virtual
    -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough
    $<$<CXX_COMPILER_ID:GNU>:-Wsuggest-override -Wduplicated-cond -Wlogical-op
                             -Wuseless-cast>
    $<$<CXX_COMPILER_ID:Clang>:-Winconsistent-missing-override>)

# The shipped code: everything above, and null dereferences.
add_library(roofline_warnings INTERFACE)
add_library(roofline::warnings ALIAS roofline_warnings)
target_compile_options(roofline_warnings INTERFACE ${roofline_common_warnings} -Wnull-dereference)

# Tests, benchmarks and fuzz replays: the same, less -Wnull-dereference and GCC 12's -O3
# flow warnings. At -O3 (the ci preset) GCC 12 reports a false null dereference wherever a
# test dereferences a pointer it checked with ASSERT_NE(p, nullptr) and the lookup is
# inlined, and false array-bounds/restrict/stringop warnings on std::string concatenation
# (GCC bugs 105651, 105329) that tests use freely; ASan and UBSan run every test anyway. The
# shipped code keeps all of them.
add_library(roofline_test_warnings INTERFACE)
add_library(roofline::test_warnings ALIAS roofline_test_warnings)
target_compile_options(roofline_test_warnings INTERFACE ${roofline_common_warnings}
    $<$<CXX_COMPILER_ID:GNU>:-Wno-array-bounds -Wno-restrict -Wno-stringop-overflow
                             -Wno-stringop-overread>)
