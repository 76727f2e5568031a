// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file model.h
/// A model reduced to the shapes that decide FLOPs and bytes: a decoder-only transformer
/// (the LLMs), a bidirectional transformer encoder over image patches (ViT, CLIP's vision
/// tower), or a convolutional network (bottleneck ResNet).
///
/// Built from a Hugging Face config.json by roofline_presets (core/io), or by hand in tests.
/// Every count is in elements or parameters (not bytes): precision is the scenario's.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

/// What kind of network a Model is; it decides which passes analyze() runs.
enum class ModelKind : unsigned char {
    Decoder,  ///< Decoder-only LLM: a prefill pass and a decode step (KV cache).
    /// Transformer encoder over image patches (ViT, CLIP vision tower): one bidirectional
    /// pass over B images, no KV cache, no decode (DOMAIN.md §6). Uses the attention and MLP
    /// fields of Model (MHA: numKvHeads = numQueryHeads) and EncoderShape.
    Encoder,
    /// Convolutional network (bottleneck or basic ResNet): one forward pass over B images,
    /// every convolution an implicit GEMM (DOMAIN.md §6). Described by CnnShape only.
    Cnn,
};
std::string_view toString(ModelKind kind);  ///< "decoder" / "encoder" / "cnn"

/// A run of consecutive-or-not layers that cost the same: same attention span, same MLP
/// kind. Layer order never matters to a roofline, so layers are grouped by kind, which keeps
/// analyze() independent of the layer count (Llama-3.1-405B has 126 layers, 1 group).
struct LayerGroup {
    std::int64_t count = 0;          ///< How many layers have this shape.
    std::int64_t slidingWindow = 0;  ///< Tokens a query attends to; 0 = full (global) attention.
    bool moe = false;                ///< MLP is a routed mixture of experts (else dense MLP).

    bool operator==(const LayerGroup&) const = default;
};

/// Multi-head latent attention (DeepSeek-V2/V3). Active when kvLoraRank > 0.
struct MlaShape {
    std::int64_t qLoraRank = 0;      ///< 0 = queries projected directly from the hidden state.
    std::int64_t kvLoraRank = 0;     ///< r: width of the cached latent.
    std::int64_t qkNopeHeadDim = 0;  ///< Per-head query/key width without RoPE.
    std::int64_t qkRopeHeadDim = 0;  ///< rho: decoupled RoPE key width, cached beside the latent.
    std::int64_t vHeadDim = 0;       ///< Per-head value width.

    bool enabled() const { return kvLoraRank > 0; }
    bool operator==(const MlaShape&) const = default;
};

/// Routed experts. Active when numExperts > 0.
struct MoeShape {
    std::int64_t numExperts = 0;                ///< E, routed experts per MoE layer.
    std::int64_t expertsPerToken = 0;           ///< k, routed experts each token uses.
    std::int64_t expertIntermediateSize = 0;    ///< Intermediate width of one routed expert.
    std::int64_t sharedIntermediateSize = 0;    ///< Total width of always-on shared experts.
    bool routerBias = false;        ///< Router has a per-expert bias (GPT-OSS, DeepSeek-V3).
    bool expertBias = false;        ///< Expert projections have biases (GPT-OSS).
    bool sharedExpertGate = false;  ///< A sigmoid gate (h x 1) on the shared expert (Qwen2-MoE).

    bool enabled() const { return numExperts > 0; }
    bool operator==(const MoeShape&) const = default;
};

/// A vision transformer's input and heads (ModelKind::Encoder). Its layers are pre-norm
/// transformer layers with LayerNorm (weight and bias), biased q, k, v, o and MLP
/// projections (Model::qkvBias, oBias, mlpBias) and a non-gated GELU MLP.
struct EncoderShape {
    std::int64_t imageSize = 224;  ///< Square input, pixels per side.
    std::int64_t patchSize = 16;   ///< Square patches, pixels per side.
    std::int64_t numChannels = 3;  ///< Input channels (RGB).
    bool classToken = true;  ///< A learned [CLS] token is prepended: tokens = patches + 1.
    bool patchBias = true;   ///< The patch-embedding convolution has a bias (ViT; not CLIP).
    /// A LayerNorm over every token before the first layer (CLIP's pre_layrnorm).
    bool preNorm = false;
    /// The final LayerNorm runs over every token (ViT's layernorm) rather than over the
    /// pooled [CLS] token only (CLIP's post_layernorm).
    bool finalNormAllTokens = true;
    bool pooler = false;  ///< A dense h → h (with bias) and tanh on [CLS] (ViTModel's pooler).
    std::int64_t numLabels = 0;      ///< Classifier h → labels (with bias) on [CLS]; 0 = none.
    std::int64_t projectionDim = 0;  ///< Projection h → dim, no bias (CLIP); 0 = none.

    std::int64_t patches() const {
        return patchSize > 0 ? (imageSize / patchSize) * (imageSize / patchSize) : 0;
    }
    std::int64_t tokens() const { return patches() + (classToken ? 1 : 0); }  ///< P
    bool operator==(const EncoderShape&) const = default;
};

/// A ResNet as Hugging Face's ResNetConfig describes it (ModelKind::Cnn): a 7×7 stride-2
/// stem convolution to embeddingSize channels and a 3×3 stride-2 max pool, then stages of
/// residual blocks, a global average pool and a fully connected classifier. Every
/// convolution is followed by batch norm (2 parameters per channel), and has no bias.
struct CnnShape {
    std::int64_t imageSize = 224;      ///< Square input, pixels per side.
    std::int64_t numChannels = 3;      ///< Input channels (RGB).
    std::int64_t embeddingSize = 64;   ///< Channels out of the stem.
    std::vector<std::int64_t> hiddenSizes;  ///< Output channels of each stage.
    std::vector<std::int64_t> depths;       ///< Residual blocks in each stage.
    /// Bottleneck blocks (1×1 reduce to a quarter, 3×3, 1×1 expand), else basic blocks
    /// (two 3×3 convolutions).
    bool bottleneck = true;
    bool downsampleInFirstStage = false;  ///< The first stage strides by 2 as well.
    /// The stride sits on the bottleneck's first 1×1 (ResNet v1) instead of its 3×3 (v1.5).
    bool downsampleInBottleneck = false;
    std::int64_t numLabels = 1000;  ///< Classifier outputs; 0 = no classifier.
    bool operator==(const CnnShape&) const = default;
};

struct Model {
    /// Decoder LLM unless the config says otherwise; selects the fields analyze() reads.
    ModelKind kind = ModelKind::Decoder;
    std::string id;            ///< Preset id or file stem.
    std::string name;          ///< Display name.
    std::string architecture;  ///< config.json model_type, e.g. "llama".

    std::int64_t numLayers = 0;         ///< L
    std::int64_t hiddenSize = 0;        ///< h
    std::int64_t numQueryHeads = 0;     ///< n_q
    std::int64_t numKvHeads = 0;        ///< n_kv (ignored for the cache when MLA is on)
    std::int64_t headDim = 0;           ///< d, need not equal h / n_q (Gemma-2: 256 vs 224)
    std::int64_t intermediateSize = 0;  ///< I of the dense MLP layers
    std::int64_t vocabSize = 0;         ///< V
    std::int64_t maxPositionEmbeddings = 0;  ///< 0 = unknown

    bool tieWordEmbeddings = false;  ///< lm_head shares the embedding table.
    bool gatedMlp = true;            ///< gate, up, down (SwiGLU/GeGLU) vs up, down.
    std::int64_t normsPerLayer = 2;  ///< RMSNorm/LayerNorm weight vectors of width h per layer.
    bool qkNorm = false;             ///< Per-head RMSNorm on q and k (Qwen3): 2·d weights.
    bool qkvBias = false;            ///< Bias on q, k, v projections (Qwen2, GPT-OSS).
    bool oBias = false;              ///< Bias on the output projection (GPT-OSS).
    bool mlpBias = false;            ///< Bias on dense MLP projections.
    bool attentionSinks = false;     ///< One learned sink logit per query head (GPT-OSS).

    MoeShape moe;
    MlaShape mla;
    EncoderShape encoder;  ///< Read when kind == ModelKind::Encoder.
    CnnShape cnn;          ///< Read when kind == ModelKind::Cnn.

    /// Layer kinds with counts; their counts sum to numLayers.
    std::vector<LayerGroup> layerGroups;

    bool operator==(const Model&) const = default;
};

/// Parameter counts, as counted from the shapes (embeddings once if tied, twice otherwise;
/// norms, biases, router and sinks included; DeepSeek's multi-token-prediction module is not
/// part of the model). Encoders: patch embedding, [CLS] token, position embeddings, layers,
/// norms and heads. CNNs: convolution weights, batch norm's weight and bias (its running
/// statistics are buffers, not parameters) and the classifier.
struct ParameterCount {
    double total = 0.0;
    /// Parameters one token touches: everything except the routed experts it does not use
    /// (k of E routed experts, plus shared experts). Includes both embedding tables, the
    /// convention of reference/models.json.
    double activePerToken = 0.0;
};

ParameterCount countParameters(const Model& model);

/// KV-cache elements per token per sequence, summed over all layers, without sliding-window
/// caps: 2·n_kv·d per layer, or (kv_lora_rank + qk_rope_head_dim) per layer with MLA; 0 for
/// encoders and CNNs, which keep no cache.
/// Multiply by the KV precision's bytes per element for bytes.
double kvCacheElementsPerToken(const Model& model);

/// The GQA ratio as reported: query heads per KV head, `model.numQueryHeads / kvHeads`
/// rounded down, where `kvHeads` is the count in effect (Analysis::effectiveKvHeads, after
/// Workload::kvHeadsOverride); 0 when there are none (kvHeads <= 0: MLA, whose cache has no
/// KV heads). gqaRatio(Llama 3.1 8B: 32 query heads, 8) = 4.
inline std::int64_t gqaRatio(const Model& model, std::int64_t kvHeads) {
    return kvHeads > 0 ? model.numQueryHeads / kvHeads : 0;
}

}  // namespace roofline
