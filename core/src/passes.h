// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The operator-level cost model of one pass (DOMAIN.md §3–6): the shapes one device sees,
// the builder that layer kinds emit their operators into, and how each operator's cost
// scales with the batch, which the critical-batch search needs. Internal to roofline_core.

#include <array>
#include <cstddef>

#include "roofline/analysis.h"

namespace roofline::detail {

inline double d(std::int64_t v) { return static_cast<double>(v); }

// Shapes of one device's share of one model, and byte sizes, fixed for a scenario.
struct Context {
    const Model& m;
    double w = 2.0;           // bytes per element: the linear layers' weights
    double we = 2.0;          // the experts' matrices (routed and shared)
    double wt = 2.0;          // the tables (embeddings, lm_head) and the MoE routers and gates
    double a = 2.0, c = 2.0;  // activations, KV
    double s = 2.0;           // bytes per element of a state layer's recurrent state
    double sc = 2.0;          // ... and of its conv state (the model's dtype)
    double devices = 1.0;
    // Attention over the devices: heads split `attentionSplit` ways (D with tensor-parallel
    // attention, 1 with data-parallel attention), and each device attends for
    // `sequenceShare` of the sequences (1, or 1/D with data-parallel attention).
    double attentionSplit = 1.0, sequenceShare = 1.0;
    double h = 0, nq = 0, nkv = 0, dh = 0, inter = 0, vocab = 0;  // per device where split
    double peak = 0, bandwidth = 0;
    // 1/peak and 1/bandwidth: every operator's two times are products, not divisions
    // (within an ulp of the quotient; divisions were a fifth of a pass in profiles).
    double secondsPerFlop = 0, secondsPerByte = 0;
    // ln(1 − k/E): the log of the chance that one token leaves a given expert untouched
    // (−inf when k = E). Powers of it are exp(n·ln), cheaper than pow on every frame.
    double logUntouched = 0;
    // Collectives: the link they run on (scale-up, or scale-out beyond the domain), its
    // bandwidth per direction (0 = unknown: not timed) and its small-message latency α.
    double linkBandwidth = 0, linkLatency = 0;
    bool expertParallel = false;  // routed experts whole on E/D devices, two all-to-alls
    bool dataParallelAttention = false;
    bool flashAttention = true;  // scores on chip (on-chip SRAM bytes), else through HBM
    // The memory hierarchy (DOMAIN.md §10; memory_levels.cpp): whether the hardware lists any
    // on-chip level, which ones, and 1/bandwidth of each with a bandwidth (0: not timed).
    bool levels = false;
    bool levelsTimed = false;  // some listed on-chip level has a bandwidth
    std::array<bool, kMemoryLevelCount> levelListed{};
    std::array<double, kMemoryLevelCount> secondsPerLevelByte{};
};

Context makeContext(const Model& m, const Workload& wl, const Analysis& roofs, double linkBandwidth,
                    double linkLatency);

// How one operator's cost depends on the batch b (sequences), everything else fixed, as
// the operator's emitter declares it: FLOPs ∝ b; HBM bytes = fixed (weights read once) +
// routed experts × touched fraction(b) + the rest ∝ b; link time = α·count + ∝ b.
// No initialisers: PassTotals holds one per operator slot and analyze() builds several
// passes per call, so a slot is zeroed when its operator is added (PassBuilder::add),
// never the whole array.
struct OpScaling {
    double fixedBytes;          // bytes that do not grow with b (weights read once)
    double expertFullBytes;     // routed-expert weights if every expert were touched
    double expertTouchedBytes;  // the same at this pass's touched fraction
    double fixedLinkSeconds;    // α·count
};

// What a pass adds up to besides its operators.
struct PassTotals {
    PassCost cost;
    double expertFraction = 0.0;  // distinct routed experts touched / E
    std::size_t first = 0;        // its operators: Analysis::operators[first, first + size)
    std::size_t size = 0;
    // By position in the pass: [0, size) are set, the rest unset (see OpScaling).
    std::array<OpScaling, kOperatorCount> scaling;

    // A fresh pass: its cost and counts reset, its scaling left to the operators.
    void reset() {
        cost = PassCost{};
        expertFraction = 0.0;
        first = 0;
        size = 0;
    }
};

// One pass as a layer sees it: B sequences, T new tokens each after C cached, N = B·T.
struct PassShape {
    PassKind kind = PassKind::Decode;
    double B = 0, T = 0, C = 0, N = 0;
    bool flashAttention = true;
};

// Collects one pass's operators straight into the output, merging layer groups by operator
// id, in the order they are first added (execution order). analyze() runs every frame: an
// entry is built in its slot and nothing is copied after it is accumulated.
class PassBuilder {
public:
    PassBuilder(PassKind kind, Analysis::Operators& out, PassTotals& totals);

    // Adds an operator, or returns the one of the same id already in this pass. Never more
    // than kOperatorCount per pass, which Analysis::operators has room for.
    // Inline: the layer kinds call it some forty times per analyze(), mostly with a
    // constant id. The name and kind are set from the id by finishPass().
    OperatorCost& add(OperatorId id, double count) {
        const auto i = static_cast<std::size_t>(id);
        if (m_index[i] == kNone) {
            m_index[i] = static_cast<unsigned char>(m_out.size() - m_first);
            // Built in its slot (every member has an initialiser), not on the stack and
            // copied.
            OperatorCost& op = m_out.emplace_back();
            op.id = id;
            op.pass = m_kind;
            m_totals.scaling[m_index[i]] = OpScaling{0.0, 0.0, 0.0, 0.0};
        }
        OperatorCost& op = m_out[m_first + m_index[i]];
        op.count += count;
        return op;
    }
    // Weight bytes an operator reads once per pass, whatever the batch.
    void weights(OperatorId id, OperatorCost& op, double bytes) {
        op.traffic[ByteCategory::Weights] += bytes;
        scaling(id).fixedBytes += bytes;
    }
    // The GEMM shape of a matmul (OperatorCost::gemmRows): the first layer group's stays.
    static void gemm(OperatorCost& op, double rows, double columns, double groups = 1.0) {
        if (op.gemmRows == 0.0) {
            op.gemmRows = rows;
            op.gemmColumns = columns;
            op.gemmGroups = groups;
        }
    }
    // Routed-expert weight bytes: `touched` read at this pass's touched fraction, `full` if
    // every expert were touched (the critical batch follows the fraction with b).
    void expertWeights(OperatorId id, OperatorCost& op, double touched, double full) {
        op.traffic[ByteCategory::Weights] += touched;
        scaling(id).expertTouchedBytes += touched;
        scaling(id).expertFullBytes += full;
    }
    // Link time of `count` collectives of `bytes` each at `bytesPerSecond` effective rate:
    // α per collective (fixed in b) plus the transfer (∝ b).
    void collective(OperatorId id, OperatorCost& op, const Context& x, double count, double bytes,
                    double transferSeconds);
    // The batch scaling of an operator already added.
    OpScaling& scaling(OperatorId id) {
        return m_totals.scaling[m_index[static_cast<std::size_t>(id)]];
    }
    void setExpertFraction(double f) { m_totals.expertFraction = f; }

    std::size_t first() const { return m_first; }

private:
    static constexpr unsigned char kNone = 0xff;  // a pass holds far fewer operators
    PassKind m_kind;
    Analysis::Operators& m_out;
    PassTotals& m_totals;
    std::size_t m_first;
    std::array<unsigned char, kOperatorCount> m_index{};
};

// `count` RMSNorms over `rows` rows of width h, each moving `rowsMoved` rows of N·h·a.
void addNorms(PassBuilder& pass, const Context& x, OperatorId id, double count, double rows,
              double rowsMoved);

// All-reduce of N·h activations over the D devices, `count` times (DOMAIN.md §6).
void addAllReduce(PassBuilder& pass, const Context& x, double count, double N);

// Emits every operator of one pass into `out`: B sequences, T new tokens each after C
// cached, logits for `rows` rows, the whole repeated `repeats` times. Sets cost's
// description, totals, times, bound shares and bound.
void buildPass(const Context& x, const Workload& wl, PassKind kind, double B, double T, double C,
               double rows, double repeats, Analysis::Operators& out, PassTotals& totals);

// One MTP layer's decode step per drafted token (DOMAIN.md §6), `repeats` = k of them:
// the MTP layer (Model::mtp), its two input norms and 2h → h projection, and the lm_head.
void buildMtpDraftPass(const Context& x, const Workload& wl, double B, double C, double repeats,
                       Analysis::Operators& out, PassTotals& totals);

// Times, bound, shares and sums of the pass's operators in [first, end), in one walk. A
// repeated pass (the draft's k steps) scales every operator first.
void finishPass(Analysis::Operators& ops, std::size_t first, const Context& x, double repeats,
                PassTotals& totals);

// Encoders and CNNs (vision_passes.cpp): their one pass over B images, Encode or Forward.
// Every operator there sums pieces (layers, convolutions) that are each timed on their own,
// so an operator's time is the sum of its pieces' max(compute, memory, link), as a pass's is.
void buildEncoderPass(const Context& x, const Workload& wl, double B, Analysis::Operators& out,
                      PassTotals& totals);
// A CNN's pass also gives the activation workspace one image holds at the widest moment of
// it, in bytes (found in the same walk over the convolutions).
double buildCnnPass(const Context& x, double B, Analysis::Operators& out, PassTotals& totals);

// Activation workspace one image holds at the widest moment of its pass, in bytes (the
// memory footprint of an encoder or a CNN is weights + B × this: no KV cache).
double encoderWorkspacePerImage(const Context& x, bool flashAttention);

}  // namespace roofline::detail
