// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/format.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace roofline {

// Every number here goes through std::to_chars, which ignores the C locale: a Qt
// application adopts the user's (setlocale(LC_ALL, "")), and snprintf would then write
// "7,47" under de_DE. The separators are the project's own choice, ',' and '.'.

char* writeGeneral(char* out, double value, int significantFigures) {
    // More than 17 figures could overrun kMaxNumberChars and add nothing to a double.
    return std::to_chars(out, out + kMaxNumberChars, value, std::chars_format::general,
                         std::clamp(significantFigures, 1, 17))
        .ptr;
}

char* writeInteger(char* out, long long value) {
    return std::to_chars(out, out + kMaxNumberChars, value).ptr;
}

std::string generalText(double value, int significantFigures) {
    std::array<char, kMaxNumberChars> buffer{};
    return {buffer.data(), writeGeneral(buffer.data(), value, significantFigures)};
}

std::string integerText(long long value) {
    std::array<char, kMaxNumberChars> buffer{};
    return {buffer.data(), writeInteger(buffer.data(), value)};
}

namespace {

// printf("%.*f", decimals, value) in the "C" locale, whatever the locale.
std::string fixedText(double value, int decimals) {
    // 309 integer digits at most (DBL_MAX), a sign, a point and the decimals.
    std::array<char, 400> buffer{};
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value,
                                      std::chars_format::fixed, decimals);
    return {buffer.data(), result.ptr};
}

// Rounds to `sig` significant figures and prints without exponent, e.g. 989.4 -> "989",
// 3.3498 -> "3.35", 0.5 -> "0.500". Returns the digits after the decimal point used.
std::string fixedSignificant(double value, int sig) {
    if (value == 0.0) {
        return "0";
    }
    const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
    int decimals = sig - 1 - magnitude;
    // Rounding can carry into a new digit (999.7 -> 1000): recompute with the rounded value.
    const double scale = std::pow(10.0, decimals);
    const double rounded = std::round(value * scale) / scale;
    if (rounded != 0.0 &&
        static_cast<int>(std::floor(std::log10(std::fabs(rounded)))) != magnitude) {
        decimals -= 1;
    }
    if (decimals < 0) {
        decimals = 0;
    }
    return fixedText(rounded, decimals);
}

// Inserts thousands separators into the integer part of a plain decimal string.
std::string groupThousands(const std::string& text) {
    std::size_t start = (!text.empty() && text[0] == '-') ? 1 : 0;
    std::size_t end = text.find('.');
    if (end == std::string::npos) {
        end = text.size();
    }
    std::string out = text.substr(0, start);
    const std::size_t digits = end - start;
    for (std::size_t i = 0; i < digits; ++i) {
        if (i > 0 && (digits - i) % 3 == 0) {
            out += ',';
        }
        out += text[start + i];
    }
    out += text.substr(end);
    return out;
}

}  // namespace

std::string formatNumber(double value, int significantFigures) {
    if (!std::isfinite(value)) {
        return "–";
    }
    if (std::fabs(value) >= std::pow(10.0, significantFigures)) {
        // Large plain numbers keep every integer digit: 1,559.7 -> "1,560".
        return groupThousands(fixedText(value, 0));
    }
    return groupThousands(fixedSignificant(value, significantFigures));
}

std::string formatInteger(long long value) { return groupThousands(integerText(value)); }

std::string formatSi(double value, std::string_view unit, int significantFigures) {
    if (!std::isfinite(value)) {
        return "–";
    }
    struct Prefix {
        double scale;
        const char* symbol;
    };
    static constexpr std::array<Prefix, 13> kPrefixes = {{
        {1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"},
        {1.0, ""}, {1e-3, "m"}, {1e-6, "µ"}, {1e-9, "n"}, {1e-12, "p"}, {1e-15, "f"},
        {1e-18, "a"},
    }};
    const double magnitude = std::fabs(value);
    const Prefix* chosen = &kPrefixes[6];
    if (magnitude > 0.0) {
        for (const Prefix& prefix : kPrefixes) {
            // Compare with the rounded value so 999.96e9 becomes "1.00 T", not "1000 G".
            const double scaled = magnitude / prefix.scale;
            const double limit = 1.0 - 0.5 * std::pow(10.0, -significantFigures);
            if (scaled >= limit) {
                chosen = &prefix;
                break;
            }
            chosen = &prefix;
        }
    }
    std::string digits = fixedSignificant(value / chosen->scale, significantFigures);
    if (std::fabs(value / chosen->scale) >= 1000.0) {
        digits = groupThousands(digits);  // beyond exa: 12,300 EFLOP
    }
    std::string out = digits;
    out += ' ';
    out += chosen->symbol;
    out += unit;
    return out;
}

std::string formatDuration(double seconds) {
    if (std::isfinite(seconds) && std::fabs(seconds) >= 1000.0) {
        return formatNumber(seconds) + " s";
    }
    if (std::isfinite(seconds) && std::fabs(seconds) >= 1.0) {
        return fixedSignificant(seconds, 3) + " s";
    }
    return formatSi(seconds, "s");
}

std::string formatParameters(double count) {
    if (!std::isfinite(count)) {
        return "–";
    }
    struct Suffix {
        double scale;
        const char* symbol;
    };
    static constexpr std::array<Suffix, 4> kSuffixes = {
        {{1e12, " T"}, {1e9, " B"}, {1e6, " M"}, {1e3, " K"}}};
    for (const Suffix& s : kSuffixes) {
        if (std::fabs(count) >= s.scale * 0.9995) {
            return fixedSignificant(count / s.scale, 3) + s.symbol;
        }
    }
    return formatNumber(count);
}

std::string formatBytes(double bytes) { return formatSi(bytes, "B"); }

}  // namespace roofline
