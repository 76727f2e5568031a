# SPDX-License-Identifier: GPL-3.0-or-later
# cmake -P: PREFIX holds every file of EXPECTED (relative paths), and nothing else.
file(GLOB_RECURSE installed RELATIVE "${PREFIX}" "${PREFIX}/*")
list(SORT installed)
set(wanted ${EXPECTED})
list(SORT wanted)
if(NOT installed STREQUAL wanted)
    string(REPLACE ";" "\n  " installed_text "${installed}")
    string(REPLACE ";" "\n  " wanted_text "${wanted}")
    message(FATAL_ERROR "installed:\n  ${installed_text}\nexpected:\n  ${wanted_text}")
endif()
message(STATUS "installed, as expected:\n  ${installed}")
