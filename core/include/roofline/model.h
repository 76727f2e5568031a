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

#include "roofline/precision.h"

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

/// What mixes tokens in a layer: attention over a cache, a recurrent state, or nothing.
/// Each kind is one file under core/src/layers/ (HACKING.md "Adding a layer kind").
enum class MixerKind : unsigned char {
    None,       ///< No token mixer: an MLP-only block (Nemotron-H "-"/"E", Nemotron-NAS no_op).
    Attention,  ///< Softmax attention over a KV cache (full, sliding-window or chunked: span).
    Mla,        ///< Multi-head latent attention (DeepSeek-V2/V3, Kimi K2): Model::mla.
    /// MLA with DeepSeek Sparse Attention (DeepSeek-V3.2, GLM-5): a lightning indexer over
    /// every cached token picks index_topk latents for MLA (Model::mla, Model::sparse).
    SparseMla,
    GatedDeltaNet,  ///< Gated DeltaNet linear attention, a fixed state (Model::deltaNet).
    Mamba2,         ///< Mamba-2 selective state space mixer, a fixed state (Model::mamba).
    Linear,  ///< The attention replaced by one h × h matrix (Nemotron-NAS replace_with_linear).
};
std::string_view toString(MixerKind kind);  ///< "none", "attention", "mla", "sparse_mla", ...

/// Which keys an attention layer reads (MixerKind::Attention).
enum class AttentionSpan : unsigned char {
    Full,     ///< Every earlier token (global attention).
    Sliding,  ///< The last `window` tokens; the cache keeps at most `window` (DOMAIN.md §6).
    /// Only the tokens of the query's own chunk of `window` tokens (Llama 4): a decode step
    /// at context C reads (C mod window) + 1 keys; the cache keeps at most one chunk.
    Chunked,
};
std::string_view toString(AttentionSpan span);  ///< "full" / "sliding" / "chunked"

/// The channel mixer after the token mixer.
enum class MlpKind : unsigned char {
    None,    ///< No MLP: a mixer-only block (Nemotron-H "M"/"*", Nemotron-NAS no_op).
    Dense,   ///< Dense (gated or not, Model::gatedMlp) MLP of the group's width.
    Moe,     ///< Routed experts plus any shared experts (Model::moe).
    Linear,  ///< The MLP replaced by one h × h matrix (Nemotron-NAS replace_with_linear).
};
std::string_view toString(MlpKind kind);  ///< "none" / "dense" / "moe" / "linear"

/// Layers that cost the same: the same mixer and span, the same attention shape, the same
/// MLP. Layer order never matters to a roofline, so layers are grouped by kind, which keeps
/// analyze() independent of the layer count (Llama-3.1-405B has 126 layers, 1 group).
/// A shape field of 0 means the model's own value (Model::numQueryHeads, ...): only the
/// families whose layers differ (Gemma 4's global layers, Nemotron-NAS blocks) set them.
struct LayerGroup {
    std::int64_t count = 0;  ///< How many layers have this shape.
    MixerKind mixer = MixerKind::Attention;
    AttentionSpan span = AttentionSpan::Full;
    std::int64_t window = 0;         ///< Sliding: tokens a query sees; Chunked: the chunk length.
    std::int64_t numQueryHeads = 0;  ///< n_q of this group; 0 = Model::numQueryHeads.
    std::int64_t numKvHeads = 0;     ///< n_kv of this group; 0 = Model::numKvHeads.
    std::int64_t headDim = 0;        ///< d of this group; 0 = Model::headDim.
    MlpKind mlp = MlpKind::Dense;
    std::int64_t intermediateSize = 0;  ///< Dense MLP width; 0 = Model::intermediateSize.
    /// Norm weight vectors of width h per layer; -1 = Model::normsPerLayer (a Nemotron-NAS
    /// block without attention has no input norm).
    std::int64_t norms = -1;
    /// A mixer that runs beside another layer's, on the same normed input, its output summed
    /// with it before the one all-reduce (Falcon-H1's attention and Mamba-2 side by side):
    /// not a layer of its own (numLayers does not count it), usually with no MLP and no norms.
    bool parallel = false;
    /// Attention whose values come from the key projection (Gemma 4's attention_k_eq_v on its
    /// global layers): no v_proj; K and V are both still cached (V without rope).
    bool sharedKv = false;
    /// A sparse-MLA layer that reuses the top-k selection of the last layer before it that ran
    /// its own indexer (GLM-5.2's IndexShare, indexer_types "shared"): it has no indexer, no
    /// indexer key cache, and still attends to index_topk latents.
    bool sharedIndex = false;
    /// Attention that reads the keys and values of an earlier layer of its span instead of its
    /// own (Gemma 4's last num_kv_shared_layers): no k/v projections or k norm, nothing cached
    /// of its own, the same keys read.
    bool kvShared = false;

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

/// DeepSeek Sparse Attention's lightning indexer (MixerKind::SparseMla, DOMAIN.md §6).
struct SparseAttentionShape {
    std::int64_t indexHeads = 0;    ///< index_n_heads
    std::int64_t indexHeadDim = 0;  ///< index_head_dim: width of the indexer's cached key
    std::int64_t topK = 0;          ///< index_topk: latents MLA attends to per query

    bool operator==(const SparseAttentionShape&) const = default;
};

/// Gated DeltaNet (Qwen3-Next, Qwen3.5; MixerKind::GatedDeltaNet).
struct DeltaNetShape {
    std::int64_t numKeyHeads = 0;    ///< linear_num_key_heads (q and k heads)
    std::int64_t numValueHeads = 0;  ///< linear_num_value_heads
    std::int64_t keyHeadDim = 0;     ///< linear_key_head_dim, d_k
    std::int64_t valueHeadDim = 0;   ///< linear_value_head_dim, d_v
    std::int64_t convKernel = 4;     ///< linear_conv_kernel_dim

    double keyDim() const { return static_cast<double>(numKeyHeads * keyHeadDim); }
    double valueDim() const { return static_cast<double>(numValueHeads * valueHeadDim); }
    /// Channels of the short causal convolution over q, k and v.
    double convChannels() const { return 2.0 * keyDim() + valueDim(); }
    bool operator==(const DeltaNetShape&) const = default;
};

/// Mamba-2 (Nemotron-H, Granite-4.0-H, Falcon-H1; MixerKind::Mamba2).
struct MambaShape {
    std::int64_t numHeads = 0;    ///< mamba_num_heads
    std::int64_t headDim = 0;     ///< mamba_head_dim: inner width = heads × head_dim
    std::int64_t stateSize = 0;   ///< ssm_state_size, d_state
    std::int64_t numGroups = 1;   ///< n_groups: B and C are shared within a group of heads
    std::int64_t convKernel = 4;  ///< conv_kernel
    bool projectionBias = false;  ///< in_proj has a bias (mamba_proj_bias)
    bool outProjectionBias =
        false;             ///< out_proj has one (mamba_proj_bias; Falcon-H1 projectors_bias)
    bool convBias = true;  ///< conv1d has a bias (use_conv_bias)
    bool gatedNorm =
        true;  ///< a gated RMSNorm over inner before out_proj (Falcon-H1 mamba_rms_norm)

    double inner() const { return static_cast<double>(numHeads * headDim); }
    /// Channels of the short causal convolution over x, B and C.
    double convChannels() const {
        return inner() + 2.0 * static_cast<double>(numGroups * stateSize);
    }
    bool operator==(const MambaShape&) const = default;
};

/// Routed experts. Active when numExperts > 0.
struct MoeShape {
    std::int64_t numExperts = 0;              ///< E, routed experts per MoE layer.
    std::int64_t expertsPerToken = 0;         ///< k, routed experts each token uses.
    std::int64_t expertIntermediateSize = 0;  ///< Intermediate width of one routed expert.
    std::int64_t sharedIntermediateSize = 0;  ///< Total width of always-on shared experts.
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
    bool classToken = true;        ///< A learned [CLS] token is prepended: tokens = patches + 1.
    bool patchBias = true;         ///< The patch-embedding convolution has a bias (ViT; not CLIP).
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
    std::int64_t imageSize = 224;           ///< Square input, pixels per side.
    std::int64_t numChannels = 3;           ///< Input channels (RGB).
    std::int64_t embeddingSize = 64;        ///< Channels out of the stem.
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

/// A checkpoint's storage, part by part (Workload's per-part weight precisions): its linear
/// layers, its experts (routed and shared) and its tables (embeddings, lm_head) with the MoE
/// routers. `known` is false where the quantization_config names a scheme the reader cannot
/// map to these parts (compressed-tensors, GPTQ, AWQ, ...): choose the precisions by hand.
struct CheckpointWeights {
    bool known = true;
    bool quantized = false;  ///< a quantization_config was read
    Precision linear = Precision::Bf16;
    Precision experts = Precision::Bf16;
    Precision tables = Precision::Bf16;
    bool operator==(const CheckpointWeights&) const = default;
};

struct Model {
    /// Decoder LLM unless the config says otherwise; selects the fields analyze() reads.
    ModelKind kind = ModelKind::Decoder;
    std::string id;            ///< Preset id or file stem.
    std::string name;          ///< Display name.
    std::string architecture;  ///< config.json model_type, e.g. "llama".
    /// Family and release (year-month) for grouping in the model picker, from a preset's
    /// `_roofline` sidecar ("Llama 4", "2025-04"); empty for other files.
    std::string family;
    std::string release;

    std::int64_t numLayers = 0;              ///< L
    std::int64_t hiddenSize = 0;             ///< h
    std::int64_t numQueryHeads = 0;          ///< n_q
    std::int64_t numKvHeads = 0;             ///< n_kv (ignored for the cache when MLA is on)
    std::int64_t headDim = 0;                ///< d, need not equal h / n_q (Gemma-2: 256 vs 224)
    std::int64_t intermediateSize = 0;       ///< I of the dense MLP layers
    std::int64_t vocabSize = 0;              ///< V
    std::int64_t maxPositionEmbeddings = 0;  ///< 0 = unknown

    bool tieWordEmbeddings = false;  ///< lm_head shares the embedding table.
    bool gatedMlp = true;            ///< gate, up, down (SwiGLU/GeGLU) vs up, down.
    std::int64_t normsPerLayer = 2;  ///< RMSNorm/LayerNorm weight vectors of width h per layer.
    bool qkNorm = false;             ///< Per-head RMSNorm on q and k (Qwen3): 2·d weights.
    /// The q and k norms span the whole projections (OLMo 2, MiniMax-M2): n_q·d + n_kv·d
    /// weights instead of 2·d. Only with qkNorm.
    bool qkNormWhole = false;
    bool qkvBias = false;         ///< Bias on q, k, v projections (Qwen2, GPT-OSS).
    bool oBias = false;           ///< Bias on the output projection (GPT-OSS).
    bool mlpBias = false;         ///< Bias on dense MLP projections.
    bool attentionSinks = false;  ///< One learned sink logit per query head (GPT-OSS).
    /// q_proj also yields a sigmoid gate per query channel on the attention output
    /// (Qwen3-Next, Qwen3.5): q_proj is h → 2·n_q·d.
    bool attentionOutputGate = false;

    MoeShape moe;
    MlaShape mla;
    SparseAttentionShape sparse;  ///< Read by MixerKind::SparseMla layers.
    DeltaNetShape deltaNet;       ///< Read by MixerKind::GatedDeltaNet layers.
    MambaShape mamba;             ///< Read by MixerKind::Mamba2 layers.
    /// Storage of the recurrent-state layers' recurrent (SSM / temporal) state: the config's
    /// mamba_ssm_cache_dtype / mamba_ssm_dtype, else its torch_dtype (DOMAIN §6).
    Precision statePrecision = Precision::Bf16;
    /// Storage of their short-convolution state: the model's dtype, whatever the SSM state's
    /// (vLLM's MambaStateDtypeCalculator keeps the conv state in the model dtype and only the
    /// temporal state in mamba_ssm_cache_dtype).
    Precision convStatePrecision = Precision::Bf16;
    EncoderShape encoder;  ///< Read when kind == ModelKind::Encoder.
    CnnShape cnn;          ///< Read when kind == ModelKind::Cnn.

    /// Layer kinds with counts; their counts sum to numLayers.
    std::vector<LayerGroup> layerGroups;

    /// Multi-token-prediction layers (num_nextn_predict_layers, mtp_num_hidden_layers): each
    /// is one decoder layer of this shape (count = how many) plus its input norms and the
    /// 2h → h projection; it shares the embedding and lm_head. Not part of the official
    /// parameter count, but held by the served checkpoint (DOMAIN.md §6). count 0 = none.
    LayerGroup mtp{.count = 0};
    /// Parameters of a multimodal wrapper's vision tower and projector (Llama 4, Gemma 3,
    /// Mistral 3): not in the decoder, held in memory at the weight precision. Images are
    /// not part of the scenario.
    double visionParameters = 0.0;
    /// Per-layer input embeddings (Gemma 4 E2B/E4B: hidden_size_per_layer_input): a second
    /// table of perLayerInputVocab rows of numLayers × perLayerInputSize, a projection of the
    /// embedded token to the same width (h → numLayers × perLayerInputSize) with a norm, and in
    /// every layer a gate (h → perLayerInputSize), a projection back to h and a norm. 0 = none.
    std::int64_t perLayerInputSize = 0;
    std::int64_t perLayerInputVocab = 0;

    /// How the checkpoint stores its weights, from config.json's quantization_config and
    /// torch_dtype (DOMAIN.md §6): what `--weights checkpoint` analyses at.
    CheckpointWeights checkpoint;

    bool operator==(const Model&) const = default;
};

/// Parameter counts, as counted from the shapes (embeddings once if tied, twice otherwise;
/// norms, biases, router and sinks included; DeepSeek's multi-token-prediction module is not
/// part of the model). Encoders: patch embedding, [CLS] token, position embeddings, layers,
/// norms and heads. CNNs: convolution weights, batch norm's weight and bias (its running
/// statistics are buffers, not parameters) and the classifier.
struct ParameterCount {
    double total = 0.0;  ///< The decoder: no MTP layers, no vision tower.
    /// Parameters one token touches: everything except the routed experts it does not use
    /// (k of E routed experts, plus shared experts). Includes both embedding tables, the
    /// convention of reference/models.json.
    double activePerToken = 0.0;
    double mtp = 0.0;     ///< The MTP layers (Model::mtp), beside the official count.
    double vision = 0.0;  ///< Model::visionParameters.
};

ParameterCount countParameters(const Model& model);

/// KV-cache bytes per token per sequence at `kvBytesPerElement`, summed over the layers
/// that keep a cache, without window or chunk caps: 2·n_kv·d per attention layer,
/// kv_lora_rank + qk_rope_head_dim per MLA layer, plus the indexer key of a sparse-MLA
/// layer (index_head_dim fp8 bytes and one fp32 scale, whatever the KV precision). 0 for
/// state layers and for encoders and CNNs, which keep no cache.
double kvCacheBytesPerToken(const Model& model, double kvBytesPerElement);

/// KV-cache bytes one sequence of `tokens` tokens holds, with sliding-window and chunk caps.
double kvCacheBytesPerSequence(const Model& model, double tokens, double kvBytesPerElement);

/// Whether any layer attends with grouped-query KV heads (MixerKind::Attention): what the
/// KV-head override (the GQA slider) changes. False for MLA-only and state-only models.
bool usesKvHeads(const Model& model);

/// Recurrent-state bytes one sequence holds, whatever its length (DOMAIN.md §6): per state
/// layer (kernel − 1) × conv channels + the recurrent state (DeltaNet: value heads × d_k ×
/// d_v; Mamba-2: heads × head_dim × d_state), at Model::statePrecision. 0 without state layers.
double stateBytesPerSequence(const Model& model);

/// The GQA ratio as reported: query heads per KV head, `model.numQueryHeads / kvHeads`
/// rounded down, where `kvHeads` is the count in effect (Analysis::effectiveKvHeads, after
/// Workload::kvHeadsOverride); 0 when there are none (kvHeads <= 0: MLA, whose cache has no
/// KV heads). gqaRatio(Llama 3.1 8B: 32 query heads, 8) = 4.
inline std::int64_t gqaRatio(const Model& model, std::int64_t kvHeads) {
    return kvHeads > 0 ? model.numQueryHeads / kvHeads : 0;
}

}  // namespace roofline
