// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file roof_layer.h
/// The chip's roofs and the regions they make: the compute roof in use and the others (one
/// per distinct peak: bf16 and fp16 share one), the memory slope (named by the preset's
/// memory type, "HBM3 3.35 TB/s") and its faint extension up to the highest roof's ridge,
/// the interconnect roof with tensor parallelism, the ridge (a marker on the corner, a
/// dotted drop line and its value at the foot), and the memory- and compute-bound regions
/// either side of it, each with its label. A chip without a sourced compute peak (a
/// memory-only preset) has the memory slope alone across the view: no ridge, no compute
/// roof, no compute-bound region. The on-chip levels of the memory hierarchy with a cited
/// bandwidth (DOMAIN.md §10: L2, Infinity Cache, VMEM, SRAM) are each a slope of their own
/// colour up to the compute roof, named with their bandwidth.
///
/// The roofs follow the chip, the compute precision, the ceilings and tensor parallelism,
/// not batch or sequence length: setRoofs() rebuilds the items only when those numbers
/// changed, fitToView() moves the vertices only when the view or the roofs did. The items
/// are on the plot's roof layer, whose cached picture (plot_picture.h) slider steps reuse;
/// key() is what that picture shows of this layer. Every number drawn is the engine's
/// (Analysis), in TFLOP/s on the y axis; the labels are placed with every other label by
/// the plot's one placement pass (label_layer.h): labelRequests() says where each may go.

#include <array>
#include <cstdint>
#include <vector>

#include <QFont>
#include <QString>
#include <QStringList>
#include <qcustomplot.h>

#include "plot/label_layer.h"
#include "plot/plot_layer.h"
#include "plot/plot_palette.h"
#include "roofline/analysis.h"

namespace roofline::ui {

class PlotLabel;
class TintRect;

class RoofLayer : public PlotLayer {
public:
    /// Roofs with the same peak, drawn as one line and named together.
    struct Group {
        QString names;       ///< "bf16/fp16"
        double peak = 0.0;   ///< FLOP/s
        double ridge = 0.0;  ///< FLOP/byte
        bool inUse = false;
    };

    /// The items go on `roofLayer` of `plot` (which deletes them with itself), in drawing
    /// order: regions, their labels, interconnect roof, slope extension, the other roofs,
    /// the roof in use, the ridge.
    RoofLayer(QCustomPlot* plot, QCPLayer* roofLayer);

    QString layerName() const override { return QStringLiteral("roofs"); }
    /// The region tints and their names under "regions", then the roofs, the ridge and their
    /// labels under layerName().
    void describe(SceneWriter& scene) const override;

    /// Draws the roofs of `analysis` (its roofs, peak, memory and link bandwidths, ridge,
    /// ceilings, memory type). Returns false, touching no item, when they are those drawn.
    bool setRoofs(const Analysis& analysis);
    /// The roofs' vertices over the view `x` × `y` (FLOP/byte × TFLOP/s), cut to it.
    /// Returns false, touching no item, when neither the view nor the roofs changed.
    bool fitToView(const QCPRange& x, const QCPRange& y);
    /// The drawn on-chip levels' slopes (bandwidth, B/s; 0 = none), [0] cache, [1] SRAM.
    std::array<double, 2> levelBandwidths() const {
        return {m_levels[0].bandwidth, m_levels[1].bandwidth};
    }
    /// The x span the roof in use runs over at the last fitToView() (the baseline's and the
    /// compare scenarios' roofs run over the same).
    double left() const { return m_left; }
    double right() const { return m_right; }
    void setStyle(const PlotPalette& palette, double scale, const QFont& base, const QFont& bold,
                  const QFont& small);

    /// What the roof picture shows of this layer: changes when setRoofs() draws anew.
    const std::vector<double>& key() const { return m_key; }
    /// Where the labels shown may go, in widget pixels at the current layout: the roofs'
    /// names along their ceilings (the one in use at its right end), the slopes' along them
    /// (hidden while the slope is out of view, shown again when it comes back),
    /// the ridge's at the foot of its drop line, the regions' at the top by the ridge.
    void labelRequests(std::vector<LabelEntry>& entries);
    /// The roof lines drawn (a label had better not cross one).
    std::vector<const QCPGraph*> lines() const;
    /// The roof groups, the one in use first.
    const std::vector<Group>& groups() const { return m_groups; }
    /// How many times setRoofs() and fitToView() changed the items (tests).
    std::uint64_t rebuilds() const { return m_rebuilds; }
    std::uint64_t fits() const { return m_fits; }

    QCPGraph* roofInUse() const { return m_roofInUse; }
    QCPGraph* ridgeMarker() const { return m_ridgeMarker; }
    QCPGraph* interconnectRoof() const { return m_interconnectRoof; }
    /// Disaggregated serving: the link between the pools, when its β is not the
    /// interconnect roof's (kv_transfer.h); hidden otherwise.
    QCPGraph* poolLinkRoof() const { return m_poolLinkRoof; }
    /// Compute roofs not in use, one per distinct peak.
    std::vector<QCPGraph*> otherRoofs() const;
    /// Texts of the roof labels shown, in use first ("bf16/fp16 989 TFLOP/s").
    QStringList roofLabels() const;
    QString ridgeLabel() const;

private:
    QCustomPlot* m_plot;
    // The numbers of the last setRoofs() that fitToView() draws from.
    double m_bandwidth = 0.0;  ///< memory, B/s
    double m_peak = 0.0;       ///< the roof in use, FLOP/s
    double m_ridge = 0.0;      ///< FLOP/byte
    double m_link = 0.0;       ///< interconnect, B/s; 0 without tensor parallelism
    double m_poolLink = 0.0;   ///< between the pools, B/s; 0 when colocated or = m_link
    bool m_hasComputeRoof = true;
    std::vector<double> m_key;
    std::vector<Group> m_groups;
    QCPRange m_viewX;
    QCPRange m_viewY;
    std::uint64_t m_fitted = 0;  ///< the m_rebuilds the vertices were fitted for
    double m_left = 0.0;
    double m_right = 0.0;
    std::uint64_t m_rebuilds = 0;
    std::uint64_t m_fits = 0;

    TintRect* m_memoryRegion;
    TintRect* m_computeRegion;
    PlotLabel* m_memoryRegionLabel;
    PlotLabel* m_computeRegionLabel;
    QCPGraph* m_interconnectRoof;
    PlotLabel* m_interconnectLabel;
    QCPGraph* m_poolLinkRoof;
    PlotLabel* m_poolLinkLabel;
    QCPGraph* m_slopeExtension;
    std::vector<QCPGraph*> m_otherRoofGraphs;
    std::vector<PlotLabel*> m_roofLabelItems;
    QCPGraph* m_roofInUse;
    PlotLabel* m_hbmLabel;
    /// The on-chip levels' slopes: [0] the last-level cache, [1] the on-chip SRAM; a level
    /// without a drawn roof has bandwidth 0 and is hidden.
    struct LevelLine {
        double bandwidth = 0.0;  ///< B/s
        QCPGraph* graph = nullptr;
        PlotLabel* label = nullptr;
    };
    std::array<LevelLine, 2> m_levels;
    void fitLevels(const QCPRange& x, const QCPRange& y);
    QCPItemLine* m_ridgeDrop;
    QCPGraph* m_ridgeMarker;
    PlotLabel* m_ridgeLabel;
};

}  // namespace roofline::ui
