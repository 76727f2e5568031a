// SPDX-License-Identifier: GPL-3.0-or-later
// MLA under DeepSeek Sparse Attention (MixerKind::SparseMla; DeepSeek-V3.2, GLM-5;
// DOMAIN.md §6). A lightning indexer scores every cached token and MLA attends to the top
// index_topk latents only:
// - the indexer: wq_b (q_lora_rank → index_n_heads × index_head_dim, from MLA's query
//   latent), wk (h → index_head_dim) with a LayerNorm, and weights_proj (h → index_n_heads),
//   as DeepSeek's reference model.py builds it; it is replicated, not split by tensor
//   parallelism (as vLLM and SGLang run it). Per query and cached key it does
//   2·index_n_heads·index_head_dim FLOPs and reads the key;
// - its key cache: index_head_dim bytes in fp8 plus one fp32 scale per token and layer
//   (the reference implementation's format), whatever the KV-cache precision;
// - MLA then reads min(C + 1, index_topk) latents in a decode step. The latent cache still
//   keeps every token.
// A layer that shares its selection (LayerGroup::sharedIndex, GLM-5.2's IndexShare) has none
// of the indexer: no projections, no key cache, no scoring; it attends to the top-k latents
// that the last layer with an indexer chose.

#include <algorithm>

#include "mla.h"

namespace roofline::detail {

namespace {

constexpr double kIndexerScaleBytes = 4.0;  // one fp32 scale per cached indexer key

double indexerKeyBytes(const Model& m) { return d(m.sparse.indexHeadDim) + kIndexerScaleBytes; }

void parameters(const Model& m, const LayerGroup& g, double split, ParameterSplit& p) {
    mlaParameters(m, split, p);
    if (g.sharedIndex) {
        return;
    }
    const SparseAttentionShape& s = m.sparse;
    const double h = d(m.hiddenSize);
    const double qIn = m.mla.qLoraRank > 0 ? d(m.mla.qLoraRank) : h;
    p.matrices +=
        qIn * d(s.indexHeads * s.indexHeadDim) + h * d(s.indexHeadDim) + h * d(s.indexHeads);
    p.vectors += 2.0 * d(s.indexHeadDim);  // k_norm: LayerNorm weight and bias
}

CacheStreams cache(const Model& m, const LayerGroup& g, double, double kvBytes) {
    CacheStreams out;
    out.add({d(m.mla.kvLoraRank + m.mla.qkRopeHeadDim) * kvBytes, kUncapped, d(m.sparse.topK)});
    if (!g.sharedIndex) {
        out.add({indexerKeyBytes(m), kUncapped, kUncapped});
    }
    return out;
}

double noState(const Model&, const LayerGroup&, double) { return 0.0; }

double workspaceWidth(const Context& x, const LayerGroup& g) {
    return g.sharedIndex
               ? mlaWorkspaceWidth(x)
               : std::max(mlaWorkspaceWidth(x), d(x.m.sparse.indexHeads * x.m.sparse.indexHeadDim));
}

void emit(PassBuilder& pass, const Context& x, const LayerGroup& g, double layers,
          const PassShape& p) {
    const Model& m = x.m;
    if (g.sharedIndex) {
        emitMla(pass, x, layers, p, d(m.sparse.topK), 0.0);
        return;
    }
    const SparseAttentionShape& s = m.sparse;
    const double B = p.B * x.sequenceShare;
    const double N = B * p.T;
    const double ih = d(s.indexHeads), id = d(s.indexHeadDim);
    const double qIn = m.mla.qLoraRank > 0 ? d(m.mla.qLoraRank) : x.h;

    // The indexer: its projections for the new tokens, then a score for every query and
    // every cached key (causal: P·(P+1)/2 pairs in prefill), reading each key once.
    OperatorCost& ix = pass.add(OperatorId::Indexer, layers);
    const double matrices = qIn * ih * id + x.h * id + x.h * ih;
    const double pairs = attentionPairs(p.C, p.T, 0.0);
    ix.flops += layers * (2.0 * N * matrices + B * pairs * 2.0 * ih * id);
    pass.weights(OperatorId::Indexer, ix, layers * (matrices * x.w + 2.0 * id * x.a));
    ix.traffic[ByteCategory::KvCache] += layers * B * keysRead(p.C, p.T, 0.0) * indexerKeyBytes(m);
    // In: the query latent and h; out: the indexer's q heads and key, then the top-k ids.
    ix.traffic[ByteCategory::Activations] += layers * N * (qIn + x.h + ih * id + id + ih) * x.a;

    emitMla(pass, x, layers, p, d(s.topK), indexerKeyBytes(m));
}

}  // namespace

const MixerKindInfo& sparseMlaMixer() {
    static constexpr MixerKindInfo kInfo{parameters, cache, noState, workspaceWidth, emit};
    return kInfo;
}

}  // namespace roofline::detail
