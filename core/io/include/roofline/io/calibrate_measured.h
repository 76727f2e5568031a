// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file calibrate_measured.h
/// A calibration profile fitted to a measured-results file (measured.h, bench_results.h):
/// the steps `roofline-cli calibrate` and the window's File › Calibrate from measured results
/// share, so that both fit the same records from the same start and name the result alike.
/// The fit itself is roofline/calibrate.h's.

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "roofline/calibrate.h"
#include "roofline/io/measured.h"

namespace roofline::io {

/// A row of the file on other hardware than the profile's, left out of the fit.
struct SkippedRow {
    std::size_t line = 0;
    std::string hardware;  ///< as the row wrote it
};

/// The rows of `file` on `hardware` (as written, or the loaded preset's id) as records, in
/// file order: id = the row's label, else "line N" ("row N" in JSON); O = its output. The
/// others go to `skipped`.
std::vector<CalibrationRecord> calibrationRecords(const MeasuredFile& file,
                                                  const std::string& hardware,
                                                  std::vector<SkippedRow>& skipped);

/// The fit's options from the profile it starts from: `fixes` set and held (NAME, VALUE),
/// `free` fitted (empty: the default set), the base's sources marked as the base's ("from
/// h100-sxm.generic: ..."), the records' source named. False, with `error` ("--fix:
/// kernel_floor_s must be seconds from 0 to 0.1, got -1"), when a fixed value is out of range.
bool calibrationFitOptions(const CalibrationProfile& base,
                           const std::vector<std::pair<std::string, double>>& fixes,
                           const std::vector<std::string>& free, const std::string& recordsSource,
                           FitOptions& options, std::string& error);

/// Names a fitted profile as calibrate writes it: id "<hardware>.<engine>", that hardware and
/// engine, no engine version, the date (YYYY-MM-DD) and "fitted by roofline-cli calibrate on
/// N records of SOURCE" (or by `by`).
void nameFittedProfile(CalibrationProfile& profile, const std::string& hardware,
                       const std::string& engine, const std::string& date,
                       const std::string& recordsSource, std::size_t records,
                       const std::string& by = "roofline-cli calibrate");

/// The fit as `roofline-cli calibrate` prints it, and the window's calibrate dialog shows it:
/// the profile and its record count, the loss and iterations, each parameter with its value,
/// standard error and status, each record's measured and estimated value with its error and
/// leave-one-out error, the median errors, the interval, the skipped rows (counted as "row"
/// when `countedByRow`, else "line") and the fit's notes. `fit` must be ok.
std::string fitReportText(const std::string& path, const std::string& hardware,
                          const FitResult& fit, const std::vector<SkippedRow>& skipped,
                          bool countedByRow);

/// Today's date in UTC, YYYY-MM-DD: the date of a fit.
std::string todayUtc();

}  // namespace roofline::io
