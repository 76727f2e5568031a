// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file points_layer.h
/// The passes of the current scenario and its decode batch trail: the prefill point (or an
/// encoder's or a CNN's one pass, where prefill is), the decode point, speculative
/// decoding's verify and draft passes, each pass again at its link intensity with tensor
/// parallelism (hollow squares, read against the interconnect roof), the decode batch trail
/// (solid while the batch fits in memory, dashed beyond) with its first and last batch, and
/// the trail's marks at the engine's critical batch and at the memory wall. Each point is
/// named by a label: where it sits, what it attains and how close that is to its roof.
///
/// All of it moves with every slider step, so it is drawn straight onto the widget over the
/// static picture (directItems(), direct_items.h). setData() compares the numbers it draws
/// with the last ones and touches no item when they are the same. The numbers are the
/// engine's (Analysis, decodeBatchTrail); the labels are placed by the plot's one placement
/// pass (label_layer.h).

#include <cstdint>
#include <vector>

#include <QFont>
#include <QPointF>
#include <QString>
#include <qcustomplot.h>

#include "plot/label_layer.h"
#include "plot/plot_layer.h"
#include "plot/plot_palette.h"
#include "roofline/analysis.h"

namespace roofline::ui {

class DirectItem;
class PlotLabel;

/// The engine's one-line bound-by-time note (roofline/point_note.h) in the short lines the
/// plot writes it in: broken after its first ": " and the first ", " after that.
QString noteLines(QString note);

class PointsLayer : public PlotLayer {
public:
    /// The items go on `plot` (which deletes them with itself), on no layer; the prefill
    /// point, the decode point and the trail are put in its legend.
    explicit PointsLayer(QCustomPlot* plot);

    QString layerName() const override { return QStringLiteral("points"); }
    /// The trail, its marks and their labels under "trail", then the points and their
    /// labels under layerName().
    void describe(SceneWriter& scene) const override;

    struct Changes {
        bool data = false;    ///< the items were set anew
        bool legend = false;  ///< the legend's entries changed (it must be laid out again)
    };
    /// Draws `analysis`'s passes and `trail`. Returns which of the items changed: none when
    /// the numbers drawn are those of the last call.
    Changes setData(const Analysis& analysis, const std::vector<TrailPoint>& trail);
    void setStyle(const PlotPalette& palette, double scale, double devicePixelRatio,
                  const QFont& bold, const QFont& small);
    /// While Play sweeps the batch (slider_player.h): the trail is drawn only from its start
    /// to the point, its end's label naming the point's batch, and its marks (critical batch,
    /// memory wall) only once the point has reached their batch, so they appear as it passes
    /// them. Takes effect at the next setData().
    void setTrailFollowsPoint(bool follows) { m_trailFollowsPoint = follows; }
    bool trailFollowsPoint() const { return m_trailFollowsPoint; }

    /// Where the points' names may go (widget pixels, current layout).
    void nameRequests(std::vector<LabelEntry>& entries) const;
    /// Where the bound-by-time note may go (after the points' names and the arrows' labels).
    void noteRequests(std::vector<LabelEntry>& entries) const;
    /// Where the trail's marks' and ends' names may go (left out before a point's name).
    void trailRequests(std::vector<LabelEntry>& entries) const;
    /// The labels that may move away from their point (each gets a leader line).
    std::vector<PlotLabel*> pointNames() const {
        return {m_prefillLabel, m_decodeLabel,   m_verifyLabel,
                m_draftLabel,   m_transferLabel, m_boundNote};
    }
    std::vector<PlotLabel*> trailNames() const {
        return {m_criticalLabel, m_memoryWallLabel, m_trailStartLabel, m_trailEndLabel};
    }
    /// The graphs drawn with marks (marker rectangles for label placement).
    std::vector<const QCPGraph*> markGraphs() const {
        return {m_prefillPoint, m_decodePoint,  m_specPoints,     m_prefillLink,
                m_decodeLink,   m_criticalMark, m_memoryWallMark, m_transferPoint};
    }
    /// The items in drawing order: the plot draws them over its picture.
    const std::vector<DirectItem*>& directItems() const { return m_direct; }
    /// How many times setData() set the items anew (tests).
    std::uint64_t updates() const { return m_updates; }

    QCPGraph* prefillPoint() const { return m_prefillPoint; }
    QCPGraph* decodePoint() const { return m_decodePoint; }
    QCPGraph* speculativePoints() const { return m_specPoints; }
    QCPGraph* prefillLinkPoint() const { return m_prefillLink; }
    QCPGraph* decodeLinkPoints() const { return m_decodeLink; }
    /// Disaggregated serving: the KV transfer, read against the pools' link
    /// (roofline/kv_transfer.h); empty when colocated.
    QCPGraph* kvTransferMark() const { return m_transferPoint; }
    PlotLabel* kvTransferLabel() const { return m_transferLabel; }
    QCPGraph* criticalBatchMark() const { return m_criticalMark; }
    QCPGraph* memoryWallMark() const { return m_memoryWallMark; }
    QCPCurve* trailCurve() const { return m_trail; }
    QCPCurve* trailBeyondMemory() const { return m_trailBeyond; }
    PlotLabel* prefillLabel() const { return m_prefillLabel; }
    PlotLabel* decodeLabel() const { return m_decodeLabel; }
    PlotLabel* verifyLabel() const { return m_verifyLabel; }
    PlotLabel* draftLabel() const { return m_draftLabel; }
    /// The note at a pass whose bound by time disagrees with its side of the ridge
    /// (roofline/point_note.h); hidden when no pass needs one.
    PlotLabel* boundNote() const { return m_boundNote; }
    PlotLabel* criticalBatchLabel() const { return m_criticalLabel; }
    PlotLabel* memoryWallLabel() const { return m_memoryWallLabel; }

private:
    template <class Item>
    Item* direct(Item* item);
    PlotLabel* label(Qt::Alignment alignment, const QMargins& padding);
    void updatePoints(const Analysis& analysis);
    void updateTrail(const Analysis& analysis, const std::vector<TrailPoint>& trail);
    void updateNote(const Analysis& analysis);
    void styleTrail();
    bool updateLegend(const Analysis& analysis);

    QCustomPlot* m_plot;
    std::vector<double> m_key;  ///< the numbers drawn (setData())
    bool m_trailFollowsPoint = false;
    std::uint64_t m_updates = 0;
    std::vector<DirectItem*> m_direct;
    // Where the points' names are anchored (FLOP/byte, TFLOP/s); 0 when not drawn.
    QPointF m_prefillAt;
    QPointF m_decodeAt;
    QPointF m_verifyAt;
    QPointF m_draftAt;
    QPointF m_transferAt;
    bool m_hasDecode = true;
    bool m_hasVerify = false;
    bool m_hasDraft = false;

    QCPCurve* m_trail;
    QCPCurve* m_trailBeyond;
    PlotLabel* m_trailStartLabel;
    PlotLabel* m_trailEndLabel;
    QCPGraph* m_criticalMark;
    QCPGraph* m_memoryWallMark;
    PlotLabel* m_criticalLabel;
    PlotLabel* m_memoryWallLabel;
    QCPGraph* m_prefillPoint;
    QCPGraph* m_decodePoint;
    PlotLabel* m_prefillLabel;
    PlotLabel* m_decodeLabel;
    QCPGraph* m_specPoints;
    QCPGraph* m_prefillLink;
    QCPGraph* m_decodeLink;
    PlotLabel* m_verifyLabel;
    PlotLabel* m_draftLabel;
    PlotLabel* m_boundNote;
    QCPGraph* m_transferPoint;
    PlotLabel* m_transferLabel;
    QPointF m_noteAt;  ///< the pass the note explains (FLOP/byte, TFLOP/s)
    const QCPGraph* m_noteMark = nullptr;
    /// The pass the batch trail follows (decode, else the encoder's or CNN's one pass): its
    /// hue is the trail's (plot_palette.h passHue).
    PassKind m_trailKind = PassKind::Decode;
    PlotPalette m_palette;
    double m_scale = 1.0;
    double m_devicePixelRatio = 1.0;
};

}  // namespace roofline::ui
