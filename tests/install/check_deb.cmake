# SPDX-License-Identifier: GPL-3.0-or-later
# cpack -G DEB in BUILD_DIR, writing into OUT; then the package's control fields and files.
find_program(DPKG_DEB dpkg-deb)
find_program(DPKG_SHLIBDEPS dpkg-shlibdeps)
if(NOT DPKG_DEB OR NOT DPKG_SHLIBDEPS)
    message("SKIPPED: dpkg-deb or dpkg-shlibdeps not found (apt-get install dpkg-dev)")
    return()
endif()
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
execute_process(COMMAND "${CPACK}" -G DEB -B "${OUT}" --config "${BUILD_DIR}/CPackConfig.cmake"
                WORKING_DIRECTORY "${BUILD_DIR}" RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cpack -G DEB failed (${rc}):\n${out}")
endif()
file(GLOB debs "${OUT}/roofline-explorer_*.deb")
list(LENGTH debs count)
if(NOT count EQUAL 1)
    message(FATAL_ERROR "expected one roofline-explorer_*.deb in ${OUT}, found ${count}:\n${out}")
endif()
execute_process(COMMAND "${DPKG_DEB}" --field ${debs} Depends OUTPUT_VARIABLE depends
                RESULT_VARIABLE rc)
foreach(library libqcustomplot2.1-qt6 libqt6widgets6 libqt6gui6 libqt6core6 libqt6svg6)
    if(NOT depends MATCHES "(^|[ ,])${library}( |,|$)")
        message(FATAL_ERROR "Depends lacks ${library}: ${depends}")
    endif()
endforeach()
execute_process(COMMAND "${DPKG_DEB}" --contents ${debs} OUTPUT_VARIABLE contents)
foreach(path ./usr/bin/roofline-cli ./usr/bin/roofline-explorer
        ./usr/share/doc/roofline-explorer/copyright
        ./usr/share/man/man1/roofline-explorer.1.gz)
    string(FIND "${contents}" " ${path}\n" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "the .deb lacks ${path}:\n${contents}")
    endif()
endforeach()
message("${debs}\nDepends: ${depends}")
