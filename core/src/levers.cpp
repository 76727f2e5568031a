// SPDX-License-Identifier: GPL-3.0-or-later
// Levers: one change to a scenario, and the sentence that explains what it did (levers.h).

#include "roofline/levers.h"

#include <algorithm>
#include <cmath>

#include "roofline/format.h"
#include "roofline/validate.h"

namespace roofline {

namespace {

struct LeverName {
    LeverId id;
    std::string_view key;
    std::string_view title;
};

constexpr std::array<LeverName, kLeverCount> kNames = {{
    {LeverId::W8a16, "w8a16", "Int8 weights (W8A16)"},
    {LeverId::W4a16, "w4a16", "Int4 weights (W4A16)"},
    {LeverId::W8a8, "w8a8", "FP8 weights and activations (W8A8)"},
    {LeverId::W4a4, "w4a4", "FP4 weights and activations (W4A4)"},
    {LeverId::KvFp8, "kv-fp8", "FP8 KV cache"},
    {LeverId::Gqa8, "gqa-8", "8 KV heads (GQA)"},
    {LeverId::BatchX8, "batch-x8", "Batch ×8"},
    {LeverId::SpecNgram, "spec-ngram", "Speculative decoding, n-gram draft"},
    {LeverId::SpecDraft, "spec-draft", "Speculative decoding, draft model"},
    {LeverId::FlashAttention, "flash-attention", "FlashAttention on"},
    {LeverId::TpX2, "tp-x2", "Tensor parallelism ×2"},
    {LeverId::ExpertParallel, "expert-parallel", "Expert parallelism"},
    {LeverId::NextHardware, "next-hardware", "Next hardware generation"},
}};

const LeverName& nameOf(LeverId id) { return kNames[static_cast<std::size_t>(id)]; }

// A number as the sentences write it ("4", "0.357", "1,560"): roofline/format.h.
std::string num(double value) { return formatProseNumber(value); }

// Ratios as the sentences write them: "×3.8".
std::string times(double ratio) { return "×" + num(ratio); }

// x / y, or 1 when either is not a positive finite number (nothing to compare).
double ratioOf(double x, double y) {
    if (!(x > 0.0) || !(y > 0.0) || !std::isfinite(x) || !std::isfinite(y)) {
        return 1.0;
    }
    return x / y;
}

bool near1(double r) { return std::abs(r - 1.0) < 0.005; }

std::string speculativeText(const Scenario& s) {
    const Workload& w = s.workload;
    if (w.speculativeTokens <= 0) {
        return "off";
    }
    const std::string draft =
        w.draftKind == DraftKind::Model && s.draft ? s.draft->id : std::string("ngram");
    return "k " + integerText(w.speculativeTokens) + ", α " + num(w.acceptanceRate) + ", " + draft;
}

std::int64_t kvHeadsOf(const Scenario& s) {
    return s.workload.kvHeadsOverride > 0 ? s.workload.kvHeadsOverride : s.model.numKvHeads;
}

// The point decode draws: the verify pass under speculative decoding, else the decode step.
const PassCost& decodePoint(const Analysis& a) {
    const PassCost* verify = a.pass(PassKind::Verify);
    return verify != nullptr ? *verify : a.decode();
}

std::string whereOn(const PassCost& p, const Analysis& a) {
    switch (p.bound) {
        case Bound::Compute:
            return "on the " + std::string(toString(a.computePrecision)) + " roof";
        case Bound::Interconnect:
            return "under the link roof";
        case Bound::Memory:
            break;
    }
    return "on the bandwidth slope";
}

// "decode moves right ×3.73 on the bandwidth slope (TPOT 5.04 ms → 1.43 ms)".
std::string motion(std::string_view phase, const PassCost& before, const Analysis& aBefore,
                   const PassCost& after, const Analysis& aAfter, std::string_view timeName,
                   double timeBefore, double timeAfter) {
    const double dx = ratioOf(after.intensity(), before.intensity());
    const double dy = ratioOf(after.attainableFlopsPerSecond, before.attainableFlopsPerSecond);
    std::string s(phase);
    if (near1(dx) && near1(dy)) {
        s += " stays " + whereOn(after, aAfter);
    } else if (near1(dx)) {
        s += dy > 1.0 ? " rises " + times(dy) : " drops ÷" + num(1.0 / dy);
        s += " at the same intensity, " + whereOn(after, aAfter);
    } else if (after.bound == Bound::Memory && before.bound == Bound::Memory &&
               std::abs(dy / dx - 1.0) < 0.01) {
        // Along the slope: up by as much as right.
        s += dx > 1.0 ? " moves right " + times(dx) + " up the bandwidth slope"
                      : " moves left ÷" + num(1.0 / dx) + " down the bandwidth slope";
    } else {
        s += dx > 1.0 ? " moves right " + times(dx) : " moves left ÷" + num(1.0 / dx);
        if (!near1(dy)) {
            s += dy > 1.0 ? " and up " + times(dy) : " and down ÷" + num(1.0 / dy);
        }
        s += " " + whereOn(after, aAfter);
    }
    s += " (";
    if (whereOn(before, aBefore) != whereOn(after, aAfter)) {
        s += "it was " + whereOn(before, aBefore) + "; ";
    }
    s += std::string(timeName) + " " + formatDuration(timeBefore) + " → " +
         formatDuration(timeAfter) + ")";
    return s;
}

// The first clause: what the lever changed, in the engine's numbers.
std::string cause(LeverId id, const Scenario& base, const Analysis& a0, const Scenario& changed,
                  const Analysis& a1) {
    const Workload& w0 = base.workload;
    const Workload& w1 = changed.workload;
    switch (id) {
        case LeverId::W8a16:
        case LeverId::W4a16:
        case LeverId::W8a8:
        case LeverId::W4a4: {
            const double r = ratioOf(a0.memory.weightBytes, a1.memory.weightBytes);
            std::string s;
            if (near1(r)) {
                s = "Weights keep their " + formatBytes(a1.memory.weightBytes);
            } else {
                s = "Weights are " + num(r) + "× fewer bytes (" +
                    formatBytes(a0.memory.weightBytes) + " → " +
                    formatBytes(a1.memory.weightBytes) + ")";
            }
            if (w0.activationPrecision != w1.activationPrecision) {
                s += ", activations " + std::string(toString(w0.activationPrecision)) + " → " +
                     std::string(toString(w1.activationPrecision));
            }
            const bool fallback = a1.computePrecision != mathPrecision(w1.activationPrecision);
            const std::string noRoof = changed.hardware.name + " has no " +
                                       std::string(toString(w1.activationPrecision)) + " roof";
            if (a1.computePrecision != a0.computePrecision) {
                s += fallback ? "; " + noRoof + ", so the math moves to its "
                              : " and the math moves to the ";
                s += std::string(toString(a1.computePrecision)) + " roof (" +
                     formatSi(a0.peakFlopsPerSecond, "FLOP/s") + " → " +
                     formatSi(a1.peakFlopsPerSecond, "FLOP/s") + ")";
            } else if (fallback) {
                s += ", but " + noRoof + ": the math stays " +
                     std::string(toString(a1.computePrecision));
            }
            return s;
        }
        case LeverId::KvFp8:
        case LeverId::Gqa8: {
            const double kv0 = decodePoint(a0).traffic[ByteCategory::KvCache];
            const double kv1 = decodePoint(a1).traffic[ByteCategory::KvCache];
            std::string s =
                id == LeverId::KvFp8
                    ? "The KV cache in fp8 (was " + std::string(toString(w0.kvPrecision)) + ")"
                    : integerText(kvHeadsOf(changed)) + " KV heads instead of " +
                          integerText(kvHeadsOf(base)) + " (a model trained with GQA)";
            return s + (id == LeverId::KvFp8 ? " moves " : " move ") + num(ratioOf(kv0, kv1)) +
                   "× fewer KV bytes per step (" + formatBytes(kv0) + " → " + formatBytes(kv1) +
                   ", beside " + formatBytes(decodePoint(a1).traffic[ByteCategory::Weights]) +
                   " of weights)";
        }
        case LeverId::BatchX8:
            if (!a0.hasDecode()) {
                return "Batch " + formatInteger(w0.batch) + " → " + formatInteger(w1.batch) +
                       " images: each weight byte read serves " +
                       num(static_cast<double>(w1.batch) / static_cast<double>(w0.batch)) +
                       "× the images (" + num(a0.imagesPerSecond) + " → " +
                       num(a1.imagesPerSecond) + " images/s)";
            }
            return "Batch " + formatInteger(w0.batch) + " → " + formatInteger(w1.batch) +
                   ": each weight byte read serves " +
                   num(static_cast<double>(w1.batch) / static_cast<double>(w0.batch)) +
                   "× the sequences (decode " + num(a0.decodeTokensPerSecond) + " → " +
                   num(a1.decodeTokensPerSecond) + " tok/s)";
        case LeverId::SpecNgram:
        case LeverId::SpecDraft: {
            std::string s = "Drafting " + integerText(w1.speculativeTokens) + " tokens ";
            const PassCost* draft = a1.pass(PassKind::Draft);
            if (w1.draftKind == DraftKind::Model && changed.draft && draft != nullptr) {
                s += "with " + changed.draft->name + " (" + formatDuration(draft->timeSeconds) +
                     " for " + integerText(w1.speculativeTokens) + " steps)";
            } else {
                s += "by n-gram lookup (free)";
            }
            s += " at α = " + num(w1.acceptanceRate);
            if (a1.speculative) {
                const PassCost* verify = a1.pass(PassKind::Verify);
                s += " yields τ = " + num(a1.speculative->tokensPerStep) + " tokens per step";
                if (verify != nullptr) {
                    s += ", and the verify pass costs " +
                         num(ratioOf(verify->timeSeconds, a1.decode().timeSeconds)) +
                         "× a decode step";
                }
            }
            return s;
        }
        case LeverId::FlashAttention: {
            if (!a0.hasDecode()) {
                return "FlashAttention keeps the attention scores on chip: " +
                       formatBytes(a0.primary().bytes() - a1.primary().bytes()) +
                       " fewer bytes per pass";
            }
            const double saved = decodePoint(a0).bytes() - decodePoint(a1).bytes();
            const double savedPrefill = a0.prefill().bytes() - a1.prefill().bytes();
            return "FlashAttention keeps the attention scores on chip: " + formatBytes(saved) +
                   (a1.speculative ? " fewer bytes per verify pass and "
                                   : " fewer bytes per decode step and ") +
                   formatBytes(savedPrefill) + " fewer in prefill";
        }
        case LeverId::TpX2: {
            std::string s = integerText(w1.tensorParallel) + " devices each hold 1/" +
                            integerText(w1.tensorParallel) + " of the weights (" +
                            formatBytes(a0.memory.weightBytes) + " → " +
                            formatBytes(a1.memory.weightBytes) + " per device)";
            const double link = a1.decode().linkTimeSeconds;
            if (!a1.hasDecode() && a1.primary().linkTimeSeconds > 0.0) {
                s += " and spend " + formatDuration(a1.primary().linkTimeSeconds) +
                     " of the pass in all-reduces";
            } else if (link > 0.0) {
                s += " and spend " + formatDuration(link) + " of each decode step in all-reduces";
            }
            return s;
        }
        case LeverId::ExpertParallel: {
            const std::int64_t d = w1.tensorParallel;
            // The mean device reads the same expert bytes either way (E/D whole experts or
            // 1/D of each, the same touched fraction): say so rather than "X → X".
            const std::string before = formatBytes(a0.decode().traffic[ByteCategory::Weights]);
            const std::string after = formatBytes(a1.decode().traffic[ByteCategory::Weights]);
            std::string s = "Each of the " + integerText(d) + " devices holds " +
                            integerText(changed.model.moe.numExperts / d) +
                            " whole experts instead of 1/" + integerText(d) + " of all " +
                            integerText(changed.model.moe.numExperts) + ": a decode step reads " +
                            (before == after ? "the same " + after : before + " → " + after) +
                            " of weights per device, and its time on the link goes " +
                            formatDuration(a0.decode().linkTimeSeconds) + " → " +
                            formatDuration(a1.decode().linkTimeSeconds) +
                            " (two all-to-alls per MoE layer)";
            return s;
        }
        case LeverId::NextHardware:
            // Each chip's memory by its own name ("HBM3 3.35 TB/s → HBM3e 4.80 TB/s"): an
            // L4 has GDDR6, not HBM.
            return changed.hardware.name + " instead of " + base.hardware.name + ": " +
                   memoryRoofName(a0) + " " + formatSi(a0.memoryBandwidthBytesPerSecond, "B/s") +
                   " → " + memoryRoofName(a1) + " " +
                   formatSi(a1.memoryBandwidthBytesPerSecond, "B/s") + " (" +
                   times(ratioOf(a1.memoryBandwidthBytesPerSecond,
                                 a0.memoryBandwidthBytesPerSecond)) +
                   ") holding " + formatBytes(base.hardware.memoryCapacityBytes) + " → " +
                   formatBytes(changed.hardware.memoryCapacityBytes) + ", compute roof " +
                   (a0.computePrecision == a1.computePrecision
                        ? std::string(toString(a1.computePrecision)) + " " +
                              formatSi(a0.peakFlopsPerSecond, "FLOP/s")
                        : std::string(toString(a0.computePrecision)) + " " +
                              formatSi(a0.peakFlopsPerSecond, "FLOP/s") + " → " +
                              std::string(toString(a1.computePrecision))) +
                   (a0.computePrecision == a1.computePrecision ? " → " : " ") +
                   formatSi(a1.peakFlopsPerSecond, "FLOP/s") + " (" +
                   times(ratioOf(a1.peakFlopsPerSecond, a0.peakFlopsPerSecond)) + ")";
    }
    return {};
}

// Lever w*a*: the storage formats it asks for, or why it does not apply.
std::string quantize(const Workload& b, Workload& w, Precision weights,
                     std::optional<Precision> activations) {
    const Precision act = activations.value_or(b.activationPrecision == Precision::Bf16 ||
                                                       b.activationPrecision == Precision::Fp16
                                                   ? b.activationPrecision
                                                   : Precision::Bf16);
    const double wb0 = bytesPerElement(b.weightPrecision);
    const double wb1 = bytesPerElement(weights);
    const double ab0 = bytesPerElement(b.activationPrecision);
    const double ab1 = bytesPerElement(act);
    if (wb1 > wb0) {
        return "weights are already " + std::string(toString(b.weightPrecision)) +
               ", fewer bytes than " + std::string(toString(weights));
    }
    if (ab1 > ab0) {
        return "activations are already " + std::string(toString(b.activationPrecision)) +
               ", fewer bytes than " + std::string(toString(act));
    }
    if (wb1 == wb0 && ab1 == ab0) {
        return "already " + std::string(toString(b.weightPrecision)) + " weights and " +
               std::string(toString(b.activationPrecision)) + " activations";
    }
    w.weightPrecision = weights;
    w.activationPrecision = act;
    return {};
}

// The change itself; a non-empty return is why the lever does not apply.
std::string change(const Scenario& base, LeverId id, const LeverContext& context,
                   Scenario& changed) {
    const Workload& b = base.workload;
    Workload& w = changed.workload;
    // Encoders and CNNs: one pass over images, no KV cache, nothing decoded.
    const ModelKind kind = base.model.kind;
    const std::string what = kind == ModelKind::Encoder ? "an encoder" : "a CNN";
    if (kind != ModelKind::Decoder) {
        switch (id) {
            case LeverId::KvFp8:
                return base.model.name + " is " + what + ": it keeps no KV cache";
            case LeverId::Gqa8:
                return kind == ModelKind::Encoder
                           ? base.model.name +
                                 " is an encoder: no KV cache to shrink (its "
                                 "attention reads this pass's own K and V)"
                           : base.model.name + " is a CNN: it has no attention heads";
            case LeverId::SpecNgram:
            case LeverId::SpecDraft:
                return base.model.name + " is " + what +
                       ": one pass over the images, no tokens to decode";
            case LeverId::FlashAttention:
                if (kind == ModelKind::Cnn) {
                    return base.model.name + " is a CNN: it has no attention";
                }
                break;
            case LeverId::TpX2:
                if (kind == ModelKind::Cnn) {
                    return base.model.name +
                           " is a CNN: its convolutions are not split over "
                           "devices here";
                }
                break;
            default:
                break;
        }
    }
    const auto startSpeculation = [&] {
        if (b.speculativeTokens <= 0) {
            w.speculativeTokens = kLeverSpeculativeTokens;
            w.acceptanceRate = kLeverAcceptanceRate;
        }
    };
    switch (id) {
        case LeverId::W8a16:
            return quantize(b, w, Precision::Int8, std::nullopt);
        case LeverId::W4a16:
            return quantize(b, w, Precision::Int4, std::nullopt);
        case LeverId::W8a8:
            return quantize(b, w, Precision::Fp8, Precision::Fp8);
        case LeverId::W4a4:
            return quantize(b, w, Precision::Fp4, Precision::Fp4);
        case LeverId::KvFp8:
            if (bytesPerElement(b.kvPrecision) <= 1.0) {
                return "the KV cache is already " + std::string(toString(b.kvPrecision));
            }
            w.kvPrecision = Precision::Fp8;
            return {};
        case LeverId::Gqa8: {
            if (base.model.mla.enabled()) {
                return "multi-head latent attention caches a shared latent, not KV heads";
            }
            const std::int64_t heads = kvHeadsOf(base);
            if (heads <= kLeverKvHeads) {
                return "already " + integerText(heads) + " KV heads, no more than " +
                       integerText(kLeverKvHeads);
            }
            if (base.model.numQueryHeads % kLeverKvHeads != 0) {
                return "its " + integerText(base.model.numQueryHeads) +
                       " query heads are not a multiple of " + integerText(kLeverKvHeads);
            }
            w.kvHeadsOverride = kLeverKvHeads;
            return {};
        }
        case LeverId::BatchX8:
            w.batch = b.batch * 8;
            return {};
        case LeverId::SpecNgram:
            if (b.speculativeTokens > 0 && b.draftKind == DraftKind::Ngram) {
                return "already speculative with an n-gram draft (k = " +
                       integerText(b.speculativeTokens) + ")";
            }
            startSpeculation();
            w.draftKind = DraftKind::Ngram;
            changed.draft.reset();
            return {};
        case LeverId::SpecDraft:
            if (!context.draft) {
                return context.draftReason.empty() ? "no draft model known for " + base.model.name
                                                   : context.draftReason;
            }
            if (b.speculativeTokens > 0 && b.draftKind == DraftKind::Model && base.draft &&
                *base.draft == *context.draft) {
                return "already drafting with " + base.draft->name;
            }
            startSpeculation();
            w.draftKind = DraftKind::Model;
            changed.draft = *context.draft;
            return {};
        case LeverId::FlashAttention:
            if (b.flashAttention) {
                return "FlashAttention is already on";
            }
            w.flashAttention = true;
            return {};
        case LeverId::TpX2:
            w.tensorParallel = b.tensorParallel * 2;
            return {};
        case LeverId::ExpertParallel:
            if (!base.model.moe.enabled()) {
                return "not a mixture-of-experts model";
            }
            if (b.expertParallel) {
                return "expert parallelism is already on";
            }
            if (b.tensorParallel <= 1) {
                return "needs more than one device (tensor parallelism is 1): apply tp-x2 first";
            }
            w.expertParallel = true;
            return {};
        case LeverId::NextHardware:
            if (!context.nextHardware) {
                return context.nextHardwareReason.empty()
                           ? "no newer generation known for " + base.hardware.name
                           : context.nextHardwareReason;
            }
            changed.hardware = *context.nextHardware;
            return {};
    }
    return "unknown lever";
}

}  // namespace

std::string_view leverKey(LeverId id) { return nameOf(id).key; }

std::string_view leverTitle(LeverId id) { return nameOf(id).title; }

std::optional<LeverId> parseLeverId(std::string_view key) {
    for (const LeverName& n : kNames) {
        if (n.key == key) {
            return n.id;
        }
    }
    return std::nullopt;
}

LeverPlan planLever(const Scenario& base, LeverId id, const LeverContext& context) {
    LeverPlan plan;
    plan.id = id;
    plan.changed = base;
    plan.reason = change(base, id, context, plan.changed);
    if (plan.reason.empty()) {
        for (const Issue& issue : validate(plan.changed)) {
            if (issue.severity == Severity::Error) {
                plan.reason = issue.message();
                plan.issue = issue;
                break;
            }
        }
    }
    plan.applicable = plan.reason.empty();
    if (!plan.applicable) {
        plan.changed = base;
    }
    return plan;
}

std::vector<LeverChange> scenarioChanges(const Scenario& base, const Scenario& changed) {
    std::vector<LeverChange> out;
    const auto add = [&](std::string_view key, std::string from, std::string to) {
        if (from != to) {
            out.push_back({key, std::move(from), std::move(to)});
        }
    };
    const Workload& b = base.workload;
    const Workload& c = changed.workload;
    const auto onOff = [](bool on) { return std::string(on ? "on" : "off"); };
    const auto precision = [](Precision p) { return std::string(toString(p)); };
    add("hardware", base.hardware.id, changed.hardware.id);
    add("model", base.model.id, changed.model.id);
    add("batch", integerText(b.batch), integerText(c.batch));
    add("prompt_tokens", integerText(b.promptTokens), integerText(c.promptTokens));
    add("context_tokens", integerText(b.contextTokens), integerText(c.contextTokens));
    add("weights", precision(b.weightPrecision), precision(c.weightPrecision));
    add("activations", precision(b.activationPrecision), precision(c.activationPrecision));
    add("kv_cache", precision(b.kvPrecision), precision(c.kvPrecision));
    if (!base.model.mla.enabled() || !changed.model.mla.enabled()) {
        add("kv_heads", integerText(kvHeadsOf(base)), integerText(kvHeadsOf(changed)));
    }
    add("tensor_parallel", integerText(b.tensorParallel), integerText(c.tensorParallel));
    add("flash_attention", onOff(b.flashAttention), onOff(c.flashAttention));
    add("expert_parallel", onOff(b.expertParallel), onOff(c.expertParallel));
    add("speculative", speculativeText(base), speculativeText(changed));
    add("memory_utilization", num(b.memoryUtilization), num(c.memoryUtilization));
    add("max_batched_tokens", integerText(b.maxBatchedTokens), integerText(c.maxBatchedTokens));
    add("ceilings", std::string(toString(b.ceilings)), std::string(toString(c.ceilings)));
    return out;
}

std::string explainLever(LeverId id, const Scenario& base, const Analysis& a0,
                         const Scenario& changed, const Analysis& a1) {
    std::string s = cause(id, base, a0, changed, a1);
    if (!a0.hasDecode() || !a1.hasDecode()) {
        // An encoder or a CNN: its one pass, and the latency of the batch.
        s += ": " + motion(toString(a1.primary().kind), a0.primary(), a0, a1.primary(), a1,
                           "latency", a0.primary().timeSeconds, a1.primary().timeSeconds);
    } else {
        const std::string_view decodeName = a1.speculative ? "the verify pass" : "decode";
        s += ": " + motion(decodeName, decodePoint(a0), a0, decodePoint(a1), a1, "TPOT",
                           a0.tpotSeconds, a1.tpotSeconds);
        s += "; " + motion("prefill", a0.prefill(), a0, a1.prefill(), a1, "TTFT", a0.ttftSeconds,
                           a1.ttftSeconds);
    }
    const MemoryFootprint& m1 = a1.memoryAllDevices;
    if (!m1.fits) {
        s += "; it does not fit: " + formatBytes(m1.totalBytes) + " of " +
             formatBytes(m1.usableBytes) + " usable";
    } else if (!a0.memoryAllDevices.fits) {
        s += "; it now fits: " + formatBytes(m1.totalBytes) + " of " + formatBytes(m1.usableBytes) +
             " usable";
    }
    return s + ".";
}

LeverOutcome evaluateLever(const Scenario& base, const Analysis& baseAnalysis, LeverId id,
                           const LeverContext& context, LeverDetail detail) {
    LeverOutcome out;
    out.id = id;
    LeverPlan plan = planLever(base, id, context);
    out.applicable = plan.applicable;
    out.reason = std::move(plan.reason);
    out.issue = std::move(plan.issue);
    out.changed = std::move(plan.changed);
    if (!out.applicable) {
        out.analysis = baseAnalysis;
        out.fits = baseAnalysis.memoryAllDevices.fits;
        return out;
    }
    out.analysis = analyze(out.changed);
    const Analysis& a1 = out.analysis;
    if (detail == LeverDetail::Words) {
        out.changes = scenarioChanges(base, out.changed);
        out.explanation = explainLever(id, base, baseAnalysis, out.changed, a1);
    }
    out.fits = a1.memoryAllDevices.fits;
    out.speedupTpot = ratioOf(baseAnalysis.tpotSeconds, a1.tpotSeconds);
    out.speedupTtft = ratioOf(baseAnalysis.ttftSeconds, a1.ttftSeconds);
    out.throughputGain = ratioOf(a1.decodeTokensPerSecond, baseAnalysis.decodeTokensPerSecond);
    if (!baseAnalysis.hasDecode()) {
        out.speedupPass = ratioOf(baseAnalysis.primary().timeSeconds, a1.primary().timeSeconds);
        out.throughputGain = ratioOf(a1.imagesPerSecond, baseAnalysis.imagesPerSecond);
    }
    return out;
}

std::vector<LeverOutcome> evaluateLevers(const Scenario& base, const Analysis& baseAnalysis,
                                         const LeverContext& context, LeverDetail detail) {
    std::vector<LeverOutcome> out;
    out.reserve(kLeverCount);
    for (LeverId id : kAllLevers) {
        out.push_back(evaluateLever(base, baseAnalysis, id, context, detail));
    }
    std::stable_sort(out.begin(), out.end(), [](const LeverOutcome& x, const LeverOutcome& y) {
        if (x.applicable != y.applicable) {
            return x.applicable;
        }
        // Encoders and CNNs have no TPOT: rank them by the speed-up of their one pass.
        return x.applicable && x.speedupTpot * x.speedupPass > y.speedupTpot * y.speedupPass;
    });
    return out;
}

}  // namespace roofline
