// SPDX-License-Identifier: GPL-3.0-or-later
// The one pass of a vision encoder (ViT, CLIP vision tower) and of a CNN (ResNet), DOMAIN.md
// §6. Choices it leaves open are commented where they are made and listed in the README
// ("Model of the engine": encoders and CNNs).

#include <algorithm>
#include <array>

#include "cnn_layers.h"
#include "memory_levels.h"
#include "passes.h"

namespace roofline::detail {

namespace {

// The roof with the largest share of time; ties go to memory, then compute (enum order).
Bound largestShare(const BoundShares& s) {
    std::size_t largest = 0;
    for (std::size_t b = 1; b < kBoundCount; ++b) {
        if (s.shares[b] > s.shares[largest]) {
            largest = b;
        }
    }
    return static_cast<Bound>(largest);
}

// The same per-element charges as the decoder's elementwise kernels (passes.cpp): only
// their bytes matter in practice.
constexpr double kNormFlopsPerElement = 5.0;   // LayerNorm: mean, variance, scale, shift
constexpr double kSoftmaxFlopsPerScore = 5.0;  // DOMAIN.md §3
constexpr double kActFlopsPerElement = 4.0;    // GELU / quick_gelu

// Builds one pass's operators in order. Each piece (a run of identical layers, or one
// convolution) is timed on its own and its max(compute, memory, link) added to its
// operator, so grouping unlike pieces (a CNN stage's convolutions) under one name never
// hides a memory-bound piece behind a compute-bound one.
class PieceBuilder {
public:
    PieceBuilder(PassKind kind, const Context& x, Analysis::Operators& out, PassTotals& totals)
        : m_kind(kind), m_x(x), m_out(out), m_totals(totals), m_first(out.size()) {}

    // Starts the operator `name` (a string literal); pieces go to it until the next.
    void begin(std::string_view name, OperatorKind kind) {
        OperatorCost op;
        op.name = name;
        op.pass = m_kind;
        op.kind = kind;
        op.kernel = kernelClassOf(kind);
        m_out.push_back(op);
        m_current = m_out.size() - 1 - m_first;
        m_shares[m_current] = {};
    }

    void piece(double count, double flops, double weightBytes, double activationBytes,
               double linkBytes = 0.0, double linkSeconds = 0.0) {
        OperatorCost& op = m_out[m_first + m_current];
        op.count += count;
        op.flops += flops;
        op.traffic[ByteCategory::Weights] += weightBytes;
        op.traffic[ByteCategory::Activations] += activationBytes;
        op.linkBytes += linkBytes;
        const double compute = flops * m_x.secondsPerFlop;
        const double memory = (weightBytes + activationBytes) * m_x.secondsPerByte;
        const double onChip = std::max(compute, memory);
        const double time = std::max(onChip, linkSeconds);
        op.computeTimeSeconds += compute;
        op.memoryTimeSeconds += memory;
        op.linkTimeSeconds += linkSeconds;
        op.timeSeconds += time;
        // Without branches, as finishPass() (passes.cpp): which roof bounds a convolution
        // changes from one to the next, and the mispredicted branches cost a ResNet-50 pass
        // more than its arithmetic.
        const double link = linkSeconds > onChip ? 1.0 : 0.0;
        const double computeBound = (compute > memory ? 1.0 : 0.0) * (1.0 - link);
        BoundShares& s = m_shares[m_current];
        s[Bound::Interconnect] += time * link;
        s[Bound::Compute] += time * computeBound;
        s[Bound::Memory] += time * (1.0 - link - computeBound);
    }

    // The current operator's attention scores (OperatorCost::scoreBytes).
    void scores(double bytes) { m_out[m_first + m_current].scoreBytes += bytes; }

    // Each operator's bound (its largest share), the pass's sums, shares and bound. Bytes at
    // the on-chip levels are reported but not timed here: an operator's time is the sum of
    // its pieces' and the levels are counted for the whole operator (README "Memory
    // hierarchy").
    void finish() {
        PassCost& p = m_totals.cost;
        BoundShares pass;
        for (std::size_t i = m_first; i < m_out.size(); ++i) {
            OperatorCost& op = m_out[i];
            if (m_x.levels) {
                (void)levelBytes(op, m_x, p.newTokens, p.attention == AttentionForm::Bidirectional,
                                 op.memoryTimeSeconds);
                op.boundLevel = MemoryLevel::Main;
                for (std::size_t l = 0; l < kMemoryLevelCount; ++l) {
                    p.levelBytes[l] += op.levelBytes[l];
                }
            }
            const BoundShares& s = m_shares[i - m_first];
            op.bound = largestShare(s);
            for (std::size_t b = 0; b < kBoundCount; ++b) {
                pass.shares[b] += s.shares[b];
            }
            p.flops += op.flops;
            p.traffic += op.traffic;
            p.linkBytes += op.linkBytes;
            p.linkTimeSeconds += op.linkTimeSeconds;
            p.timeSeconds += op.timeSeconds;
        }
        p.computeTimeSeconds = p.flops * m_x.secondsPerFlop;
        p.memoryTimeSeconds = p.bytes() * m_x.secondsPerByte;
        p.stepBoundSeconds =
            std::max({p.computeTimeSeconds, p.memoryTimeSeconds, p.linkTimeSeconds});
        p.attainableFlopsPerSecond = p.timeSeconds > 0.0 ? p.flops / p.timeSeconds : 0.0;
        const double total = p.timeSeconds > 0.0 ? p.timeSeconds : 1.0;
        for (std::size_t b = 0; b < kBoundCount; ++b) {
            p.shares.shares[b] = pass.shares[b] / total;
        }
        p.bound = largestShare(pass);
        m_totals.first = m_first;
        m_totals.size = m_out.size() - m_first;
    }

private:
    PassKind m_kind;
    const Context& m_x;
    Analysis::Operators& m_out;
    PassTotals& m_totals;
    std::size_t m_first;
    std::size_t m_current = 0;
    std::array<BoundShares, kMaxOperatorsPerPass> m_shares{};
};

void startPass(PassTotals& totals, PassKind kind, double B, double tokens, AttentionForm form) {
    totals.reset();
    PassCost& cost = totals.cost;
    cost.kind = kind;
    cost.batch = B;
    cost.newTokens = tokens;
    cost.cachedTokens = 0.0;
    cost.logitsRows = 0.0;
    cost.repeats = 1.0;
    cost.attention = form;
}

}  // namespace

// A pre-norm transformer encoder over B images of P tokens (patches + [CLS]), DOMAIN.md §6:
// bidirectional attention over P² query-key pairs per image and head (every token sees
// every token; no KV cache is read or written), LayerNorm (weight and bias) before the
// attention and the MLP with the residual add fused in, biased projections, a non-gated
// GELU MLP. Tensor-parallel like a decoder layer: heads and MLP width split D ways, two
// all-reduces of N·h activations per layer; the patch embedding and the heads replicated.
void buildEncoderPass(const Context& x, const Workload& wl, double B, Analysis::Operators& out,
                      PassTotals& totals) {
    const Model& m = x.m;
    const EncoderShape& e = m.encoder;
    const double P = d(e.tokens());
    const double N = B * P;
    const double L = d(m.numLayers);
    const double h = x.h, a = x.a, w = x.w;
    startPass(totals, PassKind::Encode, B, P, AttentionForm::Bidirectional);
    PieceBuilder pass(PassKind::Encode, x, out, totals);

    // Patch embedding: a p×p stride-p convolution = a matmul of (p²·channels) → h for each
    // patch; plus its bias, the [CLS] row and the position-embedding add (N·h FLOPs, the
    // table read once). Reads the pixels, writes the N·h token rows.
    const double patchRows = B * d(e.patches());
    const double patchIn = d(e.patchSize * e.patchSize * e.numChannels);
    const double pixels = B * d(e.numChannels) * d(e.imageSize) * d(e.imageSize);
    pass.begin("patch_embed", OperatorKind::Matmul);
    pass.piece(
        1.0, 2.0 * patchRows * patchIn * h + (e.patchBias ? patchRows * h : 0.0) + N * h,
        patchIn * h * w + (e.patchBias ? h * a : 0.0) + (e.classToken ? h * a : 0.0) + P * h * w,
        (pixels + N * h) * a);

    if (e.preNorm) {  // CLIP's pre_layrnorm: read, write
        pass.begin("pre_norm", OperatorKind::Elementwise);
        pass.piece(1.0, kNormFlopsPerElement * N * h, 2.0 * h * a, 2.0 * N * h * a);
    }
    // Before attention and before the MLP, the residual add fused in: read x and the
    // residual, write both (as the decoder's norms).
    const double norms = L * d(m.normsPerLayer);
    pass.begin("norms", OperatorKind::Elementwise);
    pass.piece(norms, norms * kNormFlopsPerElement * N * h, norms * 2.0 * h * a,
               norms * 4.0 * N * h * a);

    const double heads = x.nq * x.dh;  // q (and k, and v) width on this device
    const double qkvOut = 3.0 * heads;
    pass.begin("qkv_proj", OperatorKind::Matmul);
    pass.piece(L, L * (2.0 * N * h * qkvOut + (m.qkvBias ? N * qkvOut : 0.0)),
               L * (h * qkvOut * w + (m.qkvBias ? qkvOut * a : 0.0)), L * N * (h + qkvOut) * a);

    // Bidirectional: P² pairs per image and head (not P·(P+1)/2). Q, K, V read and O
    // written once (FlashAttention); without it the score and probability matrices go
    // through HBM, 4·B·n_q·P²·a bytes (DOMAIN.md §3).
    const double pairs = P * P;
    pass.begin("attention", OperatorKind::Attention);
    pass.piece(L, L * B * x.nq * pairs * (4.0 * x.dh + kSoftmaxFlopsPerScore), 0.0,
               L * (4.0 * N * heads + (wl.flashAttention ? 0.0 : 4.0 * B * x.nq * pairs)) * a);
    pass.scores(L * 4.0 * B * x.nq * pairs * a);

    pass.begin("o_proj", OperatorKind::Matmul);
    pass.piece(L, L * (2.0 * N * heads * h + (m.oBias ? N * h : 0.0)),
               L * (heads * h * w + (m.oBias ? h * a : 0.0)), L * N * (heads + h) * a);

    if (x.devices > 1.0) {
        // Two all-reduces of N·h per layer (after o_proj and after the MLP), DOMAIN.md §6.
        const double bytes = N * h * a;
        const double count = 2.0 * L;
        const double seconds =
            x.linkBandwidth > 0.0
                ? x.linkLatency + 2.0 * (x.devices - 1.0) / x.devices * bytes / x.linkBandwidth
                : 0.0;
        pass.begin("tp_allreduce", OperatorKind::Communication);
        pass.piece(count, 0.0, 0.0, 0.0, count * bytes, count * seconds);
    }

    const double inter = x.inter;
    pass.begin("mlp_up", OperatorKind::Matmul);
    pass.piece(L, L * (2.0 * N * h * inter + (m.mlpBias ? N * inter : 0.0)),
               L * (h * inter * w + (m.mlpBias ? inter * a : 0.0)), L * N * (h + inter) * a);
    pass.begin("mlp_act", OperatorKind::Elementwise);
    pass.piece(L, L * kActFlopsPerElement * N * inter, 0.0, L * 2.0 * N * inter * a);
    pass.begin("mlp_down", OperatorKind::Matmul);
    pass.piece(L, L * (2.0 * N * inter * h + (m.mlpBias ? N * h : 0.0)),
               L * (inter * h * w + (m.mlpBias ? h * a : 0.0)), L * N * (inter + h) * a);

    // ViT normalises every token, CLIP only the pooled [CLS] token of each image.
    const double normRows = e.finalNormAllTokens ? N : B;
    pass.begin("final_norm", OperatorKind::Elementwise);
    pass.piece(1.0, kNormFlopsPerElement * normRows * h, 2.0 * h * a, 3.0 * normRows * h * a);

    // Heads on the [CLS] token (one row per image).
    if (e.pooler) {
        pass.begin("pooler", OperatorKind::Matmul);
        pass.piece(1.0, 2.0 * B * h * h + B * h + kActFlopsPerElement * B * h, h * h * w + h * a,
                   2.0 * B * h * a);
    }
    if (e.numLabels > 0) {
        const double labels = d(e.numLabels);
        pass.begin("classifier", OperatorKind::Matmul);
        pass.piece(1.0, 2.0 * B * h * labels + B * labels, h * labels * w + labels * a,
                   B * (h + labels) * a);
    }
    if (e.projectionDim > 0) {
        const double dim = d(e.projectionDim);
        pass.begin("visual_projection", OperatorKind::Matmul);
        pass.piece(1.0, 2.0 * B * h * dim, h * dim * w, B * (h + dim) * a);
    }
    pass.finish();
}

// A ResNet's forward pass over B images (DOMAIN.md §6). Each convolution is an implicit
// GEMM: 2·H_out·W_out·C_out·C_in·k²/groups FLOPs per image; bytes = its weights + its input
// and output feature maps, each moved once (the k² reuse of the input stays on chip).
// Batch norm is folded into the convolution (as inference engines do: its scale into the
// weights, its shift into a per-channel bias read with them) and the ReLU, and in a block's
// last convolution the residual add, run in the convolution's epilogue: no feature map is
// written and read back for them. The epilogue's few FLOPs per output element are not
// counted (published counts leave them out too); its residual read is. The max pool
// charges k² − 1 = 8 comparisons per output element, the global average pool one add per
// input element; the fc head is a matmul with bias. Operators group the convolutions by
// stage ("stem_conv", "stage1", ...), each convolution timed on its own.
double buildCnnPass(const Context& x, double B, Analysis::Operators& out, PassTotals& totals) {
    static constexpr std::array<std::string_view, 9> kStage = {"stem_conv", "stage1", "stage2",
                                                               "stage3",    "stage4", "stage5",
                                                               "stage6",    "stage7", "stage8"};
    const CnnShape& s = x.m.cnn;
    const double a = x.a, w = x.w;
    startPass(totals, PassKind::Forward, B, 0.0, AttentionForm::None);
    PieceBuilder pass(PassKind::Forward, x, out, totals);

    // The workspace one image holds: three of the largest feature map (a convolution's input
    // and output and the block input held for the residual add), the image itself among them.
    double largest = d(s.numChannels) * d(s.imageSize) * d(s.imageSize);
    std::size_t stage = kStage.size();
    const double last = forEachConv(s, [&](const Conv& c) {
        if (c.stage != stage) {
            stage = c.stage;
            if (stage == 1) {  // the max pool between the stem and the first stage
                const double in = c.inSize;
                const double stem = convOutSize(d(s.imageSize), 7, 2);
                pass.begin("max_pool", OperatorKind::Elementwise);
                pass.piece(1.0, 8.0 * B * in * in * d(s.embeddingSize), 0.0,
                           B * (stem * stem + in * in) * d(s.embeddingSize) * a);
            }
            pass.begin(kStage[std::min(stage, kStage.size() - 1)], OperatorKind::Matmul);
        }
        const double outMap = c.outSize * c.outSize * c.outChannels;
        const double inMap = c.inSize * c.inSize * c.inChannels;
        largest = std::max(largest, outMap);
        const double weights = c.outChannels * c.inChannels * c.kernel * c.kernel;
        pass.piece(1.0, 2.0 * B * outMap * c.inChannels * c.kernel * c.kernel,
                   weights * w + c.outChannels * a,  // folded batch norm: a bias per channel
                   B * (inMap + outMap * (c.addsResidual ? 2.0 : 1.0)) * a);
    });
    const double features = s.hiddenSizes.empty() ? d(s.embeddingSize) : d(s.hiddenSizes.back());
    pass.begin("avg_pool", OperatorKind::Elementwise);
    pass.piece(1.0, B * last * last * features, 0.0, B * (last * last + 1.0) * features * a);
    if (s.numLabels > 0) {
        const double labels = d(s.numLabels);
        pass.begin("fc", OperatorKind::Matmul);
        pass.piece(1.0, 2.0 * B * features * labels + B * labels,
                   features * labels * w + labels * a, B * (features + labels) * a);
    }
    pass.finish();
    return 3.0 * largest * x.a;
}

// The residual stream, the normed input and the widest intermediate of P tokens (the
// decoder's workspace, for one image), the pixels, and without FlashAttention one score
// matrix per head.
double encoderWorkspacePerImage(const Context& x, bool flashAttention) {
    const EncoderShape& e = x.m.encoder;
    const double P = d(e.tokens());
    const double widest = std::max({x.h, 3.0 * x.nq * x.dh, x.inter});
    const double pixels = d(e.numChannels) * d(e.imageSize) * d(e.imageSize);
    return (P * (2.0 * x.h + widest) + pixels + (flashAttention ? 0.0 : x.nq * P * P)) * x.a;
}

}  // namespace roofline::detail
