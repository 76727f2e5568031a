// SPDX-License-Identifier: GPL-3.0-or-later
// The steps of a fit from a measured-results file that the CLI and the window share
// (roofline/io/calibrate_measured.h).

#include "roofline/io/calibrate_measured.h"

#include <array>
#include <chrono>
#include <cstdio>

namespace roofline::io {

std::vector<CalibrationRecord> calibrationRecords(const MeasuredFile& file,
                                                  const std::string& hardware,
                                                  std::vector<SkippedRow>& skipped) {
    std::vector<CalibrationRecord> records;
    const std::string counted = file.json ? "row " : "line ";
    for (const MeasuredRow& row : file.rows) {
        if (row.hardware != hardware && row.scenario.hardware.id != hardware) {
            skipped.push_back({row.line, row.hardware});
            continue;
        }
        CalibrationRecord r;
        r.id = !row.label.empty() ? row.label : counted + std::to_string(row.line);
        r.scenario = row.scenario;
        r.metric = row.metric;
        r.value = row.value;
        r.outputTokens = row.output;
        records.push_back(std::move(r));
    }
    return records;
}

bool calibrationFitOptions(const CalibrationProfile& base,
                           const std::vector<std::pair<std::string, double>>& fixes,
                           const std::vector<std::string>& free, const std::string& recordsSource,
                           FitOptions& options, std::string& error) {
    options = FitOptions{};
    options.base = base;
    for (const auto& [name, value] : fixes) {
        setProfileParameter(options.base, name, value);
        options.fixed.push_back(name);
    }
    if (const std::vector<std::string> problems = validateProfile(options.base);
        !problems.empty()) {
        error = "--fix: " + problems.front();
        return false;
    }
    options.free = free;
    options.recordsSource = recordsSource;
    // What the kept values stand on: the base profile's sources, said to be its.
    for (std::string& source : options.base.sources) {
        source.insert(0, "from " + base.id + ": ");
    }
    return true;
}

void nameFittedProfile(CalibrationProfile& profile, const std::string& hardware,
                       const std::string& engine, const std::string& date,
                       const std::string& recordsSource, std::size_t records,
                       const std::string& by) {
    profile.id = hardware + "." + engine;
    profile.hardware = hardware;
    profile.engine = engine;
    profile.engineVersion.clear();
    profile.date = date;
    profile.description =
        "fitted by " + by + " on " + std::to_string(records) + " records of " + recordsSource;
}

std::string todayUtc() {
    const std::chrono::year_month_day ymd{
        std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now())};
    std::array<char, 16> text{};
    std::snprintf(text.data(), text.size(), "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                  static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
    return text.data();
}

}  // namespace roofline::io
