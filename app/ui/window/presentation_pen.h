// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file presentation_pen.h
/// View › Pen: in presentation mode, Ctrl+P (PowerPoint's pen key in a slide
/// show) toggles a pen that draws on the plot (plot/pen_overlay.h), and Ctrl+Shift+E erases
/// the drawing. The strokes belong to the moment they were drawn for: the next course step or
/// lesson clears them, and leaving presentation mode puts the pen away with them.

#include <QObject>

class QAction;

namespace roofline::ui {

class MainWindow;
class PenOverlay;

class PresentationPen : public QObject {
    Q_OBJECT
public:
    /// Lays the overlay over the window's plot and makes the actions ("pen", "clearPen"),
    /// enabled in presentation mode only.
    explicit PresentationPen(MainWindow& window);

    QAction* penAction() const { return m_pen; }
    QAction* clearAction() const { return m_clear; }
    PenOverlay* overlay() const { return m_overlay; }

private:
    void setPresentation(bool on);

    MainWindow& m_window;
    PenOverlay* m_overlay = nullptr;
    QAction* m_pen = nullptr;
    QAction* m_clear = nullptr;
};

}  // namespace roofline::ui
