// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file export.h
/// Writing the plot (PNG, SVG, PDF) and the whole window (PNG, for --grab) to files.

#include <QImage>
#include <QSize>
#include <QString>

class QCustomPlot;
class QWidget;

namespace roofline::ui {

/// Writes the plot at `size` pixels (points for PDF) in the format the suffix names:
/// .png (QCustomPlot::toPixmap), .svg (QSvgGenerator + toPainter) or .pdf (savePdf).
/// PNG and SVG are written atomically (QSaveFile). Returns an error sentence, or empty.
QString exportPlot(QCustomPlot& plot, const QString& path, QSize size);

/// The plot as an image of `size` pixels (Edit > Copy image).
QImage plotImage(QCustomPlot& plot, QSize size);

/// Lays out `window` at `size` without showing it on screen and renders it to an image of
/// exactly that size (what --grab writes).
QImage grabWindow(QWidget& window, QSize size);

/// grabWindow() saved as PNG; returns an error sentence, or empty.
QString grabWindowToFile(QWidget& window, QSize size, const QString& path);

}  // namespace roofline::ui
