// SPDX-License-Identifier: GPL-3.0-or-later
// RooflinePlot's data that follows the sliders: the passes' points and their labels, the
// decode batch trail and its marks.

#include <algorithm>
#include <cmath>

#include "plot/plot_items.h"
#include "plot/plot_tooltip.h"
#include "plot/roofline_plot.h"
#include "roofline/comparison.h"
#include "roofline/format.h"

namespace roofline::ui {

QString RooflinePlot::pointText(const PassCost& pass) const {
    // "1.05 FLOP/byte", then under it "3.52 TFLOP/s (100% of roof)": where the point sits,
    // what it attains and how close that is to the roof at its intensity (the engine's
    // fractionOfRoof). Two short lines: one long one would not fit beside the point, and
    // would run over the roofs' labels.
    return tr("%1 FLOP/byte\n%2 (%3% of roof)")
        .arg(qs(formatNumber(pass.intensity())),
             qs(formatSi(pass.attainableFlopsPerSecond, "FLOP/s")),
             qs(formatNumber(fractionOfRoof(m_analysis, pass) * 100.0, 3)));
}

void RooflinePlot::updatePoints() {
    // An encoder's or a CNN's one pass sits where prefill does; it has no decode point
    // (decode() is then an empty pass, which is not drawable).
    const PassCost& prefill = m_analysis.primary();
    const PassCost& decode = m_analysis.decode();
    const double px = prefill.intensity();
    const double py = tflops(prefill.attainableFlopsPerSecond);
    const double dx = decode.intensity();
    const double dy = tflops(decode.attainableFlopsPerSecond);

    const bool prefillShown = drawable(px, py);
    const bool decodeShown = drawable(dx, dy);
    m_prefillPoint->setData(prefillShown ? vec({px}) : QVector<double>(),
                            prefillShown ? vec({py}) : QVector<double>(), true);
    m_decodePoint->setData(decodeShown ? vec({dx}) : QVector<double>(),
                           decodeShown ? vec({dy}) : QVector<double>(), true);
    m_prefillLabel->setVisible(prefillShown);
    m_decodeLabel->setVisible(decodeShown);
    m_decodeLabel->position->setCoords(dx, dy);
    m_prefillLabel->setText(tr("%1  %2").arg(phaseName(prefill.kind), pointText(prefill)));
    m_decodeLabel->setText(tr("decode  %1").arg(pointText(decode)));

    QVector<double> specX;
    QVector<double> specY;
    m_verifyLabel->setVisible(false);
    m_draftLabel->setVisible(false);
    for (const PassCost& pass : m_analysis.passes) {
        if (pass.kind != PassKind::Verify && pass.kind != PassKind::Draft) {
            continue;
        }
        const double x = pass.intensity();
        const double y = tflops(pass.attainableFlopsPerSecond);
        if (!drawable(x, y)) {
            continue;
        }
        specX.push_back(x);
        specY.push_back(y);
        if (pass.kind == PassKind::Verify) {
            m_verifyLabel->setVisible(true);
            m_verifyLabel->position->setCoords(x, y);
            m_verifyLabel->setText(
                tr("verify ×%1 tokens  %2")
                    .arg(qs(formatInteger(std::llround(pass.newTokens))), pointText(pass)));
        } else {
            m_draftLabel->setVisible(true);
            m_draftLabel->position->setCoords(x, y);
            m_draftLabel->setText(
                tr("draft ×%1 steps  %2")
                    .arg(qs(formatInteger(std::llround(pass.repeats))), pointText(pass)));
        }
    }
    m_specPoints->setData(specX, specY);

    QVector<double> prefillLinkX;
    QVector<double> prefillLinkY;
    QVector<double> decodeLinkX;
    QVector<double> decodeLinkY;
    if (m_analysis.interconnectBandwidthBytesPerSecond > 0.0) {
        for (const PassCost& pass : m_analysis.passes) {
            const double x = pass.linkIntensity();
            const double y = tflops(pass.attainableFlopsPerSecond);
            if (!(pass.linkBytes > 0.0) || !drawable(x, y)) {
                continue;
            }
            const bool isPrefill = drawnAsPrefill(pass.kind);
            (isPrefill ? prefillLinkX : decodeLinkX).push_back(x);
            (isPrefill ? prefillLinkY : decodeLinkY).push_back(y);
        }
    }
    m_prefillLink->setData(prefillLinkX, prefillLinkY);
    m_decodeLink->setData(decodeLinkX, decodeLinkY);
    placeArrows();
}

void RooflinePlot::updateTrail() {
    QVector<double> t;
    QVector<double> x;
    QVector<double> y;
    QVector<double> tBeyond;
    QVector<double> xBeyond;
    QVector<double> yBeyond;
    const TrailPoint* first = nullptr;
    const TrailPoint* last = nullptr;
    for (const TrailPoint& point : m_trailPoints) {
        const double px = point.intensityFlopsPerByte;
        const double py = tflops(point.attainableFlopsPerSecond);
        if (!drawable(px, py)) {
            continue;
        }
        if (point.fits) {
            t.push_back(static_cast<double>(t.size()));
            x.push_back(px);
            y.push_back(py);
        } else {
            if (xBeyond.isEmpty() && !x.isEmpty()) {  // join the dashed part to the solid one
                tBeyond.push_back(0.0);
                xBeyond.push_back(x.back());
                yBeyond.push_back(y.back());
            }
            tBeyond.push_back(static_cast<double>(tBeyond.size()));
            xBeyond.push_back(px);
            yBeyond.push_back(py);
        }
        first = first != nullptr ? first : &point;
        last = &point;
    }
    m_trail->setData(t, x, y, true);
    m_trailBeyond->setData(tBeyond, xBeyond, yBeyond, true);

    m_trailStartLabel->setVisible(first != nullptr);
    m_trailEndLabel->setVisible(last != nullptr && last != first);
    if (first != nullptr) {
        m_trailStartLabel->setText(QStringLiteral("B=%1").arg(qs(formatInteger(first->batch))));
        m_trailStartLabel->position->setCoords(first->intensityFlopsPerByte,
                                               tflops(first->attainableFlopsPerSecond));
    }
    if (last != nullptr) {
        m_trailEndLabel->setText(
            last->fits ? QStringLiteral("B=%1").arg(qs(formatInteger(last->batch)))
                       : tr("B=%1, does not fit in memory").arg(qs(formatInteger(last->batch))));
        m_trailEndLabel->position->setCoords(last->intensityFlopsPerByte,
                                             tflops(last->attainableFlopsPerSecond));
    }

    // The critical batch and the memory wall, at the trail's own points for those batches.
    const auto at = [this](std::optional<std::int64_t> batch) -> const TrailPoint* {
        if (!batch || *batch < 1) {
            return nullptr;
        }
        const auto it = std::find_if(m_trailPoints.begin(), m_trailPoints.end(),
                                     [&](const TrailPoint& p) { return p.batch == *batch; });
        return it != m_trailPoints.end() &&
                       drawable(it->intensityFlopsPerByte, it->attainableFlopsPerSecond)
                   ? &*it
                   : nullptr;
    };
    const auto mark = [](QCPGraph* graph, PlotLabel* label, const TrailPoint* point,
                         const QString& text) {
        label->setVisible(point != nullptr);
        if (point == nullptr) {
            graph->setData(QVector<double>(), QVector<double>(), true);
            return;
        }
        const double px = point->intensityFlopsPerByte;
        const double py = tflops(point->attainableFlopsPerSecond);
        graph->setData(vec({px}), vec({py}), true);
        label->position->setCoords(px, py);
        label->setText(text);
    };
    const TrailPoint* critical = at(m_analysis.criticalBatch);
    mark(m_criticalMark, m_criticalLabel, critical,
         critical != nullptr ? tr("critical B=%1").arg(qs(formatInteger(critical->batch)))
                             : QString());
    // Only where the trail goes on past it (or the point itself would not fit): the trail
    // turns dashed there.
    const TrailPoint* wall =
        at(m_analysis.memory.maxBatch > 0 ? std::optional<std::int64_t>(m_analysis.memory.maxBatch)
                                          : std::nullopt);
    mark(m_memoryWallMark, m_memoryWallLabel, wall,
         wall != nullptr ? tr("memory full B=%1").arg(qs(formatInteger(wall->batch))) : QString());
    // The end of the trail at the memory wall says so once, not twice.
    if (wall != nullptr && wall == last) {
        m_trailEndLabel->setVisible(false);
    }
}

}  // namespace roofline::ui
