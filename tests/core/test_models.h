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
    m.layerGroups = {{layers, 0, false}};
    return m;
}

inline Model llama31_8b() { return llamaLike(32, 4096, 32, 8, 14336, 128256); }
inline Model llama2_70b() { return llamaLike(80, 8192, 64, 8, 28672, 32000); }
inline Model llama31_405b() { return llamaLike(126, 16384, 128, 8, 53248, 128256); }

inline Model mistral7b() {
    Model m = llamaLike(32, 4096, 32, 8, 14336, 32000);
    m.maxPositionEmbeddings = 32768;
    m.layerGroups = {{32, 4096, false}};
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
    m.layerGroups = {{32, 0, true}};
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
    m.layerGroups = {{3, 0, false}, {58, 0, true}};
    return m;
}

// The operator of that name in that pass, or nullptr.
inline const OperatorCost* findOp(const Analysis& a, PassKind pass, std::string_view name) {
    const auto* it = std::find_if(a.operators.begin(), a.operators.end(),
                                  [&](const OperatorCost& op) {
                                      return op.pass == pass && op.name == name;
                                  });
    return it == a.operators.end() ? nullptr : it;
}

inline Scenario scenario(Hardware hw, Model m, Workload w = {}) {
    return Scenario{std::move(hw), std::move(m), w, std::nullopt};
}

}  // namespace roofline::test
