// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file operators.h
/// The operator table: every operator a pass can emit, with its name and kind. It is open:
/// a layer kind that needs a new operator adds one value to OperatorId and its row to
/// kOperatorTable, and every capacity that holds operators follows kOperatorCount.

#include <array>
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
    PerLayerInput,  ///< Per-layer input embeddings: their table, projection and layer gates
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

struct OperatorInfo {
    std::string_view name;
    OperatorKind kind;
};

/// In OperatorId order; the static_assert below keeps the two the same length. Inline, as
/// analyze() names every operator of every pass it builds.
inline constexpr std::array<OperatorInfo, kOperatorCount> kOperatorTable = {{
    {"embedding", OperatorKind::Memory},
    {"per_layer_input", OperatorKind::Matmul},
    {"norms", OperatorKind::Elementwise},
    {"qkv_proj", OperatorKind::Matmul},
    {"kv_up_proj", OperatorKind::Matmul},
    {"indexer", OperatorKind::Attention},
    {"attention", OperatorKind::Attention},
    {"attention_sliding", OperatorKind::Attention},
    {"attention_chunked", OperatorKind::Attention},
    {"kv_write", OperatorKind::Memory},
    {"o_proj", OperatorKind::Matmul},
    {"mixer_in_proj", OperatorKind::Matmul},
    {"short_conv", OperatorKind::Elementwise},
    {"state_update", OperatorKind::Attention},
    {"mixer_out_proj", OperatorKind::Matmul},
    {"linear_mixer", OperatorKind::Matmul},
    {"tp_allreduce", OperatorKind::Communication},
    {"mlp_up", OperatorKind::Matmul},
    {"mlp_act", OperatorKind::Elementwise},
    {"mlp_down", OperatorKind::Matmul},
    {"mlp_linear", OperatorKind::Matmul},
    {"moe_router", OperatorKind::Matmul},
    {"ep_dispatch", OperatorKind::Communication},
    {"moe_up", OperatorKind::Matmul},
    {"moe_act", OperatorKind::Elementwise},
    {"moe_down", OperatorKind::Matmul},
    {"ep_combine", OperatorKind::Communication},
    {"final_norm", OperatorKind::Elementwise},
    {"lm_head", OperatorKind::Matmul},
}};
static_assert(kOperatorTable.back().name == "lm_head", "one row per OperatorId, in its order");

/// An operator's display name ("qkv_proj", "attention_chunked", "state_update", ...).
constexpr std::string_view toString(OperatorId id) {
    const auto i = static_cast<std::size_t>(id);
    return i < kOperatorTable.size() ? kOperatorTable[i].name : std::string_view("operator");
}
/// What the operator does, for grouping and colouring.
constexpr OperatorKind operatorKind(OperatorId id) {
    const auto i = static_cast<std::size_t>(id);
    return i < kOperatorTable.size() ? kOperatorTable[i].kind : OperatorKind::Matmul;
}

}  // namespace roofline
