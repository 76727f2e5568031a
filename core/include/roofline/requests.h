// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file requests.h
/// Requests, cost and energy (DOMAIN.md §7): what a batch of whole requests costs in time,
/// dollars and joules, from the engine's prefill and decode passes.
///
/// A request has P prompt tokens and O output tokens; B requests are served together
/// (static batch). TTFT = the prefill pass of the B prompts. Its decode steps run at
/// contexts P … P+O−1; this engine analyses ONE step at the mean context P + ⌊O/2⌋ and lets
/// it stand for all of them (a decode step's time is linear in C, but for sliding-window
/// layers past their window, so the mean step is the mean time; summing O steps would cost
/// O analyses per configuration). Then:
///   end-to-end latency      = TTFT + (O − 1) · TPOT
///   interactivity           = 1 / TPOT        (output tokens/s each user sees)
///   throughput per device   = B · O / (end-to-end latency · devices)

#include <cstdint>
#include <optional>

#include "roofline/analysis.h"

namespace roofline {

/// Dollars per million output tokens: price × devices × 1e6 / (3600 × outputTokensPerSecond),
/// outputTokensPerSecond over all `devices` together. Preconditions: price finite ≥ 0,
/// devices ≥ 1, outputTokensPerSecond > 0.
double usdPerMillionOutputTokens(double pricePerDeviceHourUsd, std::int64_t devices,
                                 double outputTokensPerSecond);

/// Joules per output token at most: TDP × devices / outputTokensPerSecond (= TDP × devices ×
/// step time / tokens per step), every device at full board power. Preconditions: TDP ≥ 0,
/// devices ≥ 1, outputTokensPerSecond > 0.
double joulesPerOutputTokenMax(double tdpWatts, std::int64_t devices, double outputTokensPerSecond);

/// One request shape: P prompt tokens, O output tokens (both ≥ 1).
struct RequestShape {
    std::int64_t promptTokens = 2048;
    std::int64_t outputTokens = 1024;
    bool operator==(const RequestShape&) const = default;
};

/// The decode context that stands for the request's O steps: P + ⌊O/2⌋.
std::int64_t meanDecodeContext(const RequestShape& shape);

/// `scenario` set up for the request: promptTokens = P, contextTokens = P + ⌊O/2⌋. Its
/// memory footprint holds the cache at that context; requestFootprintScenario() holds it at
/// the last step.
Scenario requestScenario(Scenario scenario, const RequestShape& shape);
/// The same at the last decode step (context P + O − 1, P + O tokens cached once it has
/// run): the footprint a batch of these requests needs at its peak.
Scenario requestFootprintScenario(Scenario scenario, const RequestShape& shape);

/// A batch of B requests, served together (DOMAIN.md §7).
struct RequestResult {
    double ttftSeconds = 0.0;      ///< Prefill of the B prompts.
    double tpotSeconds = 0.0;      ///< The decode step at the mean context (or its effective
                                   ///< time per token under speculative decoding).
    double endToEndSeconds = 0.0;  ///< TTFT + (O − 1) · TPOT
    double interactivityTokensPerSecondPerUser = 0.0;  ///< 1 / TPOT
    double throughputTokensPerSecondPerDevice = 0.0;   ///< B · O / (end-to-end · devices)
    /// price × 1e6 / (3600 × throughput per device), when the workload has a price.
    std::optional<double> usdPerMillionOutputTokens;
    /// Output tokens one dollar buys: 1e6 / usdPerMillionOutputTokens = 3600 × throughput per
    /// device / price (infinite at a price of 0), when the workload has a price.
    std::optional<double> outputTokensPerUsd;
    bool fits = false;  ///< The footprint at the last step fits the devices' memory.
    /// The fewest devices of this kind that hold the footprint at the last step
    /// (MemoryFootprint::minDevices); set by analyzeRequest().
    std::optional<std::int64_t> minDevices;
};

/// The request figures from the analysis of requestScenario(scenario, shape) (`analysis`)
/// and whether requestFootprintScenario(scenario, shape) fits (`fits`).
RequestResult requestResult(const Scenario& scenario, const Analysis& analysis,
                            const RequestShape& shape, bool fits);

/// Both analyses and requestResult in one call. Same preconditions as analyze() for the two
/// scenarios.
RequestResult analyzeRequest(const Scenario& scenario, const RequestShape& shape);

}  // namespace roofline
