// SPDX-License-Identifier: GPL-3.0-or-later
// Requests, cost and energy (DOMAIN.md §7); the choices are in requests.h.
#include "roofline/requests.h"

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
    r.endToEndSeconds = r.ttftSeconds + (O - 1.0) * r.tpotSeconds;
    r.interactivityTokensPerSecondPerUser = 1.0 / r.tpotSeconds;
    r.throughputTokensPerSecondPerDevice = B * O / (r.endToEndSeconds * d(analysis.devices));
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
    RequestResult r = requestResult(scenario, analysis, shape, last.fits);
    r.minDevices = last.minDevices;
    return r;
}

}  // namespace roofline
