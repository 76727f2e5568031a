// SPDX-License-Identifier: GPL-3.0-or-later
// Requests, cost and energy (DOMAIN.md §7); the choices are in requests.h.
#include "roofline/requests.h"

#include <algorithm>

namespace roofline {

namespace {
double d(std::int64_t v) { return static_cast<double>(v); }
}  // namespace

double usdPerMillionOutputTokens(double pricePerDeviceHourUsd, std::int64_t devices,
                                 double outputTokensPerSecond) {
    return pricePerDeviceHourUsd * d(devices) * 1e6 / (3600.0 * outputTokensPerSecond);
}

double joulesPerOutputTokenMax(double tdpWatts, std::int64_t devices,
                               double outputTokensPerSecond) {
    return tdpWatts * d(devices) / outputTokensPerSecond;
}

const char* toString(Batching batching) {
    return batching == Batching::Continuous ? "continuous" : "static";
}

std::int64_t meanDecodeContext(const RequestShape& shape) {
    return shape.promptTokens + shape.outputTokens / 2;
}

Scenario requestScenario(Scenario scenario, const RequestShape& shape) {
    scenario.workload.promptTokens = shape.promptTokens;
    scenario.workload.contextTokens = meanDecodeContext(shape);
    return scenario;
}

Scenario requestFootprintScenario(Scenario scenario, const RequestShape& shape) {
    scenario.workload.promptTokens = shape.promptTokens;
    scenario.workload.contextTokens = shape.promptTokens + shape.outputTokens - 1;
    return scenario;
}

RequestResult requestResult(const Scenario& scenario, const Analysis& analysis,
                            const RequestShape& shape, bool fits) {
    RequestResult r;
    const double B = d(scenario.workload.batch);
    const double O = d(shape.outputTokens);
    r.ttftSeconds = analysis.ttftSeconds;
    r.tpotSeconds = analysis.tpotSeconds;
    const std::optional<DisaggregationResult>& pools = analysis.disaggregation;
    const bool continuous = !pools && shape.batching == Batching::Continuous;
    if (continuous) {
        r.prefillInterferenceSeconds = analysis.ttftSeconds / O;
        r.tpotSeconds += r.prefillInterferenceSeconds;
    }
    r.endToEndSeconds = r.ttftSeconds + (O - 1.0) * r.tpotSeconds;
    r.interactivityTokensPerSecondPerUser = 1.0 / r.tpotSeconds;
    if (pools) {
        // The pools as a pipeline: one batch per the slower pool's time.
        const double prefillBusy = analysis.ttftSeconds;  // T_p' + T_x
        const double decodeBusy = O * r.tpotSeconds;
        const double period = std::max(prefillBusy, decodeBusy);
        r.prefillPoolPaces = prefillBusy > decodeBusy;
        r.idlePoolFraction = 1.0 - std::min(prefillBusy, decodeBusy) / period;
        r.throughputTokensPerSecondPerDevice =
            B * O / (period * d(pools->prefillDevices + pools->decodeDevices));
    } else if (continuous) {
        r.throughputTokensPerSecondPerDevice = B / (r.tpotSeconds * d(analysis.devices));
    } else {
        r.throughputTokensPerSecondPerDevice = B * O / (r.endToEndSeconds * d(analysis.devices));
    }
    if (const std::optional<double>& price = scenario.workload.pricePerDeviceHourUsd) {
        // Per device: price × D × 1e6 / (3600 × B·O/e2e) with B·O/e2e = throughput × D.
        r.usdPerMillionOutputTokens =
            usdPerMillionOutputTokens(*price, 1, r.throughputTokensPerSecondPerDevice);
        r.outputTokensPerUsd = 3600.0 * r.throughputTokensPerSecondPerDevice / *price;
    }
    r.fits = fits;
    return r;
}

RequestResult analyzeRequest(const Scenario& scenario, const RequestShape& shape) {
    const Analysis analysis = analyze(requestScenario(scenario, shape));
    const MemoryFootprint last = analyze(requestFootprintScenario(scenario, shape)).memory;
    // Disaggregated, the prefill pool's devices must hold their part too (they hold P tokens
    // per sequence whatever the context: the analysis at the mean step says it).
    const bool prefillFits = !analysis.disaggregation || analysis.disaggregation->prefillFits;
    RequestResult r = requestResult(scenario, analysis, shape, last.fits && prefillFits);
    r.minDevices = last.minDevices;
    return r;
}

}  // namespace roofline
