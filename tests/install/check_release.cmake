# SPDX-License-Identifier: GPL-3.0-or-later
# cmake -P: the newest (first) <release> of METAINFO is VERSION, project(VERSION).
file(READ "${METAINFO}" text)
if(NOT text MATCHES "<release version=\"([^\"]+)\"")
    message(FATAL_ERROR "${METAINFO}: no <release version=...>")
endif()
if(NOT CMAKE_MATCH_1 STREQUAL VERSION)
    message(FATAL_ERROR "${METAINFO}: the first <release> is ${CMAKE_MATCH_1}, but "
                        "project(VERSION) is ${VERSION}: add a <release> for ${VERSION} to "
                        "resources/desktop/*.metainfo.xml.in")
endif()
