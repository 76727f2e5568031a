// SPDX-License-Identifier: GPL-3.0-or-later
// Measured results against the model: the arithmetic of roofline/measured.h.

#include "roofline/measured.h"

#include <array>

#include "roofline/format.h"

namespace roofline {

namespace {

constexpr std::array<std::string_view, 4> kMetricNames = {
    "tpot_ms", "ttft_ms", "output_tokens_per_s", "output_tokens_per_s_per_device"};
constexpr std::array<MeasuredMetric, 4> kMetrics = {MeasuredMetric::TpotMs, MeasuredMetric::TtftMs,
                                                    MeasuredMetric::OutputTokensPerSecond,
                                                    MeasuredMetric::OutputTokensPerSecondPerDevice};

constexpr double kMillisecondsPerSecond = 1000.0;

}  // namespace

std::string_view toString(MeasuredMetric metric) {
    return kMetricNames[static_cast<std::size_t>(metric)];
}

std::optional<MeasuredMetric> parseMeasuredMetric(std::string_view name) {
    for (MeasuredMetric m : kMetrics) {
        if (toString(m) == name) {
            return m;
        }
    }
    return std::nullopt;
}

std::string_view unitOf(MeasuredMetric metric) {
    switch (metric) {
        case MeasuredMetric::TpotMs:
        case MeasuredMetric::TtftMs:
            return "ms";
        case MeasuredMetric::OutputTokensPerSecond:
            return "tok/s";
        case MeasuredMetric::OutputTokensPerSecondPerDevice:
            return "tok/s per device";
    }
    return "";
}

std::string formatMeasured(MeasuredMetric metric, double value) {
    switch (metric) {
        case MeasuredMetric::TpotMs:
        case MeasuredMetric::TtftMs:
            return formatDuration(value / kMillisecondsPerSecond);
        case MeasuredMetric::OutputTokensPerSecond:
        case MeasuredMetric::OutputTokensPerSecondPerDevice:
            break;
    }
    return formatNumber(value) + " " + std::string(unitOf(metric));
}

PassKind passOf(MeasuredMetric metric) {
    return metric == MeasuredMetric::TtftMs ? PassKind::Prefill : PassKind::Decode;
}

std::int64_t meanDecodeContext(std::int64_t promptTokens, std::int64_t outputTokens) {
    return promptTokens + outputTokens / 2;
}

MeasuredPlacement placeMeasured(const Analysis& analysis, MeasuredMetric metric, double value) {
    MeasuredPlacement out;
    out.pass = passOf(metric);
    const PassCost& pass = out.pass == PassKind::Prefill ? analysis.prefill() : analysis.decode();
    out.intensityFlopsPerByte = pass.intensity();
    out.flopsPerDevice = pass.flops;
    // B sequences make B tokens per decode step, on all D devices together.
    const double batch = pass.batch;
    const double devices = static_cast<double>(analysis.devices);
    switch (metric) {
        case MeasuredMetric::TpotMs:
            out.predictedSeconds = analysis.tpotSeconds;
            out.measuredSeconds = value / kMillisecondsPerSecond;
            out.predictedValue = analysis.tpotSeconds * kMillisecondsPerSecond;
            break;
        case MeasuredMetric::TtftMs:
            out.predictedSeconds = analysis.ttftSeconds;
            out.measuredSeconds = value / kMillisecondsPerSecond;
            out.predictedValue = analysis.ttftSeconds * kMillisecondsPerSecond;
            break;
        case MeasuredMetric::OutputTokensPerSecond:
            // v tokens/s of B sequences: one step (one token each) takes B / v.
            out.predictedSeconds = analysis.tpotSeconds;
            out.measuredSeconds = batch / value;
            out.predictedValue = batch / analysis.tpotSeconds;
            break;
        case MeasuredMetric::OutputTokensPerSecondPerDevice:
            // v per device is v·D for the deployment: one step takes B / (v·D).
            out.predictedSeconds = analysis.tpotSeconds;
            out.measuredSeconds = batch / (value * devices);
            out.predictedValue = batch / (analysis.tpotSeconds * devices);
            break;
    }
    out.achievedFlopsPerSecond = out.flopsPerDevice / out.measuredSeconds;
    out.predictedFlopsPerSecond = out.flopsPerDevice / out.predictedSeconds;
    out.efficiency = out.predictedSeconds / out.measuredSeconds;
    return out;
}

}  // namespace roofline
