// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file cli.h
/// roofline-cli as a function, so tests drive it without spawning processes.

#include <ostream>
#include <string>
#include <vector>

namespace roofline::cli {

/// Exit statuses.
inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 2;    ///< Bad command line.
inline constexpr int kExitInvalid = 3;  ///< Invalid input file or scenario.

/// Runs `roofline-cli args...`, writing results to `out` and diagnostics to `err`.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace roofline::cli
