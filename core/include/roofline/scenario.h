// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scenario.h
/// The serving situation the user asks about: batch, lengths, precisions, parallelism.

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "roofline/estimate.h"
#include "roofline/hardware.h"
#include "roofline/limits.h"  // kMaxBatch ... and the ranges validate() checks
#include "roofline/model.h"
#include "roofline/precision.h"

namespace roofline {

/// Which ceilings the roofs are: the spec-sheet peaks, or measured achievable rates; or the
/// achievable rates with an estimate beside the bound (DOMAIN.md §11; estimate.h), whose
/// costs come from Scenario::calibration.
enum class Ceilings : unsigned char { Peak, Achievable, Estimate };
/// "peak" / "achievable" / "estimate"
std::string_view toString(Ceilings ceilings);
/// Parses those names (case-sensitive); nullopt for anything else.
std::optional<Ceilings> parseCeilings(std::string_view name);

/// Where speculative decoding's drafts come from.
enum class DraftKind : unsigned char {
    Ngram,  ///< n-gram / prompt lookup: costs nothing on the devices.
    Model,  ///< A small model (Scenario::draft) run k times per step on the same devices.
    /// The target's own multi-token-prediction layers (Model::mtp, DOMAIN.md §6): each
    /// drafted token costs one MTP layer's decode and the lm_head, on the same devices.
    Mtp,
};

/// How attention is spread over the D devices (DOMAIN.md §6).
enum class AttentionParallel : unsigned char {
    Tensor,  ///< Heads split D ways; every device holds every sequence's KV (an MLA latent
             ///< is replicated on every device).
    /// Each device runs attention for B/D of the sequences and holds only their cache; the
    /// attention weights are replicated; experts are spread (expert parallelism) and each MoE
    /// layer does its dispatch and combine all-to-alls (SGLang / vLLM "DP attention").
    Data,
};

/// Workload knobs. Defaults are the app's and the CLI's defaults.
struct Workload {
    std::int64_t batch = 1;            ///< B: sequences served together.
    std::int64_t promptTokens = 2048;  ///< P: tokens per prompt in the prefill pass.
    /// C: tokens already in each sequence's KV cache when the decode step runs.
    std::int64_t contextTokens = 2048;

    Precision weightPrecision = Precision::Bf16;      ///< w: storage of weight matrices.
    Precision activationPrecision = Precision::Bf16;  ///< a: activations; also the math format.
    Precision kvPrecision = Precision::Bf16;          ///< c: KV cache.
    /// Per-part weights, as a quantized checkpoint stores them (Model::checkpoint; DOMAIN §4):
    /// the experts' matrices (routed and shared), and the tables (input embedding, lm_head)
    /// with the MoE routers and gates, which checkpoints keep in their dtype. nullopt: the
    /// part is stored at weightPrecision, which then covers every weight matrix.
    std::optional<Precision> expertWeightPrecision;
    std::optional<Precision> embeddingWeightPrecision;

    /// Replaces the model's n_kv (the GQA-ratio slider): 0 = the model's own value. Must
    /// divide n_q. Ignored (with a warning) for MLA models, whose cache has no KV heads.
    std::int64_t kvHeadsOverride = 0;
    std::int64_t tensorParallel = 1;  ///< D: devices sharing every layer (Megatron style).
    /// Disaggregated serving (DOMAIN.md §7): the prefill runs on a pool of its own, this many
    /// devices tensor-parallel, and each request's KV cache (and recurrent state) moves once
    /// to the decode pool of tensorParallel devices. 0 = colocated: prefill and decode share
    /// the tensorParallel devices.
    std::int64_t prefillDevices = 0;
    bool flashAttention = true;  ///< Off: the score matrix goes through HBM.

    /// MoE models: experts spread whole over the D devices (each holds E/D experts) instead
    /// of sliced; attention stays tensor-parallel; two all-to-alls per MoE layer (DOMAIN §6).
    bool expertParallel = false;
    /// Tensor- or data-parallel attention over the D devices; Data needs expert parallelism
    /// (an MoE model on more than one device), else it is ignored with a warning.
    AttentionParallel attentionParallel = AttentionParallel::Tensor;

    /// Speculative decoding (DOMAIN.md §6): k tokens drafted per step, 0 = off (1–16 on).
    std::int64_t speculativeTokens = 0;
    /// α: chance each drafted token is accepted, independent per position (0–1).
    double acceptanceRate = 0.7;
    /// The draft: a model preset (Scenario::draft) or a free n-gram / prompt-lookup draft.
    /// Only read when speculativeTokens > 0.
    DraftKind draftKind = DraftKind::Ngram;

    /// Fraction of each device's memory a server may use (vLLM gpu_memory_utilization).
    double memoryUtilization = 0.90;
    /// Tokens one forward pass may hold (chunked prefill): sizes the activation workspace.
    std::int64_t maxBatchedTokens = 8192;
    /// Spec-sheet peaks, or measured achievable rates (DOMAIN.md §6); or achievable rates
    /// with an estimate beside them (Scenario::calibration holds its profile).
    Ceilings ceilings = Ceilings::Peak;
    /// What one device costs per hour, in US dollars (0 to kMaxPricePerDeviceHourUsd). Absent
    /// = no price, and
    /// then no cost anywhere: prices differ by contract, so there is never a default
    /// (DOMAIN.md §7).
    std::optional<double> pricePerDeviceHourUsd;

    bool operator==(const Workload&) const = default;
};

/// Everything analyze() needs.
struct Scenario {
    Hardware hardware;
    Model model;
    Workload workload;
    /// The draft model when workload.draftKind is DraftKind::Model (same devices, batch,
    /// context and precisions as the target).
    std::optional<Model> draft = std::nullopt;
    /// The calibration profile of the estimate ceiling (estimate.h): used when
    /// workload.ceilings is Ceilings::Estimate, which validate() refuses without one. Shared,
    /// as sweeps copy the scenario for every cell.
    std::shared_ptr<const CalibrationProfile> calibration = nullptr;
    /// The serving engine's version the estimate is for (unset: not named): outside the
    /// profile's versions the estimate is extrapolated.
    EngineVersion engineVersion{};
};

}  // namespace roofline
