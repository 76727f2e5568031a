// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file direct_items.h
/// Plot items that RooflinePlot draws itself, straight onto the widget over its buffered
/// layers, rather than through a layer of their own. The phase points, the trail, the
/// operators and their labels change on every slider step: a paint buffer for them would
/// cost a full-size clear and a full-size blend per step for a few small marks
/// (plot_picture.h). Such an item is on no layer, so QCustomPlot never draws it;
/// RooflinePlot::paintEvent and RooflinePlot::toPainter (export) do.

#include <QRegion>
#include <qcustomplot.h>

#include "plot/plot_footprint.h"

namespace roofline::ui {

class DirectItem {
public:
    DirectItem() = default;
    DirectItem(const DirectItem&) = delete;
    DirectItem& operator=(const DirectItem&) = delete;
    virtual ~DirectItem() = default;
    /// Draws the item as QCPLayer::draw draws each of its children.
    virtual void drawDirect(QCPPainter* painter) = 0;
    /// Where drawDirect() paints at the current layout (plot_footprint.h).
    virtual QRegion footprint() const = 0;
};

/// A QCustomPlot plottable or item (QCPGraph, QCPCurve, QCPItemText...) drawn directly.
template <class Base>
class Direct : public Base, public DirectItem {
public:
    using Base::Base;

    void drawDirect(QCPPainter* painter) override {
        if (!this->realVisibility()) {
            return;
        }
        painter->save();
        painter->setClipRect(this->clipRect().translated(0, -1));
        this->applyDefaultAntialiasingHint(painter);
        this->draw(painter);
        painter->restore();
    }

    QRegion footprint() const override { return ui::footprint(static_cast<const Base&>(*this)); }
};

}  // namespace roofline::ui
