// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file measured_estimate.h
/// Measured results against the estimate ceiling (DOMAIN.md §11): what a calibration profile
/// predicts for each measured row, with its prediction interval, and how well it did over a
/// file: the median |error| and how many rows the interval covered. `roofline-cli measured
/// --ceilings estimate` prints it, the window's measured stars say it in their tooltips, and
/// it is how a profile is checked on records it was not fitted on.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "roofline/estimate.h"
#include "roofline/io/measured.h"
#include "roofline/io/presets.h"

namespace roofline::io {

/// Which profile estimates a row.
struct EstimateChoice {
    /// The serving engine the rows ran on (one of knownEngines()): the shipped
    /// "<row's hardware>.<engine>" profile, else that chip's generic one, else "generic".
    std::string engine = "generic";
    /// A profile that wins where it is for the row's chip (or for any, hardware "*"): a
    /// shipped id or a file. Empty: by engine only.
    std::string calibration;
};

/// The profile for `row` under `choice`, with resolveCalibration()'s fallback warning; a
/// calibration that cannot be read is an error (it is never silently replaced).
Loaded<CalibrationProfile> rowProfile(const MeasuredRow& row, const EstimateChoice& choice);

/// One row's estimate, in the row's metric and units.
struct RowEstimate {
    std::shared_ptr<const CalibrationProfile> profile;
    double value = 0.0;    ///< the metric under the estimate
    double low = 0.0;      ///< the prediction interval, low ≤ high (a rate's ends come from
    double high = 0.0;     ///< the times' other ends)
    double error = 0.0;    ///< value / measured − 1: > 0 the estimate is high
    bool covered = false;  ///< low ≤ measured ≤ high
    /// Why the row is outside the profile's domain (extrapolationReasons): empty inside.
    std::vector<std::string> extrapolated;
    /// The batch's memory at the end of its requests: a batch that outgrows it there is
    /// estimated in waves (finalContextMemory), never as fitting.
    FinalContextMemory finalMemory;
};

/// The row's metric under the estimate of `profile` (resolved by rowProfile()).
RowEstimate estimateRow(const MeasuredRow& row, std::shared_ptr<const CalibrationProfile> profile);

/// Every row of a file estimated, each with the profile rowProfile() gives it.
struct FileEstimates {
    /// One per file row, in order: the estimate, or nullopt where the row got no profile.
    std::vector<std::optional<RowEstimate>> rows;
    /// One per file row: why it got no profile ("" where it has an estimate).
    std::vector<std::string> refusals;
    /// The profiles' messages (fallback warnings, refusals), each once, in first order.
    std::vector<std::string> messages;
    /// The rows that have an estimate, for summarizeEstimates().
    std::vector<RowEstimate> estimated() const;
};
FileEstimates estimateFile(const MeasuredFile& file, const EstimateChoice& choice);

/// How the estimate did over a set of rows.
struct EstimateSummary {
    std::size_t rows = 0;
    double medianAbsError = 0.0;   ///< median of |value / measured − 1|
    double coveredFraction = 0.0;  ///< share of rows whose interval held the measurement
    double medianWidth = 0.0;      ///< median of high / low
    double nominalCoverage = 0.0;  ///< the profiles' stated coverage (the first row's)
};
EstimateSummary summarizeEstimates(const std::vector<RowEstimate>& estimates);

}  // namespace roofline::io
