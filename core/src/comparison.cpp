// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/comparison.h"

#include <cmath>

#include "roofline/format.h"

namespace roofline {
namespace {

/// Ratios this close to 1 read "1.00×", neither faster nor slower.
constexpr double kSameWithin = 0.005;

}  // namespace

std::optional<double> ratio(double numerator, double denominator) {
    if (!(std::isfinite(numerator) && std::isfinite(denominator) && numerator > 0.0 &&
          denominator > 0.0)) {
        return std::nullopt;
    }
    const double r = numerator / denominator;
    return std::isfinite(r) ? std::optional<double>(r) : std::nullopt;
}

Comparison compare(const Analysis& baseline, const Analysis& current) {
    Comparison c;
    c.prefillSpeedup = ratio(baseline.ttftSeconds, current.ttftSeconds);
    c.decodeSpeedup = ratio(baseline.tpotSeconds, current.tpotSeconds);
    c.tokensRatio = ratio(current.decodeTokensPerSecond, baseline.decodeTokensPerSecond);
    c.memoryRatio = ratio(current.memory.totalBytes, baseline.memory.totalBytes);
    if (baseline.passes.size() >= 2 && current.passes.size() >= 2) {
        c.prefillBoundChanged = baseline.prefill().bound != current.prefill().bound;
        c.decodeBoundChanged = baseline.decode().bound != current.decode().bound;
    }
    return c;
}

std::string speedupText(std::optional<double> speedup) {
    if (!speedup) {
        return "–";
    }
    const double s = *speedup;
    if (std::abs(s - 1.0) < kSameWithin) {
        return "1.00×";
    }
    if (s > 1.0) {
        return formatNumber(s) + "× faster";
    }
    return formatNumber(1.0 / s) + "× slower";
}

std::string speedupText(std::string_view phase, std::optional<double> speedup) {
    return std::string(phase) + " " + speedupText(speedup);
}

ArrowEnds primaryArrow(const Analysis& baseline, const Analysis& current) {
    if (baseline.passes.empty() || current.passes.empty() ||
        baseline.primary().kind != current.primary().kind) {
        return {};
    }
    return {&baseline.primary(), &current.primary()};
}

ArrowEnds decodeArrow(const Analysis& baseline, const Analysis& current) {
    if (!baseline.hasDecode() || !current.hasDecode()) {
        return {};
    }
    const auto step = [](const Analysis& a) {
        const PassCost* verify = a.pass(PassKind::Verify);
        return verify != nullptr ? verify : &a.decode();
    };
    return {step(baseline), step(current)};
}

std::string arrowLabel(const Analysis& baseline, const Analysis& current, const ArrowEnds& ends) {
    if (ends.from == nullptr || ends.to == nullptr) {
        return {};
    }
    const PassKind kind = ends.to->kind;
    std::string text(toString(kind));
    // What the point shows: its y, FLOP/s on one device. With another device count the
    // step can get faster while each device does less: "per device" says which.
    text.append(" ")
        .append(ratioText(
            ratio(ends.to->attainableFlopsPerSecond, ends.from->attainableFlopsPerSecond)))
        .append(" FLOP/s");
    if (baseline.devices != current.devices) {
        text.append(" per device");
    }
    const Comparison c = compare(baseline, current);
    if (kind == PassKind::Decode || kind == PassKind::Verify) {
        text.append(", ")
            .append(ratioText(c.tokensRatio))
            .append(kind == PassKind::Verify ? " effective tok/s" : " tok/s")
            .append(", TPOT ")
            .append(speedupText(c.decodeSpeedup));
    } else if (kind == PassKind::Prefill) {
        text.append(", TTFT ").append(speedupText(c.prefillSpeedup));
    } else {
        text.append(", ")
            .append(ratioText(ratio(current.imagesPerSecond, baseline.imagesPerSecond)))
            .append(" images/s, pass ")
            .append(speedupText(ratio(ends.from->timeSeconds, ends.to->timeSeconds)));
    }
    return text;
}

std::string ratioText(std::optional<double> r) {
    return r ? "×" + formatNumber(*r) : std::string("–");
}

}  // namespace roofline
