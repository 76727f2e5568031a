// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scenario.h
/// The serving situation the user asks about: batch, lengths, precisions, parallelism.

#include <cstdint>

#include "roofline/hardware.h"
#include "roofline/model.h"
#include "roofline/precision.h"

namespace roofline {

/// Workload knobs. Defaults are the app's and the CLI's defaults.
struct Workload {
    std::int64_t batch = 1;            ///< B: sequences served together.
    std::int64_t promptTokens = 2048;  ///< P: tokens per prompt in the prefill pass.
    /// C: tokens already in each sequence's KV cache when the decode step runs.
    std::int64_t contextTokens = 2048;

    Precision weightPrecision = Precision::Bf16;      ///< w: storage of weight matrices.
    Precision activationPrecision = Precision::Bf16;  ///< a: activations; also the math format.
    Precision kvPrecision = Precision::Bf16;          ///< c: KV cache.

    /// Replaces the model's n_kv (the GQA-ratio slider): 0 = the model's own value. Must
    /// divide n_q. Ignored (with a warning) for MLA models, whose cache has no KV heads.
    std::int64_t kvHeadsOverride = 0;
    std::int64_t tensorParallel = 1;  ///< D: devices sharing every layer (Megatron style).
    bool flashAttention = true;       ///< Off: the score matrix goes through HBM.

    bool operator==(const Workload&) const = default;
};

/// Everything analyze() needs.
struct Scenario {
    Hardware hardware;
    Model model;
    Workload workload;
};

/// Upper bounds that validate() enforces, so that no double overflows downstream.
inline constexpr std::int64_t kMaxBatch = 100'000'000;
inline constexpr std::int64_t kMaxTokens = 1'000'000'000;
inline constexpr std::int64_t kMaxTensorParallel = 4096;

}  // namespace roofline
