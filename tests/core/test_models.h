// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Models and chips written out by hand from ../shared/reference (config fields and spec-sheet
// numbers), so the core tests need no loader.

#include <algorithm>
#include <string_view>

#include "roofline/analysis.h"
#include "roofline/scenario.h"

namespace roofline::test {

inline Hardware h100Sxm() {
    Hardware hw;
    hw.id = "h100-sxm";
    hw.name = "NVIDIA H100 SXM5 80GB";
    hw.memoryType = "HBM3";
    hw.peakFlopsPerSecond[index(Precision::Fp32)] = 66.9e12;
    hw.peakFlopsPerSecond[index(Precision::Tf32)] = 494.7e12;
    hw.peakFlopsPerSecond[index(Precision::Bf16)] = 989.4e12;
    hw.peakFlopsPerSecond[index(Precision::Fp16)] = 989.4e12;
    hw.peakFlopsPerSecond[index(Precision::Fp8)] = 1978.9e12;
    hw.peakFlopsPerSecond[index(Precision::Int8)] = 1978.9e12;
    hw.memoryBandwidthBytesPerSecond = 3.35e12;
    hw.memoryCapacityBytes = 80.0 * 1024 * 1024 * 1024;  // "80 GB" HBM is 80 GiB (DOMAIN §5)
    hw.interconnectBandwidthBytesPerSecond = 450e9;
    return hw;
}

inline Hardware a100Sxm80() {
    Hardware hw;
    hw.id = "a100-80gb-sxm";
    hw.name = "NVIDIA A100 80GB SXM4";
    hw.peakFlopsPerSecond[index(Precision::Fp32)] = 19.5e12;
    hw.peakFlopsPerSecond[index(Precision::Tf32)] = 156e12;
    hw.peakFlopsPerSecond[index(Precision::Bf16)] = 312e12;
    hw.peakFlopsPerSecond[index(Precision::Fp16)] = 312e12;
    hw.peakFlopsPerSecond[index(Precision::Int8)] = 624e12;
    hw.memoryBandwidthBytesPerSecond = 2.039e12;
    hw.memoryCapacityBytes = 80.0 * 1024 * 1024 * 1024;
    hw.interconnectBandwidthBytesPerSecond = 300e9;
    return hw;
}

inline Hardware b200() {
    Hardware hw;
    hw.id = "b200";
    hw.name = "NVIDIA B200";
    hw.peakFlopsPerSecond[index(Precision::Bf16)] = 2250e12;
    hw.peakFlopsPerSecond[index(Precision::Fp16)] = 2250e12;
    hw.peakFlopsPerSecond[index(Precision::Fp8)] = 4500e12;
    hw.peakFlopsPerSecond[index(Precision::Fp4)] = 9000e12;
    hw.memoryBandwidthBytesPerSecond = 8.0e12;
    hw.memoryCapacityBytes = 180.0 * 1024 * 1024 * 1024;
    hw.interconnectBandwidthBytesPerSecond = 900e9;
    return hw;
}

// A dense Llama-style model: 2 norms per layer, gated MLP, no biases, untied.
inline Model llamaLike(std::int64_t layers, std::int64_t hidden, std::int64_t heads,
                       std::int64_t kvHeads, std::int64_t inter, std::int64_t vocab) {
    Model m;
    m.id = "llama-like";
    m.name = "Llama-like";
    m.architecture = "llama";
    m.numLayers = layers;
    m.hiddenSize = hidden;
    m.numQueryHeads = heads;
    m.numKvHeads = kvHeads;
    m.headDim = hidden / heads;
    m.intermediateSize = inter;
    m.vocabSize = vocab;
    m.maxPositionEmbeddings = 131072;
    m.layerGroups = {LayerGroup{.count = layers}};
    return m;
}

inline Model llama31_8b() { return llamaLike(32, 4096, 32, 8, 14336, 128256); }
inline Model llama2_70b() { return llamaLike(80, 8192, 64, 8, 28672, 32000); }
inline Model llama31_405b() { return llamaLike(126, 16384, 128, 8, 53248, 128256); }

inline Model mistral7b() {
    Model m = llamaLike(32, 4096, 32, 8, 14336, 32000);
    m.maxPositionEmbeddings = 32768;
    m.layerGroups = {LayerGroup{.count = 32, .span = AttentionSpan::Sliding, .window = 4096}};
    return m;
}

// Llama-3.2-1B (meta-llama/Llama-3.2-1B config.json): 16 layers, h 2048, 32 heads of 64,
// 8 KV heads, I 8192, tied embeddings: 1,235,814,400 parameters. A draft for Llama 3.
inline Model llama32_1b() {
    Model m = llamaLike(16, 2048, 32, 8, 8192, 128256);
    m.id = "llama-3.2-1b";
    m.tieWordEmbeddings = true;
    return m;
}

inline Model mixtral8x7b() {
    Model m = llamaLike(32, 4096, 32, 8, 14336, 32000);
    m.moe.numExperts = 8;
    m.moe.expertsPerToken = 2;
    m.moe.expertIntermediateSize = 14336;
    m.layerGroups = {LayerGroup{.count = 32, .mlp = MlpKind::Moe}};
    return m;
}

inline Model deepseekV3() {
    Model m;
    m.id = "deepseek-v3";
    m.name = "DeepSeek-V3";
    m.architecture = "deepseek_v3";
    m.numLayers = 61;
    m.hiddenSize = 7168;
    m.numQueryHeads = 128;
    m.numKvHeads = 128;
    m.headDim = 192;
    m.intermediateSize = 18432;
    m.vocabSize = 129280;
    m.maxPositionEmbeddings = 163840;
    m.mla = {1536, 512, 128, 64, 128};
    m.moe.numExperts = 256;
    m.moe.expertsPerToken = 8;
    m.moe.expertIntermediateSize = 2048;
    m.moe.sharedIntermediateSize = 2048;
    m.moe.routerBias = true;
    m.layerGroups = {LayerGroup{.count = 3, .mixer = MixerKind::Mla},
                     LayerGroup{.count = 58, .mixer = MixerKind::Mla, .mlp = MlpKind::Moe}};
    return m;
}

// Qwen3-Next-80B-A3B (../shared/reference/configs/qwen3-next-80b-a3b-thinking.json): 36 Gated
// DeltaNet layers and 12 gated full-attention layers (full_attention_interval 4), every
// layer MoE (512 experts, top 10, width 512, one gated shared expert of 512).
inline Model qwen3Next80b() {
    Model m;
    m.id = "qwen3-next-80b-a3b";
    m.name = "Qwen3-Next-80B-A3B";
    m.architecture = "qwen3_next";
    m.numLayers = 48;
    m.hiddenSize = 2048;
    m.numQueryHeads = 16;
    m.numKvHeads = 2;
    m.headDim = 256;
    m.intermediateSize = 5120;
    m.vocabSize = 151936;
    m.maxPositionEmbeddings = 262144;
    m.qkNorm = true;
    m.attentionOutputGate = true;
    m.moe.numExperts = 512;
    m.moe.expertsPerToken = 10;
    m.moe.expertIntermediateSize = 512;
    m.moe.sharedIntermediateSize = 512;
    m.moe.sharedExpertGate = true;
    m.deltaNet = {16, 32, 128, 128, 4};
    m.statePrecision = Precision::Bf16;
    m.layerGroups = {
        LayerGroup{.count = 36, .mixer = MixerKind::GatedDeltaNet, .mlp = MlpKind::Moe},
        LayerGroup{.count = 12, .mixer = MixerKind::Attention, .mlp = MlpKind::Moe}};
    return m;
}

// DeepSeek-V3.2 (../shared/reference/configs/deepseek-v3.2.json): DeepSeek-V3 with the
// lightning indexer on every layer (index_n_heads 64, index_head_dim 128, index_topk 2048).
inline Model deepseekV32() {
    Model m = deepseekV3();
    m.id = "deepseek-v3.2";
    m.name = "DeepSeek-V3.2";
    m.architecture = "deepseek_v32";
    m.sparse = {64, 128, 2048};
    for (LayerGroup& g : m.layerGroups) {
        g.mixer = MixerKind::SparseMla;
    }
    return m;
}

// Nemotron-3-Nano-30B-A3B's layer kinds (../shared/reference/configs/nemotron-3-nano-30b-a3b
// .json, hybrid_override_pattern of 52 blocks: 23 Mamba-2 "M", 23 MoE "E", 6 attention "*",
// one norm each; non-gated relu2 MLPs; SSM cache in fp32).
inline Model nemotron3Nano() {
    Model m;
    m.id = "nemotron-3-nano-30b-a3b";
    m.name = "Nemotron-3-Nano-30B-A3B";
    m.architecture = "nemotron_h";
    m.numLayers = 52;
    m.hiddenSize = 2688;
    m.numQueryHeads = 32;
    m.numKvHeads = 2;
    m.headDim = 128;
    m.intermediateSize = 1856;
    m.vocabSize = 131072;
    m.maxPositionEmbeddings = 262144;
    m.gatedMlp = false;
    m.normsPerLayer = 1;
    m.moe.numExperts = 128;
    m.moe.expertsPerToken = 6;
    m.moe.expertIntermediateSize = 1856;
    m.moe.sharedIntermediateSize = 3712;
    m.moe.routerBias = true;
    m.mamba = {64, 64, 128, 8, 4, false, true};
    m.statePrecision = Precision::Fp32;
    m.layerGroups = {LayerGroup{.count = 23, .mixer = MixerKind::Mamba2, .mlp = MlpKind::None},
                     LayerGroup{.count = 23, .mixer = MixerKind::None, .mlp = MlpKind::Moe},
                     LayerGroup{.count = 6, .mixer = MixerKind::Attention, .mlp = MlpKind::None}};
    return m;
}

// The operator of that name in that pass, or nullptr.
inline const OperatorCost* findOp(const Analysis& a, PassKind pass, std::string_view name) {
    const auto* it =
        std::find_if(a.operators.begin(), a.operators.end(),
                     [&](const OperatorCost& op) { return op.pass == pass && op.name == name; });
    return it == a.operators.end() ? nullptr : it;
}

inline Scenario scenario(Hardware hw, Model m, Workload w = {}) {
    Scenario s;
    s.hardware = std::move(hw);
    s.model = std::move(m);
    s.workload = w;
    return s;
}

}  // namespace roofline::test
