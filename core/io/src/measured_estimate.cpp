// SPDX-License-Identifier: GPL-3.0-or-later
// Measured results against the estimate ceiling (roofline/io/measured_estimate.h).

#include "roofline/io/measured_estimate.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "roofline/analysis.h"
#include "roofline/calibrate.h"
#include "roofline/io/calibration.h"

namespace roofline::io {

namespace {

double median(std::vector<double> x) {
    if (x.empty()) {
        return 0.0;
    }
    std::sort(x.begin(), x.end());
    const std::size_t n = x.size();
    return n % 2 == 1 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

}  // namespace

Loaded<CalibrationProfile> rowProfile(const MeasuredRow& row, const EstimateChoice& choice) {
    const std::string& hardware = row.scenario.hardware.id;
    if (!choice.calibration.empty()) {
        Loaded<CalibrationProfile> given = loadCalibration(choice.calibration);
        if (!given.ok()) {
            return given;
        }
        // A profile of another chip says nothing of this row: the row's own is used.
        if (given.value->hardware == hardware || given.value->hardware == "*") {
            return given;
        }
    }
    return resolveCalibration(hardware, choice.engine);
}

RowEstimate estimateRow(const MeasuredRow& row, std::shared_ptr<const CalibrationProfile> profile) {
    Scenario scenario = row.scenario;
    scenario.workload.ceilings = Ceilings::Estimate;
    scenario.calibration = profile;
    RowEstimate out;
    // A batch whose KV cache outgrows memory by its last token runs in waves of what fits:
    // each wave is estimated, and the batch's figures follow from the waves.
    out.finalMemory = finalContextMemory(row.scenario, row.output);
    const FinalContextMemory& mem = out.finalMemory;
    const bool waves = mem.waves > 1;
    if (waves) {
        scenario.workload.batch = mem.waveBatch;
    }
    const auto whole = [&](double waveValue) {
        return waves ? inWaves(row.metric, waveValue, row.scenario.workload.batch, mem.waves,
                               mem.waveBatch)
                     : waveValue;
    };
    const Analysis analysis = analyze(scenario);
    out.profile = std::move(profile);
    if (!analysis.estimate || !analysis.hasDecode()) {
        return out;
    }
    // The metric as the fit reads it (calibrate.h's estimatedValue), at the estimate and at
    // each end of its interval: both times scale alike, so a rate's low end is the times'
    // high end.
    EstimateResult e = *analysis.estimate;
    out.extrapolated = extrapolationReasons(e, scenario);
    out.value = whole(estimatedValue(analysis, e, row.metric, row.output));
    e.ttftSeconds = e.ttftIntervalSeconds[0];
    e.tpotSeconds = e.tpotIntervalSeconds[0];
    const double a = whole(estimatedValue(analysis, e, row.metric, row.output));
    e.ttftSeconds = e.ttftIntervalSeconds[1];
    e.tpotSeconds = e.tpotIntervalSeconds[1];
    const double b = whole(estimatedValue(analysis, e, row.metric, row.output));
    out.low = std::min(a, b);
    out.high = std::max(a, b);
    out.error = row.value > 0.0 ? out.value / row.value - 1.0 : 0.0;
    out.covered = row.value >= out.low && row.value <= out.high;
    return out;
}

FileEstimates estimateFile(const MeasuredFile& file, const EstimateChoice& choice) {
    FileEstimates out;
    for (const MeasuredRow& row : file.rows) {
        Loaded<CalibrationProfile> profile = rowProfile(row, choice);
        for (const Issue& issue : profile.issues) {
            std::string text = issue.message();
            if (std::find(out.messages.begin(), out.messages.end(), text) == out.messages.end()) {
                out.messages.push_back(std::move(text));
            }
        }
        if (!profile.ok()) {
            out.rows.emplace_back();
            out.refusals.push_back(profile.issues.empty() ? std::string("no profile")
                                                          : profile.issues.front().message());
            continue;
        }
        out.rows.emplace_back(estimateRow(
            row, std::make_shared<const CalibrationProfile>(std::move(*profile.value))));
        out.refusals.emplace_back();
    }
    return out;
}

std::vector<RowEstimate> FileEstimates::estimated() const {
    std::vector<RowEstimate> out;
    out.reserve(rows.size());
    for (const std::optional<RowEstimate>& r : rows) {
        if (r) {
            out.push_back(*r);
        }
    }
    return out;
}

EstimateSummary summarizeEstimates(const std::vector<RowEstimate>& estimates) {
    EstimateSummary s;
    std::vector<double> errors;
    std::vector<double> widths;
    std::size_t covered = 0;
    for (const RowEstimate& e : estimates) {
        if (e.value <= 0.0) {
            continue;  // no estimate (a pass without decode)
        }
        errors.push_back(std::abs(e.error));
        widths.push_back(e.low > 0.0 ? e.high / e.low : 0.0);
        covered += e.covered ? 1 : 0;
        if (s.rows++ == 0 && e.profile != nullptr) {
            s.nominalCoverage = e.profile->coverage;
        }
    }
    if (s.rows > 0) {
        s.medianAbsError = median(std::move(errors));
        s.medianWidth = median(std::move(widths));
        s.coveredFraction = static_cast<double>(covered) / static_cast<double>(s.rows);
    }
    return s;
}

}  // namespace roofline::io
