// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 18's hardware additions in the engine: fp6 and its fallback (DOMAIN.md §4), the
// driver-visible capacity in memory accounting (DOMAIN.md §5), and a chip with no sourced
// compute peak (only the memory roof).

#include <cmath>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/explain.h"
#include "roofline/validate.h"
#include "test_models.h"

namespace roofline {
namespace {

using test::scenario;

// ---------------------------------------------------------------------------------------
// fp6

TEST(Fp6, IsSixBitsAndParses) {
    // 6 bits = 0.75 byte per element.
    EXPECT_EQ(bytesPerElement(Precision::Fp6), 0.75);
    EXPECT_EQ(toString(Precision::Fp6), "fp6");
    EXPECT_EQ(parsePrecision("fp6"), Precision::Fp6);
    EXPECT_TRUE(isStoragePrecision(Precision::Fp6));
    // Appended last: the older formats keep their indices (warnings carry them).
    EXPECT_EQ(index(Precision::Fp4), 7u);
    EXPECT_EQ(index(Precision::Fp6), 8u);
}

TEST(Fp6, WithoutAnFp6RoofItRunsOnFp8) {
    // DOMAIN.md §4: a chip lacking fp6 math runs it on the next wider roof it has: fp8 on an
    // H100 (1978.9 TFLOP/s), and the activations move in fp8 (1 byte), with a warning.
    Workload w;
    w.weightPrecision = Precision::Fp6;
    w.activationPrecision = Precision::Fp6;
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w));
    EXPECT_EQ(a.computePrecision, Precision::Fp8);
    EXPECT_DOUBLE_EQ(a.peakFlopsPerSecond, 1978.9e12);
    EXPECT_EQ(a.activationBytesPerElement, 1.0);
    ASSERT_FALSE(a.warnings.empty());
    EXPECT_EQ(a.warnings[0],
              "fp6 math requested, but NVIDIA H100 SXM5 80GB has no fp6 roof: "
              "using fp8, and its activation bytes");
    // A100 has no fp8 either: fp6 → fp8 → bf16 (312 TFLOP/s).
    EXPECT_EQ(computePrecisionFor(test::a100Sxm80(), Precision::Fp6), Precision::Bf16);
}

TEST(Fp6, Fp4FallsBackToFp6WhereTheChipHasIt) {
    // DOMAIN.md §4 order: fp4 → fp6 → fp8. A chip with fp6 (at 5000 TFLOP/s here) but no fp4
    // runs fp4 math on fp6, and its activations move at 0.75 byte.
    Hardware hw = test::b200();
    hw.peakFlopsPerSecond[index(Precision::Fp4)] = 0.0;
    hw.peakFlopsPerSecond[index(Precision::Fp6)] = 5000e12;
    EXPECT_EQ(computePrecisionFor(hw, Precision::Fp4), Precision::Fp6);
    Workload w;
    w.weightPrecision = Precision::Fp4;
    w.activationPrecision = Precision::Fp4;
    const Analysis a = analyze(scenario(hw, test::llama31_8b(), w));
    EXPECT_EQ(a.computePrecision, Precision::Fp6);
    EXPECT_DOUBLE_EQ(a.peakFlopsPerSecond, 5000e12);
    EXPECT_EQ(a.activationBytesPerElement, 0.75);
    // Without fp6 it is fp8 (the B200 of test_models.h has fp4; take it away): 4500.
    hw.peakFlopsPerSecond[index(Precision::Fp6)] = 0.0;
    EXPECT_EQ(computePrecisionFor(hw, Precision::Fp4), Precision::Fp8);
    // With both, fp4 runs on fp4 and fp6 on fp6.
    hw = test::b200();
    hw.peakFlopsPerSecond[index(Precision::Fp6)] = 4500e12;
    EXPECT_EQ(computePrecisionFor(hw, Precision::Fp4), Precision::Fp4);
    EXPECT_EQ(computePrecisionFor(hw, Precision::Fp6), Precision::Fp6);
}

TEST(Fp6, WeightBytesAreThreeQuartersOfFp8) {
    // The weight matrices are stored at 0.75 byte instead of 1: the matrix bytes scale by
    // 0.75 (the norms' vectors stay at the activation precision, bf16 in both runs).
    Workload w8;
    w8.weightPrecision = Precision::Fp8;
    Workload w6;
    w6.weightPrecision = Precision::Fp6;
    Workload w16;
    w16.weightPrecision = Precision::Bf16;
    const double b8 = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w8)).memory.weightBytes;
    const double b6 = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w6)).memory.weightBytes;
    const double b16 =
        analyze(scenario(test::h100Sxm(), test::llama31_8b(), w16)).memory.weightBytes;
    // bytes(w) = matrices·w + vectors·2, so (b8 − b6) = matrices·0.25 and (b16 − b8) =
    // matrices·1: the fp6 step is exactly a quarter of the bf16 → fp8 step.
    EXPECT_DOUBLE_EQ((b8 - b6) * 4.0, b16 - b8);
}

// ---------------------------------------------------------------------------------------
// Visible capacity (DOMAIN.md §5)

TEST(VisibleCapacity, MaxBatchAndFitsFollowTheVisibleCapacity) {
    // Llama-3.1-8B bf16 on an H100 whose driver shows 75 GiB of its 80 (an ECC-style
    // 1/16 reserve): 75 × 2^30 = 80,530,636,800 bytes; usable × 0.90 = 72,477,573,120.
    // Weights 16,060,522,496, fixed workspace 603,979,776, per sequence 268,823,040
    // (memory_test.cpp's DefaultScenarioHoldsAbout225Sequences): ⌊(72,477,573,120 −
    // 16,060,522,496 − 603,979,776) / 268,823,040⌋ = ⌊55,813,070,848 / 268,823,040⌋ =
    // ⌊207.62⌋ = 207 (225 with the nominal 80 GiB).
    Hardware hw = test::h100Sxm();
    hw.memoryCapacityVisibleBytes = 75.0 * 1024 * 1024 * 1024;
    EXPECT_EQ(hw.servingCapacityBytes(), 80'530'636'800.0);
    const Analysis a = analyze(scenario(hw, test::llama31_8b()));
    EXPECT_DOUBLE_EQ(a.memory.capacityBytes, 80'530'636'800.0);
    EXPECT_DOUBLE_EQ(a.memory.nominalCapacityBytes, 85'899'345'920.0);
    EXPECT_DOUBLE_EQ(a.memory.usableBytes, 72'477'573'120.0);
    EXPECT_EQ(a.memory.maxBatch, 207);
    Workload w;
    w.batch = 207;
    EXPECT_TRUE(analyze(scenario(hw, test::llama31_8b(), w)).memory.fits);
    w.batch = 208;
    const Analysis over = analyze(scenario(hw, test::llama31_8b(), w));
    EXPECT_FALSE(over.memory.fits);
    // 208 fits the nominal 80 GiB (225 do): only the visible figure says no.
    EXPECT_TRUE(analyze(scenario(test::h100Sxm(), test::llama31_8b(), w)).memory.fits);
    // Eight devices: both capacities are summed.
    w.batch = 1;
    w.tensorParallel = 8;
    const Analysis tp = analyze(scenario(hw, test::llama31_8b(), w));
    EXPECT_DOUBLE_EQ(tp.memoryAllDevices.capacityBytes, 8.0 * 80'530'636'800.0);
    EXPECT_DOUBLE_EQ(tp.memoryAllDevices.nominalCapacityBytes, 8.0 * 85'899'345'920.0);
}

TEST(VisibleCapacity, UnknownMeansTheNominalCapacity) {
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b()));
    EXPECT_EQ(a.memory.capacityBytes, a.memory.nominalCapacityBytes);
    EXPECT_EQ(test::h100Sxm().servingCapacityBytes(), 85'899'345'920.0);
}

TEST(VisibleCapacity, AboveTheNominalCapacityIsAnError) {
    Hardware hw = test::h100Sxm();
    hw.memoryCapacityVisibleBytes = 90e9;  // > 85,899,345,920
    const std::vector<Issue> issues = validate(hw);
    ASSERT_EQ(issues.size(), 1u) << describe(issues);
    EXPECT_EQ(issues[0].field, "memoryCapacityVisibleBytes");
}

// ---------------------------------------------------------------------------------------
// No sourced compute peak: only the memory roof

Hardware memoryOnly() {
    // Apple M4 Max's preset: 128 GiB at 0.546 TB/s, no sourced compute peak.
    Hardware hw;
    hw.id = "apple-m4-max";
    hw.name = "Apple M4 Max (40-core GPU)";
    hw.memoryBandwidthBytesPerSecond = 0.546e12;
    hw.memoryCapacityBytes = 128.0 * 1024 * 1024 * 1024;
    hw.scaleUpDomainDevices = 1;
    hw.computePeakUnsourced = true;
    return hw;
}

TEST(NoComputePeak, ValidatesOnlyWhenSaidSo) {
    Hardware hw = memoryOnly();
    EXPECT_TRUE(validate(hw).empty()) << describe(validate(hw));
    hw.computePeakUnsourced = false;  // no peak and no reason: still an error
    ASSERT_EQ(validate(hw).size(), 1u);
    EXPECT_EQ(validate(hw)[0].field, "peakFlopsPerSecond");
    hw = memoryOnly();
    hw.peakFlopsPerSecond[index(Precision::Bf16)] = 1e12;  // a peak and "unsourced": error
    ASSERT_EQ(validate(hw).size(), 1u);
    EXPECT_EQ(validate(hw)[0].field, "peakFlopsPerSecond");
    EXPECT_EQ(validate(hw)[0].expected, "no peak, as {computePeakUnsourced} says none is sourced");
}

TEST(NoComputePeak, OnlyTheMemoryRoofAndNoDivisionByZero) {
    // Llama-3.1-8B bf16, B = 1: nothing is compute-bound, each operator takes bytes / BW, so
    // the decode step takes exactly its bytes / 0.546e12 s (the sum of per-operator times).
    const Analysis a = analyze(scenario(memoryOnly(), test::llama31_8b()));
    EXPECT_FALSE(a.hasComputeRoof);
    EXPECT_EQ(a.peakFlopsPerSecond, 0.0);
    EXPECT_EQ(a.ridgePointFlopsPerByte, 0.0);
    EXPECT_TRUE(a.roofs.empty());
    EXPECT_FALSE(a.criticalBatch.has_value());
    EXPECT_FALSE(a.matmulCriticalBatch.has_value());
    for (const PassCost& p : a.passes) {
        EXPECT_TRUE(std::isfinite(p.timeSeconds));
        EXPECT_GT(p.timeSeconds, 0.0);
        EXPECT_EQ(p.computeTimeSeconds, 0.0);
        EXPECT_NEAR(p.timeSeconds, p.bytes() / 0.546e12, 1e-12 * p.timeSeconds);
        EXPECT_EQ(p.shares[Bound::Compute], 0.0);
    }
    EXPECT_TRUE(std::isfinite(a.decodeTokensPerSecond));
    // The roof at any intensity is the memory slope: I × BW, uncapped.
    EXPECT_DOUBLE_EQ(rooflineFlopsPerSecond(a, 100.0), 100.0 * 0.546e12);
    ASSERT_FALSE(a.warnings.empty());
    EXPECT_EQ(a.warnings[0],
              "No sourced compute peak for Apple M4 Max (40-core GPU): only the memory roof is "
              "drawn, compute time is not counted (times are lower bounds, nothing is "
              "compute-bound)");
}

TEST(NoComputePeak, TheExplanationNamesNoRidgeAndNoCriticalBatch) {
    // No "ridge of 0 FLOP/byte" and no "0% of the compute roof": there is none.
    const Scenario s = scenario(memoryOnly(), test::llama31_8b());
    const std::vector<std::string> sentences = explain(s, analyze(s));
    bool noRidge = false;
    bool noCritical = false;
    for (const std::string& line : sentences) {
        EXPECT_EQ(line.find("ridge of 0"), std::string::npos) << line;
        EXPECT_EQ(line.find("compute roof"), std::string::npos) << line;
        noRidge =
            noRidge || line.find("with no ridge (no sourced compute peak") != std::string::npos;
        noCritical = noCritical || line.find(
                                       "There is no critical batch: the chip has no sourced "
                                       "compute peak") != std::string::npos;
    }
    EXPECT_TRUE(noRidge);
    EXPECT_TRUE(noCritical);
}

TEST(NoComputePeak, ANarrowerRoofIsNeverUsedForWiderMath) {
    // DGX Spark's preset sources only fp4 (500 TFLOP/s dense): bf16 math gets no roof (not
    // the fp4 one, 4x too fast), with a warning naming bf16; fp4 math uses the fp4 roof.
    Hardware spark;
    spark.id = "dgx-spark-gb10";
    spark.name = "NVIDIA DGX Spark (GB10 Grace Blackwell superchip)";
    spark.peakFlopsPerSecond[index(Precision::Fp4)] = 500e12;
    spark.memoryBandwidthBytesPerSecond = 0.273e12;
    spark.memoryCapacityBytes = 128.0 * 1024 * 1024 * 1024;
    EXPECT_EQ(computePrecisionFor(spark, Precision::Bf16), Precision::Bf16);
    EXPECT_FALSE(spark.hasRoof(Precision::Bf16));
    const Analysis a = analyze(scenario(spark, test::llama31_8b()));
    EXPECT_FALSE(a.hasComputeRoof);
    ASSERT_FALSE(a.warnings.empty());
    EXPECT_EQ(a.warnings[0],
              "No sourced bf16 (or wider) compute peak for NVIDIA DGX Spark (GB10 Grace "
              "Blackwell superchip): only the memory roof is drawn, compute time is not "
              "counted (times are lower bounds, nothing is compute-bound)");
    ASSERT_EQ(a.roofs.size(), 1u);  // the fp4 roof is drawn, not in use
    EXPECT_FALSE(a.roofs[0].inUse);
    Workload w;
    w.weightPrecision = Precision::Fp4;
    w.activationPrecision = Precision::Fp4;
    const Analysis fp4 = analyze(scenario(spark, test::llama31_8b(), w));
    EXPECT_TRUE(fp4.hasComputeRoof);
    EXPECT_DOUBLE_EQ(fp4.peakFlopsPerSecond, 500e12);
}

}  // namespace
}  // namespace roofline
