// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/format.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace roofline {

// Every number here goes through std::to_chars, which ignores the C locale: a Qt
// application adopts the user's (setlocale(LC_ALL, "")), and snprintf would then write
// "7,47" under de_DE. The separators are the project's own choice, ',' and '.'.

namespace {

constexpr std::array<double, 23> kPowersOfTen = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};  // all exact

// printf("%.*g", figures, value) for nearly every finite non-zero value and 1 to 15 figures,
// at about a third of std::to_chars' cost (which takes the arbitrary-precision path for any
// precision; a CSV sweep writes 60,000 numbers). Scales |value| by an exact power of ten, one
// correctly rounded operation, into [10^(figures-1), 10^figures) and rounds to an integer.
// Returns nullptr where that rounding could differ from rounding the exact value (within
// the scaling error of a tie), or where the power is not exact (beyond 10^±22 of the
// digits), and the caller uses std::to_chars.
char* fastGeneral(char* out, double value, int figures) {
    if (figures > 15 || !std::isfinite(value) || value == 0.0) {
        return nullptr;
    }
    const double magnitude = std::fabs(value);
    // floor(log10(magnitude)) is this estimate or one more, as 2^(binary-1) <= magnitude <
    // 2^binary and log10(2) ~ 1233 / 4096; the loop corrects it.
    const int binary =
        static_cast<int>((std::bit_cast<std::uint64_t>(magnitude) >> 52U) & 0x7ffU) - 1022;
    int exponent = ((binary - 1) * 1233) >> 12;
    const double lowest = kPowersOfTen[static_cast<std::size_t>(figures - 1)];
    const double limit = kPowersOfTen[static_cast<std::size_t>(figures)];
    double scaled = 0.0;
    for (int attempt = 0;; ++attempt) {
        const int k = figures - 1 - exponent;
        if (k > 22 || k < -22) {
            return nullptr;
        }
        scaled = k >= 0 ? magnitude * kPowersOfTen[static_cast<std::size_t>(k)]
                        : magnitude / kPowersOfTen[static_cast<std::size_t>(-k)];
        if (scaled >= lowest && scaled < limit) {
            break;
        }
        if (attempt == 1) {
            return nullptr;
        }
        exponent += scaled < lowest ? -1 : 1;
    }
    // |scaled - exact| <= ulp(scaled) / 2 <= limit * 2^-53: decide only clear of a tie by
    // twice that, so the exact value rounds the same way.
    const double whole = std::floor(scaled);
    if (std::fabs(scaled - whole - 0.5) <= limit * 0x1p-52) {
        return nullptr;
    }
    auto digits = static_cast<std::uint64_t>(scaled - whole > 0.5 ? whole + 1.0 : whole);
    if (static_cast<double>(digits) >= limit) {  // 9.9996 to 4 figures is 10.00
        digits /= 10;
        exponent += 1;
    }
    std::array<char, 16> d{};
    std::to_chars(d.data(), d.data() + d.size(), digits);
    const char* first = d.data();
    const char* last = first + figures;  // %g drops trailing zeros
    while (last - first > 1 && last[-1] == '0') {
        --last;
    }
    if (value < 0) {
        *out++ = '-';
    }
    if (exponent < -4 || exponent >= figures) {  // 8.894150698e+14, 1e-05
        *out++ = *first;
        if (last - first > 1) {
            *out++ = '.';
            out = std::copy(first + 1, last, out);
        }
        *out++ = 'e';
        *out++ = exponent < 0 ? '-' : '+';
        const int e = std::abs(exponent);
        if (e < 10) {
            *out++ = '0';
        }
        return std::to_chars(out, out + 3, e).ptr;
    }
    if (exponent >= 0) {  // 295.3432836, 393216
        const char* point = first + exponent + 1;
        out = std::copy(first, point, out);
        if (last > point) {
            *out++ = '.';
            out = std::copy(point, last, out);
        }
        return out;
    }
    *out++ = '0';  // 0.004483695112
    *out++ = '.';
    out = std::fill_n(out, -exponent - 1, '0');
    return std::copy(first, last, out);
}

}  // namespace

char* writeGeneral(char* out, double value, int significantFigures) {
    // More than 17 figures could overrun kMaxNumberChars and add nothing to a double.
    const int figures = std::clamp(significantFigures, 1, 17);
    if (char* end = fastGeneral(out, value, figures)) {
        return end;
    }
    return std::to_chars(out, out + kMaxNumberChars, value, std::chars_format::general, figures)
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

std::string formatProseNumber(double value) {
    std::string s = formatNumber(value);
    if (s.find('.') != std::string::npos) {
        while (!s.empty() && s.back() == '0') {
            s.pop_back();
        }
        if (!s.empty() && s.back() == '.') {
            s.pop_back();
        }
    }
    return s;
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
        {1e18, "E"},
        {1e15, "P"},
        {1e12, "T"},
        {1e9, "G"},
        {1e6, "M"},
        {1e3, "k"},
        {1.0, ""},
        {1e-3, "m"},
        {1e-6, "µ"},
        {1e-9, "n"},
        {1e-12, "p"},
        {1e-15, "f"},
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
