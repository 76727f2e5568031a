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

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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
    std::optional<double> sloTpotSeconds;  ///< TPOT at most this, when given.
    std::optional<double> sloTtftSeconds;  ///< TTFT at most this, when given.
};

/// One configuration, in the order the lists are nested (hardware, TP, quantization, batch,
/// expert parallelism; the last varies fastest).
struct FrontierConfiguration {
    std::size_t hardware = 0;  ///< Index into FrontierRequest::hardware.
    std::int64_t tensorParallel = 1;
    Quantization quantization = Quantization::W16A16;
    std::int64_t batch = 1;
    bool expertParallel = false;
};

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
    /// earlier point. Empty when none qualifies.
    std::optional<std::size_t> best;
};

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
