// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/comparison.h"

#include <limits>

#include <gtest/gtest.h>

namespace roofline {
namespace {

Analysis timed(double ttft, double tpot, double tokens, double memory) {
    Analysis a;
    a.passes.emplace_back();
    a.passes.emplace_back();
    a.ttftSeconds = ttft;
    a.tpotSeconds = tpot;
    a.decodeTokensPerSecond = tokens;
    a.memory.totalBytes = memory;
    return a;
}

TEST(Comparison, SpeedupsAreBaselineTimeOverCurrentTime) {
    const Analysis base = timed(0.250, 0.0072, 139.0, 20e9);
    const Analysis now = timed(0.250, 0.0020, 500.0, 10e9);
    const Comparison c = compare(base, now);
    ASSERT_TRUE(c.prefillSpeedup && c.decodeSpeedup && c.tokensRatio && c.memoryRatio);
    EXPECT_DOUBLE_EQ(*c.prefillSpeedup, 1.0);
    EXPECT_DOUBLE_EQ(*c.decodeSpeedup, 3.6);
    EXPECT_DOUBLE_EQ(*c.tokensRatio, 500.0 / 139.0);
    EXPECT_DOUBLE_EQ(*c.memoryRatio, 0.5);
    EXPECT_FALSE(c.decodeBoundChanged);
}

TEST(Comparison, BoundChangesAreNoticed) {
    Analysis base = timed(1, 1, 1, 1);
    Analysis now = base;
    now.passes[1].bound = Bound::Compute;
    EXPECT_TRUE(compare(base, now).decodeBoundChanged);
    EXPECT_FALSE(compare(base, now).prefillBoundChanged);
}

TEST(Comparison, NoRatioWithoutTwoPositiveFiniteTimes) {
    EXPECT_FALSE(ratio(1.0, 0.0));
    EXPECT_FALSE(ratio(0.0, 1.0));
    EXPECT_FALSE(ratio(std::numeric_limits<double>::infinity(), 1.0));
    EXPECT_FALSE(ratio(std::numeric_limits<double>::quiet_NaN(), 1.0));
    EXPECT_FALSE(ratio(-1.0, 1.0));
    EXPECT_FALSE(compare(Analysis{}, Analysis{}).decodeSpeedup);
}

TEST(Comparison, ArrowLabelsSayFasterSlowerOrSame) {
    EXPECT_EQ(speedupText("decode", 3.6), "decode 3.60× faster");
    EXPECT_EQ(speedupText("prefill", 0.5), "prefill 2.00× slower");
    EXPECT_EQ(speedupText("prefill", 1.0), "prefill 1.00×");
    EXPECT_EQ(speedupText("prefill", 1.004), "prefill 1.00×");
    EXPECT_EQ(speedupText("decode", std::nullopt), "decode –");
    EXPECT_EQ(speedupText("decode", 1234.0), "decode 1,234× faster");
}

TEST(Comparison, SpeedupWithoutThePhase) {
    EXPECT_EQ(speedupText(3.6), "3.60× faster");
    EXPECT_EQ(speedupText(0.25), "4.00× slower");
    EXPECT_EQ(speedupText(std::nullopt), "–");
}

TEST(Comparison, RatioTextUsesTheSharedFormatter) {
    EXPECT_EQ(ratioText(3.6), "×3.60");
    EXPECT_EQ(ratioText(0.5), "×0.500");
    EXPECT_EQ(ratioText(std::nullopt), "–");
}

}  // namespace
}  // namespace roofline
