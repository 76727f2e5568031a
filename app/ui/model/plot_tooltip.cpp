// SPDX-License-Identifier: GPL-3.0-or-later
#include "plot_tooltip.h"

#include <cmath>

#include <QStringList>

#include "roofline/explain.h"
#include "roofline/format.h"

namespace roofline::ui {

QString qs(const std::string& text) { return QString::fromStdString(text); }

QString phaseName(PassKind phase) { return QString::fromUtf8(toString(phase)); }

QString boundName(Bound bound) {
    return QString::fromUtf8(toString(bound)) + QStringLiteral("-bound");
}

QString tooltipText(const QString& name, double flops, double bytes, double intensity,
                    double seconds, Bound bound) {
    QStringList lines;
    lines << name;
    lines << QStringLiteral("FLOPs: %1").arg(qs(formatSi(flops, "FLOP")));
    lines << QStringLiteral("Bytes: %1").arg(qs(formatBytes(bytes)));
    lines << QStringLiteral("Intensity: %1 FLOP/byte").arg(qs(formatNumber(intensity)));
    lines << QStringLiteral("Time: %1").arg(qs(formatDuration(seconds)));
    lines << QStringLiteral("Bound: %1").arg(boundName(bound));
    return lines.join(QLatin1Char('\n'));
}

QString tooltipText(PassKind phase, const PassCost& cost) {
    QString name;
    switch (phase) {
        case PassKind::Prefill:
            name = QStringLiteral("prefill (TTFT)");
            break;
        case PassKind::Decode:
            name = QStringLiteral("decode step (TPOT without speculation)");
            break;
        case PassKind::Draft:
            name = QStringLiteral("draft: %1 decode steps of the draft model")
                       .arg(qs(formatNumber(cost.repeats)));
            break;
        case PassKind::Verify:
            name = QStringLiteral("verify: the target over %1 tokens per sequence")
                       .arg(qs(formatNumber(cost.newTokens)));
            break;
        case PassKind::Encode:
            name = QStringLiteral("encode: %1 images, %2 tokens each, bidirectional")
                       .arg(qs(formatNumber(cost.batch)), qs(formatNumber(cost.newTokens)));
            break;
        case PassKind::Forward:
            name = QStringLiteral("forward: %1 images through every convolution")
                       .arg(qs(formatNumber(cost.batch)));
            break;
    }
    QString text =
        tooltipText(name, cost.flops, cost.bytes(), cost.intensity(), cost.timeSeconds, cost.bound);
    // Where the bytes go (why decode is memory-bound), and where the time goes.
    text += QStringLiteral("\nBytes: weights %1, KV cache %2, activations %3")
                .arg(qs(formatBytes(cost.traffic[ByteCategory::Weights])),
                     qs(formatBytes(cost.traffic[ByteCategory::KvCache])),
                     qs(formatBytes(cost.traffic[ByteCategory::Activations])));
    if (cost.linkBytes > 0.0) {
        text += QStringLiteral("\nLink bytes: %1 (%2 FLOP per link byte)")
                    .arg(qs(formatBytes(cost.linkBytes)), qs(formatNumber(cost.linkIntensity())));
    }
    text += QStringLiteral("\nTime in compute-/memory-/link-bound operators: %1% / %2% / %3%")
                .arg(qs(formatNumber(cost.shares[Bound::Compute] * 100.0, 2)),
                     qs(formatNumber(cost.shares[Bound::Memory] * 100.0, 2)),
                     qs(formatNumber(cost.shares[Bound::Interconnect] * 100.0, 2)));
    return text;
}

QString tooltipText(const OperatorCost& op) {
    QString name = phaseName(op.pass) + QStringLiteral(": ") + QString::fromUtf8(op.name);
    if (op.count > 1.0) {
        const bool whole = op.count == std::floor(op.count);
        name += QStringLiteral(" ×%1").arg(
            qs(whole ? formatInteger(std::llround(op.count)) : formatNumber(op.count)));
    }
    QString text =
        tooltipText(name, op.flops, op.bytes(), op.intensity(), op.timeSeconds, op.bound);
    if (op.linkBytes > 0.0) {
        text += QStringLiteral("\nLink bytes: %1").arg(qs(formatBytes(op.linkBytes)));
    }
    return text;
}

QString tooltipText(const TrailPoint& point) {
    QStringList lines;
    // An encoder's or a CNN's trail: its one pass (pass time and images/s, no tokens).
    const bool images = point.imagesPerSecond > 0.0;
    lines << (images ? QStringLiteral("pass at B = %1") : QStringLiteral("decode at B = %1"))
                 .arg(qs(formatInteger(point.batch)));
    lines << QStringLiteral("Intensity: %1 FLOP/byte")
                 .arg(qs(formatNumber(point.intensityFlopsPerByte)));
    lines << QStringLiteral("Attainable: %1")
                 .arg(qs(formatSi(point.attainableFlopsPerSecond, "FLOP/s")));
    if (images) {
        lines << QStringLiteral("Latency: %1").arg(qs(formatDuration(point.passTimeSeconds)));
        lines << QStringLiteral("Throughput: %1 images/s")
                     .arg(qs(formatNumber(point.imagesPerSecond)));
    } else {
        lines << QStringLiteral("TPOT: %1").arg(qs(formatDuration(point.tpotSeconds)));
        lines << QStringLiteral("Throughput: %1 tok/s")
                     .arg(qs(formatNumber(point.decodeTokensPerSecond)));
    }
    if (!point.fits) {
        lines << QStringLiteral("Does not fit in memory");
    }
    return lines.join(QLatin1Char('\n'));
}

QString tooltipText(const PassEstimate& pass, const EstimateResult& e) {
    QStringList lines;
    lines << QStringLiteral("%1 estimated: %2 (%3–%4, %5% interval)")
                 .arg(phaseName(pass.kind), qs(formatDuration(pass.seconds)),
                      qs(formatDuration(pass.lowSeconds)), qs(formatDuration(pass.highSeconds)),
                      qs(formatNumber(e.coverage * 100.0, 2)));
    lines << QStringLiteral("Bound: %1 (achievable ceilings; an estimate is never a bound)")
                 .arg(qs(formatDuration(pass.boundSeconds)));
    lines << QStringLiteral("Attains %1 per device as estimated")
                 .arg(qs(formatSi(pass.flopsPerSecond, "FLOP/s")));
    lines << QStringLiteral("Profile: %1 (%2, %3)")
                 .arg(qs(e.profile()), qs(e.engine()),
                      e.fittedRecords > 0
                          ? QStringLiteral("fitted on %1 records")
                                .arg(qs(formatInteger(static_cast<long long>(e.fittedRecords))))
                          : QStringLiteral("not fitted: cited defaults"));
    const EstimateCost largest = largestEstimateCost(pass.terms);
    if (largest.seconds > 0.0) {
        lines << QStringLiteral("Largest cost added: %1, %2 of the %3")
                     .arg(QString::fromUtf8(largest.name.data(),
                                            static_cast<qsizetype>(largest.name.size())),
                          qs(formatDuration(largest.seconds)), qs(formatDuration(pass.seconds)));
    } else {
        lines << QStringLiteral("The profile adds nothing to the bound");
    }
    return lines.join(QLatin1Char('\n'));
}

QString residualText(MeasuredMetric metric, double estimateValue, double measuredValue) {
    // The only arithmetic here: the residual, measured / estimate − 1, as a percentage.
    const double residual = measuredValue / estimateValue - 1.0;
    return QStringLiteral("estimate %1, measured %2: residual %3%4%")
        .arg(qs(formatMeasured(metric, estimateValue)), qs(formatMeasured(metric, measuredValue)),
             residual < 0.0 ? QStringLiteral("−") : QStringLiteral("+"),
             qs(formatNumber(std::abs(residual) * 100.0, 3)));
}

QString tooltipText(const io::MeasuredRow& row, bool countedByRow, const MeasuredPlacement& p,
                    Ceilings ceilings, const QString& currentHardwareName,
                    const QString& estimateLine) {
    QString text = tooltipText(row, countedByRow, p, ceilings, currentHardwareName);
    if (estimateLine.isEmpty()) {
        return text;
    }
    // After the model's line ("tpot_ms: measured 10.6 ms, model 7.37 ms (...)"), the fourth.
    QStringList lines = text.split(QLatin1Char('\n'));
    lines.insert(std::min<qsizetype>(4, lines.size()), estimateLine);
    return lines.join(QLatin1Char('\n'));
}

QString tooltipText(const io::MeasuredRow& row, bool countedByRow, const MeasuredPlacement& p,
                    Ceilings ceilings, const QString& currentHardwareName) {
    const Scenario& s = row.scenario;
    QStringList lines;
    const QString where = countedByRow ? QStringLiteral("row %1").arg(row.line)
                                       : QStringLiteral("line %1").arg(row.line);
    lines << (row.label.empty() ? QStringLiteral("measured (%1)").arg(where)
                                : QStringLiteral("measured: %1 (%2)").arg(qs(row.label), where));
    lines << QStringLiteral("%1 on %2%3")
                 .arg(qs(s.model.name), qs(s.hardware.name),
                      row.tp > 1 ? QStringLiteral(" × %1").arg(row.tp) : QString());
    lines << QStringLiteral("weights %1, activations %2, KV %3; B = %4, prompt %5, output %6")
                 .arg(qs(std::string(toString(row.weights))),
                      qs(std::string(toString(row.activations))), qs(std::string(toString(row.kv))),
                      qs(formatInteger(row.batch)), qs(formatInteger(row.prompt)),
                      qs(formatInteger(row.output)));
    lines << QStringLiteral("%1: measured %2, model %3 (%4 ceilings)")
                 .arg(qs(std::string(toString(row.metric))),
                      qs(formatMeasured(row.metric, row.value)),
                      qs(formatMeasured(row.metric, p.predictedValue)),
                      ceilings == Ceilings::Peak ? QStringLiteral("peak")
                                                 : QStringLiteral("achievable"));
    lines << QStringLiteral("Efficiency: %1% (predicted %2 / measured %3)")
                 .arg(qs(formatNumber(p.efficiency * 100.0, 3)),
                      qs(formatDuration(p.predictedSeconds)),
                      qs(formatDuration(p.measuredSeconds)));
    lines << QStringLiteral("%1 at %2 FLOP/byte (context %3), achieved %4 per device")
                 .arg(phaseName(p.pass), qs(formatNumber(p.intensityFlopsPerByte)),
                      qs(formatInteger(s.workload.contextTokens)),
                      qs(formatSi(p.achievedFlopsPerSecond, "FLOP/s")));
    if (!row.source.empty()) {
        lines << QStringLiteral("Source: %1").arg(qs(row.source));
    }
    if (!currentHardwareName.isEmpty()) {
        lines << QStringLiteral(
                     "Drawn at its own scenario's intensity: its hardware is not "
                     "the current %1")
                     .arg(currentHardwareName);
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace roofline::ui
