// SPDX-License-Identifier: GPL-3.0-or-later
#include "points_layer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include <QObject>

#include "model/plot_tooltip.h"
#include "plot/direct_items.h"
#include "plot/plot_items.h"
#include "plot/plot_scene.h"
#include "plot/plot_units.h"
#include "roofline/format.h"
#include "roofline/kv_transfer.h"
#include "roofline/point_note.h"

namespace roofline::ui {
namespace {

/// The longest line of a pass's note before it is broken in two (noteLines()).
constexpr qsizetype kNoteLineChars = 36;

QString tr(const char* text) { return QObject::tr(text); }

/// "1.05 FLOP/byte", then under it "3.52 TFLOP/s (100% of roof)": where the point sits,
/// what it attains and how close that is to the roof at its intensity (the engine's
/// fractionOfRoof). Two short lines: one long one would not fit beside the point, and would
/// run over the roofs' labels.
QString pointText(const Analysis& analysis, const PassCost& pass) {
    return tr("%1 FLOP/byte\n%2 (%3% of roof)")
        .arg(qs(formatNumber(pass.intensity())),
             qs(formatSi(pass.attainableFlopsPerSecond, "FLOP/s")),
             qs(formatNumber(fractionOfRoof(analysis, pass) * 100.0, 3)));
}

/// Every number setData() draws from, in one list: equal lists draw the same items.
std::vector<double> keyOf(const Analysis& a, const std::vector<TrailPoint>& trail) {
    std::vector<double> key;
    key.reserve(16 + 8 * a.passes.size() + 4 * trail.size());
    const auto pass = [&](const PassCost& p) {
        key.insert(key.end(),
                   {static_cast<double>(p.kind), p.intensity(), p.attainableFlopsPerSecond,
                    fractionOfRoof(a, p), p.newTokens, p.repeats, p.linkBytes, p.linkIntensity()});
    };
    pass(a.primary());
    pass(a.decode());
    key.push_back(a.hasDecode() ? 1.0 : 0.0);
    for (const PassCost& p : a.passes) {
        pass(p);
    }
    if (const std::optional<KvTransferPoint> t = kvTransferPoint(a)) {
        key.insert(key.end(),
                   {t->intensityFlopsPerByte, t->attainableFlopsPerSecond, t->bytesPerDevice,
                    t->seconds, static_cast<double>(a.disaggregation->prefillDevices),
                    static_cast<double>(a.disaggregation->decodeDevices)});
    }
    key.insert(key.end(), {a.interconnectBandwidthBytesPerSecond,
                           a.criticalBatch ? static_cast<double>(*a.criticalBatch) : -1.0,
                           static_cast<double>(a.memory.maxBatch)});
    for (const TrailPoint& p : trail) {
        key.insert(key.end(), {static_cast<double>(p.batch), p.intensityFlopsPerByte,
                               p.attainableFlopsPerSecond, p.fits ? 1.0 : 0.0});
    }
    return key;
}

/// The trail from its start up to the batch the point is at, ending at the point itself (the
/// engine's pass at this batch, as the trail's own points are): what Play has swept so far.
std::vector<TrailPoint> trailToPoint(const Analysis& a, const std::vector<TrailPoint>& trail) {
    const PassCost& pass = a.hasDecode() ? a.decode() : a.primary();
    std::vector<TrailPoint> shown;
    shown.reserve(trail.size() + 1);
    for (const TrailPoint& p : trail) {
        if (static_cast<double>(p.batch) <= pass.batch) {
            shown.push_back(p);
        }
    }
    const auto batch = static_cast<std::int64_t>(pass.batch);
    if (shown.empty() || shown.back().batch != batch) {
        TrailPoint here;
        here.batch = batch;
        here.intensityFlopsPerByte = pass.intensity();
        here.attainableFlopsPerSecond = pass.attainableFlopsPerSecond;
        here.fits = a.memory.fits;
        shown.push_back(here);
    }
    return shown;
}

}  // namespace

QString noteLines(QString note) {
    const qsizetype colon = note.indexOf(QStringLiteral(": "));
    if (colon > 0) {
        note.replace(colon, 2, QStringLiteral(":\n"));
        const qsizetype comma = note.indexOf(QStringLiteral(", "), colon);
        if (comma > 0) {
            note.replace(comma, 2, QStringLiteral(",\n"));
        }
    }
    // A line longer than kNoteLineChars is broken at the space nearest its middle: at
    // 1280×720 in presentation mode "which pulls the point left of the ridge (see
    // operators)" runs past the plot's right edge.
    QStringList lines = note.split(QLatin1Char('\n'));
    for (QString& line : lines) {
        if (line.size() > kNoteLineChars) {
            line = brokenNearMiddle(line, QStringLiteral(" "));
        }
    }
    return lines.join(QLatin1Char('\n'));
}

template <class Item>
Item* PointsLayer::direct(Item* item) {
    item->setLayer(static_cast<QCPLayer*>(nullptr));  // drawn by the plot, directly
    m_direct.push_back(item);
    return item;
}

PlotLabel* PointsLayer::label(Qt::Alignment alignment, const QMargins& padding) {
    PlotLabel* text = plotLabel(direct(new Direct<PlotLabel>(m_plot)), alignment);
    text->setPadding(padding);
    return text;
}

PointsLayer::PointsLayer(QCustomPlot* plot) : m_plot(plot) {
    QCPAxis* x = plot->xAxis;
    QCPAxis* y = plot->yAxis;
    m_trail = direct(new Direct<QCPCurve>(x, y));
    m_trailBeyond = direct(new Direct<QCPCurve>(x, y));
    // A fixed name: the legend is redrawn only when the view changes (the B range is
    // written at the trail's ends instead).
    m_trail->setName(tr("decode batch trail"));
    m_trailBeyond->setName(tr("trail beyond memory"));
    m_trailStartLabel = label(Qt::AlignLeft | Qt::AlignTop, QMargins(6, 4, 0, 0));
    m_trailEndLabel = label(Qt::AlignLeft | Qt::AlignTop, QMargins(6, 4, 0, 0));
    // Marks on the trail: where it reaches the engine's critical batch (tokens/s stops
    // growing with B) and where memory is full (past it the trail is dashed). The engine
    // puts both batches on the trail (decodeBatchTrail).
    m_criticalMark = direct(new Direct<QCPGraph>(x, y));
    m_criticalMark->setName(tr("critical batch"));
    m_memoryWallMark = direct(new Direct<QCPGraph>(x, y));
    m_memoryWallMark->setName(tr("memory full"));
    // Below-right of the mark, like the trail's own labels, until the placement moves them.
    m_criticalLabel = label(Qt::AlignRight | Qt::AlignBottom, QMargins(0, 0, 8, 6));
    m_memoryWallLabel = label(Qt::AlignLeft | Qt::AlignTop, QMargins(8, 6, 0, 0));

    m_prefillPoint = direct(new Direct<QCPGraph>(x, y));
    m_decodePoint = direct(new Direct<QCPGraph>(x, y));
    m_prefillPoint->setName(tr("prefill"));
    m_decodePoint->setName(tr("decode"));
    m_prefillLabel = label(Qt::AlignLeft | Qt::AlignTop, QMargins(10, 8, 0, 0));
    m_decodeLabel = label(Qt::AlignRight | Qt::AlignBottom, QMargins(0, 0, 10, 8));
    // Speculative decoding: the verify pass (the target over k+1 tokens) and the draft's
    // k steps, each a point of its own in the decode hue.
    m_specPoints = direct(new Direct<QCPGraph>(x, y));
    m_specPoints->setName(tr("speculative passes"));
    // With tensor parallelism, each phase again at its own link intensity (FLOPs per byte
    // sent over the interconnect), to be read against the interconnect roof.
    m_prefillLink = direct(new Direct<QCPGraph>(x, y));
    m_decodeLink = direct(new Direct<QCPGraph>(x, y));
    // One legend entry names both (the squares take their pass's colour).
    m_prefillLink->setName(tr("link intensity"));
    m_decodeLink->setName(tr("link intensity"));
    m_verifyLabel = label(Qt::AlignLeft | Qt::AlignTop, QMargins(10, 6, 0, 0));
    // The draft's steps sit near the decode point: their label goes below it, left where it
    // fits (the HBM slope leaves that side empty), else right, under the trail's "B=1".
    m_draftLabel = label(Qt::AlignRight | Qt::AlignTop, QMargins(0, 20, 10, 0));
    // DOMAIN.md §12: a pass bound by time one way but drawn on the other side of the ridge
    // says why, at the point.
    m_boundNote = label(Qt::AlignLeft | Qt::AlignTop, QMargins(10, 8, 0, 0));
    m_boundNote->setObjectName(QStringLiteral("boundNote"));
    m_boundNote->setVisible(false);
    // Disaggregated serving: the KV transfer from the prefill pool to the decode pool, a
    // point of its own read against the link between them (roofline/kv_transfer.h).
    m_transferPoint = direct(new Direct<QCPGraph>(x, y));
    m_transferPoint->setName(tr("KV transfer"));
    m_transferPoint->removeFromLegend();
    m_transferLabel = label(Qt::AlignLeft | Qt::AlignTop, QMargins(10, 6, 0, 0));
    m_transferLabel->setVisible(false);
    for (QCPGraph* graph : {m_criticalMark, m_memoryWallMark, m_prefillPoint, m_decodePoint,
                            m_specPoints, m_prefillLink, m_decodeLink, m_transferPoint}) {
        graph->setLineStyle(QCPGraph::lsNone);
    }
}

void PointsLayer::describe(SceneWriter& w) const {
    w.setLayer(QStringLiteral("trail"));
    w.curve(m_trail, QStringLiteral("trail"));
    w.curve(m_trailBeyond, QStringLiteral("trail"));
    w.points(m_criticalMark, QStringLiteral("point"));
    w.points(m_memoryWallMark, QStringLiteral("point"));
    for (const PlotLabel* trailLabel :
         {m_trailStartLabel, m_trailEndLabel, m_criticalLabel, m_memoryWallLabel}) {
        w.label(trailLabel);
    }

    w.setLayer(layerName());
    for (const QCPGraph* graph : {m_prefillPoint, m_decodePoint, m_specPoints, m_prefillLink,
                                  m_decodeLink, m_transferPoint}) {
        w.points(graph, QStringLiteral("point"));
    }
    for (const PlotLabel* pointLabel : {m_prefillLabel, m_decodeLabel, m_verifyLabel, m_draftLabel,
                                        m_transferLabel, m_boundNote}) {
        w.label(pointLabel);
    }
}

PointsLayer::Changes PointsLayer::setData(const Analysis& analysis,
                                          const std::vector<TrailPoint>& trail) {
    std::vector<double> key = keyOf(analysis, trail);
    key.push_back(m_trailFollowsPoint ? 1.0 : 0.0);
    if (key == m_key && m_updates > 0) {
        return {};
    }
    m_key = std::move(key);
    ++m_updates;
    // While Play sweeps the batch the trail ends at the point, and its end's label ("B=37")
    // names the batch there: the one place the plot shows it, on a projector with the docks
    // closed.
    updateTrail(analysis, m_trailFollowsPoint ? trailToPoint(analysis, trail) : trail);
    updatePoints(analysis);
    updateNote(analysis);
    return {true, updateLegend(analysis)};
}

void PointsLayer::updatePoints(const Analysis& a) {
    // An encoder's or a CNN's one pass sits where prefill does; it has no decode point
    // (decode() is then an empty pass, which is not drawable).
    const PassCost& prefill = a.primary();
    const PassCost& decode = a.decode();
    const double px = prefill.intensity();
    const double py = tflops(prefill.attainableFlopsPerSecond);
    const double dx = decode.intensity();
    const double dy = tflops(decode.attainableFlopsPerSecond);
    m_prefillAt = QPointF(px, py);
    m_decodeAt = QPointF(dx, dy);
    m_hasDecode = a.hasDecode();

    const bool prefillShown = drawable(px, py);
    const bool decodeShown = drawable(dx, dy);
    m_prefillPoint->setData(prefillShown ? vec({px}) : QVector<double>(),
                            prefillShown ? vec({py}) : QVector<double>(), true);
    m_decodePoint->setData(decodeShown ? vec({dx}) : QVector<double>(),
                           decodeShown ? vec({dy}) : QVector<double>(), true);
    m_prefillLabel->setVisible(prefillShown);
    m_decodeLabel->setVisible(decodeShown);
    m_decodeLabel->position->setCoords(dx, dy);
    // Disaggregated, each pass runs on a pool of its own: its name says which.
    const std::optional<DisaggregationResult>& pools = a.disaggregation;
    const QString prefillName =
        pools ? tr("%1 (pool of %2)").arg(phaseName(prefill.kind)).arg(pools->prefillDevices)
              : phaseName(prefill.kind);
    const QString decodeName =
        pools ? tr("decode (pool of %1)").arg(pools->decodeDevices) : tr("decode");
    m_prefillLabel->setText(tr("%1  %2").arg(prefillName, pointText(a, prefill)));
    m_decodeLabel->setText(tr("%1  %2").arg(decodeName, pointText(a, decode)));

    const std::optional<KvTransferPoint> transfer = kvTransferPoint(a);
    const bool transferShown = transfer && drawable(transfer->intensityFlopsPerByte,
                                                    tflops(transfer->attainableFlopsPerSecond));
    m_transferAt = transferShown ? QPointF(transfer->intensityFlopsPerByte,
                                           tflops(transfer->attainableFlopsPerSecond))
                                 : QPointF();
    m_transferPoint->setData(transferShown ? vec({m_transferAt.x()}) : QVector<double>(),
                             transferShown ? vec({m_transferAt.y()}) : QVector<double>(), true);
    m_transferLabel->setVisible(transferShown);
    if (transferShown) {
        m_transferLabel->position->setCoords(m_transferAt.x(), m_transferAt.y());
        m_transferLabel->setText(tr("KV transfer %1 per device in %2\n%3% of TTFT")
                                     .arg(qs(formatBytes(transfer->bytesPerDevice)),
                                          qs(formatDuration(transfer->seconds)),
                                          qs(formatNumber(transfer->ttftShare * 100.0, 3))));
    }

    QVector<double> specX;
    QVector<double> specY;
    m_verifyLabel->setVisible(false);
    m_draftLabel->setVisible(false);
    for (const PassCost& pass : a.passes) {
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
                    .arg(qs(formatInteger(std::llround(pass.newTokens))), pointText(a, pass)));
        } else {
            m_draftLabel->setVisible(true);
            m_draftLabel->position->setCoords(x, y);
            m_draftLabel->setText(
                tr("draft ×%1 steps  %2")
                    .arg(qs(formatInteger(std::llround(pass.repeats))), pointText(a, pass)));
        }
    }
    m_specPoints->setData(specX, specY);
    // The names are placed by the first pass of each kind.
    const PassCost* verify = a.pass(PassKind::Verify);
    const PassCost* draft = a.pass(PassKind::Draft);
    m_hasVerify = verify != nullptr;
    m_hasDraft = draft != nullptr;
    m_verifyAt = verify != nullptr
                     ? QPointF(verify->intensity(), tflops(verify->attainableFlopsPerSecond))
                     : QPointF();
    m_draftAt = draft != nullptr
                    ? QPointF(draft->intensity(), tflops(draft->attainableFlopsPerSecond))
                    : QPointF();

    QVector<double> prefillLinkX;
    QVector<double> prefillLinkY;
    QVector<double> decodeLinkX;
    QVector<double> decodeLinkY;
    if (a.interconnectBandwidthBytesPerSecond > 0.0) {
        for (const PassCost& pass : a.passes) {
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
}

void PointsLayer::updateTrail(const Analysis& analysis, const std::vector<TrailPoint>& trail) {
    QVector<double> t;
    QVector<double> x;
    QVector<double> y;
    QVector<double> tBeyond;
    QVector<double> xBeyond;
    QVector<double> yBeyond;
    const TrailPoint* first = nullptr;
    const TrailPoint* last = nullptr;
    for (const TrailPoint& point : trail) {
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
    const auto at = [&trail](std::optional<std::int64_t> batch) -> const TrailPoint* {
        if (!batch || *batch < 1) {
            return nullptr;
        }
        const auto it = std::find_if(trail.begin(), trail.end(),
                                     [&](const TrailPoint& p) { return p.batch == *batch; });
        return it != trail.end() &&
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
    const TrailPoint* critical = at(analysis.criticalBatch);
    mark(m_criticalMark, m_criticalLabel, critical,
         critical != nullptr ? tr("critical B=%1").arg(qs(formatInteger(critical->batch)))
                             : QString());
    // Only where the trail goes on past it (or the point itself would not fit): the trail
    // turns dashed there.
    const std::int64_t maxBatch = analysis.memory.maxBatch;
    const TrailPoint* wall =
        at(maxBatch > 0 ? std::optional<std::int64_t>(maxBatch) : std::nullopt);
    mark(m_memoryWallMark, m_memoryWallLabel, wall,
         wall != nullptr ? tr("memory full B=%1").arg(qs(formatInteger(wall->batch))) : QString());
    // The end of the trail at the memory wall says so once, not twice.
    if (wall != nullptr && wall == last) {
        m_trailEndLabel->setVisible(false);
    }
}

void PointsLayer::updateNote(const Analysis& a) {
    // The step that makes the tokens first (verify under speculative decoding, else decode),
    // then the first pass: the first of them the engine has a note for.
    const PassCost* verify = a.pass(PassKind::Verify);
    const std::array<std::pair<const PassCost*, const QCPGraph*>, 3> candidates = {{
        {verify, m_specPoints},
        {a.hasDecode() ? &a.decode() : nullptr, m_decodePoint},
        {&a.primary(), m_prefillPoint},
    }};
    m_boundNote->setVisible(false);
    m_noteMark = nullptr;
    for (const auto& [pass, mark] : candidates) {
        if (pass == nullptr ||
            !drawable(pass->intensity(), tflops(pass->attainableFlopsPerSecond))) {
            continue;
        }
        QString note = qs(boundByTimeNote(a, *pass));
        if (note.isEmpty()) {
            continue;
        }
        // Short lines, as the points' names: the bound, then which operator, then why.
        note = noteLines(note);
        m_noteAt = QPointF(pass->intensity(), tflops(pass->attainableFlopsPerSecond));
        m_noteMark = mark;
        m_boundNote->setText(note);
        m_boundNote->position->setCoords(m_noteAt.x(), m_noteAt.y());
        m_boundNote->setVisible(true);
        return;
    }
}

bool PointsLayer::updateLegend(const Analysis& a) {
    // The legend names the first pass by its kind ("encode", "forward" for encoders and
    // CNNs) and lists the decode point only where there is one.
    const QString firstName = phaseName(a.primary().kind);
    const bool named = m_prefillPoint->name() != firstName;
    if (named) {
        m_prefillPoint->setName(firstName);
        const bool decode = a.hasDecode();
        m_trailKind = decode ? PassKind::Decode : a.primary().kind;
        styleTrail();
        m_trail->setName(decode ? tr("decode batch trail") : tr("%1 batch trail").arg(firstName));
        m_decodePoint->removeFromLegend();
        m_trail->removeFromLegend();
        if (decode) {
            m_decodePoint->addToLegend();
        }
        m_trail->addToLegend();
    }
    // With tensor parallelism each pass is drawn again at its link intensity, as a hollow
    // square in its colour: one legend entry says what the squares are, while there are any.
    const bool transfer = !m_transferPoint->data()->isEmpty();
    const bool transferListed = m_plot->legend->hasItemWithPlottable(m_transferPoint);
    bool changed = named;
    if (transfer != transferListed || (transfer && named)) {
        m_transferPoint->removeFromLegend();
        if (transfer) {
            m_transferPoint->addToLegend();
        }
        changed = true;
    }
    QCPGraph* linkEntry = a.hasDecode() ? m_decodeLink : m_prefillLink;
    const bool links = !m_prefillLink->data()->isEmpty() || !m_decodeLink->data()->isEmpty();
    if (links != m_plot->legend->hasItemWithPlottable(linkEntry) || (links && named)) {
        m_prefillLink->removeFromLegend();
        m_decodeLink->removeFromLegend();
        if (links) {
            linkEntry->addToLegend();  // last, after the trail
        }
        return true;
    }
    return changed;
}

void PointsLayer::styleTrail() {
    // The trail in the hue of the pass it follows: an encoder's is not drawn in decode blue.
    const double scale = m_scale;
    const double dpr = m_devicePixelRatio;
    QColor trailColour = passHue(m_palette, m_trailKind);
    m_trail->setPen(QPen(trailColour, 1.8 * scale));
    m_trail->setScatterStyle(
        pixmapScatter(QCPScatterStyle::ssDisc, QPen(trailColour), trailColour, 5.0 * scale, dpr));
    for (PlotLabel* label : {m_trailStartLabel, m_trailEndLabel}) {
        label->setColor(trailColour);
    }
    trailColour.setAlphaF(0.55F);
    m_trailBeyond->setPen(QPen(trailColour, 1.5 * scale, Qt::DashLine));
    m_trailBeyond->setScatterStyle(pixmapScatter(
        QCPScatterStyle::ssCircle, QPen(trailColour, scale), Qt::NoBrush, 5.0 * scale, dpr));
}

void PointsLayer::setStyle(const PlotPalette& p, double scale, double dpr, const QFont& bold,
                           const QFont& small) {
    m_palette = p;
    m_scale = scale;
    m_devicePixelRatio = dpr;
    for (PlotLabel* label : {m_trailStartLabel, m_trailEndLabel}) {
        label->setFont(small);
    }
    styleTrail();
    m_boundNote->setFont(small);
    m_boundNote->setColor(p.foreground);

    m_prefillPoint->setPen(QPen(p.prefill, 1.5 * scale));
    m_prefillPoint->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssDiamond, QPen(p.foreground, 1.5 * scale), p.prefill, 16.0 * scale));
    m_decodePoint->setPen(QPen(p.decode, 1.5 * scale));
    m_decodePoint->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(p.foreground, 1.5 * scale), p.decode, 14.0 * scale));
    m_prefillLabel->setFont(bold);
    m_prefillLabel->setColor(p.prefill);
    m_decodeLabel->setFont(bold);
    m_decodeLabel->setColor(p.decode);
    m_specPoints->setPen(QPen(p.decode, 1.5 * scale));
    m_specPoints->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssTriangle, QPen(p.decode, 2.0 * scale), p.background, 13.0 * scale));
    m_verifyLabel->setFont(bold);
    m_verifyLabel->setColor(p.decode);
    m_prefillLink->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssSquare, QPen(p.prefill, 2.0 * scale), Qt::NoBrush, 10.0 * scale));
    m_decodeLink->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssSquare, QPen(p.decode, 2.0 * scale), Qt::NoBrush, 10.0 * scale));
    m_criticalMark->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssPlus, QPen(p.decode, 2.5 * scale), Qt::NoBrush, 14.0 * scale));
    m_memoryWallMark->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCross, QPen(p.warning, 2.5 * scale), Qt::NoBrush, 12.0 * scale));
    m_criticalLabel->setFont(small);
    m_criticalLabel->setColor(p.decode);
    m_memoryWallLabel->setFont(small);
    m_memoryWallLabel->setColor(p.warning);
    m_draftLabel->setFont(bold);
    m_draftLabel->setColor(p.decode);
    // The transfer leaves the prefill pool: a hollow diamond in its hue, as its link square.
    m_transferPoint->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssDiamond, QPen(p.interconnect, 2.0 * scale), Qt::NoBrush, 13.0 * scale));
    m_transferLabel->setFont(small);
    m_transferLabel->setColor(p.interconnect);
}

void PointsLayer::nameRequests(std::vector<LabelEntry>& entries) const {
    using S = Side;
    const QCPAxis* x = m_plot->xAxis;
    const QCPAxis* y = m_plot->yAxis;
    // Prefill sits under the compute ceiling: below it first, away from the roof labels.
    addLabelAround(entries, x, y, m_prefillLabel, m_prefillPoint, m_prefillAt.x(), m_prefillAt.y(),
                   10, false,
                   {S::RightBelow, S::LeftBelow, S::Below, S::Right, S::Left, S::RightAbove,
                    S::LeftAbove, S::Above},
                   true);
    // Decode sits on the memory slope: the free side of it is below right.
    if (m_hasDecode) {
        addLabelAround(entries, x, y, m_decodeLabel, m_decodePoint, m_decodeAt.x(), m_decodeAt.y(),
                       11, false,
                       {S::RightBelow, S::Right, S::LeftAbove, S::Below, S::Left, S::Above,
                        S::RightAbove, S::LeftBelow},
                       true);
    }
    if (m_hasVerify) {
        addLabelAround(entries, x, y, m_verifyLabel, m_specPoints, m_verifyAt.x(), m_verifyAt.y(),
                       12, false, {}, true);
    }
    if (m_transferLabel->visible()) {
        addLabelAround(entries, x, y, m_transferLabel, m_transferPoint, m_transferAt.x(),
                       m_transferAt.y(), 14, false,
                       {S::RightBelow, S::Right, S::Below, S::RightAbove, S::LeftBelow, S::Left,
                        S::Above, S::LeftAbove},
                       true);
    }
    if (m_hasDraft) {
        addLabelAround(entries, x, y, m_draftLabel, m_specPoints, m_draftAt.x(), m_draftAt.y(), 13,
                       false,
                       {S::LeftBelow, S::Below, S::RightBelow, S::Left, S::Right, S::LeftAbove,
                        S::RightAbove, S::Above},
                       true);
    }
}

void PointsLayer::noteRequests(std::vector<LabelEntry>& entries) const {
    using S = Side;
    if (m_noteMark == nullptr) {
        return;
    }
    // After the points' names and the arrows' labels: the note goes where they leave room,
    // with a leader back to its point.
    addLabelAround(entries, m_plot->xAxis, m_plot->yAxis, m_boundNote, m_noteMark, m_noteAt.x(),
                   m_noteAt.y(), 16, false,
                   {S::LeftAbove, S::Above, S::RightAbove, S::LeftBelow, S::Left, S::Below,
                    S::RightBelow, S::Right});
}

void PointsLayer::trailRequests(std::vector<LabelEntry>& entries) const {
    using S = Side;
    const QCPAxis* x = m_plot->xAxis;
    const QCPAxis* y = m_plot->yAxis;
    const auto first = [](const QCPGraph* g) {
        return g->data()->isEmpty()
                   ? QPointF()
                   : QPointF(g->data()->constBegin()->key, g->data()->constBegin()->value);
    };
    const QPointF critical = first(m_criticalMark);
    addLabelAround(entries, x, y, m_criticalLabel, m_criticalMark, critical.x(), critical.y(), 20,
                   true,
                   {S::LeftAbove, S::RightBelow, S::Above, S::Below, S::Left, S::Right,
                    S::RightAbove, S::LeftBelow});
    const QPointF wall = first(m_memoryWallMark);
    addLabelAround(entries, x, y, m_memoryWallLabel, m_memoryWallMark, wall.x(), wall.y(), 21, true,
                   {S::RightBelow, S::LeftAbove, S::Below, S::Right, S::Above, S::Left,
                    S::RightAbove, S::LeftBelow});
    const QCPCurve* solid = m_trail->data()->isEmpty() ? m_trailBeyond : m_trail;
    const QCPCurve* tail = m_trailBeyond->data()->isEmpty() ? m_trail : m_trailBeyond;
    if (!solid->data()->isEmpty()) {
        const auto start = solid->data()->constBegin();
        addLabelAround(entries, x, y, m_trailStartLabel, m_decodePoint, start->key, start->value,
                       22, true,
                       {S::RightBelow, S::Below, S::Right, S::LeftBelow, S::Left, S::RightAbove});
    }
    if (!tail->data()->isEmpty()) {
        const auto end = std::prev(tail->data()->constEnd());
        addLabelAround(entries, x, y, m_trailEndLabel, m_criticalMark, end->key, end->value, 23,
                       true,
                       {S::RightBelow, S::Right, S::Below, S::LeftAbove, S::Above, S::Left,
                        S::RightAbove, S::LeftBelow});
    }
}

}  // namespace roofline::ui
