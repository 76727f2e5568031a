# SPDX-License-Identifier: GPL-3.0-or-later
# cmake -P: the man page PAGE names every long option PROGRAM --help prints, and no other;
# groff, where installed, formats it without a warning.
execute_process(COMMAND "${PROGRAM}" --help RESULT_VARIABLE rc OUTPUT_VARIABLE help)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} --help: exit ${rc}")
endif()
file(READ "${PAGE}" page)
string(REPLACE "\\-" "-" page_text "${page}")
string(REGEX MATCHALL "--[a-z][a-z0-9-]*" help_options "${help}")
string(REGEX MATCHALL "--[a-z][a-z0-9-]*" page_options "${page_text}")
list(REMOVE_DUPLICATES help_options)
list(REMOVE_DUPLICATES page_options)
set(missing ${help_options})
list(REMOVE_ITEM missing ${page_options})
set(extra ${page_options})
# --help and --version are always there (tested on their own); roofline-cli's usage omits them.
list(REMOVE_ITEM extra ${help_options} --help --version)
if(missing OR extra)
    message(FATAL_ERROR "${PAGE}: options of --help missing from the page: ${missing}; "
                        "options on the page that --help does not know: ${extra}")
endif()
find_program(groff groff)
if(groff)
    execute_process(COMMAND "${groff}" -man -Tutf8 -ww -z "${PAGE}" RESULT_VARIABLE rc
                    ERROR_VARIABLE warnings)
    if(NOT rc EQUAL 0 OR warnings)
        message(FATAL_ERROR "groff -man -ww ${PAGE}: exit ${rc}\n${warnings}")
    endif()
endif()
