// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file main_window.h
/// Lays out the window and wires its parts; it holds no scenario state: the scenarios on
/// screen are the document's (scenario_document.h), which the window's parts observe. The
/// plot is the central widget; controls (left) and results (right) are docks, so a teacher
/// can hide everything but the plot and the sliders.
///
/// Its definitions are in one file per concern: main_window.cpp (layout, docks, what the
/// document's changes tell the plot and the panels, presentation mode), main_window_actions.cpp
/// (actions and menus), main_window_files.cpp (open, save, export, import, recent files),
/// main_window_session.cpp (settings and the baseline's dialogs). The Interventions are
/// LeverActions (lever_actions.h), the Lessons menu LessonsController (lessons_menu.h).

#include <optional>

#include <QMainWindow>
#include <QStringList>

#include "model/scenario_document.h"
#include "plot/export.h"
#include "roofline/analysis.h"
#include "roofline/io/scenario_file.h"
#include "roofline/levers.h"

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QSettings;
class QStackedWidget;
class QToolBar;

namespace roofline::ui {

class CompareSet;
class CompareTable;
class CourseController;
class ControlsPanel;
class ExplainPanel;
class MeasuredOverlay;
class LessonsController;
class FrontierView;
class KeyNumbers;
class LeverActions;
class FocusRing;
class PresentationPen;
class ResultsPanel;
class RooflinePlot;
class ScenarioController;
class ViewStage;
class Views;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// `settings` (not owned) keeps geometry, docks, recent files and the last scenario;
    /// null = no persistence (grab, benchmarks, tests).
    explicit MainWindow(QSettings* settings = nullptr, QWidget* parent = nullptr);
    ~MainWindow() override;

    /// The scenarios on screen.
    ScenarioDocument& document() const { return *m_document; }
    /// The document's current scenario (its controls' setters).
    ScenarioController& controller() const { return m_document->current(); }
    RooflinePlot* plot() const { return m_plot; }
    ControlsPanel* controlsPanel() const { return m_controls; }
    ResultsPanel* resultsPanel() const { return m_results; }
    ExplainPanel* explainPanel() const { return m_explain; }
    // The docks are found by name (findChild<QDockWidget*>): "controlsDock", "resultsDock",
    // "explainDock", "frontierDock", "compareDock", "lessonDock", "historyDock", and the views'
    // (views.h).

    /// The Lessons menu, the Lesson dock and their lesson loading (lessons_menu.h).
    LessonsController* lessons() const { return m_lessons; }
    /// Opens a shipped lesson by id or a lesson file by path (LessonsController).
    bool openLesson(const QString& idOrPath, QString* error = nullptr);
    /// The Course menu and the course stepped through (course_controller.h).
    CourseController* courses() const { return m_courses; }
    /// Opens a shipped course by id or a course file by path at `step` (from 1).
    bool openCourse(const QString& idOrPath, int step = 1, QString* error = nullptr);
    /// A course step's unanswered question (course_controller.h): with `panels` the Results
    /// and Explain docks show a notice instead of their values; `plotLabels` are the plot's
    /// label groups to hide (RooflinePlot::setLabelsHidden); the lever's sentence waits too.
    /// Unless the docks are folded, the right column is laid out afresh for the Lesson dock.
    void setAnswersHidden(bool panels, unsigned plotLabels);
    /// The Results and Explain panels are behind their notice.
    bool panelsHidden() const;
    /// The docked views (batch sweep, regime map, breakdown).
    Views* views() const { return m_views; }
    /// Shows the view named `name` ("sweep", "regime", "breakdown", or "all": views.h) and
    /// raises its tab; false for an unknown name.
    bool showView(const QString& name);
    /// Hides the view (or views, "all") that showView(`name`) shows.
    void hideView(const QString& name);
    /// The Frontier view: a bottom dock, hidden at start (View › Frontier).
    FrontierView* frontierView() const { return m_frontier; }
    /// Too narrow a window for both side panels beside the plot: the results are a tab
    /// beside the scenario, on the left (fitDocks()). Always so in presentation mode, where
    /// the left column holds the sliders above a tab group of the Lesson (in front), Results
    /// and Explain, and the key numbers are a line under the plot.
    bool docksFolded() const { return m_fold != Fold::None; }
    /// The central area: the roofline, and in presentation mode the views as tabs that swap
    /// with it (view_stage.h).
    ViewStage* stage() const { return m_stage; }
    /// The line of key numbers under the plot, shown in presentation mode (key_numbers.h).
    KeyNumbers* keyNumbers() const { return m_keyNumbers; }
    /// Makes the window no larger than the available area of the screen it is on (a first
    /// window opened at 1400×900 on a 1280×720 projector ran off it); called before the
    /// window is shown on screen.
    void fitToScreen();
    /// Compare scenarios (compare_set.h) and their table, a bottom dock that shows itself
    /// when scenarios are added.
    CompareSet& compareSet() const { return *m_compareSet; }
    CompareTable* compareTable() const { return m_compareTable; }

    /// File actions without their file dialogs. Each reports failure through
    /// Dialogs::showError and leaves the current scenario untouched.
    bool openScenario(const QString& path);
    bool saveScenario(const QString& path);
    bool openModelConfig(const QString& path);
    /// File › Open hardware file: a JSON in the preset schema (presets/README.md) for the
    /// current scenario. A file that does not load or validate is refused with its first
    /// error (file, key, expected, found) and leaves the scenario as it was.
    bool openHardwareFile(const QString& path);
    /// File › Edit hardware…: the hardware editor (window/hardware_editor.h) on the current
    /// scenario's hardware, modal, so that nothing else changes the scenario under it.
    void editHardwareDialog();
    bool exportImage(const QString& path, QSize size);
    /// File › Export report: the report of report.h (the current scenario, the compare
    /// scenarios, the Frontier), a PDF, or Markdown when `path` ends in .md.
    bool exportReport(const QString& path);
    /// The caption exported images get now: empty text when View › Caption on exported images
    /// ("captionOnImages", on by default, kept in the settings) is off.
    ImageCaption imageCaption() const;

    /// Compare mode. pinBaseline() keeps the current scenario (its analysis and trail) as
    /// the baseline; the plot shows it as ghosts with arrows to the current points, the
    /// results panel its values and the ratios. Saved scenarios keep it.
    void pinBaseline();
    void clearBaseline();
    /// Pins a saved scenario (its own hardware, model and workload) as the baseline: it is
    /// resolved and analysed; on errors nothing changes and the error is shown.
    bool setBaselineScenario(const io::ScenarioFile& baseline);
    /// As setBaselineScenario, but a baseline that does not resolve is cleared and said in
    /// the status bar, not a dialog (session restore at start-up).
    bool setBaselineScenarioQuietly(const io::ScenarioFile& baseline);
    /// Scenario › Revert to baseline and Swap with baseline (ScenarioDocument): undoable
    /// steps; their actions ("revertToBaseline", "swapWithBaseline") are disabled without a
    /// baseline. Return false, changing nothing, without one.
    bool revertToBaseline();
    bool swapWithBaseline();
    /// The pinned baseline's scenario, if any.
    std::optional<io::ScenarioFile> baselineScenario() const;
    /// The current scenario as File > Save writes it: with the pinned baseline, if any.
    io::ScenarioFile scenarioToSave() const;

    /// Interventions. applyLever() pins the current scenario as the baseline (as Pin
    /// baseline does) and applies ONE change (ScenarioDocument::applyLever); the lever's
    /// one-sentence explanation shows in the status bar and under the plot until the next
    /// change (LeverActions). A lever that does not apply changes nothing; its reason goes to
    /// the status bar and comes back in `reason` when given. Returns whether it was applied.
    bool applyLever(LeverId id, QString* reason = nullptr);
    /// The Interventions menu's and toolbar's actions, brought up to date lazily.
    LeverActions* levers() const { return m_levers; }

    /// Measured results (File › Import measured results…): the file's kept rows go on the
    /// plot (measured_overlay.h), replacing those shown before; its rejected rows are listed
    /// in one dialog, or with `quiet` only written to `report` (with the summary). Returns
    /// the number of rows kept; 0 leaves what was shown.
    int importMeasured(const QString& path, bool quiet = false, QString* report = nullptr);
    /// The overlay; its actions are "importMeasured" and "clearMeasured".
    MeasuredOverlay* measuredOverlay() const { return m_measured; }

    void setPresentationMode(bool on);
    bool presentationMode() const;
    /// View › Pen and Erase drawing: drawing on the plot in presentation mode.
    PresentationPen* pen() const { return m_pen; }
    /// Presentation mode's focus indicator (focus_ring.h).
    FocusRing* focusRing() const { return m_focusRing; }
    void setOperatorsVisible(bool visible);
    /// View > Operators per memory level: shows the operators too when turned on.
    void setOperatorLevelsVisible(bool visible);

    /// Window geometry, dock layout and recent files; the last scenario too when
    /// `restoreScenario`. Does nothing without settings.
    void restoreSession(bool restoreScenario);
    void saveSession() const;
    QStringList recentFiles() const { return m_recentFiles; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    static constexpr int kStatusMessageMs = 8000;
    static constexpr int kMaxRecentFiles = 8;

    /// Where the side docks are: Right, the desktop's columns on both sides of the plot;
    /// Tabs, all of them tabs of one left column (a window too narrow for two); Presentation,
    /// one left column, the sliders above the Lesson, Results and Explain tabs (fitDocks()).
    enum class Fold { None, Tabs, Presentation };
    /// The docks' widths for the mode, leaving the plot at least half the window (60% of its
    /// area in presentation mode from 1280×720 up).
    void fitDocks();
    /// Moves the side docks to `fold`'s places.
    void refold(Fold fold);
    /// Presentation mode's 1.5× for what the window's font does not reach: menus (top-level
    /// popups), tooltips and the toolbars' icons.
    void scaleChrome(bool on);
    void createActions();
    void createMenus();
    void createDocks();
    void createCompare();
    /// Edit › History: the undo steps (QUndoView), a dock hidden at start.
    void createHistory();
    /// The one path from the document to the plot, the results and the explanation (which
    /// do not observe it themselves): each part is told only what `what` touches.
    void onDocumentChanged(DocumentChanges what);
    void applyPresentation(bool on);
    /// The inputs that differ from the baseline, in the results and under the plot.
    void showDifferences();
    /// A refused change in the status bar, until the scenario changes again.
    void showRefusal(const QString& message);
    void addRecentFile(const QString& path);
    void updateRecentMenu();
    void updateTitle();
    void showLoadError(const QString& text, const QString& details);
    /// restoreSession's open course step, or else open lesson (quietly).
    void restoreLessonOrCourse();
    /// Pins (or, with none, clears) the baseline named in a scenario that was just opened.
    bool restoreBaseline(const io::ScenarioFile& opened, bool quiet = false);

    void openScenarioDialog();
    void saveScenarioDialog();
    void openModelConfigDialog();
    void openHardwareFileDialog();
    void exportImageDialog();
    void exportReportDialog();
    void copyImage();
    void addCompareDialog();

    QSettings* m_settings = nullptr;
    ScenarioDocument* m_document = nullptr;
    RooflinePlot* m_plot = nullptr;
    ControlsPanel* m_controls = nullptr;
    ResultsPanel* m_results = nullptr;
    QDockWidget* m_controlsDock = nullptr;
    QDockWidget* m_resultsDock = nullptr;
    ExplainPanel* m_explain = nullptr;
    QDockWidget* m_explainDock = nullptr;
    Views* m_views = nullptr;
    FrontierView* m_frontier = nullptr;
    QDockWidget* m_frontierDock = nullptr;
    Fold m_fold = Fold::None;
    QMenu* m_recentMenu = nullptr;
    QStringList m_recentFiles;
    QFont m_baseFont;
    QFont m_baseMenuFont;  ///< QApplication's for QMenu, outside presentation mode
    QFont m_baseTipFont;   ///< QToolTip's, outside presentation mode
    QToolBar* m_compareToolBar = nullptr;
    CompareSet* m_compareSet = nullptr;
    CompareTable* m_compareTable = nullptr;
    QDockWidget* m_compareDock = nullptr;
    QAction* m_addCompare = nullptr;
    QAction* m_clearCompare = nullptr;

    QAction* m_openScenario = nullptr;
    QAction* m_saveScenario = nullptr;
    QAction* m_openModel = nullptr;
    QAction* m_openHardware = nullptr;
    QAction* m_editHardware = nullptr;
    QAction* m_exportImage = nullptr;
    QAction* m_exportReport = nullptr;
    QAction* m_captionOnImages = nullptr;
    QAction* m_quit = nullptr;
    QAction* m_copyImage = nullptr;
    QAction* m_showOperators = nullptr;
    QAction* m_showOperatorLevels = nullptr;
    QAction* m_presentation = nullptr;
    QAction* m_resetView = nullptr;
    QAction* m_about = nullptr;
    QAction* m_pinBaseline = nullptr;
    QAction* m_clearBaseline = nullptr;
    QAction* m_revertBaseline = nullptr;
    QAction* m_swapBaseline = nullptr;
    QAction* m_undo = nullptr;
    QAction* m_redo = nullptr;
    QDockWidget* m_historyDock = nullptr;
    /// Under the plot: the inputs that differ from the baseline (hidden without one).
    QLabel* m_differences = nullptr;
    KeyNumbers* m_keyNumbers = nullptr;
    ViewStage* m_stage = nullptr;
    MeasuredOverlay* m_measured = nullptr;
    QAction* m_importMeasured = nullptr;
    QAction* m_clearMeasured = nullptr;
    LessonsController* m_lessons = nullptr;
    CourseController* m_courses = nullptr;
    /// The Results and Explain docks: their panel, or a notice while a question hides it.
    QStackedWidget* m_resultsStack = nullptr;
    QStackedWidget* m_explainStack = nullptr;
    LeverActions* m_levers = nullptr;
    PresentationPen* m_pen = nullptr;
    FocusRing* m_focusRing = nullptr;
    QString m_refusalMessage;  ///< the status bar's refused-change message, until the next change
};

}  // namespace roofline::ui
