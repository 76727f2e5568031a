// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/quantization.h"

#include <algorithm>

namespace roofline {

const QuantizationScheme& scheme(Quantization quantization) {
    for (const QuantizationScheme& s : kQuantizationSchemes) {
        if (s.id == quantization) {
            return s;
        }
    }
    return kQuantizationSchemes.front();
}

std::string_view toString(Quantization quantization) { return scheme(quantization).label; }

std::optional<Quantization> parseQuantization(std::string_view label) {
    const auto upper = [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; };
    for (const QuantizationScheme& s : kQuantizationSchemes) {
        if (s.label.size() == label.size() &&
            std::equal(label.begin(), label.end(), s.label.begin(),
                       [&](char a, char b) { return upper(a) == b; })) {
            return s.id;
        }
    }
    return std::nullopt;
}

std::optional<Quantization> quantizationOf(const Workload& workload) {
    for (const QuantizationScheme& s : kQuantizationSchemes) {
        if (s.weights == workload.weightPrecision &&
            s.activations == workload.activationPrecision && !workload.expertWeightPrecision &&
            !workload.embeddingWeightPrecision) {
            return s.id;
        }
    }
    return std::nullopt;
}

Workload withQuantization(Workload workload, Quantization quantization) {
    const QuantizationScheme& s = scheme(quantization);
    workload.weightPrecision = s.weights;
    workload.activationPrecision = s.activations;
    workload.expertWeightPrecision.reset();  // a scheme stores every weight matrix alike
    workload.embeddingWeightPrecision.reset();
    return workload;
}

std::string weightsText(const Workload& w) {
    std::string s(toString(w.weightPrecision));
    std::string parts;
    if (w.expertWeightPrecision && *w.expertWeightPrecision != w.weightPrecision) {
        parts.append("experts ").append(toString(*w.expertWeightPrecision));
    }
    if (w.embeddingWeightPrecision && *w.embeddingWeightPrecision != w.weightPrecision) {
        parts.append(parts.empty() ? "" : "; ")
            .append("embedding, lm_head and routers ")
            .append(toString(*w.embeddingWeightPrecision));
    }
    return parts.empty() ? s : s.append(" (").append(parts).append(")");
}

Workload withCheckpointWeights(Workload workload, const Model& model) {
    const CheckpointWeights& c = model.checkpoint;
    workload.weightPrecision = c.linear;
    workload.expertWeightPrecision.reset();
    workload.embeddingWeightPrecision.reset();
    if (c.experts != c.linear) {
        workload.expertWeightPrecision = c.experts;
    }
    if (c.tables != c.linear) {
        workload.embeddingWeightPrecision = c.tables;
    }
    return workload;
}

}  // namespace roofline
