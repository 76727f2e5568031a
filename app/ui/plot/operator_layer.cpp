// SPDX-License-Identifier: GPL-3.0-or-later
#include "operator_layer.h"

#include <array>
#include <limits>

#include <QObject>

#include "plot/direct_items.h"
#include "plot/plot_items.h"
#include "plot/plot_scene.h"
#include "plot/plot_units.h"

namespace roofline::ui {
namespace {

QVector<double> coordinates(const std::vector<QPointF>& points, bool x) {
    QVector<double> values;
    values.reserve(static_cast<qsizetype>(points.size()));
    for (const QPointF& p : points) {
        values.push_back(x ? p.x() : p.y());
    }
    return values;
}

}  // namespace

OperatorLayer::OperatorLayer(QCPAxis* x, QCPAxis* y) {
    auto* prefill = new Direct<QCPGraph>(x, y);
    auto* decode = new Direct<QCPGraph>(x, y);
    m_prefill = prefill;
    m_decode = decode;
    m_prefillDirect = prefill;
    m_decodeDirect = decode;
    m_prefill->setName(QObject::tr("prefill operators"));
    m_decode->setName(QObject::tr("decode operators"));
    m_prefill->setObjectName(QStringLiteral("prefillOperators"));
    m_decode->setObjectName(QStringLiteral("decodeOperators"));
    for (QCPGraph* graph : {m_prefill, m_decode}) {
        graph->setLayer(static_cast<QCPLayer*>(nullptr));  // drawn by the plot, directly
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setVisible(false);
    }
    auto* joins = new Direct<QCPCurve>(x, y);
    m_joins = joins;
    m_joinsDirect = joins;
    m_joins->setLayer(static_cast<QCPLayer*>(nullptr));
    m_joins->setObjectName(QStringLiteral("operatorLevelJoins"));
    m_joins->setVisible(false);
    const std::array<QString, 2> names = {QObject::tr("operators per cache byte"),
                                          QObject::tr("operators per SRAM byte")};
    for (std::size_t i = 0; i < m_levels.size(); ++i) {
        auto* level = new Direct<QCPGraph>(x, y);
        m_levels[i] = level;
        m_levelsDirect[i] = level;
        level->setName(names[i]);
        level->setObjectName(i == 0 ? QStringLiteral("cacheOperators")
                                    : QStringLiteral("sramOperators"));
        level->setLayer(static_cast<QCPLayer*>(nullptr));
        level->setLineStyle(QCPGraph::lsNone);
        level->setVisible(false);
    }
}

void OperatorLayer::describe(SceneWriter& scene) const {
    scene.points(m_prefill, QStringLiteral("operator"));
    scene.points(m_decode, QStringLiteral("operator"));
    scene.points(m_levels[0], QStringLiteral("operator at cache"));
    scene.points(m_levels[1], QStringLiteral("operator at SRAM"));
}

bool OperatorLayer::setOperators(const Analysis& analysis) {
    std::vector<QPointF> prefill;
    std::vector<QPointF> decode;
    std::array<std::vector<QPointF>, 2> levels;
    std::vector<QPointF> joins;
    // The on-chip levels with a roof: their points are drawn against it.
    std::array<bool, 2> drawn{};
    for (const LevelRoof& l : analysis.memoryLevels) {
        if (l.level != MemoryLevel::Main && l.drawn()) {
            drawn[l.level == MemoryLevel::LastLevelCache ? 0 : 1] = true;
        }
    }
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (const OperatorCost& op : analysis.operators) {
        if (!(op.timeSeconds > 0.0)) {
            continue;
        }
        const double x = op.intensity();
        const double y = tflops(op.flops / op.timeSeconds);
        if (!drawable(x, y)) {
            continue;  // no FLOPs (kv_write, embedding) or no HBM bytes: not on a log plot
        }
        (drawnAsPrefill(op.pass) ? prefill : decode).emplace_back(x, y);
        for (std::size_t i = 0; i < 2; ++i) {
            const MemoryLevel level =
                i == 0 ? MemoryLevel::LastLevelCache : MemoryLevel::OnChipSram;
            const double lx = op.levelIntensity(level);
            if (drawn[i] && drawable(lx, y)) {
                levels[i].emplace_back(lx, y);
                joins.insert(joins.end(), {QPointF(x, y), QPointF(lx, y), QPointF(nan, nan)});
            }
        }
    }
    if (prefill == m_prefillPoints && decode == m_decodePoints && levels == m_levelPoints) {
        return false;
    }
    m_prefillPoints = std::move(prefill);
    m_decodePoints = std::move(decode);
    m_levelPoints = std::move(levels);
    m_joinPoints = std::move(joins);
    m_prefill->setData(coordinates(m_prefillPoints, true), coordinates(m_prefillPoints, false));
    m_decode->setData(coordinates(m_decodePoints, true), coordinates(m_decodePoints, false));
    for (std::size_t i = 0; i < m_levels.size(); ++i) {
        m_levels[i]->setData(coordinates(m_levelPoints[i], true),
                             coordinates(m_levelPoints[i], false));
    }
    m_joins->setData(coordinates(m_joinPoints, true), coordinates(m_joinPoints, false));
    showLevels();
    return true;
}

void OperatorLayer::setLevelsShown(bool shown) {
    m_levelsShown = shown;
    showLevels();
}

void OperatorLayer::showLevels() {
    const bool on = m_shown && m_levelsShown;
    m_joins->setVisible(on && !m_joinPoints.empty());
    for (std::size_t i = 0; i < m_levels.size(); ++i) {
        const bool any = on && !m_levelPoints[i].empty();
        m_levels[i]->setVisible(any);
        if (any) {
            m_levels[i]->addToLegend();
        } else {
            m_levels[i]->removeFromLegend();
        }
    }
}

void OperatorLayer::setShown(bool shown) {
    m_shown = shown;
    for (QCPGraph* graph : {m_prefill, m_decode}) {
        graph->setVisible(shown);
        if (shown) {
            graph->addToLegend();
        } else {
            graph->removeFromLegend();
        }
    }
    showLevels();
}

void OperatorLayer::setStyle(const PlotPalette& palette, double scale, double devicePixelRatio) {
    // Prefill and decode operators often share an intensity: different shapes (and the
    // phase hues) keep both visible where they meet.
    const auto style = [&](QCPScatterStyle::ScatterShape shape, const QColor& colour) {
        return pixmapScatter(shape, QPen(colour, 1.3 * scale), Qt::NoBrush, 8.0 * scale,
                             devicePixelRatio);
    };
    m_prefill->setScatterStyle(style(QCPScatterStyle::ssCrossSquare, palette.prefill));
    m_decode->setScatterStyle(style(QCPScatterStyle::ssCrossCircle, palette.decode));
    m_prefill->setPen(QPen(palette.prefill));
    m_decode->setPen(QPen(palette.decode));
    m_levels[0]->setScatterStyle(style(QCPScatterStyle::ssTriangle, palette.level[1]));
    m_levels[1]->setScatterStyle(style(QCPScatterStyle::ssDiamond, palette.level[2]));
    m_levels[0]->setPen(QPen(palette.level[1]));
    m_levels[1]->setPen(QPen(palette.level[2]));
    m_joins->setPen(QPen(palette.otherRoof, scale, Qt::DotLine));
    m_joins->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssNone));
}

std::vector<QPointF> OperatorLayer::extent() const {
    std::vector<QPointF> points = m_prefillPoints;
    points.insert(points.end(), m_decodePoints.begin(), m_decodePoints.end());
    if (m_levelsShown) {
        for (const std::vector<QPointF>& level : m_levelPoints) {
            points.insert(points.end(), level.begin(), level.end());
        }
    }
    return points;
}

const QCPGraph* OperatorLayer::graphFor(PassKind pass) const {
    return drawnAsPrefill(pass) ? m_prefill : m_decode;
}

std::vector<DirectItem*> OperatorLayer::directItems() const {
    return {m_joinsDirect, m_levelsDirect[0], m_levelsDirect[1], m_prefillDirect, m_decodeDirect};
}

std::vector<const QCPGraph*> OperatorLayer::graphs() const {
    return {m_prefill, m_decode, m_levels[0], m_levels[1]};
}

}  // namespace roofline::ui
