# SPDX-License-Identifier: GPL-3.0-or-later
# cmake -P: runs TOOL ARGS. Fails when it exits non-zero or prints an error or a warning;
# prints "SKIPPED: " (the test's SKIP_REGULAR_EXPRESSION) when TOOL is not installed.
find_program(tool_path "${TOOL}")
if(NOT tool_path)
    message("SKIPPED: ${TOOL} not found (apt-get install ${PACKAGE})")
    return()
endif()
execute_process(COMMAND "${tool_path}" ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE out)
string(REPLACE ";" " " command "${TOOL};${ARGS}")
message("${command}: exit ${rc}\n${out}")
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${TOOL} failed")
endif()
# desktop-file-validate: "error: ", "warning: "; appstreamcli: "E: ", "W: " at a line start.
if(out MATCHES "(^|\n)(E|W): |error: |warning: ")
    message(FATAL_ERROR "${TOOL} reports an error or a warning")
endif()
