// SPDX-License-Identifier: GPL-3.0-or-later
// The steps of a fit from a measured-results file that the CLI and the window share
// (roofline/io/calibrate_measured.h).

#include "roofline/io/calibrate_measured.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "roofline/format.h"

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
        r.source = row.source;
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

namespace {

// Pads by code points, so "µs" counts as two columns and "×" as one (as the CLI's tables).
std::string pad(const std::string& text, std::size_t width) {
    std::size_t columns = 0;
    for (const char ch : text) {
        columns += (static_cast<unsigned char>(ch) & 0xC0U) != 0x80U ? 1 : 0;
    }
    return columns >= width ? text + " " : text + std::string(width - columns, ' ');
}

bool isSeconds(const std::string& name) {
    return name == kStepOverheadParameter || name == kKernelFloorParameter;
}

// A parameter's value for people: seconds as durations, the half length in tokens,
// efficiencies as plain factors. Its standard error the same, to two figures (%g: a tiny one
// of a noise-free fit reads 1.9e-08).
std::string parameterText(const std::string& name, double value) {
    if (isSeconds(name)) {
        return formatDuration(value);
    }
    if (name == kAttentionHalfLengthParameter) {
        return formatNumber(value) + " tokens";
    }
    return formatNumber(value, 3);
}

std::string errorText(const std::string& name, double value) {
    if (isSeconds(name)) {
        return "± " + formatSi(value, "s", 2);
    }
    return "± " + generalText(value, 2) + (name == kAttentionHalfLengthParameter ? " tokens" : "");
}

// A fraction as a percentage to a tenth, "1.9%", "12.3%", "0%"; signed: "+1.9%", "-12.3%".
std::string percentText(double fraction) {
    const double tenths = std::round(fraction * 1000.0) / 10.0;
    return formatProseNumber(tenths == 0.0 ? 0.0 : tenths) + "%";
}

std::string signedPercentText(double fraction) {
    const std::string text = percentText(fraction);
    return text.front() == '-' || text == "0%" ? text : "+" + text;
}

// The widest of `texts`, in code points, plus the gap pad() leaves.
std::size_t columnWidth(const std::vector<std::string>& texts) {
    std::size_t width = 0;
    for (const std::string& t : texts) {
        std::size_t points = 0;
        for (const char c : t) {
            points += (static_cast<unsigned char>(c) & 0xC0U) != 0x80U ? 1 : 0;
        }
        width = std::max(width, points);
    }
    return width + 2;
}

}  // namespace

std::string fitReportText(const std::string& path, const std::string& hardware,
                          const FitResult& fit, const std::vector<SkippedRow>& skipped,
                          bool countedByRow) {
    std::ostringstream out;
    const CalibrationProfile& p = fit.profile;
    const char* counted = countedByRow ? "row" : "line";
    out << "Calibration profile " << p.id << " fitted on " << p.fittedRecords
        << (p.fittedRecords == 1 ? " record" : " records") << " of " << path;
    if (!skipped.empty()) {
        out << " (" << skipped.size() << (skipped.size() == 1 ? " row" : " rows")
            << " on other hardware than " << hardware << " skipped)";
    }
    out << "\n"
        << p.loss << "; " << fit.iterations
        << (fit.converged ? " iterations, converged" : " iterations, not converged") << "\n\n";

    std::vector<std::string> names = {"parameter"}, values = {"value"}, errors = {"std. error"};
    for (const ParameterFit& f : fit.parameters) {
        names.push_back(f.name);
        values.push_back(parameterText(f.name, f.value));
        errors.push_back(f.standardError ? errorText(f.name, *f.standardError) : "");
    }
    const std::size_t nameWidth = columnWidth(names), valueWidth = columnWidth(values),
                      errorWidth = columnWidth(errors);
    for (std::size_t i = 0; i < names.size(); ++i) {
        out << pad(names[i], nameWidth) << pad(values[i], valueWidth) << pad(errors[i], errorWidth)
            << (i == 0 ? "" : toString(fit.parameters[i - 1].status)) << '\n';
    }

    std::vector<std::vector<std::string>> rows = {
        {"record", "metric", "measured", "estimated", "error",
         fit.heldOutBySource ? "source left out" : "leave-one-out"}};
    for (const RecordResidual& r : fit.residuals) {
        rows.push_back({r.id, std::string(toString(r.metric)), formatMeasured(r.metric, r.measured),
                        formatMeasured(r.metric, r.estimated),
                        signedPercentText(r.estimated / r.measured - 1.0),
                        signedPercentText(r.looEstimated / r.measured - 1.0)});
    }
    std::vector<std::size_t> widths;
    for (std::size_t c = 0; c < rows.front().size(); ++c) {
        std::vector<std::string> column;
        column.reserve(rows.size());
        for (const std::vector<std::string>& row : rows) {
            column.push_back(row[c]);
        }
        widths.push_back(columnWidth(column));
    }
    out << '\n';
    for (const std::vector<std::string>& row : rows) {
        for (std::size_t c = 0; c + 1 < row.size(); ++c) {
            out << pad(row[c], widths[c]);
        }
        out << row.back() << '\n';
    }

    const char* heldOut = fit.heldOutBySource ? "each source left out" : "leave-one-out";
    out << "\nmedian |error| " << percentText(fit.medianAbsError) << " (" << heldOut << " "
        << percentText(fit.medianAbsLooError) << ")\n"
        << formatNumber(p.coverage * 100.0, 2) << "% interval: the estimate × "
        << formatNumber(std::exp(p.residualLow), 3) << " to × "
        << formatNumber(std::exp(p.residualHigh), 3) << " (log measured / estimated "
        << generalText(p.residualLow, 3) << " to " << generalText(p.residualHigh, 3)
        << (p.fittedRecords < kMinRecordsForQuantiles ? ", ± the largest leave-one-out residual)\n"
            : fit.heldOutBySource
                ? ", quantiles of the residuals with each record's source left out)\n"
                : ", quantiles of the leave-one-out residuals)\n");
    for (const SkippedRow& s : skipped) {
        out << "skipped " << counted << ' ' << s.line << ": hardware " << s.hardware << '\n';
    }
    for (const std::string& note : fit.notes) {
        out << "note: " << note << '\n';
    }
    return out.str();
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
