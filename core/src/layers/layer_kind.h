// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A layer kind answers everything about itself (HACKING.md "Adding a layer kind"): its
// parameters, what it caches or keeps per sequence, its widest activation, and the
// operators it emits into a pass, with how they scale with the batch (PassBuilder's
// weights(), expertWeights(), collective()). Memory, the Goldilocks context, the critical
// batch, the passes and the parameter counts call these answers; none re-derives them.
//
// A decoder layer is a token mixer (MixerKind: attention, MLA, a state layer, ...) and a
// channel mixer (MlpKind: dense, MoE, ...). Each kind is one file in this folder, registered
// by one row in registry.cpp. Internal to roofline_core.

#include <cstddef>
#include <limits>

#include "../parameters.h"
#include "../passes.h"

namespace roofline::detail {

inline constexpr double kUncapped = std::numeric_limits<double>::infinity();

// FLOPs charged per element for the elementwise kernels (a modelling choice; they are
// memory-bound by two orders of magnitude, so only their bytes matter in practice).
inline constexpr double kNormFlopsPerElement = 5.0;      // residual add, square, sum, scale, weight
inline constexpr double kSoftmaxFlopsPerScore = 5.0;     // DOMAIN.md §3: ≈ 5·B·n_q·pairs
inline constexpr double kGatedActFlopsPerElement = 5.0;  // silu/gelu(x) ≈ 4, times up: 1
inline constexpr double kActFlopsPerElement = 4.0;

// A layer group's attention shape on one device: the group's own values, else the model's,
// heads split as the attention is (Context::attentionSplit; KV heads replicated when fewer).
struct GroupShape {
    double nq = 0, nkv = 0, dh = 0;  // per device
    double inter = 0;                // dense MLP width per device (always tensor-parallel)
    double norms = 0;                // norm vectors of width h per layer
};
GroupShape groupShape(const Context& x, const LayerGroup& g);
// The same for parameter counting, with heads split `attentionSplit` ways and the MLP
// `devices` ways, without a Context.
GroupShape groupShape(const Model& m, const LayerGroup& g, double attentionSplit, double devices);

// One stream a layer caches per token (DOMAIN.md §5–6): its bytes per token on one device,
// the most tokens of a sequence the cache keeps, and the most a decode step reads (an MLA
// latent under sparse attention is kept whole but read only topK at a time). A layer that
// reads another layer's cache (LayerGroup::kvShared) has a stream that keeps nothing
// (keepCap 0): it counts in the reads, never in the cache's size.
struct CacheStream {
    double bytesPerToken = 0.0;
    double keepCap = kUncapped;
    double readCap = kUncapped;
};
inline constexpr std::size_t kMaxCacheStreams = 2;
struct CacheStreams {
    std::array<CacheStream, kMaxCacheStreams> streams{};
    std::size_t size = 0;
    void add(const CacheStream& s) { streams[size++] = s; }
};

// Where a mixer's numbers come from. `attentionSplit` is how many ways its heads are split
// (D with tensor-parallel attention, 1 with data-parallel attention).
struct MixerKindInfo {
    // Parameters of one layer on one device.
    void (*parameters)(const Model& m, const LayerGroup& g, double attentionSplit,
                       ParameterSplit& p);
    // What one layer caches per token on one device, at `kvBytes` per KV element.
    CacheStreams (*cache)(const Model& m, const LayerGroup& g, double attentionSplit,
                          double kvBytes);
    // Recurrent-state bytes of one layer for one sequence on one device (0: no state).
    double (*stateBytes)(const Model& m, const LayerGroup& g, double attentionSplit);
    // Widest activation per token of one layer on one device (elements), for the workspace.
    double (*workspaceWidth)(const Context& x, const LayerGroup& g);
    // Emits the operators of `layers` layers of this group into the pass.
    void (*emit)(PassBuilder& pass, const Context& x, const LayerGroup& g, double layers,
                 const PassShape& shape);
};

struct MlpKindInfo {
    // Parameters of one layer on one of `devices` devices: `held` with every routed expert,
    // `active` with the k a token uses.
    void (*parameters)(const Model& m, const LayerGroup& g, double devices, ParameterSplit& held,
                       ParameterSplit& active);
    double (*workspaceWidth)(const Context& x, const LayerGroup& g);
    void (*emit)(PassBuilder& pass, const Context& x, const LayerGroup& g, double layers,
                 const PassShape& shape);
    // Whether its layers end with a tensor-parallel all-reduce (dense, linear, MoE with
    // shared experts or without expert parallelism).
    bool (*allReduces)(const Context& x);
};

const MixerKindInfo& mixerKind(MixerKind kind);
const MlpKindInfo& mlpKind(MlpKind kind);

// The registered kinds (registry.cpp), one per file of this folder.
const MixerKindInfo& noMixer();
const MixerKindInfo& attentionMixer();
const MixerKindInfo& mlaMixer();
const MixerKindInfo& sparseMlaMixer();
const MixerKindInfo& gatedDeltaNetMixer();
const MixerKindInfo& mamba2Mixer();
const MixerKindInfo& linearMixer();
const MlpKindInfo& noMlp();
const MlpKindInfo& denseMlp();
const MlpKindInfo& moeMlp();
const MlpKindInfo& linearMlp();

// Shared by the attention kinds: query-key pairs per sequence and head for T new tokens
// after C cached ones, each query seeing at most `window` keys (0 = all): Σ min(C+t, W).
double attentionPairs(double C, double T, double window);
// Distinct keys the T queries read: the union of their windows.
double keysRead(double C, double T, double window);
// Gated or plain MLP FLOPs and bytes of `layers` layers of width `inter` into ops Up, Act,
// Down (dense MLP, and the shared part of MoE reuses the formulas).
void addMlpMatrices(PassBuilder& pass, const Context& x, double layers, double N, double inter,
                    bool bias);

}  // namespace roofline::detail
