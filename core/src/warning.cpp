// SPDX-License-Identifier: GPL-3.0-or-later
// The sentences of the engine's warnings, written when they are read (see warning.h).

#include "roofline/warning.h"

#include <cmath>

#include "roofline/format.h"
#include "roofline/precision.h"

namespace roofline {

namespace {

std::string integer(double v) { return std::to_string(std::llround(v)); }

std::string_view precision(double index) {
    const auto i = static_cast<std::size_t>(std::llround(index));
    return toString(kAllPrecisions[i < kPrecisionCount ? i : 0]);
}

// The memory bar's 3 significant figures, or more where 3 would print the same for both
// ("77.3 GB needed, 77.3 GB usable" reads as if it fits).
std::string doesNotFit(double needed, double usable, double maxBatch) {
    int figures = 3;
    while (figures < 6 && formatSi(needed, "B", figures) == formatSi(usable, "B", figures)) {
        ++figures;
    }
    return "Does not fit: " + formatSi(needed, "B", figures) + " needed per device, " +
           formatSi(usable, "B", figures) +
           " usable (largest batch that fits: " + integer(maxBatch) + "); analysed anyway";
}

std::string achievable(const Warning& w) {
    const bool compute = w.value(0) != 0.0, bandwidth = w.value(1) != 0.0;
    std::string s = "No measured ";
    if (compute) {
        s += std::string(precision(w.value(2))) + " matmul rate";
    }
    if (compute && bandwidth) {
        s += " or ";
    }
    if (bandwidth) {
        s += "memory bandwidth";
    }
    s += " for " + std::string(w.name()) + ": achievable ceilings use ";
    if (compute) {
        s += integer(w.value(3) * 100.0) + "% of the peak FLOP/s";
    }
    if (compute && bandwidth) {
        s += " and ";
    }
    if (bandwidth) {
        s += integer(w.value(4) * 100.0) + "% of the peak bandwidth";
    }
    return s;
}

}  // namespace

std::string Warning::text() const {
    const std::string name(this->name());
    const bool encoder = value(0) == 0.0;
    switch (m_kind) {
        case WarningKind::PrecisionFallback:
            return std::string(precision(value(0))) + " math requested, but " + name + " has no " +
                   std::string(precision(value(0))) + " roof: using " +
                   std::string(precision(value(1))) + ", and its activation bytes";
        case WarningKind::DoesNotFit:
            return doesNotFit(value(0), value(1), value(2));
        case WarningKind::KvOverrideIgnored:
            switch (std::llround(value(0))) {
                case 0:
                    return "KV-head override ignored: the model uses multi-head latent "
                           "attention, whose cache has no KV heads";
                case 1:
                    return "KV-head override ignored: the model has no attention layers with "
                           "KV heads";
                case 2:
                    return "KV-head override ignored: " + name +
                           " is an encoder with full multi-head attention and no KV cache";
                default:
                    return "KV-head override ignored: " + name + " is a CNN without attention";
            }
        case WarningKind::SequenceTooLong:
            return "Sequence of " + integer(value(0)) + " tokens exceeds the model's maximum of " +
                   integer(value(1));
        case WarningKind::NoInterconnect:
            return "No interconnect bandwidth known for " + name +
                   ": communication between devices is not timed";
        case WarningKind::KvHeadsReplicated:
            return "KV heads (" + integer(value(0)) + ") fewer than devices (" + integer(value(1)) +
                   "): each device holds a replicated KV head";
        case WarningKind::BeyondScaleUpDomain:
            return integer(value(0)) + " devices exceed " + name + "'s scale-up domain of " +
                   integer(value(1)) + ": collectives cross the scale-out network at " +
                   integer(value(2) / 1e9) + " GB/s per device";
        case WarningKind::AchievableDefaults:
            return achievable(*this);
        case WarningKind::ExpertParallelIgnored:
            return value(0) == 0.0 ? "Expert parallelism needs more than one device: ignored"
                                   : "Expert parallelism ignored: the model has no routed experts";
        case WarningKind::NoDraftModel:
            return "No draft model given: speculative decoding uses a free n-gram draft";
        case WarningKind::NoMtpLayers:
            return "The model has no MTP layers: speculative decoding uses a free n-gram draft";
        case WarningKind::AttentionParallelIgnored:
            return "Data-parallel attention needs expert parallelism (an MoE model on more than "
                   "one device): attention stays tensor-parallel";
        case WarningKind::SpeculativeIgnored:
            return "Speculative decoding ignored: " + name + " is " +
                   (encoder ? "an encoder" : "a CNN") +
                   ", with one pass over the images and no tokens to decode";
        case WarningKind::DisaggregationIgnored:
            return "Disaggregated prefill ignored: " + name + " is " +
                   (encoder ? "an encoder" : "a CNN") +
                   ", with one pass over the images and no decode pool to hand a cache to";
        case WarningKind::NoComputeRoof:
            return (value(1) != 0.0 ? "No sourced " + std::string(precision(value(0))) +
                                          " (or wider) compute peak for " + name
                                    : "No sourced compute peak for " + name) +
                   ": only the memory roof is drawn, compute time is not counted (times are "
                   "lower bounds, nothing is compute-bound)";
    }
    return {};
}

}  // namespace roofline
