// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file pipeline.h
/// Pipeline parallelism, for models whose footprint needs more than one scale-up domain
/// (405B-class models in bf16). S stages, each a tensor-parallel group of TP
/// devices inside one scale-up domain holding ⌈L/S⌉ of the L layers; stage s hands its
/// activations to stage s + 1 over the scale-out network. A batch of B sequences runs as
/// m = min(B, S) micro-batches of ⌈B/m⌉ sequences (S keeps every stage busy once the
/// pipeline is full; fewer sequences than stages cannot be split further).
///
/// The model, kept simple on purpose:
///   stage time  t = T(micro-batch) × ⌈L/S⌉ / L, where T is the whole model's pass at the
///                   micro-batch on one TP group (analyze(): embedding and lm_head are spread
///                   with the layers rather than put on the end stages)
///   hand-off    x = α_scale-out + tokens × h × activation bytes / scale-out bandwidth, the
///                   tokens of one micro-batch (one per sequence in decode, P in prefill)
///   step          = (m + S − 1) · t + (S − 1) · x: the last micro-batch enters after m − 1
///                   stage slots and crosses S stages and S − 1 hand-offs; the other
///                   hand-offs overlap the next micro-batch's compute
///   bubble        = (S − 1) / (m + S − 1): the share of its slots each stage is idle
///   devices       = TP × S; it fits when MemoryFootprint::minDevices ≤ TP × S (the
///                   footprint at the last step split evenly over the stages)

#include <cstdint>

#include "roofline/requests.h"

namespace roofline {

struct PipelineTiming {
    double stageSeconds = 0.0;     ///< t: one micro-batch through one stage
    double transferSeconds = 0.0;  ///< x: one micro-batch across one stage boundary
    double bubbleFraction = 0.0;   ///< (S − 1) / (m + S − 1)
    double stepSeconds = 0.0;      ///< (m + S − 1) · t + (S − 1) · x
};

/// m = min(batch, stages) micro-batches. Preconditions: batch, stages ≥ 1.
std::int64_t pipelineMicroBatches(std::int64_t batch, std::int64_t stages);

/// x for `tokens` tokens of `hiddenSize` values of `bytesPerValue` bytes on `hardware`'s
/// scale-out link (kDefaultScaleOutBandwidthBytesPerSecond when it names none).
double stageTransferSeconds(const Hardware& hardware, double tokens, std::int64_t hiddenSize,
                            double bytesPerValue);

/// The timing above from T = `wholeModelSeconds`. Preconditions: layers, stages,
/// microBatches ≥ 1; stages ≤ layers.
PipelineTiming pipelineTiming(double wholeModelSeconds, std::int64_t layers, std::int64_t stages,
                              std::int64_t microBatches, double transferSeconds);

/// A request batch served by `stages` stages of the scenario's TP: TTFT and TPOT are the
/// pipelined prefill and decode steps, throughput per device divides by TP × S, `fits` and
/// `minDevices` as above. Two analyze() calls (the micro-batch's request, the whole batch's
/// footprint at the last step). With stages = 1 it is analyzeRequest(). Same preconditions as
/// analyzeRequest(), and 1 ≤ stages ≤ numLayers.
RequestResult analyzePipelinedRequest(const Scenario& scenario, const RequestShape& shape,
                                      std::int64_t stages);

}  // namespace roofline
