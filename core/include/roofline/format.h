// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file format.h
/// The one number formatter every view uses: 3 significant figures, SI prefixes, the unit
/// always written, thousands separated. "989 TFLOP/s", "5.12 ms", "1,560 tok/s".
///
/// Every function here writes its digits with std::to_chars, so the C locale never shows: a Qt
/// application adopts the user's locale (setlocale(LC_ALL, "")), under which printf would
/// write "7,47". Thousands are always separated by ',' and decimals by '.', whatever the
/// locale: the project's choice, so that the window, the CLI and the files read alike.

#include <cstddef>
#include <string>
#include <string_view>

namespace roofline {

/// Room that writeGeneral and writeInteger need at `out`.
inline constexpr std::size_t kMaxNumberChars = 32;

/// Writes `value` as printf("%.*g", significantFigures, value) does in the "C" locale
/// (figures clamped to 1 to 17): writeGeneral(out, 295.34328358, 10) -> "295.3432836", 8.89e14 ->
/// "8.89e+14", 0.5 -> "0.5". For data files (CSV). Needs kMaxNumberChars at `out`; returns
/// the end of what it wrote, with no terminating NUL.
char* writeGeneral(char* out, double value, int significantFigures);

/// Writes the integer without separators: writeInteger(out, -1234) -> "-1234". Needs
/// kMaxNumberChars at `out`; returns the end of what it wrote.
char* writeInteger(char* out, long long value);

/// The same as std::strings: generalText(0.004483695112, 10) -> "0.004483695112",
/// integerText(8192) -> "8192".
std::string generalText(double value, int significantFigures);
std::string integerText(long long value);

/// value with an SI prefix (p n µ m – k M G T P E) and the unit: formatSi(3.35e12, "B/s") ->
/// "3.35 TB/s", formatSi(0.00512, "s") -> "5.12 ms". Non-finite values print "–".
std::string formatSi(double value, std::string_view unit, int significantFigures = 3);

/// A plain number with thousands separators and no prefix: to `significantFigures`
/// significant figures below 10^significantFigures (formatNumber(8.04) -> "8.04",
/// formatNumber(295.343) -> "295"), rounded to a whole number above, every integer digit
/// kept (formatNumber(1559.7) -> "1,560", formatNumber(114516.3) -> "114,516").
std::string formatNumber(double value, int significantFigures = 3);

/// formatNumber as a sentence writes it: 3 significant figures without the trailing zeros of
/// a fraction (formatProseNumber(4.0) -> "4", formatProseNumber(0.7) -> "0.7",
/// formatProseNumber(98.2) -> "98.2", formatProseNumber(1559.7) -> "1,560"). The explanations
/// and the levers' sentences use it.
std::string formatProseNumber(double value);

/// An integer with thousands separators: formatInteger(8030261248) -> "8,030,261,248".
std::string formatInteger(long long value);

/// A parameter or token count with K/M/B/T suffixes, as the field writes them:
/// formatParameters(8.03e9) -> "8.03 B", formatParameters(671e9) -> "671 B".
std::string formatParameters(double count);

/// Seconds as s/ms/µs/ns: formatDuration(0.251) -> "251 ms".
std::string formatDuration(double seconds);

/// Bytes in decimal units (1 GB = 1e9 bytes): formatBytes(16.06e9) -> "16.1 GB".
std::string formatBytes(double bytes);

}  // namespace roofline
