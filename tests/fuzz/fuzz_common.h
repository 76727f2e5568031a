// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared checks for the libFuzzer targets: whatever a parser accepts must analyse to finite
// numbers, and whatever it rejects must say where and why.

#include <cmath>
#include <cstdlib>

#include "roofline/analysis.h"
#include "roofline/validate.h"

namespace roofline::fuzz {

inline void check(bool condition) {
    if (!condition) {
        std::abort();  // libFuzzer reports the input that got here
    }
}

inline void checkIssues(const std::vector<Issue>& issues) {
    for (const Issue& i : issues) {
        check(!i.expected.empty() && !i.found.empty());
        check(!i.message().empty());
    }
}

inline void checkFinite(const Analysis& a) {
    for (const PassCost& p : a.passes) {
        check(std::isfinite(p.flops) && std::isfinite(p.bytes()) && std::isfinite(p.timeSeconds) &&
              p.timeSeconds > 0.0);
        check(std::isfinite(p.attainableFlopsPerSecond));
        // On the roof or below it: the compute roof, or the memory slope alone where the
        // chip has no sourced compute peak (a memory-only preset).
        check(p.attainableFlopsPerSecond <= rooflineFlopsPerSecond(a, p.intensity()) * (1 + 1e-9) ||
              p.bytes() <= 0.0);
        check(!a.hasComputeRoof || p.attainableFlopsPerSecond <= a.peakFlopsPerSecond * (1 + 1e-9));
    }
    check(std::isfinite(a.tpotSeconds) && std::isfinite(a.ttftSeconds));
    check(std::isfinite(a.memory.totalBytes) &&
          std::isfinite(a.goldilocksContextTokens.value_or(0.0)));
}

}  // namespace roofline::fuzz
