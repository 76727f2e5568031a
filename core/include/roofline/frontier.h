// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file frontier.h
/// The throughput–interactivity frontier (DOMAIN.md §7): one model and one request shape,
/// served on every combination of hardware, tensor parallelism, quantization, batch and
/// (for MoE models) expert parallelism. Each configuration is a point (interactivity =
/// output tokens/s per user, throughput = output tokens/s per device); the Pareto frontier
/// maximises both over the configurations that fit in memory. Service-level objectives on
/// TPOT and TTFT pick the best configuration: the highest throughput per device that fits
/// and meets them.
///
/// Each hardware has its own price per device-hour (or none): tokens per dollar compare
/// chips only at their own prices, and a chip without one is left off the $ axis, with the
/// reason said (unpricedText). Filters (hardware, TP, quantization, a precision floor, fit)
/// narrow what is shown; selectFrontier() redraws the Pareto frontier and moves the pick
/// to what they leave, so that no view computes either.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "roofline/pipeline.h"
#include "roofline/quantization.h"
#include "roofline/requests.h"
#include "roofline/scenario.h"

namespace roofline {

/// What to try. Every list must be non-empty (an empty one gives no configuration).
struct FrontierRequest {
    Model model;
    std::optional<Model> draft;  ///< Speculative decoding's draft model, as in Scenario.
    /// The other knobs (KV precision, FlashAttention, ceilings, speculative decoding, memory
    /// utilisation, price...); batch, lengths, precisions, TP and EP are replaced per point.
    Workload base;
    RequestShape shape;
    std::vector<Hardware> hardware;
    std::vector<std::int64_t> tensorParallel;
    std::vector<Quantization> quantizations;
    std::vector<std::int64_t> batches;
    std::vector<bool> expertParallel = {false};
    /// Pipeline stages (pipeline.h): 1 = none. A stage count above 1 is tried only where the
    /// footprint needs more than one scale-up domain (MemoryFootprint::minDevices above the
    /// hardware's scaleUpDomainDevices at that TP, quantization and batch): elsewhere it
    /// would only add bubbles, and it is left out (counted in Frontier::pipelineLeftOut).
    std::vector<std::int64_t> pipelineStages = {1};
    /// Prefill pools (DOMAIN.md §7): 0 = colocated, N = a prefill pool of N devices beside
    /// the decode pool of TP devices (requests.h gives the disaggregated model; shape.batching
    /// the colocated one). The base workload's own prefillDevices plays no part. Pools are
    /// not combined with pipeline stages (such configurations are skipped, with the reason).
    std::vector<std::int64_t> prefillPools = {0};
    std::optional<double> sloTpotSeconds;  ///< TPOT at most this, when given.
    std::optional<double> sloTtftSeconds;  ///< TTFT at most this, when given.
    /// The price per device-hour of each hardware, by index into `hardware`: nullopt = none
    /// (no cost figures; off the tokens-per-$ axis). Empty: every hardware takes
    /// base.pricePerDeviceHourUsd (one price for all). Otherwise it has one entry per
    /// hardware, and base's price plays no part.
    std::vector<std::optional<double>> hardwarePricePerDeviceHourUsd;
};

/// The price per device-hour `request` gives hardware `h` (see hardwarePricePerDeviceHourUsd).
std::optional<double> hardwarePrice(const FrontierRequest& request, std::size_t h);

/// One configuration, in the order the lists are nested (hardware, TP, quantization, batch,
/// expert parallelism, pipeline stages, prefill pool; the last varies fastest).
struct FrontierConfiguration {
    std::size_t hardware = 0;  ///< Index into FrontierRequest::hardware.
    std::int64_t tensorParallel = 1;
    Quantization quantization = Quantization::W16A16;
    std::int64_t batch = 1;
    bool expertParallel = false;
    std::int64_t pipelineStages = 1;  ///< S; the devices are tensorParallel × S
    /// D_p: 0 colocated; else a prefill pool of this many devices beside the tensorParallel
    /// of the decode pool (the devices are D_p + TP).
    std::int64_t prefillPool = 0;
};

/// The devices a configuration uses: TP × S, + D_p when disaggregated.
std::int64_t configurationDevices(const FrontierConfiguration& c);

struct FrontierPoint {
    FrontierConfiguration configuration;
    RequestResult result;  ///< Figures, `fits`, and the cost when the base has a price.
    bool onFrontier = false;
    /// Fits and meets every SLO given; empty when no SLO is given.
    std::optional<bool> meetsSlo;
};

/// A configuration the engine refuses (TP not dividing the heads, EP not dividing the
/// experts, EP on a dense model or on one device), with the reason in one sentence.
struct SkippedConfiguration {
    FrontierConfiguration configuration;
    std::string reason;
};

struct Frontier {
    std::vector<FrontierPoint> points;  ///< Every valid configuration, in nesting order.
    std::vector<SkippedConfiguration> skipped;
    /// Index into points: the highest throughput per device among points that fit and meet
    /// the SLOs (all that fit without SLOs); ties go to the higher interactivity, then the
    /// earlier point. Empty when none qualifies. selectFrontier(*this, {}).best.
    std::optional<std::size_t> best;
    /// Indices into FrontierRequest::hardware of the chips without a price, ascending: their
    /// points have no cost figures and are left off the tokens-per-$ axis.
    std::vector<std::size_t> unpriced;
    /// Configurations with more than one pipeline stage left out because the footprint fits
    /// in one scale-up domain (see FrontierRequest::pipelineStages).
    std::size_t pipelineLeftOut = 0;
};

/// What the frontier ranks on its y axis, and the pick maximises.
enum class FrontierObjective : unsigned char {
    ThroughputPerDevice,  ///< output tok/s per device
    TokensPerUsd,         ///< output tokens per dollar (priced points only)
};

/// The lowest precision a configuration may use (the accuracy a reviewer accepts).
enum class PrecisionFloor : unsigned char {
    Any,
    NoFp4,       ///< no fp4 weights or activations (W4A4 out; int4 weights stay)
    EightBit,    ///< weights and activations of 8 bits or more (every W4 out)
    SixteenBit,  ///< W16A16 only
};

/// Whether `quantization` is at or above `floor`.
bool meetsPrecisionFloor(Quantization quantization, PrecisionFloor floor);

/// Which points count: empty lists allow everything.
struct FrontierFilter {
    std::vector<std::size_t> hardware;  ///< allowed indices into FrontierRequest::hardware
    std::vector<std::int64_t> tensorParallel;
    std::vector<Quantization> quantizations;
    /// Allowed prefill pools (0 = colocated); empty allows all.
    std::vector<std::int64_t> prefillPools;
    PrecisionFloor floor = PrecisionFloor::Any;
    bool fitsOnly = false;  ///< hide the configurations that do not fit
    FrontierObjective objective = FrontierObjective::ThroughputPerDevice;
};

/// The frontier and the pick under a filter.
struct FrontierSelection {
    /// Per point: passes the filter and, for TokensPerUsd, has a price (is on the axis).
    std::vector<bool> shown;
    /// Per point: on the Pareto frontier of (interactivity, objective) over the shown
    /// points that fit.
    std::vector<bool> onFrontier;
    /// The shown point that fits and meets the SLOs (if any) with the highest objective;
    /// ties go to the higher interactivity, then the earlier point. Empty when none does.
    std::optional<std::size_t> best;
};

/// The value `objective` ranks point `p` by: its throughput per device, or its output
/// tokens per dollar (nullopt without a price; +inf at a price of 0).
std::optional<double> objectiveValue(const FrontierPoint& p, FrontierObjective objective);

/// The frontier and the pick among the points `filter` allows. O(n log n).
FrontierSelection selectFrontier(const Frontier& frontier, const FrontierFilter& filter);

/// One sentence naming the chips without a price and how many shown configurations that
/// leaves off the tokens-per-$ axis ("No price per device-hour for B200 and MI300X: their
/// 96 configurations are left off the tokens-per-$ axis."); empty when every chip has one.
/// `names` are the hardware labels, by index; `shown` counts only those points (empty: all).
std::string unpricedText(const Frontier& frontier, const std::vector<std::string>& names,
                         const std::vector<bool>& shown = {});

/// Whether the model has routed experts (expert parallelism applies).
bool isMixtureOfExperts(const Model& model);

/// Every configuration, analysed (two analyze() calls each: the mean decode step and the
/// footprint at the last step; see requests.h). Invalid ones are skipped, not errors.
/// Preconditions: model, draft and each hardware pass validate(); the base workload's
/// other knobs are valid; shape lengths ≥ 1.
Frontier computeFrontier(const FrontierRequest& request);

/// The Pareto frontier, maximising both x and y over the points with eligible[i] true: a
/// point is on it when no eligible point is at least as good in both and better in one.
/// Equal points are all on it. Ineligible points are never on it. O(n log n).
struct ParetoPoint {
    double x = 0.0;
    double y = 0.0;
    bool eligible = true;
};
std::vector<bool> paretoFrontier(const std::vector<ParetoPoint>& points);

}  // namespace roofline
