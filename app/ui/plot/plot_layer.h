// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file plot_layer.h
/// A layer of the roofline plot: one concern (the compare scenarios, the measured results,
/// and later memory levels, estimate bands, annotations), a class that receives what it
/// draws, owns its QCustomPlot items, redraws only when that input changed, and reports
/// what it drew (plot_scene.h). A new layer implements this interface and the plot lists
/// it among the layers it describes (RooflinePlot::scene()).

#include <QString>

namespace roofline::ui {

class SceneWriter;

class PlotLayer {
public:
    PlotLayer() = default;
    PlotLayer(const PlotLayer&) = delete;
    PlotLayer& operator=(const PlotLayer&) = delete;
    PlotLayer(PlotLayer&&) = delete;
    PlotLayer& operator=(PlotLayer&&) = delete;
    virtual ~PlotLayer() = default;

    /// The layer's name in the scene description ("compare", "measured").
    virtual QString layerName() const = 0;
    /// Reports each visible item the layer drew, at the plot's current layout.
    virtual void describe(SceneWriter& scene) const = 0;
};

}  // namespace roofline::ui
