// SPDX-License-Identifier: GPL-3.0-or-later
#include "quantization.h"

namespace roofline::ui {

const QuantizationScheme& scheme(Quantization quantization) {
    for (const QuantizationScheme& s : kQuantizationSchemes) {
        if (s.id == quantization) {
            return s;
        }
    }
    return kQuantizationSchemes.front();
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

}  // namespace roofline::ui
