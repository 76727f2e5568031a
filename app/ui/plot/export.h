// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file export.h
/// Writing the plot (PNG, SVG, PDF) and the whole window (PNG, for --grab) to files.

#include <QColor>
#include <QImage>
#include <QSize>
#include <QString>

class QCustomPlot;
class QWidget;

namespace roofline::ui {

class RooflinePlot;

/// A line of text under an exported plot (the scenario, roofline::scenarioCaption), in the
/// plot's colours. Empty text: no caption, the image exactly as before.
struct ImageCaption {
    QString text;
    QColor foreground = Qt::black;
    QColor background = Qt::white;
};

/// Writes the plot at `size` pixels (points for PDF) in the format the suffix names:
/// .png (QCustomPlot::toPixmap), .svg (QSvgGenerator + toPainter) or .pdf (savePdf).
/// PNG and SVG are written atomically (QSaveFile), with alt text: a roofline plot's scene in
/// words (describeScene, plot_scene.h) in the PNG's "Description" text and the SVG's <desc>. With a
/// caption the plot keeps `size` and the image grows by the caption's height below it
/// (captionHeight); a PDF is then drawn with QPdfWriter + toPainter, as savePdf draws it. Returns
/// an error sentence, or empty.
QString exportPlot(QCustomPlot& plot, const QString& path, QSize size,
                   const ImageCaption& caption = {});
/// The roofline plot, its moving items included; its PDF is always drawn with QPdfWriter +
/// RooflinePlot::toPainter.
QString exportPlot(RooflinePlot& plot, const QString& path, QSize size,
                   const ImageCaption& caption = {});

/// The plot as an image of `size` pixels (Edit > Copy image), with the caption below it.
QImage plotImage(QCustomPlot& plot, QSize size, const ImageCaption& caption = {});
QImage plotImage(RooflinePlot& plot, QSize size, const ImageCaption& caption = {});

/// Height in pixels that `caption`'s text takes under a plot `width` pixels wide, in the
/// plot's font, wrapped, with a margin; 0 without text.
int captionHeight(const QCustomPlot& plot, int width, const ImageCaption& caption);
int captionHeight(const RooflinePlot& plot, int width, const ImageCaption& caption);

/// Lays out `window` at `size` without showing it on screen and renders it to an image of
/// exactly that size (what --grab writes).
QImage grabWindow(QWidget& window, QSize size);

/// grabWindow() saved as PNG; returns an error sentence, or empty.
QString grabWindowToFile(QWidget& window, QSize size, const QString& path);

/// The scene `plot` drew (RooflinePlot::scene()) as JSON in `window`'s pixels (sceneToJson
/// in plot_scene.h), written atomically to `path` (--scene); returns an error sentence, or
/// empty. Call it after grabWindow(), which lays the window out.
QString writeSceneFile(const RooflinePlot& plot, const QWidget& window, const QString& path);

}  // namespace roofline::ui
