// SPDX-License-Identifier: GPL-3.0-or-later
#include "report.h"

#include <algorithm>

#include <QAbstractTextDocumentLayout>
#include <QDateTime>
#include <QFileInfo>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <QUrl>
#include <qcustomplot.h>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "plot/roofline_plot.h"
#include "roofline/version.h"
#include "views/frontier_view.h"
#include "window/compare_set.h"
#include "window/main_window.h"

namespace roofline::ui {
namespace {

/// The page is laid out at the screen's 96 dpi, so that the fonts keep the size they have
/// relative to the figures in the window.
constexpr int kDpi = 96;
constexpr double kMarginMm = 12.0;
constexpr double kBodyFontPt = 8.0;
constexpr double kTableFontPt = 7.0;
constexpr int kMaxHeadingMoves = 32;  ///< more sections than the report has
constexpr int kKeepWithHeading = 6;   ///< blocks a heading keeps on its page
constexpr double kFooterFontPt = 6.5;
constexpr double kFooterHeight = 18.0;  ///< page pixels kept under the text for the footer
/// Figures are rendered at this many pixels per page pixel (the PDF keeps them sharp when
/// zoomed or printed at 288 dpi).
constexpr double kFigureScale = 3.0;

const QString kRooflineFigure = QStringLiteral("figure:roofline");
const QString kFrontierFigure = QStringLiteral("figure:frontier");

QString esc(const std::string& text) { return qs(text).toHtmlEscaped(); }

// A plot's picture at `logical` size, kFigureScale times its pixels, drawn by `draw`.
template <class Draw>
QImage figure(QSize logical, const Draw& draw) {
    QImage image(logical * kFigureScale, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QCPPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(kFigureScale, kFigureScale);
    draw(&painter, logical.width(), logical.height());
    painter.end();
    return image;
}

QSize logicalSize(const QWidget& widget) {
    return widget.width() >= 400 && widget.height() >= 250 ? widget.size() : QSize(960, 600);
}

QString tableHtml(const io::ReportTable& table) {
    QString html = QStringLiteral(
        "<table border=\"0.5\" cellspacing=\"0\" cellpadding=\"2\" width=\"100%\" "
        "style=\"border-collapse: collapse; border-color: #999999;\"><thead><tr>");
    for (const std::string& head : table.header) {
        html += QStringLiteral("<th align=\"left\" bgcolor=\"#e8e8e8\">%1</th>").arg(esc(head));
    }
    html += QStringLiteral("</tr></thead>");
    for (const std::vector<std::string>& row : table.rows) {
        html += QStringLiteral("<tr>");
        for (const std::string& cell : row) {
            html += QStringLiteral("<td>%1</td>").arg(esc(cell));
        }
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</table>");
}

// Tables that run on to the next page repeat their header row there (the HTML importer
// leaves QTextTableFormat::headerRowCount at 0).
void repeatHeaders(QTextDocument& doc) {
    for (QTextFrame* frame : doc.rootFrame()->childFrames()) {
        if (auto* table = qobject_cast<QTextTable*>(frame)) {
            QTextTableFormat format = table->format();
            format.setHeaderRowCount(1);
            table->setFormat(format);
        }
    }
}

// The first section heading (its index among the sections) not on the page of the first
// few blocks it heads (a figure, a paragraph, a table's header and first row:
// kKeepWithHeading of them, before the next heading), or -1. One that already starts a page
// is left where it is.
int strandedHeading(const QTextDocument& doc, double pageHeight) {
    QAbstractTextDocumentLayout* layout = doc.documentLayout();
    const auto page = [&](const QTextBlock& b) {
        return static_cast<int>(layout->blockBoundingRect(b).top() / pageHeight);
    };
    const auto isSection = [](const QTextBlock& b) { return b.blockFormat().headingLevel() == 3; };
    int section = -1;
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        if (!isSection(b)) {
            continue;
        }
        ++section;
        if (b.blockFormat().pageBreakPolicy() == QTextFormat::PageBreak_AlwaysBefore) {
            continue;
        }
        QTextBlock last = b;
        for (int i = 0; i < kKeepWithHeading && last.next().isValid() && !isSection(last.next());
             ++i) {
            last = last.next();
        }
        if (page(last) > page(b)) {
            return section;
        }
    }
    return -1;
}

}  // namespace

io::ReviewReport windowReviewReport(MainWindow& window) {
    const ScenarioController& controller = window.controller();
    io::ReviewInput input;
    input.current = {window.compareSet().currentName().toStdString(),
                     controller.scenarioFile().hardware, controller.scenarioFile().model,
                     &controller.scenario(), &controller.analysis()};
    for (const CompareScenario& e : window.compareSet().entries()) {
        input.compare.push_back(
            {e.name.toStdString(), e.file.hardware, e.file.model, &e.scenario, &e.analysis});
    }
    FrontierView* frontier = window.frontierView();
    if (frontier != nullptr) {
        frontier->refresh();
        io::ReviewFrontier f{&frontier->request(), &frontier->frontier(), {}};
        for (const QString& name : frontier->hardwareNames()) {
            f.hardwareNames.push_back(name.toStdString());
        }
        input.frontier = std::move(f);
    }
    input.date = QDateTime::currentDateTimeUtc()
                     .toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))
                     .toStdString();
    input.version = ROOFLINE_VERSION;
    return io::reviewReport(input);
}

ReportFigures windowReportFigures(MainWindow& window) {
    ReportFigures figures;
    RooflinePlot& plot = *window.plot();
    figures.roofline = figure(logicalSize(plot),
                              [&plot](QCPPainter* p, int w, int h) { plot.toPainter(p, w, h); });
    if (FrontierView* view = window.frontierView()) {
        view->refresh();
        if (auto* frontierPlot = view->findChild<QCustomPlot*>()) {
            figures.frontier = figure(
                logicalSize(*frontierPlot),
                [frontierPlot](QCPPainter* p, int w, int h) { frontierPlot->toPainter(p, w, h); });
        }
    }
    return figures;
}

QString reportHtml(const io::ReviewReport& report, const ReportFigures& figures, double pageWidth,
                   const QList<int>& newPages) {
    QString html = QStringLiteral("<h2>%1</h2>").arg(esc(report.title));
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"1\">");
    for (const auto& [name, value] : report.titleBlock) {
        html += QStringLiteral("<tr><td><b>%1</b>&nbsp;&nbsp;</td><td>%2</td></tr>")
                    .arg(esc(name), esc(value));
    }
    html += QStringLiteral("</table>");
    for (const io::ReportSection& s : report.sections) {
        const auto index = static_cast<int>(&s - report.sections.data());
        html += QStringLiteral("<h3%1>%2</h3>")
                    .arg(newPages.contains(index)
                             ? QStringLiteral(" style=\"page-break-before: always\"")
                             : QString(),
                         esc(s.title));
        const bool roofline = s.figure == io::ReportFigure::Roofline;
        const QImage& image = roofline ? figures.roofline : figures.frontier;
        if (s.figure != io::ReportFigure::None && !image.isNull()) {
            const double height = pageWidth * image.height() / image.width();
            html += QStringLiteral("<p><img src=\"%1\" width=\"%2\" height=\"%3\"></p>")
                        .arg(roofline ? kRooflineFigure : kFrontierFigure)
                        .arg(static_cast<int>(pageWidth))
                        .arg(static_cast<int>(height));
        }
        for (const std::string& p : s.paragraphs) {
            html += QStringLiteral("<p>%1</p>").arg(esc(p));
        }
        if (s.table) {
            html += tableHtml(*s.table);
        }
        if (!s.bullets.empty()) {
            html += QStringLiteral("<ul style=\"margin-left: 0px; -qt-list-indent: 1;\">");
            for (const std::string& b : s.bullets) {
                html += QStringLiteral("<li>%1</li>").arg(esc(b));
            }
            html += QStringLiteral("</ul>");
        }
    }
    return html;
}

QString writeReportPdf(const io::ReviewReport& report, const ReportFigures& figures,
                       const QString& path) {
    const auto failed = [&path](const QString& why) {
        return QObject::tr("Could not write the report %1: %2").arg(path, why);
    };
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return failed(file.errorString());
    }
    {
        QPdfWriter writer(&file);
        writer.setCreator(QStringLiteral("Roofline Explorer " ROOFLINE_VERSION));
        writer.setTitle(qs(report.title));
        writer.setResolution(kDpi);
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
                                         QMarginsF(kMarginMm, kMarginMm, kMarginMm, kMarginMm),
                                         QPageLayout::Millimeter));
        const double width = writer.width();
        const double height = writer.height() - kFooterHeight;

        QTextDocument doc;
        doc.documentLayout()->setPaintDevice(&writer);
        QFont font = doc.defaultFont();
        font.setPointSizeF(kBodyFontPt);
        doc.setDefaultFont(font);
        doc.setDocumentMargin(0);
        doc.addResource(QTextDocument::ImageResource, QUrl(kRooflineFigure), figures.roofline);
        doc.addResource(QTextDocument::ImageResource, QUrl(kFrontierFigure), figures.frontier);
        // Tables a point smaller: the Compare table's twelve columns then fit the width
        // without breaking a word.
        doc.setDefaultStyleSheet(QStringLiteral("td, th { font-size: %1pt; }").arg(kTableFontPt));
        // A page size makes the layout paginate: no line, image or table row straddles two
        // pages. A heading stranded at the foot of a page starts the next one instead: laid
        // out afresh each time, as the move shifts everything after it.
        QList<int> newPages;
        for (int moves = 0; moves <= kMaxHeadingMoves; ++moves) {
            doc.setHtml(reportHtml(report, figures, width, newPages));
            repeatHeaders(doc);
            doc.setPageSize(QSizeF(width, height));
            const int stranded = strandedHeading(doc, height);
            if (stranded < 0 || newPages.contains(stranded)) {
                break;
            }
            newPages << stranded;
        }
        const int pages = doc.pageCount();

        QPainter painter;
        if (!painter.begin(&writer)) {
            file.cancelWriting();
            return failed(QObject::tr("the PDF writer failed"));
        }
        QFont footerFont = font;
        footerFont.setPointSizeF(kFooterFontPt);
        const QString date =
            report.titleBlock.empty() ? QString() : qs(report.titleBlock.front().second);
        for (int page = 0; page < pages; ++page) {
            if (page > 0) {
                writer.newPage();
            }
            painter.save();
            painter.translate(0, -page * height);
            doc.drawContents(&painter, QRectF(0, page * height, width, height));
            painter.restore();
            painter.setFont(footerFont);
            painter.setPen(QColor(0x55, 0x55, 0x55));
            const QRectF footer(0, height, width, kFooterHeight);
            painter.drawText(footer, Qt::AlignLeft | Qt::AlignBottom,
                             QObject::tr("Roofline Explorer %1 · %2")
                                 .arg(QStringLiteral(ROOFLINE_VERSION), date));
            painter.drawText(footer, Qt::AlignRight | Qt::AlignBottom,
                             QObject::tr("page %1 of %2").arg(page + 1).arg(pages));
        }
        painter.end();
    }
    if (!file.commit()) {
        return failed(file.errorString());
    }
    return {};
}

QString writeReportMarkdown(const io::ReviewReport& report, const QString& path) {
    QSaveFile file(path);
    const std::string text = io::writeMarkdown(report);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), static_cast<qint64>(text.size())) !=
            static_cast<qint64>(text.size()) ||
        !file.commit()) {
        return QObject::tr("Could not write the report %1: %2").arg(path, file.errorString());
    }
    return {};
}

bool isMarkdownReportPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QStringLiteral("md") || suffix == QStringLiteral("markdown");
}

QString writeWindowReport(MainWindow& window, const QString& path) {
    const io::ReviewReport report = windowReviewReport(window);
    if (isMarkdownReportPath(path)) {
        return writeReportMarkdown(report, path);
    }
    return writeReportPdf(report, windowReportFigures(window), path);
}

}  // namespace roofline::ui
