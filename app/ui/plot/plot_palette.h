// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file plot_palette.h
/// Every colour the window draws with, in one place (UI.md "Visual language"): one hue per
/// phase, used by points, trails, operator markers and the results panel alike.

#include <array>
#include <cstddef>

#include <QColor>

#include "roofline/analysis.h"

class QPalette;

namespace roofline::ui {

/// How many compare scenarios the window draws at once, each in a colour of its own.
inline constexpr std::size_t kCompareColourCount = 7;

struct PlotPalette {
    QColor background;
    QColor foreground;  ///< axes, tick labels, text
    QColor grid;
    QColor subGrid;
    QColor roof;           ///< the roof in use (HBM slope + compute ceiling)
    QColor otherRoof;      ///< compute roofs of other precisions
    QColor interconnect;   ///< the interconnect slope (tensor parallelism)
    QColor memoryRegion;   ///< tint left of the ridge (translucent)
    QColor computeRegion;  ///< tint right of the ridge (translucent)
    QColor regionText;
    QColor prefill;
    QColor decode;
    QColor warning;  ///< "does not fit" and warnings
    /// Measured results (UI.md: a third, neutral marker shape): no phase hue, so that a
    /// measurement is never read as one of the model's points.
    QColor measured;
    /// The presenter's pen (pen_overlay.h): ink that no mark of the plot uses.
    QColor pen;
    // The byte split of a pass (results panel): what its bytes are; link bytes take the
    // interconnect colour.
    QColor weightBytes;
    QColor kvBytes;
    QColor activationBytes;
    QColor stateBytes;  ///< A recurrent-state layer's state (DeltaNet, Mamba-2).
    /// Compare scenarios (File > Add scenario to compare): one categorical colour each, for
    /// their roofs, the fill of their points and their row's swatch in the Compare table.
    /// Distinct from the phase hues, which stay the current scenario's: a compare point
    /// says its phase by its shape (prefill ◆, decode ●) and its scenario by its colour.
    std::array<QColor, kCompareColourCount> compare;
    /// The on-chip levels of the memory hierarchy (DOMAIN.md §10), indexed by MemoryLevel:
    /// [LastLevelCache] and [OnChipSram] each a slope of its own colour, and the operator
    /// points at that level ([Main] is the roof's colour).
    std::array<QColor, 3> level;
    bool dark = false;
    bool highContrast = false;

    /// Light or dark, following the system palette (dark when the window colour is dark).
    static PlotPalette forSystem(const QPalette& system);
    static PlotPalette lightTheme();
    static PlotPalette darkTheme();
    /// Presentation mode: black on white (or white on black), saturated phase colours,
    /// stronger grid and tints, for projectors.
    static PlotPalette highContrastVariant(bool dark);
};

/// The hue a pass of `kind` is drawn in, its point and its batch trail alike: prefill and
/// the one pass of an encoder (encode) or a CNN (forward), which sit where prefill does, in
/// the prefill hue; decode and speculative decoding's verify and draft in the decode hue.
QColor passHue(const PlotPalette& palette, PassKind kind);

}  // namespace roofline::ui
