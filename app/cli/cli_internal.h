// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Pieces of roofline-cli shared by its commands.

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/io/scenario_file.h"

namespace roofline::cli {

/// The human-readable report of `analyze --format table`.
void printTable(std::ostream& out, const Scenario& scenario, const Analysis& analysis);

/// Header and one row of the CSV form (analyze --format csv, sweep).
std::string csvHeader();
std::string csvRow(const Scenario& scenario, const Analysis& analysis);

/// Parses "1,2,4", "1:4096:x2" (geometric), "128:1024:+128" (arithmetic) into values in
/// [lo, hi]; nullopt with `error` set on bad input.
std::optional<std::vector<std::int64_t>> parseValueList(const std::string& text,
                                                        std::int64_t lo, std::int64_t hi,
                                                        std::string& error);

/// `sweep`: every batch × context combination.
int runSweep(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// Prints the issues to `err`, one per line.
void printIssues(std::ostream& err, const std::vector<Issue>& issues);

}  // namespace roofline::cli
