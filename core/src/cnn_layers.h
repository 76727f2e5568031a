// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The convolutions of a ResNet (CnnShape) in execution order, as Hugging Face's ResNetModel
// builds them: shared by the parameter count (model.cpp) and the forward pass
// (vision_passes.cpp). Internal to roofline_core.

#include <cstddef>
#include <cstdint>

#include "roofline/model.h"

namespace roofline::detail {

/// One convolution (no bias; batch norm after it), square kernel, padding k/2.
struct Conv {
    std::size_t stage = 0;  ///< 0: the stem; s + 1: stage s.
    double inChannels = 0, outChannels = 0;
    double kernel = 1, stride = 1;
    double inSize = 0, outSize = 0;  ///< Spatial side, pixels.
    /// The block's last convolution: its epilogue adds the shortcut (B·outSize²·outChannels
    /// elements read) before the ReLU.
    bool addsResidual = false;
};

/// Output side of a k×k convolution or pool of `stride`, padding k/2 (floor, as PyTorch).
inline double convOutSize(double in, double kernel, double stride) {
    const std::int64_t halfKernel = static_cast<std::int64_t>(kernel) / 2;  // floor, meant
    const double pad = static_cast<double>(halfKernel);
    return static_cast<double>(static_cast<std::int64_t>((in + 2.0 * pad - kernel) / stride)) + 1.0;
}

/// Calls `f(const Conv&)` for every convolution: the 7×7 stride-2 stem, then each residual
/// block's convolutions (bottleneck: 1×1 reduce to out/4, 3×3, 1×1 expand; basic: 3×3, 3×3)
/// and its 1×1 projection shortcut where the channels or the size change. The 3×3 stride-2
/// max pool after the stem is the caller's (maxPoolSize). The first block of each stage
/// strides by 2 (the first stage only with downsampleInFirstStage), on the 3×3 unless
/// downsampleInBottleneck. Returns the side of the last feature map.
template <class F>
double forEachConv(const CnnShape& s, F&& f) {
    const auto d = [](std::int64_t v) { return static_cast<double>(v); };
    double size = d(s.imageSize);
    Conv stem{0, d(s.numChannels), d(s.embeddingSize), 7, 2, size, convOutSize(size, 7, 2), false};
    f(static_cast<const Conv&>(stem));
    size = convOutSize(stem.outSize, 3, 2);  // the max pool
    double in = d(s.embeddingSize);
    const std::size_t stages =
        s.hiddenSizes.size() < s.depths.size() ? s.hiddenSizes.size() : s.depths.size();
    for (std::size_t st = 0; st < stages; ++st) {
        const double out = d(s.hiddenSizes[st]);
        for (std::int64_t block = 0; block < s.depths[st]; ++block) {
            const double stride = block == 0 && (st > 0 || s.downsampleInFirstStage) ? 2 : 1;
            const double outSize = convOutSize(size, 1, stride);
            const auto conv = [&](double cin, double cout, double k, double st2, double inSize,
                                  bool residual) {
                const Conv c{st + 1,  cin, cout, k, st2, inSize, convOutSize(inSize, k, st2),
                             residual};
                f(c);
                return c.outSize;
            };
            if (s.bottleneck) {
                // HF ResNetBottleNeckLayer: out_channels // reduction, reduction = 4
                const std::int64_t reducedChannels = static_cast<std::int64_t>(out) / 4;
                const double reduced = static_cast<double>(reducedChannels);
                const bool first = s.downsampleInBottleneck;
                const double mid = conv(in, reduced, 1, first ? stride : 1, size, false);
                const double mid2 = conv(reduced, reduced, 3, first ? 1 : stride, mid, false);
                conv(reduced, out, 1, 1, mid2, true);
            } else {
                const double mid = conv(in, out, 3, stride, size, false);
                conv(out, out, 3, 1, mid, true);
            }
            if (in != out || stride != 1) {
                conv(in, out, 1, stride, size, false);  // projection shortcut
            }
            in = out;
            size = outSize;
        }
    }
    return size;
}

/// Side of the stem's 3×3 stride-2 max pool output.
inline double maxPoolSize(const CnnShape& s) {
    return convOutSize(convOutSize(static_cast<double>(s.imageSize), 7, 2), 3, 2);
}

}  // namespace roofline::detail
