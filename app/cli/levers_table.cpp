// SPDX-License-Identifier: GPL-3.0-or-later
// The readable list of `roofline-cli levers`: one row per lever, its sentence below it.

#include "cli_internal.h"
#include "roofline/format.h"

namespace roofline::cli {

namespace {

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
    if (!a.hasDecode()) {
        // An encoder or a CNN: batch latency and images/s, no TTFT, TPOT or tokens.
        out << "Levers for " << s.hardware.name << " × " << s.model.name << " (batch "
            << formatInteger(w.batch) << " images)\n";
        out << "Base: latency " << formatDuration(a.primary().timeSeconds) << ", "
            << formatNumber(a.imagesPerSecond) << " images/s, "
            << (a.memoryAllDevices.fits ? "fits" : "does not fit") << "\n\n";
        out << pad("lever", 17) << pad("latency", 11) << pad("speedup", 9) << pad("images/s", 10)
            << pad("gain", 9) << pad("fits", 6) << "change\n";
        bool header = false;
        for (const LeverOutcome& lever : levers) {
            const std::string key(leverKey(lever.id));
            if (!lever.applicable) {
                if (!header) {
                    out << "\nNot applicable\n";
                    header = true;
                }
                out << pad(key, 17) << lever.reason << '\n';
                continue;
            }
            const Analysis& n = lever.analysis;
            out << pad(key, 17) << pad(formatDuration(n.primary().timeSeconds), 11)
                << pad("×" + formatNumber(lever.speedupPass), 9)
                << pad(formatNumber(n.imagesPerSecond), 10)
                << pad("×" + formatNumber(lever.throughputGain), 9)
                << pad(lever.fits ? "yes" : "no", 6) << changesText(lever.changes) << '\n';
            out << "                 " << lever.explanation << '\n';
        }
        return;
    }
    out << "Levers for " << s.hardware.name << " × " << s.model.name << " (batch "
        << formatInteger(w.batch) << ", prompt " << formatInteger(w.promptTokens) << ", context "
        << formatInteger(w.contextTokens) << ")\n";
    out << "Base: TTFT " << formatDuration(a.ttftSeconds) << ", TPOT "
        << formatDuration(a.tpotSeconds) << ", " << formatNumber(a.decodeTokensPerSecond)
        << " tok/s, " << (a.memoryAllDevices.fits ? "fits" : "does not fit") << "\n\n";
    out << pad("lever", 17) << pad("TPOT", 11) << pad("speedup", 9) << pad("TTFT", 11)
        << pad("speedup", 9) << pad("tok/s", 10) << pad("gain", 9) << pad("fits", 6) << "change\n";
    bool notApplicableHeader = false;
    for (const LeverOutcome& lever : levers) {
        const std::string key(leverKey(lever.id));
        if (!lever.applicable) {
            if (!notApplicableHeader) {
                out << "\nNot applicable\n";
                notApplicableHeader = true;
            }
            out << pad(key, 17) << lever.reason << '\n';
            continue;
        }
        const Analysis& n = lever.analysis;
        out << pad(key, 17) << pad(formatDuration(n.tpotSeconds), 11)
            << pad("×" + formatNumber(lever.speedupTpot), 9)
            << pad(formatDuration(n.ttftSeconds), 11)
            << pad("×" + formatNumber(lever.speedupTtft), 9)
            << pad(formatNumber(n.decodeTokensPerSecond), 10)
            << pad("×" + formatNumber(lever.throughputGain), 9) << pad(lever.fits ? "yes" : "no", 6)
            << changesText(lever.changes) << '\n';
        out << "                 " << lever.explanation << '\n';
    }
}

}  // namespace roofline::cli
