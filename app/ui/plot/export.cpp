// SPDX-License-Identifier: GPL-3.0-or-later
#include "export.h"

#include <QApplication>
#include <QFileInfo>
#include <QFontMetrics>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <qcustomplot.h>

#include "plot/plot_scene.h"
#include "plot/roofline_plot.h"

namespace roofline::ui {
namespace {

QString saveError(const QString& path, const QString& why) {
    return QObject::tr("Could not write %1: %2").arg(path, why);
}

QString commit(QSaveFile& file, const QString& path) {
    // flush() first: commit() ignores an error in its own final flush and would put a
    // truncated file in place of the old one (QTBUG-75077).
    if (!file.flush() || !file.commit()) {
        return saveError(path, file.errorString());
    }
    return {};
}

constexpr int kCaptionMargin = 8;

/// What is exported: a QCustomPlot (a view's), or the roofline plot, which paints its
/// QCustomPlot's picture and then its moving items (roofline_plot.h).
class Source {
public:
    explicit Source(QCustomPlot& plot) : m_plot(plot) {}
    explicit Source(RooflinePlot& plot) : m_plot(*plot.customPlot()), m_roofline(&plot) {}

    const QFont& font() const { return m_roofline != nullptr ? m_roofline->font() : m_plot.font(); }
    void toPainter(QCPPainter* painter, int width, int height) const {
        if (m_roofline != nullptr) {
            m_roofline->toPainter(painter, width, height);
        } else {
            m_plot.toPainter(painter, width, height);
        }
    }
    QPixmap toPixmap(int width, int height) const {
        return m_roofline != nullptr ? m_roofline->toPixmap(width, height)
                                     : m_plot.toPixmap(width, height);
    }
    /// QCustomPlot::savePdf draws the QCustomPlot alone: the roofline plot's PDF is drawn
    /// with QPdfWriter and toPainter(), as savePdf draws it.
    bool savesPdfItself() const { return m_roofline == nullptr; }
    QCustomPlot& plot() const { return m_plot; }
    /// The alternative text of an image: the roofline plot's scene in words (describeScene
    /// in plot_scene.h); "Roofline Explorer" for another plot.
    QString altText() const {
        return m_roofline != nullptr ? describeScene(m_roofline->scene())
                                     : QStringLiteral("Roofline Explorer");
    }

private:
    QCustomPlot& m_plot;
    RooflinePlot* m_roofline = nullptr;
};

int captionHeightIn(const QFont& font, int width, const ImageCaption& caption) {
    if (caption.text.isEmpty()) {
        return 0;
    }
    const QFontMetrics metrics(font);
    const QRect text = metrics.boundingRect(QRect(0, 0, width - 2 * kCaptionMargin, 100000),
                                            Qt::AlignLeft | Qt::TextWordWrap, caption.text);
    return text.height() + kCaptionMargin;
}

QRect captionTextRect(int width, int top, int height) {
    return QRect(kCaptionMargin, top + kCaptionMargin / 2, width - 2 * kCaptionMargin,
                 height - kCaptionMargin);
}

// The plot at `size` in the painter's coordinates from (0, 0), the caption under it.
void paintWithCaption(QCPPainter& painter, const Source& plot, QSize size,
                      const ImageCaption& caption, int height) {
    painter.fillRect(QRect(0, size.height(), size.width(), height), caption.background);
    plot.toPainter(&painter, size.width(), size.height());
    painter.setPen(caption.foreground);
    painter.setFont(plot.font());
    painter.drawText(captionTextRect(size.width(), size.height(), height),
                     Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, caption.text);
}

// A PDF of the plot with its caption, as savePdf draws the plot: `size` in points, fonts
// at the screen's resolution.
QString savePdfWithCaption(const Source& plot, const QString& path, QSize size,
                           const ImageCaption& caption) {
    const int height = captionHeightIn(plot.font(), size.width(), caption);
    const QSize page(size.width(), size.height() + height);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return saveError(path, file.errorString());
    }
    {
        QPdfWriter writer(&file);
        writer.setCreator(QStringLiteral("Roofline Explorer"));
        writer.setTitle(QStringLiteral("Roofline"));
        writer.setResolution(96);
        writer.setPageLayout(QPageLayout(QPageSize(QSizeF(page), QPageSize::Point),
                                         QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        QCPPainter painter;
        if (!painter.begin(&writer)) {
            file.cancelWriting();
            return saveError(path, QObject::tr("the PDF writer failed"));
        }
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNonCosmetic);
        painter.setWindow(QRect(QPoint(0, 0), page));
        paintWithCaption(painter, plot, size, caption, height);
        painter.end();
    }
    return commit(file, path);
}

QImage imageOf(const Source& plot, QSize size, const ImageCaption& caption) {
    if (caption.text.isEmpty()) {
        return plot.toPixmap(size.width(), size.height()).toImage();
    }
    const int height = captionHeightIn(plot.font(), size.width(), caption);
    QImage image(size.width(), size.height() + height, QImage::Format_ARGB32_Premultiplied);
    image.fill(caption.background);
    QCPPainter painter(&image);
    painter.drawPixmap(0, 0, plot.toPixmap(size.width(), size.height()));
    painter.setPen(caption.foreground);
    painter.setFont(plot.font());
    painter.drawText(captionTextRect(size.width(), size.height(), height),
                     Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, caption.text);
    painter.end();
    return image;
}

QString exportFrom(const Source& plot, const QString& path, QSize size,
                   const ImageCaption& caption) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (size.isEmpty()) {
        return saveError(path, QObject::tr("the image size is empty"));
    }
    if (suffix == QLatin1String("pdf") && (!caption.text.isEmpty() || !plot.savesPdfItself())) {
        return savePdfWithCaption(plot, path, size, caption);
    }
    if (suffix == QLatin1String("pdf")) {
        // QCustomPlot's PDF writer opens the file itself.
        if (!plot.plot().savePdf(path, size.width(), size.height(), QCP::epNoCosmetic,
                                 QStringLiteral("Roofline Explorer"), QStringLiteral("Roofline"))) {
            return saveError(path, QObject::tr("the PDF writer failed"));
        }
        return {};
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return saveError(path, file.errorString());
    }
    if (suffix == QLatin1String("png")) {
        QImage image = imageOf(plot, size, caption);
        // A PNG text chunk: what a screen reader or an image viewer shows as alt text.
        image.setText(QStringLiteral("Description"), plot.altText());
        if (!image.save(&file, "PNG")) {
            file.cancelWriting();
            return saveError(path, QObject::tr("PNG encoding failed"));
        }
        return commit(file, path);
    }
    if (suffix == QLatin1String("svg")) {
        const int height = captionHeightIn(plot.font(), size.width(), caption);
        const QSize whole(size.width(), size.height() + height);
        QSvgGenerator svg;
        svg.setOutputDevice(&file);
        svg.setSize(whole);
        svg.setViewBox(QRect(QPoint(0, 0), whole));
        svg.setTitle(QStringLiteral("Roofline"));
        svg.setDescription(plot.altText());  // the SVG's <desc>: its alt text
        QCPPainter painter;
        if (!painter.begin(&svg)) {
            file.cancelWriting();
            return saveError(path, QObject::tr("the SVG writer failed"));
        }
        if (height > 0) {
            paintWithCaption(painter, plot, size, caption, height);
        } else {
            plot.toPainter(&painter, size.width(), size.height());
        }
        painter.end();
        return commit(file, path);
    }
    file.cancelWriting();
    return saveError(path,
                     QObject::tr("unknown image type \"%1\" (use .png, .svg or .pdf)").arg(suffix));
}

}  // namespace

int captionHeight(const QCustomPlot& plot, int width, const ImageCaption& caption) {
    return captionHeightIn(plot.font(), width, caption);
}

int captionHeight(const RooflinePlot& plot, int width, const ImageCaption& caption) {
    return captionHeightIn(plot.font(), width, caption);
}

QImage plotImage(QCustomPlot& plot, QSize size, const ImageCaption& caption) {
    return imageOf(Source(plot), size, caption);
}

QImage plotImage(RooflinePlot& plot, QSize size, const ImageCaption& caption) {
    return imageOf(Source(plot), size, caption);
}

QString exportPlot(QCustomPlot& plot, const QString& path, QSize size,
                   const ImageCaption& caption) {
    return exportFrom(Source(plot), path, size, caption);
}

QString exportPlot(RooflinePlot& plot, const QString& path, QSize size,
                   const ImageCaption& caption) {
    return exportFrom(Source(plot), path, size, caption);
}

QImage grabWindow(QWidget& window, QSize size) {
    window.setAttribute(Qt::WA_DontShowOnScreen, true);
    window.resize(size);
    window.show();
    // Layouts, docks and queued replots settle. A layout that grows (a wrapped value asking
    // for more height) posts its parent's request only as it is answered: a few rounds, each
    // cheap once nothing changes.
    for (int round = 0; round < 4; ++round) {
        QApplication::processEvents();
    }
    for (auto* plot : window.findChildren<QCustomPlot*>()) {
        if (qobject_cast<RooflinePlot*>(plot->parentWidget()) == nullptr) {  // drawn by it
            plot->replot(QCustomPlot::rpImmediateRefresh);
        }
    }
    for (auto* plot : window.findChildren<RooflinePlot*>()) {
        plot->replot(QCustomPlot::rpImmediateRefresh);
    }
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(window.palette().color(QPalette::Window));
    window.render(&image);
    return image;
}

QString grabWindowToFile(QWidget& window, QSize size, const QString& path) {
    const QImage image = grabWindow(window, size);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return saveError(path, file.errorString());
    }
    if (!image.save(&file, "PNG")) {
        file.cancelWriting();
        return saveError(path, QObject::tr("PNG encoding failed"));
    }
    return commit(file, path);
}

QString writeSceneFile(const RooflinePlot& plot, const QWidget& window, const QString& path) {
    const QJsonObject json =
        sceneToJson(plot.scene(), plot.mapTo(&window, QPoint(0, 0)), window.size());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return saveError(path, file.errorString());
    }
    file.write(QJsonDocument(json).toJson(QJsonDocument::Indented));
    return commit(file, path);
}

}  // namespace roofline::ui
