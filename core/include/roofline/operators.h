// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file operators.h
/// The operator table: every operator a pass can emit, with its name and kind. It is open:
/// a layer kind that needs a new operator adds one row here (and its name in operators.cpp),
/// and every capacity that holds operators follows kOperatorCount.

#include <cstddef>
#include <string_view>

namespace roofline {

/// What an operator does, for grouping and colouring.
enum class OperatorKind : unsigned char {
    Matmul,         ///< Multiplies by a weight matrix (projections, MLP, experts, lm_head).
    Attention,      ///< Scores and weighted sum over the KV cache.
    Elementwise,    ///< Norms, activation functions.
    Memory,         ///< Pure data movement: embedding gather, KV-cache append.
    Communication,  ///< Collectives over the interconnect (all-reduce, all-to-all).
};
std::string_view toString(OperatorKind kind);  ///< "matmul", "attention", ...

/// Every operator a pass can emit. Layer groups emit the same operators, which a pass merges
/// by id; an operator appears in a pass in the order it is first emitted.
enum class OperatorId : unsigned char {
    Embedding,
    Norms,
    QkvProj,           ///< q, k, v projections (MLA: q and the latent's down-projections)
    KvUpProj,          ///< MLA's kv_b_proj (decompression, or the absorbed multiplies)
    Indexer,           ///< DeepSeek Sparse Attention's lightning indexer over every cached key
    Attention,         ///< Full attention (or MLA over its latents)
    AttentionSliding,  ///< Sliding-window attention
    AttentionChunked,  ///< Chunked local attention (Llama 4)
    KvWrite,           ///< Appending the new tokens to the cache
    OProj,
    MixerInProj,   ///< A state layer's input projection (DeltaNet qkvz/ba, Mamba-2 in_proj)
    ShortConv,     ///< Its short causal convolution, with the conv state
    StateUpdate,   ///< The recurrence: the delta rule or the SSM scan, over the state
    MixerOutProj,  ///< Its gated norm and output projection
    LinearMixer,   ///< An attention replaced by one h × h matrix (Nemotron-NAS)
    TpAllreduce,
    MlpUp,
    MlpAct,
    MlpDown,
    MlpLinear,  ///< An MLP replaced by one h × h matrix (Nemotron-NAS)
    MoeRouter,
    EpDispatch,
    MoeUp,
    MoeAct,
    MoeDown,
    EpCombine,
    FinalNorm,
    LmHead,
    Count
};
inline constexpr std::size_t kOperatorCount = static_cast<std::size_t>(OperatorId::Count);

/// An operator's display name ("qkv_proj", "attention_chunked", "state_update", ...).
std::string_view toString(OperatorId id);
/// What the operator does, for grouping and colouring.
OperatorKind operatorKind(OperatorId id);

}  // namespace roofline
