// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file operators.h
/// The operator table: every operator a pass can emit, with its name, its kind and the
/// kernel costs the estimate charges it. It is open: a layer kind that needs a new operator
/// adds one value to OperatorId and its row to kOperatorTable, and every capacity that holds
/// operators, and the estimate, follow the table.

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

/// Which of a serving stack's kernel costs (estimate.h, DOMAIN.md §11) an operator pays
/// beyond its bound. Every class pays the kernel floor and, but for Collective, a launch.
enum class KernelClass : unsigned char {
    Plain,       ///< Elementwise work and data movement: nothing beyond the floor and launch.
    Gemm,        ///< A weight GEMM: its tile shape, and the weights' precision.
    ExpertGemm,  ///< A routed expert's grouped GEMM: also its rate at few tokens per expert.
    TableGemm,   ///< lm_head and the router, at the embedding table's precision.
    Attention,   ///< Over the KV cache: the attention kernel by context length, the KV precision.
    /// A state layer's recurrence over its fixed-size state: no KV cache, no length. No
    /// profile parameter is fitted for these kernels, so it pays its bound; a hybrid model
    /// outside a profile's domain is marked extrapolated.
    Recurrence,
    Collective,  ///< A collective: α per call, counted apart from the kernels.
};
/// The class a vision pass's operator (named, not in the table) pays, from its kind.
constexpr KernelClass kernelClassOf(OperatorKind kind) {
    switch (kind) {
        case OperatorKind::Matmul:
            return KernelClass::Gemm;
        case OperatorKind::Attention:
            return KernelClass::Attention;
        case OperatorKind::Communication:
            return KernelClass::Collective;
        default:
            return KernelClass::Plain;
    }
}

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
    KernelClass kernel;
};

/// In OperatorId order; the static_assert below keeps the two the same length. Inline, as
/// analyze() names every operator of every pass it builds.
inline constexpr std::array<OperatorInfo, kOperatorCount> kOperatorTable = {{
    {"embedding", OperatorKind::Memory, KernelClass::Plain},
    {"per_layer_input", OperatorKind::Matmul, KernelClass::Gemm},
    {"norms", OperatorKind::Elementwise, KernelClass::Plain},
    {"qkv_proj", OperatorKind::Matmul, KernelClass::Gemm},
    {"kv_up_proj", OperatorKind::Matmul, KernelClass::Gemm},
    {"indexer", OperatorKind::Attention, KernelClass::Attention},
    {"attention", OperatorKind::Attention, KernelClass::Attention},
    {"attention_sliding", OperatorKind::Attention, KernelClass::Attention},
    {"attention_chunked", OperatorKind::Attention, KernelClass::Attention},
    {"kv_write", OperatorKind::Memory, KernelClass::Plain},
    {"o_proj", OperatorKind::Matmul, KernelClass::Gemm},
    {"mixer_in_proj", OperatorKind::Matmul, KernelClass::Gemm},
    {"short_conv", OperatorKind::Elementwise, KernelClass::Plain},
    {"state_update", OperatorKind::Attention, KernelClass::Recurrence},
    {"mixer_out_proj", OperatorKind::Matmul, KernelClass::Gemm},
    {"linear_mixer", OperatorKind::Matmul, KernelClass::Gemm},
    {"tp_allreduce", OperatorKind::Communication, KernelClass::Collective},
    {"mlp_up", OperatorKind::Matmul, KernelClass::Gemm},
    {"mlp_act", OperatorKind::Elementwise, KernelClass::Plain},
    {"mlp_down", OperatorKind::Matmul, KernelClass::Gemm},
    {"mlp_linear", OperatorKind::Matmul, KernelClass::Gemm},
    {"moe_router", OperatorKind::Matmul, KernelClass::TableGemm},
    {"ep_dispatch", OperatorKind::Communication, KernelClass::Collective},
    {"moe_up", OperatorKind::Matmul, KernelClass::ExpertGemm},
    {"moe_act", OperatorKind::Elementwise, KernelClass::Plain},
    {"moe_down", OperatorKind::Matmul, KernelClass::ExpertGemm},
    {"ep_combine", OperatorKind::Communication, KernelClass::Collective},
    {"final_norm", OperatorKind::Elementwise, KernelClass::Plain},
    {"lm_head", OperatorKind::Matmul, KernelClass::TableGemm},
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
/// The kernel costs the estimate charges the operator.
constexpr KernelClass kernelClass(OperatorId id) {
    const auto i = static_cast<std::size_t>(id);
    return i < kOperatorTable.size() ? kOperatorTable[i].kernel : KernelClass::Gemm;
}

}  // namespace roofline
