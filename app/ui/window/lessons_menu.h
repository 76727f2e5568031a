// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessons_menu.h
/// The Lessons menu and what it opens: one entry per shipped lesson, grouped as the question
/// bank is (placing workloads, hardware numbers, batching, interventions); choosing one
/// loads its scenario, baseline and lever into the window as File > Open does, and shows
/// the Lesson dock (LessonPanel). The open lesson is checked in the menu; a view the last
/// lesson opened closes when the next one opens (unless it opens it too); measured results
/// are cleared (they were about another scenario).

#include <QObject>
#include <QString>

#include "roofline/io/scenario_file.h"

class QDockWidget;
class QMenu;

namespace roofline::ui {

class LessonPanel;
class MainWindow;

class LessonsController : public QObject {
    Q_OBJECT
public:
    /// Builds the menu and the (hidden) Lesson dock in the window's right dock area.
    explicit LessonsController(MainWindow& window);

    QMenu* menu() const { return m_menu; }
    QDockWidget* dock() const { return m_dock; }
    LessonPanel* panel() const { return m_panel; }

    /// Opens a shipped lesson by id, or a lesson file by path. On an error nothing changes
    /// and the error is shown (Dialogs::showError); `error` receives it too.
    bool openLesson(const QString& idOrPath, QString* error = nullptr);
    /// Opens an already loaded lesson (or scenario) file; `fileName` names it in messages.
    /// With `deferView` the lesson's view is not shown yet (a course step's question would
    /// be answered by it; openView() shows it on reveal).
    bool openLessonFile(const io::ScenarioFile& file, const std::string& fileName,
                        QString* error = nullptr, bool deferView = false);
    /// Shows `view` as the open lesson's: it closes with the next lesson.
    void openView(const QString& view);
    /// The id or path the open lesson was opened by (what the session keeps); empty when
    /// none is open.
    const QString& openRef() const { return m_openRef; }

    /// Clears the Lesson panel and hides its dock (Lessons > Close lesson, File > Open of a
    /// plain scenario).
    void closeLesson();

signals:
    /// The lesson asks for a view ("roofline", "sweep", "regime", "breakdown"): the one hook
    /// the views connect to. Emitted after the lesson's scenario is loaded.
    void lessonViewRequested(const QString& view);
    /// A lesson opened (from the menu, a file or a course's step), or the lesson closed.
    void lessonOpened();
    void lessonClosed();

private:
    void buildMenu();
    /// Checks the menu entry whose file is `fileName` (none: empty).
    void markOpen(const std::string& fileName);

    MainWindow& m_window;
    QMenu* m_menu = nullptr;
    QDockWidget* m_dock = nullptr;
    LessonPanel* m_panel = nullptr;
    QString m_openRef;
    QString m_view;  ///< the view the open lesson showed
};

}  // namespace roofline::ui
