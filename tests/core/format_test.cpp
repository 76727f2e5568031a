// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/format.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "comma_locale.h"

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

// The explanations' and levers' numbers: formatNumber's 3 significant figures, then the
// trailing zeros of a fraction go, and the point with them; an integer keeps its zeros.
TEST(FormatProseNumber, DropsTheTrailingZerosOfAFraction) {
    EXPECT_EQ(formatProseNumber(4.0), "4");         // "4.00"
    EXPECT_EQ(formatProseNumber(0.7), "0.7");       // "0.700"
    EXPECT_EQ(formatProseNumber(0.357), "0.357");   // nothing to drop
    EXPECT_EQ(formatProseNumber(98.2), "98.2");     // "98.2"
    EXPECT_EQ(formatProseNumber(1.5), "1.5");       // "1.50"
    EXPECT_EQ(formatProseNumber(1559.7), "1,560");  // no point: the zero stays
    EXPECT_EQ(formatProseNumber(100.0), "100");     // no point: both zeros stay
    EXPECT_EQ(formatProseNumber(0.0), "0");
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

// printf("%.*g") in the C locale, which the test starts in: what writeGeneral must match.
std::string printfGeneral(double value, int figures) {
    std::array<char, 64> buffer{};
    std::snprintf(buffer.data(), buffer.size(), "%.*g", figures, value);
    return buffer.data();
}

TEST(WriteGeneral, IsPrintfsPercentGInTheCLocale) {
    EXPECT_EQ(generalText(295.34328358208955, 10), "295.3432836");
    EXPECT_EQ(generalText(8.894150698e14, 10), "8.894150698e+14");
    EXPECT_EQ(generalText(0.004483695112, 10), "0.004483695112");
    EXPECT_EQ(generalText(393216.0, 10), "393216");
    EXPECT_EQ(generalText(0.5, 10), "0.5");
    EXPECT_EQ(generalText(1e-5, 10), "1e-05");
    EXPECT_EQ(generalText(-2.5, 6), "-2.5");
    EXPECT_EQ(generalText(0.0, 10), "0");
    EXPECT_EQ(generalText(1e300, 6), "1e+300");
    EXPECT_EQ(integerText(8192), "8192");
    EXPECT_EQ(integerText(-1234), "-1234");
    EXPECT_EQ(integerText(std::numeric_limits<long long>::min()), "-9223372036854775808");

    // Ordinary values, near-ties and powers of ten, at every precision the CSV, validate()
    // and a caller might use.
    std::mt19937_64 random(20261130);
    std::vector<double> values = {1.0,    9.9999999995, 9.99999999949,         0.00001234567895,
                                  1e15,   1e16,         123456789012.0,        0.1,
                                  1e-300, 5e-324,       1.7976931348623157e308};
    std::uniform_real_distribution<double> exponent(-30.0, 30.0);
    std::uniform_int_distribution<std::int64_t> tenDigits(1'000'000'000, 9'999'999'999);
    std::uniform_int_distribution<int> shift(0, 22);
    for (int i = 0; i < 20000; ++i) {
        // Halfway between two 10-figure numbers, and the doubles either side of it: where a
        // shortcut through a rounded scaling would round the wrong way.
        const double tie =
            (static_cast<double>(tenDigits(random)) + 0.5) / std::pow(10.0, shift(random));
        values.push_back(tie);
        values.push_back(std::nextafter(tie, 0.0));
        values.push_back(std::nextafter(tie, 1e300));
        values.push_back(std::pow(10.0, exponent(random)));
        values.push_back(-std::round(std::pow(10.0, exponent(random) / 2.0)));
        std::uint64_t bits = random();
        double any = 0.0;
        std::memcpy(&any, &bits, sizeof any);
        if (std::isfinite(any)) {
            values.push_back(any);
        }
    }
    for (double v : values) {
        for (int figures : {1, 2, 3, 6, 10, 11, 15, 16, 17}) {
            std::array<char, kMaxNumberChars> buffer{};
            char* end = writeGeneral(buffer.data(), v, figures);
            ASSERT_EQ(std::string(buffer.data(), end), printfGeneral(v, figures))
                << "%." << figures << "g of " << printfGeneral(v, 17);
        }
    }
}

TEST(FormatLocale, ACommaDecimalCLocaleChangesNothing) {
    // A Qt application adopts the user's C locale; snprintf would then write "7,47".
    test::CommaDecimalLocale locale;
    ASSERT_TRUE(locale.active()) << test::kCommaLocaleMissing;
    EXPECT_EQ(printfGeneral(7.47, 3), "7,47") << "the locale is set, printf follows it";

    EXPECT_EQ(formatSi(3.35e12, "B/s"), "3.35 TB/s");
    EXPECT_EQ(formatSi(0.00512, "s"), "5.12 ms");
    EXPECT_EQ(formatSi(8.5e-6, "s"), "8.50 µs");
    EXPECT_EQ(formatSi(-2.5e3, "B"), "-2.50 kB");
    EXPECT_EQ(formatSi(999.96e9, "B"), "1.00 TB");
    EXPECT_EQ(formatSi(1.23e22, "FLOP"), "12,300 EFLOP");
    EXPECT_EQ(formatNumber(7.4712), "7.47");
    EXPECT_EQ(formatNumber(1559.7), "1,560");
    EXPECT_EQ(formatNumber(0.5), "0.500");
    EXPECT_EQ(formatNumber(114516.3), "114,516");
    EXPECT_EQ(formatInteger(8030261248), "8,030,261,248");
    EXPECT_EQ(formatDuration(4.5638e-3), "4.56 ms");
    EXPECT_EQ(formatDuration(2.62), "2.62 s");
    EXPECT_EQ(formatDuration(12345.0), "12,345 s");
    EXPECT_EQ(formatParameters(8.030261248e9), "8.03 B");
    EXPECT_EQ(formatBytes(16.06e9), "16.1 GB");
    EXPECT_EQ(generalText(295.34328358208955, 10), "295.3432836");
    EXPECT_EQ(generalText(8.894150698e14, 10), "8.894150698e+14");
    EXPECT_EQ(integerText(1234567), "1234567");
}

}  // namespace
}  // namespace roofline
