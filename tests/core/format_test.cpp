// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "roofline/format.h"

namespace roofline {
namespace {

TEST(FormatSi, ThreeSignificantFiguresWithPrefixAndUnit) {
    EXPECT_EQ(formatSi(989.4e12, "FLOP/s"), "989 TFLOP/s");
    EXPECT_EQ(formatSi(1978.9e12, "FLOP/s"), "1.98 PFLOP/s");
    EXPECT_EQ(formatSi(3.35e12, "B/s"), "3.35 TB/s");
    EXPECT_EQ(formatSi(450e9, "B/s"), "450 GB/s");
    EXPECT_EQ(formatSi(0.00512, "s"), "5.12 ms");
    EXPECT_EQ(formatSi(8.5e-6, "s"), "8.50 µs");
    EXPECT_EQ(formatSi(1.0, "B"), "1.00 B");
    EXPECT_EQ(formatSi(0.0, "s"), "0 s");
    EXPECT_EQ(formatSi(-2.5e3, "B"), "-2.50 kB");
}

TEST(FormatSi, RoundingCarriesIntoTheNextPrefix) {
    // 999.96 GB rounds to 1000 GB at 3 figures: written 1.00 TB, never "1000 GB".
    EXPECT_EQ(formatSi(999.96e9, "B"), "1.00 TB");
    EXPECT_EQ(formatSi(999.4e9, "B"), "999 GB");
    EXPECT_EQ(formatSi(99.96, "s"), "100 s");
}

TEST(FormatSi, NonFiniteIsADash) {
    EXPECT_EQ(formatSi(std::numeric_limits<double>::quiet_NaN(), "s"), "–");
    EXPECT_EQ(formatSi(std::numeric_limits<double>::infinity(), "s"), "–");
    EXPECT_EQ(formatNumber(std::numeric_limits<double>::quiet_NaN()), "–");
}

TEST(FormatNumber, ThousandsSeparatorsAndSignificantFigures) {
    EXPECT_EQ(formatNumber(1559.7), "1,560");
    EXPECT_EQ(formatNumber(8.04), "8.04");
    EXPECT_EQ(formatNumber(295.343), "295");
    EXPECT_EQ(formatNumber(0.5), "0.500");
    EXPECT_EQ(formatNumber(114516.3), "114,516");
    EXPECT_EQ(formatNumber(0.0), "0");
    EXPECT_EQ(formatInteger(8030261248), "8,030,261,248");
    EXPECT_EQ(formatInteger(-1234), "-1,234");
    EXPECT_EQ(formatInteger(12), "12");
}

TEST(FormatDuration, PicksTheUnit) {
    EXPECT_EQ(formatDuration(0.251), "251 ms");
    EXPECT_EQ(formatDuration(4.5638e-3), "4.56 ms");
    EXPECT_EQ(formatDuration(2.62), "2.62 s");
    EXPECT_EQ(formatDuration(12345.0), "12,345 s");
}

TEST(FormatParameters, UsesTheFieldsSuffixes) {
    EXPECT_EQ(formatParameters(8.030261248e9), "8.03 B");
    EXPECT_EQ(formatParameters(671.026e9), "671 B");
    EXPECT_EQ(formatParameters(1.2e12), "1.20 T");
    EXPECT_EQ(formatParameters(512e6), "512 M");
    EXPECT_EQ(formatParameters(42.0), "42.0");
}

TEST(FormatBytes, DecimalUnits) {
    EXPECT_EQ(formatBytes(16.06e9), "16.1 GB");
    EXPECT_EQ(formatBytes(131072.0), "131 kB");
}

}  // namespace
}  // namespace roofline
