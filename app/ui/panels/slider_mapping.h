// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file slider_mapping.h
/// Slider ticks <-> integer values. A QSlider only knows ints 0..n; the batch and sequence
/// sliders need a log scale, the GQA slider only the divisors of the query heads.
///
/// A logarithmic mapping spaces its ticks evenly in log space, so the handle's position is
/// truly logarithmic (batch 64 sits in the middle of 1..4096). At the low end several
/// ticks then round to the same integer; nextDistinctTick() lets keyboard steps skip them,
/// so every step changes the value and every value in the list is reachable.

#include <cstdint>
#include <vector>

namespace roofline::ui {

class SliderMapping {
public:
    enum class Scale : unsigned char { Linear, Logarithmic };

    /// `ticks` values evenly spaced in log space from `minimum` to `maximum` (both ≥ 1 and
    /// both exact), rounded to integers; neighbouring ticks may share a value.
    static SliderMapping logarithmic(std::int64_t minimum, std::int64_t maximum, int ticks = 241);
    /// Exactly these values, one per tick (sorted, duplicates removed). `scale` decides what
    /// "nearest" means in tickFor(): log distance suits ratios like the GQA group size.
    static SliderMapping steps(std::vector<std::int64_t> values, Scale scale = Scale::Linear);

    SliderMapping();  ///< A single value, 1.

    int maximumTick() const { return static_cast<int>(m_values.size()) - 1; }
    std::int64_t minimum() const { return m_values.front(); }
    std::int64_t maximum() const { return m_values.back(); }
    /// One value per tick, non-decreasing.
    const std::vector<std::int64_t>& values() const { return m_values; }
    Scale scale() const { return m_scale; }

    /// The value at `tick`, clamped to [0, maximumTick()].
    std::int64_t valueAt(int tick) const;
    /// The tick that shows `value`: for a log-spaced mapping, its exact log position (moved
    /// onto a tick holding exactly `value` when one is near); otherwise the tick of the
    /// nearest value (log distance for Logarithmic, ties to the lower). Clamped.
    int tickFor(std::int64_t value) const;
    /// From `tick`, the nearest tick in `direction` (+1/-1) whose value differs from
    /// valueAt(tick); `tick` itself when there is none.
    int nextDistinctTick(int tick, int direction) const;
    /// Whether some tick has exactly `value`.
    bool contains(std::int64_t value) const;

    bool operator==(const SliderMapping&) const = default;

private:
    SliderMapping(std::vector<std::int64_t> values, Scale scale, bool logSpaced);

    std::vector<std::int64_t> m_values;
    Scale m_scale = Scale::Linear;
    bool m_logSpaced = false;
};

}  // namespace roofline::ui
