// SPDX-License-Identifier: GPL-3.0-or-later
// The readable list of `roofline-cli levers`: one row per lever, its sentence below it.

#include "cli_internal.h"
#include "roofline/format.h"

namespace roofline::cli {

namespace {

std::string padded(const std::string& text, std::size_t width) {
    // Pads by code points, so "×" and "µ" count as one column each.
    std::size_t columns = 0;
    for (char ch : text) {
        columns += (static_cast<unsigned char>(ch) & 0xC0U) != 0x80U ? 1 : 0;
    }
    return columns >= width ? text + " " : text + std::string(width - columns, ' ');
}

std::string changesText(const std::vector<LeverChange>& changes) {
    std::string s;
    for (const LeverChange& c : changes) {
        if (!s.empty()) {
            s += ", ";
        }
        s += std::string(c.key) + " " + c.from + " → " + c.to;
    }
    return s;
}

}  // namespace

void printLeversTable(std::ostream& out, const Scenario& s, const Analysis& a,
                      const std::vector<LeverOutcome>& levers) {
    const Workload& w = s.workload;
    out << "Levers for " << s.hardware.name << " × " << s.model.name << " (batch "
        << formatInteger(w.batch) << ", prompt " << formatInteger(w.promptTokens)
        << ", context " << formatInteger(w.contextTokens) << ")\n";
    out << "Base: TTFT " << formatDuration(a.ttftSeconds) << ", TPOT "
        << formatDuration(a.tpotSeconds) << ", " << formatNumber(a.decodeTokensPerSecond)
        << " tok/s, " << (a.memoryAllDevices.fits ? "fits" : "does not fit") << "\n\n";
    out << padded("lever", 17) << padded("TPOT", 11) << padded("speedup", 9)
        << padded("TTFT", 11) << padded("speedup", 9) << padded("tok/s", 10)
        << padded("gain", 9) << padded("fits", 6) << "change\n";
    bool notApplicableHeader = false;
    for (const LeverOutcome& lever : levers) {
        const std::string key(leverKey(lever.id));
        if (!lever.applicable) {
            if (!notApplicableHeader) {
                out << "\nNot applicable\n";
                notApplicableHeader = true;
            }
            out << padded(key, 17) << lever.reason << '\n';
            continue;
        }
        const Analysis& n = lever.analysis;
        out << padded(key, 17) << padded(formatDuration(n.tpotSeconds), 11)
            << padded("×" + formatNumber(lever.speedupTpot), 9)
            << padded(formatDuration(n.ttftSeconds), 11)
            << padded("×" + formatNumber(lever.speedupTtft), 9)
            << padded(formatNumber(n.decodeTokensPerSecond), 10)
            << padded("×" + formatNumber(lever.throughputGain), 9)
            << padded(lever.fits ? "yes" : "no", 6) << changesText(lever.changes) << '\n';
        out << "                 " << lever.explanation << '\n';
    }
}

}  // namespace roofline::cli
