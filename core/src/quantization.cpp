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
            s.activations == workload.activationPrecision) {
            return s.id;
        }
    }
    return std::nullopt;
}

Workload withQuantization(Workload workload, Quantization quantization) {
    const QuantizationScheme& s = scheme(quantization);
    workload.weightPrecision = s.weights;
    workload.activationPrecision = s.activations;
    return workload;
}

}  // namespace roofline
