// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file explorer.h
/// roofline-explorer's whole program, so that main.cpp holds only main().

namespace roofline::ui {

/// Creates the QApplication, parses the command line (app_options.h) and runs the window,
/// or one of its batch modes (--grab, --benchmark-interaction, --first-frame).
/// Exit codes: 0 success, 1 a grab could not be written, 2 usage or scenario errors.
int runExplorer(int argc, char** argv);

}  // namespace roofline::ui
