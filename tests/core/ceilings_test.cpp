// SPDX-License-Identifier: GPL-3.0-or-later
// Peak and achievable ceilings (DOMAIN.md §6).

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "test_models.h"

namespace roofline {
namespace {

using test::scenario;

Hardware measuredH100() {
    // ml-engineering MAMF: bf16 794.5, fp8 1,402.6 TFLOP/s; no measured HBM bandwidth.
    Hardware hw = test::h100Sxm();
    hw.achievableFlopsPerSecond[index(Precision::Bf16)] = 794.5e12;
    hw.achievableFlopsPerSecond[index(Precision::Fp8)] = 1402.6e12;
    return hw;
}

TEST(Ceilings, PeakIsTheSpecSheet) {
    const Analysis a = analyze(scenario(measuredH100(), test::llama31_8b()));
    EXPECT_EQ(a.ceilings, Ceilings::Peak);
    EXPECT_DOUBLE_EQ(a.peakFlopsPerSecond, 989.4e12);
    EXPECT_DOUBLE_EQ(a.memoryBandwidthBytesPerSecond, 3.35e12);
    EXPECT_TRUE(a.warnings.empty());
}

TEST(Ceilings, AchievableUsesMeasuredRatesAndSaysWhereItDefaults) {
    // bf16 roof 794.5e12 (measured); bandwidth 0.85 · 3.35e12 = 2.8475e12 (default
    // fraction, warned); ridge 794.5e12 / 2.8475e12 = 279.0 FLOP/byte. Roofs without a
    // measurement (fp32 66.9e12) take 0.70 of the peak: 46.83e12, unless another precision
    // with the same spec peak was measured.
    Workload w;
    w.ceilings = Ceilings::Achievable;
    const Analysis a = analyze(scenario(measuredH100(), test::llama31_8b(), w));
    EXPECT_DOUBLE_EQ(a.peakFlopsPerSecond, 794.5e12);
    EXPECT_DOUBLE_EQ(a.memoryBandwidthBytesPerSecond, 3.35e12 * 0.85);
    EXPECT_NEAR(a.ridgePointFlopsPerByte, 279.02, 0.01);
    for (const Roof& r : a.roofs) {
        if (r.precision == Precision::Bf16) {
            EXPECT_DOUBLE_EQ(r.peakFlopsPerSecond, 794.5e12);
            EXPECT_TRUE(r.measured);
        }
        if (r.precision == Precision::Fp32) {
            EXPECT_DOUBLE_EQ(r.peakFlopsPerSecond, 66.9e12 * 0.70);
            EXPECT_FALSE(r.measured);
        }
        // fp16 has bf16's spec peak (989.4): the same tensor cores, the same measurement.
        // int8 shares fp8's 1,978.9 and takes its 1,402.6.
        if (r.precision == Precision::Fp16) {
            EXPECT_DOUBLE_EQ(r.peakFlopsPerSecond, 794.5e12);
            EXPECT_TRUE(r.measured);
        }
        if (r.precision == Precision::Int8) {
            EXPECT_DOUBLE_EQ(r.peakFlopsPerSecond, 1402.6e12);
        }
    }
    ASSERT_EQ(a.warnings.size(), 1u);
    EXPECT_EQ(a.warnings[0],
              "No measured memory bandwidth for NVIDIA H100 SXM5 80GB: achievable ceilings use "
              "85% of the peak bandwidth");
    // Decode at B = 1 is memory-bound: TPOT = its bytes / the achievable bandwidth.
    const Analysis peak = analyze(scenario(measuredH100(), test::llama31_8b()));
    EXPECT_NEAR(a.tpotSeconds, peak.tpotSeconds / 0.85, peak.tpotSeconds * 1e-3);
}

TEST(Ceilings, AchievableWithNoMeasurementAtAll) {
    Workload w;
    w.ceilings = Ceilings::Achievable;
    const Analysis a = analyze(scenario(test::a100Sxm80(), test::llama31_8b(), w));
    EXPECT_DOUBLE_EQ(a.peakFlopsPerSecond, 312e12 * 0.70);
    ASSERT_EQ(a.warnings.size(), 1u);
    EXPECT_EQ(a.warnings[0],
              "No measured bf16 matmul rate or memory bandwidth for NVIDIA A100 80GB SXM4: "
              "achievable ceilings use 70% of the peak FLOP/s and 85% of the peak bandwidth");
}

}  // namespace
}  // namespace roofline
