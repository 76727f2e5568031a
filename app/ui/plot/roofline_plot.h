// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file roofline_plot.h
/// The roofline chart. It receives an Analysis and the decode batch trail and draws them;
/// it knows nothing else (no scenario, no controller) and computes no engine quantity.
///
/// Coordinates: x = arithmetic intensity in FLOP/byte, y = attainable performance in
/// TFLOP/s (the engine's FLOP/s divided by kFlopsPerTflop, the only conversion made here).
/// Log-log axes. Roofs are drawn from exact vertices: the in-use roof is the polyline
/// (left edge of the view, on the HBM slope) -> (ridge, peak) -> (right edge, peak).
///
/// The widget holds a QCustomPlot that it never shows: that plot owns the axes, the layout
/// and every item, and draws the static picture (plot_picture.h) through its public
/// toPainter(); the widget paints that picture, then the moving items over it
/// (direct_items.h), and passes the mouse to ViewInteraction (plot_interactions.h) and the
/// hover tooltips.

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include <QPolygonF>
#include <QString>
#include <QTimer>
#include <QWidget>
#include <qcustomplot.h>

#include "plot/compare_layer.h"
#include "plot/estimate_layer.h"
#include "plot/label_layer.h"
#include "plot/plot_items.h"
#include "plot/plot_layer.h"
#include "plot/plot_palette.h"
#include "plot/plot_scene.h"
#include "plot/plot_units.h"
#include "plot/points_layer.h"
#include "plot/roof_layer.h"
#include "roofline/analysis.h"

namespace roofline::ui {

class BaselineLayer;
class HoverTooltip;
class OperatorLayer;
class StaticPicture;
class ViewInteraction;
class DirectItem;

class RooflinePlot : public QWidget {
    Q_OBJECT
public:
    using RefreshPriority = QCustomPlot::RefreshPriority;

    explicit RooflinePlot(QWidget* parent = nullptr);
    ~RooflinePlot() override;

    /// The QCustomPlot that holds the axes and items (never shown): for overlays that add
    /// their plottable (overlayLayer()) and for tests that read the axes.
    QCustomPlot* customPlot() const { return m_plot; }
    /// Lays out and redraws everything: the static picture and the moving items. With
    /// rpQueuedReplot it happens once, when control returns to the event loop.
    void replot(RefreshPriority priority = QCustomPlot::rpRefreshHint);
    /// Draws the plot at `width` × `height` onto `painter` (export, report): the static
    /// picture with QCustomPlot::toPainter, then the moving items, as on screen.
    void toPainter(QCPPainter* painter, int width, int height);
    /// The plot as a pixmap of `width` × `height` (QCustomPlot::toPixmap, then the moving
    /// items).
    QPixmap toPixmap(int width, int height);

    /// Draws one analysis and its decode batch trail, then replots with replotPriority().
    void setAnalysis(const Analysis& analysis, const std::vector<TrailPoint>& trail);
    /// While Play sweeps the batch: the trail runs from its start to the point and marks the
    /// critical batch and the memory wall once the point has passed them
    /// (PointsLayer::setTrailFollowsPoint); off, the whole trail again. Redraws at once.
    void setTrailFollowsPoint(bool follows);

    /// Compare mode: pins `baseline` (and its decode batch trail). Its points and trail stay
    /// as hollow, faded ghosts in the phase hues, its roof too (dashed, faded) when it
    /// differs from the current one, and an arrow runs from each baseline point to the
    /// current one, labelled with the phase's speed-up (roofline/comparison.h). The ghosts
    /// live in the roof layer's cached picture: slider steps do not redraw them.
    void setBaseline(const Analysis& baseline, const std::vector<TrailPoint>& trail);
    void clearBaseline();
    bool hasBaseline() const;

    /// An overlay: marks that other code owns and that do not follow the sliders (measured
    /// results, app/ui/plot/measured_overlay.h). The owner draws its plottable on
    /// overlayLayer(), the roof layer, whose cached picture slider steps reuse; setOverlay()
    /// gives its points (x in FLOP/byte, y in TFLOP/s) for the hover tooltips, made by
    /// `tooltip(index)` when hovered, and the automatic view, and redraws everything once.
    /// One overlay at a time; setOverlay() replaces it, clearOverlay() removes it.
    QCPLayer* overlayLayer() const { return m_roofLayer; }
    /// `describer` (may be null) reports the overlay's items in scene().
    void setOverlay(const QCPAbstractPlottable* layer, std::vector<QPointF> points,
                    std::function<QString(std::size_t)> tooltip,
                    const PlotLayer* describer = nullptr);
    void clearOverlay();
    /// Compare scenarios (compare_layer.h), beside the current one and the baseline: each
    /// in its colour, built once here (slider steps do not touch them). Refits the view.
    void setCompareScenarios(const std::vector<CompareEntry>& entries);
    const CompareLayer& compareLayer() const { return *m_compare; }

    /// Groups of labels a course's prediction hides until it is answered
    /// (setLabelsHidden): the data's (the points' names, the trail's marks, compare mode's
    /// speed-ups) and the roof layer's (the roofs' peaks, the slopes, the ridge, the
    /// regions). Hidden labels keep their marks; they draw nothing and take no room.
    enum LabelGroup : unsigned { DataLabels = 1U, RoofLabels = 2U };
    /// `groups` is an OR of LabelGroup; 0 shows every label again.
    void setLabelsHidden(unsigned groups);
    unsigned labelsHidden() const { return m_hiddenLabels; }

    /// Per-operator points (hidden by default).
    void setOperatorsVisible(bool visible);
    /// Each operator also at every drawn on-chip memory level (operator_layer.h); shown with
    /// the operators.
    void setOperatorLevelsVisible(bool visible);
    bool operatorLevelsVisible() const;
    bool operatorsVisible() const { return m_operatorsVisible; }
    /// Fonts, markers and line widths ×1.5 and a high-contrast palette.
    void setPresentationMode(bool on);
    bool presentationMode() const { return m_presentation; }
    const PlotPalette& plotPalette() const { return m_palette; }
    /// rpQueuedReplot by default (bursts of slider events become one repaint); the
    /// interaction benchmark uses rpImmediateRefresh.
    void setReplotPriority(RefreshPriority priority) { m_replotPriority = priority; }
    RefreshPriority replotPriority() const { return m_replotPriority; }
    /// Back to the automatic view after the user zoomed or dragged, fitted afresh.
    void resetView();
    /// The automatic view grows to fit new data but never shrinks (the axes stay still
    /// while a slider moves); this lets the next setAnalysis() fit it afresh. Call it when
    /// the hardware or model changes.
    void resetAutoRange();

    /// The tooltip for the plotted point nearest to `pixel` within `maxDistance` pixels
    /// (only visible layers); empty when there is none.
    QString tooltipAt(const QPointF& pixel, double maxDistance = 12.0) const;

    /// The layers (roof_layer.h, points_layer.h, label_layer.h), for tests and for export.
    const RoofLayer& roofLayer() const { return *m_roof; }
    const PointsLayer& pointsLayer() const { return *m_points; }
    /// The estimate ceiling's marks and intervals (estimate_layer.h); empty without one.
    const EstimateLayer& estimateLayer() const { return *m_estimate; }
    const LabelLayer& labelLayer() const { return *m_labels; }
    const HoverTooltip& hoverTooltip() const { return *m_hover; }

    // The layers' items, for tests and for export.
    QCPGraph* prefillPoint() const { return m_points->prefillPoint(); }
    QCPGraph* decodePoint() const { return m_points->decodePoint(); }
    /// Speculative decoding's passes: verify, then draft (with a model draft); empty
    /// without speculation.
    QCPGraph* speculativePoints() const { return m_points->speculativePoints(); }
    QString verifyLabel() const { return m_points->verifyLabel()->text(); }
    QString draftLabel() const { return m_points->draftLabel()->text(); }
    /// With tensor parallelism: each phase at its link intensity (FLOPs per link byte) and
    /// its attained FLOP/s, hollow squares in the phase hue; empty with one device.
    QCPGraph* prefillLinkPoint() const { return m_points->prefillLinkPoint(); }
    /// decode, then verify/draft
    QCPGraph* decodeLinkPoints() const { return m_points->decodeLinkPoints(); }
    /// The trail's marks: the critical batch ("critical B=326") and the memory wall
    /// ("memory full B=225"); empty when the batch is not on the trail.
    QCPGraph* criticalBatchMark() const { return m_points->criticalBatchMark(); }
    QCPGraph* memoryWallMark() const { return m_points->memoryWallMark(); }
    PlotLabel* criticalBatchLabel() const { return m_points->criticalBatchLabel(); }
    PlotLabel* memoryWallLabel() const { return m_points->memoryWallLabel(); }
    /// trail points that fit in memory
    QCPCurve* trailCurve() const { return m_points->trailCurve(); }
    /// the rest, dashed
    QCPCurve* trailBeyondMemory() const { return m_points->trailBeyondMemory(); }
    QCPGraph* roofInUse() const { return m_roof->roofInUse(); }
    QCPGraph* ridgeMarker() const { return m_roof->ridgeMarker(); }
    QCPGraph* interconnectRoof() const { return m_roof->interconnectRoof(); }
    /// Compute roofs not in use, one per distinct peak (bf16 and fp16 share one).
    std::vector<QCPGraph*> otherRoofs() const { return m_roof->otherRoofs(); }
    /// Texts of the roof labels, in use first ("bf16/fp16 989 TFLOP/s").
    QStringList roofLabels() const { return m_roof->roofLabels(); }
    QString ridgeLabel() const { return m_roof->ridgeLabel(); }
    QString prefillLabel() const { return m_points->prefillLabel()->text(); }
    // Compare mode's ghosts and arrows are the baseline layer's (baseline_layer.h), found by
    // name: baselinePrefill, baselineDecode, baselineSpeculative, baselineTrail,
    // baselineRoof, prefillArrow, decodeArrow, prefillArrowLabel, decodeArrowLabel.
    QString decodeLabel() const { return m_points->decodeLabel()->text(); }

    /// A label as placed by the last layout or step (label_layer.h), in widget pixels.
    using PlacedLabel = ui::PlacedLabel;
    /// Every label shown, in placement order (labels the placer dropped are not shown).
    std::vector<PlacedLabel> placedLabels() const { return m_labels->placed(); }
    /// The squares the markers (points, link markers, trail marks, ridge, ghosts, operators
    /// when shown, compare scenarios' points, the estimate's marks and interval bars) cover,
    /// in widget pixels: no label lies on one.
    std::vector<QRectF> markerRects() const;
    /// What the plot drew at its current layout, layer by layer (plot_scene.h), in widget
    /// pixels: the roofs and regions, the estimate, the points, the trail, the operators, the
    /// baseline's ghosts and arrows, the leader lines, the compare scenarios, the measured results
    /// and the legend.
    PlotScene scene() const;
    /// How many times the roof layer's picture was mended where its labels moved, rather
    /// than drawn again (plot_picture.h): the partial path tests count.
    std::uint64_t roofPictureMends() const { return m_roofPictureMends; }
    /// The bounds wheel zoom and drag keep the view in: the data's view three decades out.
    QCPRange xLimits() const;
    QCPRange yLimits() const;

signals:
    /// After every paint of the widget (the window's first-frame measurement).
    void painted();
    /// Before a full redraw (layout, backdrop and roofs); a slider step makes none.
    void beforeReplot();
    /// After the palette or presentation mode changed the plot's style: overlays restyle.
    void styleChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    /// What the bottom buffer shows, apart from colours: when it is unchanged a step
    /// redraws at most the roof layer.
    struct ViewKey {
        QCPRange x;
        QCPRange y;
        bool operators = false;
        int width = 0;
        int height = 0;
        bool operator==(const ViewKey& o) const {
            return x == o.x && y == o.y && operators == o.operators && width == o.width &&
                   height == o.height;
        }
    };

    ViewKey viewKey() const;
    /// What the roof layer's picture shows: the roofs (RoofLayer::key()) and the
    /// generations of the baseline, the overlay and the compare scenarios drawn in it.
    std::vector<double> roofKey() const;
    /// roofKey() and the label groups masked: all the roof layer's picture shows but where
    /// its labels are.
    std::vector<double> roofBase() const;
    void refresh(bool roofsChanged);
    /// Makes the roof layer's picture show m_roofPicture: mended where only its labels
    /// moved, else taken from the kept pictures or drawn again. Returns where it changed.
    QRegion redrawRoofPicture();
    void renderAll();    ///< the full redraw: layout, backdrop, roofs
    void afterExport();  ///< the plot was laid out at another size: lay it out again
    void createLayers();
    void applyStyle();
    /// The roofs of m_analysis (rebuilt only when they changed), then the ghosts over them.
    void updateRoofs();
    void updateAccessibleDescription();  ///< from scene(), while an accessibility client listens
    void updateBaseline();               ///< the ghosts, after a new baseline or new roofs
    void placeArrows();                  ///< arrows and their labels, by pixel length
    void applyAutoRange(bool includeOperators);
    void fitOperators();
    /// The roofs, the baseline's and the compare scenarios' cut to the view.
    void updateRoofGeometry();
    void updateViewGeometry();  ///< after layout: roofs clipped to the view, slope labels
    /// Places every label in one pass (label_layer.h), each layer's entries in turn.
    /// Returns true when a label of the roof layer moved (that layer's picture must be
    /// redrawn).
    bool placeLabels();
    void keepInLimits(QCPAxis* axis);  ///< after the user's zoom or drag
    void fitLegend();                  ///< as many legend columns as the width holds
    /// The y axis's title, shortened until it fits the axis rect's height ("Attainable
    /// performance (TFLOP/s)", "Attainable (TFLOP/s)", "TFLOP/s"): at 1280×720 in
    /// presentation mode the whole title runs off the plot's top. True when it
    /// changed (the backdrop is drawn again).
    bool fitAxisTitles();
    double scaled(double size) const { return size * (m_presentation ? 1.5 : 1.0); }
    void drawDirectItems(QCPPainter* painter) const;
    QRegion directFootprint() const;

    Analysis m_analysis;
    std::vector<TrailPoint> m_trailPoints;
    const QCPAbstractPlottable* m_overlayLayer = nullptr;
    std::vector<QPointF> m_overlayPoints;
    const PlotLayer* m_overlayDescriber = nullptr;
    std::uint64_t m_overlayGeneration = 0;  ///< part of roofKey(): the overlay is in that layer
    PlotPalette m_palette;
    bool m_presentation = false;
    bool m_operatorsVisible = false;
    unsigned m_hiddenLabels = 0;  ///< LabelGroup flags (setLabelsHidden)
    bool m_autoRange = true;
    bool m_settingRange = false;  ///< the plot itself is moving the axes
    RefreshPriority m_replotPriority = QCustomPlot::rpQueuedReplot;
    QCustomPlot* m_plot = nullptr;  ///< a child, never shown
    std::unique_ptr<StaticPicture> m_picture;
    std::unique_ptr<ViewInteraction> m_view;
    bool m_fullPending = true;  ///< renderAll() before the next paint or step
    QTimer m_queuedReplot;      ///< rpQueuedReplot: once control returns to the event loop
    ViewKey m_replottedView;    ///< the view of the last full replot
    /// roofBase() of what the roof layer's picture should show, with where its labels are.
    std::vector<double> m_roofPicture;
    /// Each roof-layer label's footprint (with its leader) at the last placement, and as
    /// the picture on screen has them, with that picture's roofBase().
    std::vector<std::pair<const PlotLabel*, QRegion>> m_roofLabelShapes;
    std::vector<std::pair<const PlotLabel*, QRegion>> m_drawnLabelShapes;
    std::vector<double> m_drawnRoofBase;
    std::uint64_t m_roofPictureMends = 0;
    QCPLayer* m_roofLayer = nullptr;
    QTimer m_operatorFit;  ///< fits the view to operator points once the sliders rest
    bool m_grownRange = false;
    QCPRange m_grownX;
    QCPRange m_grownY;
    std::vector<DirectItem*> m_direct;  ///< the data, in drawing order (owned by the plot)
    QRegion m_shown;  ///< where the screen shows the data's marks over the composite

    // The layers (plot_layer.h), bottom to top. Their items are the plot's, which deletes
    // them with itself.
    std::unique_ptr<RoofLayer> m_roof;               ///< in m_roofLayer
    std::unique_ptr<BaselineLayer> m_baselineLayer;  ///< ghosts in m_roofLayer; arrows in m_direct
    std::unique_ptr<CompareLayer> m_compare;         ///< in m_roofLayer
    std::unique_ptr<OperatorLayer> m_operators;      ///< in m_direct
    std::unique_ptr<EstimateLayer> m_estimate;       ///< in m_direct, under the points
    std::unique_ptr<PointsLayer> m_points;           ///< in m_direct
    std::unique_ptr<LabelLayer> m_labels;            ///< leader lines in m_direct
    std::unique_ptr<HoverTooltip> m_hover;
};

}  // namespace roofline::ui
