// SPDX-License-Identifier: GPL-3.0-or-later
#include "slider_mapping.h"

#include <algorithm>
#include <cmath>

namespace roofline::ui {

SliderMapping::SliderMapping() : m_values{1} {}

SliderMapping::SliderMapping(std::vector<std::int64_t> values, Scale scale, bool logSpaced)
    : m_values(std::move(values)), m_scale(scale), m_logSpaced(logSpaced) {
    if (m_values.empty()) {
        m_values.push_back(1);
    }
}

SliderMapping SliderMapping::logarithmic(std::int64_t minimum, std::int64_t maximum, int ticks) {
    minimum = std::max<std::int64_t>(minimum, 1);
    maximum = std::max(maximum, minimum);
    ticks = minimum == maximum ? 1 : std::max(ticks, 2);
    std::vector<std::int64_t> values;
    values.reserve(static_cast<std::size_t>(ticks));
    const double logMin = std::log(static_cast<double>(minimum));
    const double logSpan = std::log(static_cast<double>(maximum)) - logMin;
    for (int i = 0; i < ticks; ++i) {
        const double t = ticks > 1 ? static_cast<double>(i) / static_cast<double>(ticks - 1) : 0.0;
        values.push_back(std::clamp<std::int64_t>(std::llround(std::exp(logMin + t * logSpan)),
                                                  minimum, maximum));
    }
    values.front() = minimum;  // exact ends, whatever exp() rounds to
    values.back() = maximum;
    return SliderMapping(std::move(values), Scale::Logarithmic, true);
}

SliderMapping SliderMapping::steps(std::vector<std::int64_t> values, Scale scale) {
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return SliderMapping(std::move(values), scale, false);
}

std::int64_t SliderMapping::valueAt(int tick) const {
    const int clamped = std::clamp(tick, 0, maximumTick());
    return m_values[static_cast<std::size_t>(clamped)];
}

int SliderMapping::tickFor(std::int64_t value) const {
    if (value <= minimum()) {
        return 0;
    }
    if (value >= maximum()) {
        return maximumTick();
    }
    if (m_logSpaced) {
        const double logMin = std::log(static_cast<double>(minimum()));
        const double span = std::log(static_cast<double>(maximum())) - logMin;
        const double position = (std::log(static_cast<double>(value)) - logMin) / span;
        const int tick =
            std::clamp(static_cast<int>(std::lround(position * static_cast<double>(maximumTick()))),
                       0, maximumTick());
        // Rounding can leave the exact position one tick off a run of ticks holding `value`.
        const auto [first, last] = std::equal_range(m_values.begin(), m_values.end(), value);
        if (first == last) {
            return tick;
        }
        const int lo = static_cast<int>(first - m_values.begin());
        const int hi = static_cast<int>(last - m_values.begin()) - 1;
        return std::clamp(tick, lo, hi);
    }
    const auto upper = std::lower_bound(m_values.begin(), m_values.end(), value);
    const auto lower = std::prev(upper);
    const auto distance = [this, value](std::int64_t candidate) {
        if (m_scale == Scale::Logarithmic && value > 0 && candidate > 0) {
            return std::abs(std::log(static_cast<double>(candidate)) -
                            std::log(static_cast<double>(value)));
        }
        return std::abs(static_cast<double>(candidate) - static_cast<double>(value));
    };
    const auto nearest = distance(*upper) < distance(*lower) ? upper : lower;
    return static_cast<int>(nearest - m_values.begin());
}

int SliderMapping::nextDistinctTick(int tick, int direction) const {
    tick = std::clamp(tick, 0, maximumTick());
    if (direction == 0) {
        return tick;
    }
    const std::int64_t from = valueAt(tick);
    for (int t = tick + (direction > 0 ? 1 : -1); t >= 0 && t <= maximumTick();
         t += (direction > 0 ? 1 : -1)) {
        if (valueAt(t) != from) {
            return t;
        }
    }
    return tick;
}

bool SliderMapping::contains(std::int64_t value) const {
    return std::binary_search(m_values.begin(), m_values.end(), value);
}

}  // namespace roofline::ui
