// SPDX-License-Identifier: GPL-3.0-or-later
#include "export.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QFileInfo>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

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

}  // namespace

QImage plotImage(QCustomPlot& plot, QSize size) {
    return plot.toPixmap(size.width(), size.height()).toImage();
}

QString exportPlot(QCustomPlot& plot, const QString& path, QSize size) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (size.isEmpty()) {
        return saveError(path, QObject::tr("the image size is empty"));
    }
    if (suffix == QLatin1String("pdf")) {
        // QCustomPlot's PDF writer opens the file itself.
        if (!plot.savePdf(path, size.width(), size.height(), QCP::epNoCosmetic,
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
        if (!plotImage(plot, size).save(&file, "PNG")) {
            file.cancelWriting();
            return saveError(path, QObject::tr("PNG encoding failed"));
        }
        return commit(file, path);
    }
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&file);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(QStringLiteral("Roofline"));
        svg.setDescription(QStringLiteral("Roofline Explorer"));
        QCPPainter painter;
        if (!painter.begin(&svg)) {
            file.cancelWriting();
            return saveError(path, QObject::tr("the SVG writer failed"));
        }
        plot.toPainter(&painter, size.width(), size.height());
        painter.end();
        return commit(file, path);
    }
    file.cancelWriting();
    return saveError(path,
                     QObject::tr("unknown image type \"%1\" (use .png, .svg or .pdf)").arg(suffix));
}

QImage grabWindow(QWidget& window, QSize size) {
    window.setAttribute(Qt::WA_DontShowOnScreen, true);
    window.resize(size);
    window.show();
    QApplication::processEvents();  // layouts, docks and queued replots settle
    for (auto* plot : window.findChildren<QCustomPlot*>()) {
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

}  // namespace roofline::ui
