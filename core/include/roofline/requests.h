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
///
/// That is a static batch: the B prompts, then their decode, one after the other on the same
/// devices. Two more serving models, for DOMAIN.md §7's question of when disaggregation wins
/// (Batching, and a workload with a prefill pool):
///   continuous batching, colocated: B requests in flight; as one finishes, another takes its
///     place, its prompt prefilled in chunks inside the decode steps (chunked prefill). In
///     the steady state the batch turns over once every O steps, so those O steps carry the
///     prefill of B prompts as well:
///       TPOT = T_d + T_p / O                (the prefill steals step time: interference)
///       throughput per device = B / (TPOT · D) = B · O / ((O · T_d + T_p) · D)
///     with T_d the mean decode step and T_p the prefill pass of the B prompts (chunking a
///     prefill is taken to cost what the whole pass costs).
///   disaggregated (a prefill pool of D_p devices, a decode pool of D_d): the pools work at
///     once, the prefill pool on the next batch's prompts while the decode pool decodes this
///     one; no prefill ever enters a decode step:
///       TTFT = T_p' + T_x                   (the prefill on its pool, then the KV transfer)
///       TPOT = T_d                          (the decode pool alone)
///       one batch per max(T_p' + T_x, O · T_d): the slower pool sets the pace and the other
///       waits (the prefill pool is taken to be busy while it sends)
///       throughput per device = B · O / (max(T_p' + T_x, O · T_d) · (D_p + D_d))
///     whatever the batching (the pools make it a pipeline).
/// TTFT is the prefill of the B prompts in each model; queueing is not modelled.

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

/// How a colocated server batches requests (the file comment gives both models).
enum class Batching : unsigned char {
    Static,      ///< the B prompts, then their O decode steps
    Continuous,  ///< B in flight, finished requests replaced, prefill chunked into the steps
};

/// "static" or "continuous".
const char* toString(Batching batching);

/// One request shape: P prompt tokens, O output tokens (both ≥ 1), and how a colocated
/// server batches such requests.
struct RequestShape {
    std::int64_t promptTokens = 2048;
    std::int64_t outputTokens = 1024;
    Batching batching = Batching::Static;
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
    double ttftSeconds = 0.0;  ///< Prefill of the B prompts (+ the KV transfer, when
                               ///< disaggregated).
    double tpotSeconds = 0.0;  ///< The decode step at the mean context (or its effective
                               ///< time per token under speculative decoding); with
                               ///< continuous batching, colocated, + T_p / O.
    /// With continuous batching, colocated: T_p / O, the prefill's share of each step (in
    /// tpotSeconds). 0 otherwise.
    double prefillInterferenceSeconds = 0.0;
    /// Disaggregated: the pool that sets the pace, and the other's idle share of its time
    /// (1 − its busy time / max(T_p' + T_x, O · T_d)). Empty when colocated.
    std::optional<bool> prefillPoolPaces;
    double idlePoolFraction = 0.0;
    double endToEndSeconds = 0.0;                      ///< TTFT + (O − 1) · TPOT
    double interactivityTokensPerSecondPerUser = 0.0;  ///< 1 / TPOT
    /// B · O / (end-to-end · devices); continuous: B / (TPOT · D); disaggregated: over
    /// the slower pool's time and both pools' devices (file comment).
    double throughputTokensPerSecondPerDevice = 0.0;
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
