// SPDX-License-Identifier: GPL-3.0-or-later
// Measured results against the model: the arithmetic of roofline/measured.h.

#include "roofline/measured.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "roofline/analysis.h"
#include "roofline/format.h"
#include "roofline/scenario.h"

namespace roofline {

namespace {

constexpr std::array<std::string_view, kAllMeasuredMetrics.size()> kMetricNames = {
    "tpot_ms",
    "ttft_ms",
    "output_tokens_per_s",
    "output_tokens_per_s_per_device",
    "e2e_ms",
    "request_output_tokens_per_s"};

constexpr double kMillisecondsPerSecond = 1000.0;

}  // namespace

std::string_view toString(MeasuredMetric metric) {
    return kMetricNames[static_cast<std::size_t>(metric)];
}

std::optional<MeasuredMetric> parseMeasuredMetric(std::string_view name) {
    for (MeasuredMetric m : kAllMeasuredMetrics) {
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
        case MeasuredMetric::E2eMs:
            return "ms";
        case MeasuredMetric::OutputTokensPerSecond:
        case MeasuredMetric::RequestOutputTokensPerSecond:
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
        case MeasuredMetric::E2eMs:
            return formatDuration(value / kMillisecondsPerSecond);
        case MeasuredMetric::OutputTokensPerSecond:
        case MeasuredMetric::OutputTokensPerSecondPerDevice:
        case MeasuredMetric::RequestOutputTokensPerSecond:
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

FinalContextMemory finalContextMemory(const Scenario& scenario, std::int64_t outputTokens) {
    Scenario end = scenario;
    Workload& w = end.workload;
    // The KV cache holds max(P, C + 1) tokens a sequence: C + 1 = P + O at the last step.
    w.contextTokens = w.promptTokens + std::max<std::int64_t>(outputTokens, 1) - 1;
    w.ceilings = Ceilings::Achievable;
    end.calibration = nullptr;
    FinalContextMemory out;
    out.maxBatch = analyze(end).memory.maxBatch;
    const std::int64_t b = scenario.workload.batch;
    out.fits = b <= out.maxBatch;
    if (out.maxBatch >= 1) {
        out.waves = (b + out.maxBatch - 1) / out.maxBatch;
        out.waveBatch = (b + out.waves - 1) / out.waves;
    }
    return out;
}

double inWaves(MeasuredMetric metric, double waveValue, std::int64_t batch, std::int64_t waves,
               std::int64_t waveBatch) {
    if (waves <= 1 || waveBatch < 1) {
        return waveValue;
    }
    const double share = static_cast<double>(batch) / static_cast<double>(waves * waveBatch);
    switch (metric) {
        case MeasuredMetric::E2eMs:
            return waveValue * static_cast<double>(waves);
        case MeasuredMetric::OutputTokensPerSecond:
        case MeasuredMetric::OutputTokensPerSecondPerDevice:
        case MeasuredMetric::RequestOutputTokensPerSecond:
            return waveValue * share;
        case MeasuredMetric::TpotMs:
        case MeasuredMetric::TtftMs:
            break;
    }
    return waveValue;
}

double modelValue(MeasuredMetric metric, double ttftSeconds, double tpotSeconds, double batch,
                  double devices, std::int64_t outputTokens) {
    // A request: the prefill gives its first token, O − 1 decode steps the rest.
    const double request = ttftSeconds + static_cast<double>(outputTokens - 1) * tpotSeconds;
    switch (metric) {
        case MeasuredMetric::TpotMs:
            return tpotSeconds * kMillisecondsPerSecond;
        case MeasuredMetric::TtftMs:
            return ttftSeconds * kMillisecondsPerSecond;
        case MeasuredMetric::OutputTokensPerSecond:
            return batch / tpotSeconds;
        case MeasuredMetric::OutputTokensPerSecondPerDevice:
            return batch / (tpotSeconds * devices);
        case MeasuredMetric::E2eMs:
            return request * kMillisecondsPerSecond;
        case MeasuredMetric::RequestOutputTokensPerSecond:
            return batch * static_cast<double>(outputTokens) / request;
    }
    return 0.0;
}

MeasuredPlacement placeMeasured(const Analysis& analysis, MeasuredMetric metric, double value,
                                std::int64_t outputTokens) {
    MeasuredPlacement out;
    out.pass = passOf(metric);
    const PassCost& pass = out.pass == PassKind::Prefill ? analysis.prefill() : analysis.decode();
    out.intensityFlopsPerByte = pass.intensity();
    out.flopsPerDevice = pass.flops;
    // B sequences make B tokens per decode step, on all D devices together.
    const double batch = pass.batch;
    const double devices = static_cast<double>(analysis.devices);
    const double outputs = static_cast<double>(outputTokens);
    out.predictedValue = modelValue(metric, analysis.ttftSeconds, analysis.tpotSeconds, batch,
                                    devices, outputTokens);
    switch (metric) {
        case MeasuredMetric::TpotMs:
            out.predictedSeconds = analysis.tpotSeconds;
            out.measuredSeconds = value / kMillisecondsPerSecond;
            break;
        case MeasuredMetric::TtftMs:
            out.predictedSeconds = analysis.ttftSeconds;
            out.measuredSeconds = value / kMillisecondsPerSecond;
            break;
        case MeasuredMetric::OutputTokensPerSecond:
            // v tokens/s of B sequences: one step (one token each) takes B / v.
            out.predictedSeconds = analysis.tpotSeconds;
            out.measuredSeconds = batch / value;
            break;
        case MeasuredMetric::OutputTokensPerSecondPerDevice:
            // v per device is v·D for the deployment: one step takes B / (v·D).
            out.predictedSeconds = analysis.tpotSeconds;
            out.measuredSeconds = batch / (value * devices);
            break;
        case MeasuredMetric::E2eMs:
            // The unit is the whole request.
            out.predictedSeconds = out.predictedValue / kMillisecondsPerSecond;
            out.measuredSeconds = value / kMillisecondsPerSecond;
            break;
        case MeasuredMetric::RequestOutputTokensPerSecond:
            // v tokens/s of B requests of O tokens: one request cycle takes B·O / v.
            out.predictedSeconds = batch * outputs / out.predictedValue;
            out.measuredSeconds = batch * outputs / value;
            break;
    }
    if (metric == MeasuredMetric::E2eMs || metric == MeasuredMetric::RequestOutputTokensPerSecond) {
        // A request is its prefill and O − 1 decode steps: its point is their FLOPs over their
        // bytes, and their FLOPs over the (measured or predicted) request time.
        const PassCost& prefill = analysis.prefill();
        const double steps = outputs - 1.0;
        const double bytes = prefill.bytes() + steps * pass.bytes();
        out.flopsPerDevice = prefill.flops + steps * pass.flops;
        out.intensityFlopsPerByte = bytes > 0.0 ? out.flopsPerDevice / bytes : 0.0;
    }
    out.achievedFlopsPerSecond = out.flopsPerDevice / out.measuredSeconds;
    out.predictedFlopsPerSecond = out.flopsPerDevice / out.predictedSeconds;
    out.efficiency = out.predictedSeconds / out.measuredSeconds;
    return out;
}

}  // namespace roofline
