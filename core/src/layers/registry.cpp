// SPDX-License-Identifier: GPL-3.0-or-later
// The registered layer kinds: one row per MixerKind and MlpKind (HACKING.md "Adding a layer
// kind"), the kinds that answer "nothing" (a block without a mixer or without an MLP), and
// the shapes every kind reads.

#include <algorithm>
#include <array>

#include "layer_kind.h"

namespace roofline::detail {

namespace {

void noMixerParameters(const Model&, const LayerGroup&, double, ParameterSplit&) {}
CacheStreams noCache(const Model&, const LayerGroup&, double, double) { return {}; }
double noState(const Model&, const LayerGroup&, double) { return 0.0; }
double noWidth(const Context&, const LayerGroup&) { return 0.0; }
void noEmit(PassBuilder&, const Context&, const LayerGroup&, double, const PassShape&) {}
void noMlpParameters(const Model&, const LayerGroup&, double, ParameterSplit&, ParameterSplit&) {}
bool noAllReduce(const Context&) { return false; }

double kvHeads(double heads, double split) { return std::max(1.0, heads / split); }

}  // namespace

const MixerKindInfo& noMixer() {
    static constexpr MixerKindInfo kInfo{noMixerParameters, noCache, noState, noWidth, noEmit};
    return kInfo;
}

const MlpKindInfo& noMlp() {
    static constexpr MlpKindInfo kInfo{noMlpParameters, noWidth, noEmit, noAllReduce};
    return kInfo;
}

const MixerKindInfo& mixerKind(MixerKind kind) {
    switch (kind) {
        case MixerKind::None:
            return noMixer();
        case MixerKind::Attention:
            return attentionMixer();
        case MixerKind::Mla:
            return mlaMixer();
        case MixerKind::SparseMla:
            return sparseMlaMixer();
        case MixerKind::GatedDeltaNet:
            return gatedDeltaNetMixer();
        case MixerKind::Mamba2:
            return mamba2Mixer();
        case MixerKind::Linear:
            return linearMixer();
    }
    return noMixer();
}

const MlpKindInfo& mlpKind(MlpKind kind) {
    switch (kind) {
        case MlpKind::None:
            return noMlp();
        case MlpKind::Dense:
            return denseMlp();
        case MlpKind::Moe:
            return moeMlp();
        case MlpKind::Linear:
            return linearMlp();
    }
    return noMlp();
}

GroupShape groupShape(const Model& m, const LayerGroup& g, double attentionSplit, double devices) {
    const std::int64_t nq = g.numQueryHeads > 0 ? g.numQueryHeads : m.numQueryHeads;
    const std::int64_t nkv = g.numKvHeads > 0 ? g.numKvHeads : m.numKvHeads;
    return {d(nq) / attentionSplit, kvHeads(d(nkv), attentionSplit),
            d(g.headDim > 0 ? g.headDim : m.headDim),
            d(g.intermediateSize > 0 ? g.intermediateSize : m.intermediateSize) / devices,
            d(g.norms >= 0 ? g.norms : m.normsPerLayer)};
}

GroupShape groupShape(const Context& x, const LayerGroup& g) {
    if (g.numQueryHeads == 0 && g.numKvHeads == 0 && g.headDim == 0 && g.intermediateSize == 0 &&
        g.norms < 0) {
        return {x.nq, x.nkv, x.dh, x.inter, d(x.m.normsPerLayer)};  // the model's own shape
    }
    return groupShape(x.m, g, x.attentionSplit, x.devices);
}

double attentionPairs(double C, double T, double window) {
    if (window <= 0.0 || C + T <= window) {
        return T * C + T * (T + 1.0) / 2.0;
    }
    const double unclipped = std::clamp(window - C, 0.0, T);  // queries that see C+t ≤ W keys
    return unclipped * C + unclipped * (unclipped + 1.0) / 2.0 + (T - unclipped) * window;
}

double keysRead(double C, double T, double window) {
    return window > 0.0 ? std::min(C + T, window + T - 1.0) : C + T;
}

}  // namespace roofline::detail
