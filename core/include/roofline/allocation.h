// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file allocation.h
/// Memory as a server allocates it (DOMAIN.md §6, end): beside the ideal bytes of
/// MemoryFootprint, the KV cache as vLLM's V1 paged allocator sizes it, and the "Maximum
/// concurrency for N tokens per request" it prints at start-up. The rules, with the vLLM
/// files they come from, are in docs/model.md "Memory as vLLM allocates it".

#include <cstdint>
#include <string>

#include "roofline/analysis.h"
#include "roofline/scenario.h"

namespace roofline {

/// vLLM's default block: 16 tokens per page of every attention layer
/// (vllm/config/cache.py, CacheConfig.block_size with FlashAttention).
inline constexpr std::int64_t kVllmBlockTokens = 16;

/// The KV cache of one device as vLLM V1 allocates it for sequences of `tokensPerRequest`
/// tokens (its max_model_len). Every byte figure is per device.
struct AllocatedMemory {
    std::string engine = "vllm";
    EngineVersion engineVersion{};  ///< the scenario's, when it names one
    /// Empty when the allocation is modelled; else why not, in one sentence ("sparse MLA:
    /// vLLM's indexer cache is not modelled").
    std::string unavailable;

    double tokensPerRequest = 0.0;  ///< N: max(prompt, context + 1), as the ideal figures
    /// Tokens per block of the attention layers: 16, or raised so one attention page holds
    /// a recurrent state (hybrid models).
    std::int64_t blockTokens = kVllmBlockTokens;
    double pageBytes = 0.0;          ///< one block of one layer, the same for every layer
    std::int64_t groups = 0;         ///< KV cache groups (one per spec, more for many layers)
    std::int64_t groupLayers = 0;    ///< layers per group: tensors of pageBytes × blocks each
    std::int64_t paddingLayers = 0;  ///< slots of the last group of a spec left empty

    double requestedBytes = 0.0;   ///< ⌈capacity × memory utilisation⌉
    double weightBytes = 0.0;      ///< as MemoryFootprint::weightBytes
    double activationBytes = 0.0;  ///< MemoryFootprint::workspaceBytes, for vLLM's profile run
    double kvBudgetBytes = 0.0;    ///< requested − weights − activations (≥ 0)
    std::int64_t blocks = 0;       ///< ⌊⌊budget / page⌋ / groupLayers⌋
    std::int64_t blocksPerSequence = 0;  ///< Σ over groups of one request's blocks
    double bytesPerSequence = 0.0;       ///< blocksPerSequence × page × groupLayers
    double kvTokens = 0.0;  ///< "GPU KV cache size": blocks / groups × the smallest block
    /// blocks / blocksPerSequence (× the data-parallel attention ranks of one device's
    /// replica): what vLLM prints as "Maximum concurrency for N tokens per request".
    double maxConcurrency = 0.0;
    /// The ideal figure beside it: B sequences of N tokens fit while ideal bytes allow.
    std::int64_t idealMaxBatch = 0;

    bool available() const { return unavailable.empty(); }
};

/// The allocation for `scenario` and its analysis (which gives the weights, workspace and
/// capacity). Encoders and CNNs, and models whose caches vLLM lays out in ways not modelled
/// here, come back with `unavailable` set.
AllocatedMemory vllmAllocation(const Scenario& scenario, const Analysis& analysis);

}  // namespace roofline
