// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/precision.h"

namespace roofline {

namespace {
constexpr std::array<std::string_view, kPrecisionCount> kNames = {
    "fp32", "tf32", "bf16", "fp16", "fp8", "int8", "int4", "fp4", "fp6", "mxfp4", "nvfp4",
};
}  // namespace

std::string_view toString(Precision p) { return kNames[index(p)]; }

std::string storagePrecisionNames() {
    std::string out;
    for (Precision p : kAllPrecisions) {
        if (isStoragePrecision(p)) {
            out.append(out.empty() ? "" : ", ").append(toString(p));
        }
    }
    return out;
}

std::optional<Precision> parsePrecision(std::string_view name) {
    for (Precision p : kAllPrecisions) {
        if (kNames[index(p)] == name) {
            return p;
        }
    }
    return std::nullopt;
}

}  // namespace roofline
