// SPDX-License-Identifier: GPL-3.0-or-later
#include "report.h"

#include <algorithm>
#include <cmath>

#include <QAbstractTextDocumentLayout>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>
#include <qcustomplot.h>

#include "plot/plot_tooltip.h"
#include "plot/roofline_plot.h"
#include "roofline/explain.h"
#include "roofline/format.h"
#include "roofline/io/explain.h"
#include "roofline/io/levers.h"

namespace roofline::ui {
namespace {

/// The page is laid out at the screen's 96 dpi, so that the plot's fonts keep the size
/// they have relative to the plot in the window.
constexpr int kDpi = 96;
constexpr double kMarginMm = 12.0;
constexpr double kLargestFontPt = 8.0;
constexpr double kSmallestFontPt = 5.5;
constexpr double kFontStepPt = 0.25;
constexpr double kPlotShare = 0.42;  ///< of the page height, at most
constexpr double kSmallestPlotShare = 0.25;
constexpr int kGap = 10;  ///< between the caption, the plot and the text, in page pixels

QString esc(const std::string& text) { return qs(text).toHtmlEscaped(); }

QString capitalised(std::string_view text) {
    QString s = QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
    if (!s.isEmpty()) {
        s[0] = s[0].toUpper();
    }
    return s;
}

// A pass as the results panel shows it: bound with its share of the time, intensity and the
// FLOP/s it attains.
std::string passText(const PassCost& p) {
    const double share = p.shares[p.bound];
    return std::string(toString(p.bound)) + "-bound (" + formatNumber(share * 100.0, 2) + "%), " +
           formatNumber(p.intensity()) + " FLOP/byte, " +
           formatSi(p.attainableFlopsPerSecond, "FLOP/s") + ", " + formatDuration(p.timeSeconds);
}

QString resultsTable(const Scenario& scenario, const Analysis& a) {
    std::vector<std::pair<QString, std::string>> rows;
    rows.emplace_back(QObject::tr("TTFT"), formatDuration(a.ttftSeconds));
    rows.emplace_back(QObject::tr("TPOT"), formatDuration(a.tpotSeconds));
    rows.emplace_back(QObject::tr("Decode"), formatNumber(a.decodeTokensPerSecond) + " tok/s");
    if (a.speculative) {
        rows.emplace_back(QObject::tr("Speculative"),
                          formatNumber(a.speculative->tokensPerStep) + " tok/step; plain TPOT " +
                              formatDuration(a.speculative->plainTpotSeconds));
    }
    for (const PassCost& p : a.passes) {
        rows.emplace_back(capitalised(toString(p.kind)), passText(p));
    }
    rows.emplace_back(QObject::tr("Ridge point"),
                      formatNumber(a.ridgePointFlopsPerByte) + " FLOP/byte");
    rows.emplace_back(QObject::tr("Compute roof"), std::string(toString(a.computePrecision)) + " " +
                                                       formatSi(a.peakFlopsPerSecond, "FLOP/s"));
    // The preset's memory type (the L4's GDDR6), not "HBM" for every chip.
    rows.emplace_back(QString::fromStdString(memoryRoofName(a)),
                      formatSi(a.memoryBandwidthBytesPerSecond, "B/s"));
    rows.emplace_back(QObject::tr("Critical batch"),
                      a.criticalBatch ? formatInteger(*a.criticalBatch) : std::string("never"));
    rows.emplace_back(QObject::tr("… weight matmuls"), a.matmulCriticalBatch
                                                           ? formatInteger(*a.matmulCriticalBatch)
                                                           : std::string("never"));
    rows.emplace_back(QObject::tr("Goldilocks context"),
                      a.goldilocksContextTokens
                          ? formatInteger(std::llround(*a.goldilocksContextTokens)) + " tokens"
                          : std::string("never"));
    const MemoryFootprint& m = a.memory;
    rows.emplace_back(QObject::tr("Memory per device"),
                      formatBytes(m.totalBytes) + " of " + formatBytes(m.usableBytes) +
                          " usable, " + (m.fits ? "fits" : "does not fit"));
    // 0: the weights and workspace leave no room, or not even for one sequence's KV cache.
    rows.emplace_back(QObject::tr("Max batch"),
                      m.maxBatch > 0 ? formatInteger(m.maxBatch)
                      : m.weightBytes + m.workspaceBytes > m.usableBytes
                          ? std::string("weights do not fit")
                          : std::string("0 (one sequence's KV cache does not fit)"));
    if (scenario.workload.tensorParallel > 1) {
        rows.emplace_back(
            QObject::tr("Interconnect"),
            formatSi(a.interconnectBandwidthBytesPerSecond, "B/s") + " per direction");
    }
    // Two name–value pairs per line, so the table is half as tall.
    QString html = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\" width=\"100%\">");
    const std::size_t half = (rows.size() + 1) / 2;
    for (std::size_t i = 0; i < half; ++i) {
        html += QStringLiteral("<tr>");
        for (std::size_t j : {i, i + half}) {
            if (j < rows.size()) {
                html += QStringLiteral("<td><b>%1</b></td><td>%2</td>")
                            .arg(rows[j].first.toHtmlEscaped(), esc(rows[j].second));
            }
        }
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</table>");
}

std::string changesText(const std::vector<LeverChange>& changes) {
    std::string s;
    for (const LeverChange& c : changes) {
        s += (s.empty() ? "" : ", ") + std::string(c.key) + " " + c.from + " → " + c.to;
    }
    return s;
}

QString leversTable(const Analysis& a, const std::vector<LeverOutcome>& levers) {
    QString html =
        QStringLiteral("<p>Base: TTFT %1, TPOT %2, %3 tok/s, %4.</p>")
            .arg(esc(formatDuration(a.ttftSeconds)), esc(formatDuration(a.tpotSeconds)),
                 esc(formatNumber(a.decodeTokensPerSecond)),
                 a.memoryAllDevices.fits ? QObject::tr("fits") : QObject::tr("does not fit"));
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\" width=\"100%\"><tr>");
    // Narrow number columns; the change gets what is left.
    const std::pair<QString, int> heads[] = {
        {QObject::tr("lever"), 12}, {QObject::tr("TPOT"), 8},    {QObject::tr("speedup"), 7},
        {QObject::tr("TTFT"), 8},   {QObject::tr("speedup"), 7}, {QObject::tr("tok/s"), 8},
        {QObject::tr("gain"), 7},   {QObject::tr("fits"), 5},    {QObject::tr("change"), 38}};
    for (const auto& [head, percent] : heads) {
        html += QStringLiteral("<th align=\"left\" width=\"%2%\">%1</th>").arg(head).arg(percent);
    }
    html += QStringLiteral("</tr>");
    for (const LeverOutcome& lever : levers) {
        const QString key = esc(std::string(leverKey(lever.id)));
        if (!lever.applicable) {
            html += QStringLiteral("<tr><td>%1</td><td colspan=\"8\"><i>%2</i></td></tr>")
                        .arg(key, QObject::tr("does not apply: %1").arg(esc(lever.reason)));
            continue;
        }
        const Analysis& n = lever.analysis;
        html +=
            QStringLiteral(
                "<tr><td>%1</td><td>%2</td><td>×%3</td><td>%4</td><td>×%5</td>"
                "<td>%6</td><td>×%7</td><td>%8</td><td>%9</td></tr>")
                .arg(key, esc(formatDuration(n.tpotSeconds)), esc(formatNumber(lever.speedupTpot)),
                     esc(formatDuration(n.ttftSeconds)), esc(formatNumber(lever.speedupTtft)),
                     esc(formatNumber(n.decodeTokensPerSecond)),
                     esc(formatNumber(lever.throughputGain)),
                     lever.fits ? QObject::tr("yes") : QObject::tr("no"),
                     esc(changesText(lever.changes)));
    }
    return html + QStringLiteral("</table>");
}

QString bulletList(const QStringList& items) {
    QString html = QStringLiteral("<ul style=\"margin-left: 0px; -qt-list-indent: 1;\">");
    for (const QString& item : items) {
        html += QStringLiteral("<li>") + item.toHtmlEscaped() + QStringLiteral("</li>");
    }
    return html + QStringLiteral("</ul>");
}

void setUp(QTextDocument& doc, QPaintDevice* device, const QString& html, double fontPt,
           double width) {
    doc.documentLayout()->setPaintDevice(device);
    QFont font = doc.defaultFont();
    font.setPointSizeF(fontPt);
    doc.setDefaultFont(font);
    doc.setDocumentMargin(0);
    doc.setHtml(html);
    doc.setTextWidth(width);
}

}  // namespace

ReportContent reportContent(const Scenario& scenario, const Analysis& analysis) {
    ReportContent content;
    content.caption = qs(scenarioCaption(scenario));
    const std::vector<LeverOutcome> levers = io::listLevers(scenario, analysis);
    content.resultsHtml = resultsTable(scenario, analysis);
    content.leversHtml = leversTable(analysis, levers);
    for (const Warning& w : analysis.warnings) {
        content.warnings << qs(w.str());
    }
    for (const std::string& sentence : explain(scenario, analysis, levers)) {
        content.explanation << qs(sentence);
    }
    return content;
}

QString reportBodyHtml(const ReportContent& content) {
    QString html = QStringLiteral("<h3>%1</h3>").arg(QObject::tr("Results")) + content.resultsHtml;
    html += QStringLiteral("<h3>%1</h3>").arg(QObject::tr("Levers")) + content.leversHtml;
    html += QStringLiteral("<h3>%1</h3>").arg(QObject::tr("Warnings"));
    html += content.warnings.isEmpty() ? QStringLiteral("<p>%1</p>").arg(QObject::tr("None."))
                                       : bulletList(content.warnings);
    html += QStringLiteral("<h3>%1</h3>").arg(QObject::tr("Explanation")) +
            bulletList(content.explanation);
    return html;
}

QString writeReport(RooflinePlot& plot, const Scenario& scenario, const Analysis& analysis,
                    const QString& path) {
    const auto failed = [&path](const QString& why) {
        return QObject::tr("Could not write the report %1: %2").arg(path, why);
    };
    const ReportContent content = reportContent(scenario, analysis);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return failed(file.errorString());
    }
    {
        QPdfWriter writer(&file);
        writer.setCreator(QStringLiteral("Roofline Explorer"));
        writer.setTitle(QObject::tr("Roofline report: %1").arg(content.caption));
        writer.setResolution(kDpi);
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
                                         QMarginsF(kMarginMm, kMarginMm, kMarginMm, kMarginMm),
                                         QPageLayout::Millimeter));
        const double width = writer.width();
        const double height = writer.height();

        QTextDocument caption;
        setUp(caption, &writer,
              QStringLiteral("<p><b>%1</b></p>").arg(content.caption.toHtmlEscaped()), 11.0, width);
        const double captionHeight = caption.size().height();

        // The plot at its size in the window (a sensible one when it was never laid out),
        // scaled to the page's width.
        const QSize onScreen =
            plot.width() >= 200 && plot.height() >= 150 ? plot.size() : QSize(960, 600);
        double plotHeight =
            std::min(onScreen.height() * width / onScreen.width(), kPlotShare * height);

        QTextDocument body;
        const QString bodyHtml = reportBodyHtml(content);
        double fontPt = kLargestFontPt;
        setUp(body, &writer, bodyHtml, fontPt, width);
        const auto room = [&] { return height - captionHeight - plotHeight - 2 * kGap; };
        while (body.size().height() > room() && fontPt > kSmallestFontPt) {
            fontPt = std::max(kSmallestFontPt, fontPt - kFontStepPt);
            setUp(body, &writer, bodyHtml, fontPt, width);
        }
        if (body.size().height() > room()) {
            plotHeight = std::max(kSmallestPlotShare * height,
                                  height - captionHeight - 2 * kGap - body.size().height());
        }
        const double bodyScale = std::min(1.0, room() / body.size().height());

        QCPPainter painter;
        if (!painter.begin(&writer)) {
            file.cancelWriting();
            return failed(QObject::tr("the PDF writer failed"));
        }
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        caption.drawContents(&painter);

        // The plot is laid out at its on-screen width and the height the page gives it, but
        // never flatter than 16:10 (its labels would crowd): then it is drawn narrower, and
        // centred.
        const int logicalWidth = onScreen.width();
        double scale = width / logicalWidth;
        int logicalHeight = static_cast<int>(plotHeight / scale);
        if (logicalHeight < logicalWidth * 10 / 16) {
            logicalHeight = logicalWidth * 10 / 16;
            scale = plotHeight / logicalHeight;
        }
        painter.save();
        painter.translate((width - logicalWidth * scale) / 2.0, captionHeight + kGap);
        painter.scale(scale, scale);
        plot.toPainter(&painter, logicalWidth, logicalHeight);
        painter.restore();

        painter.save();
        painter.translate(0, captionHeight + plotHeight + 2 * kGap);
        painter.scale(bodyScale, bodyScale);
        body.drawContents(&painter);
        painter.restore();
        painter.end();
    }
    if (!file.flush() || !file.commit()) {
        return failed(file.errorString());
    }
    return {};
}

}  // namespace roofline::ui
