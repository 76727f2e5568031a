// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file format.h
/// The one number formatter every view uses: 3 significant figures, SI prefixes, the unit
/// always written, thousands separated. "989 TFLOP/s", "5.12 ms", "1,560 tok/s".

#include <string>
#include <string_view>

namespace roofline {

/// value with an SI prefix (p n µ m – k M G T P E) and the unit: formatSi(3.35e12, "B/s") ->
/// "3.35 TB/s", formatSi(0.00512, "s") -> "5.12 ms". Non-finite values print "–".
std::string formatSi(double value, std::string_view unit, int significantFigures = 3);

/// A plain number to `significantFigures` significant figures with thousands separators and
/// no prefix: formatNumber(1559.7) -> "1,560"; formatNumber(8.04) -> "8.04".
std::string formatNumber(double value, int significantFigures = 3);

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
