// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons_menu.h"

#include <array>

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QScrollArea>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "panels/lesson_panel.h"
#include "roofline/io/lessons.h"
#include "views/dialogs.h"
#include "window/main_window.h"

namespace roofline::ui {
namespace {

constexpr std::array<io::LessonGroup, 4> kGroups = {
    io::LessonGroup::PlacingWorkloads, io::LessonGroup::HardwareNumbers, io::LessonGroup::Batching,
    io::LessonGroup::Interventions};

QString groupTitle(io::LessonGroup group) {
    switch (group) {
        case io::LessonGroup::PlacingWorkloads:
            return QObject::tr("&Placing workloads");
        case io::LessonGroup::HardwareNumbers:
            return QObject::tr("&Hardware numbers");
        case io::LessonGroup::Batching:
            return QObject::tr("&Batching");
        case io::LessonGroup::Interventions:
            return QObject::tr("&Interventions");
    }
    return {};
}

/// "Title (Q1, Q4)"; '&' doubled so that it is not a mnemonic.
QString entryText(const io::Lesson& lesson) {
    QStringList questions;
    for (const int q : lesson.questions) {
        questions << QStringLiteral("Q%1").arg(q);
    }
    return QStringLiteral("%1 (%2)").arg(
        qs(lesson.title).replace(QLatin1Char('&'), QStringLiteral("&&")),
        questions.join(QStringLiteral(", ")));
}

}  // namespace

LessonsController::LessonsController(MainWindow& window) : QObject(&window), m_window(window) {
    m_panel = new LessonPanel(window.document(), &window);
    auto* scroll = new QScrollArea(&window);
    scroll->setWidget(m_panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_dock = new QDockWidget(tr("Lesson"), &window);
    m_dock->setObjectName(QStringLiteral("lessonDock"));
    m_dock->setWidget(scroll);
    window.addDockWidget(Qt::RightDockWidgetArea, m_dock);
    m_dock->hide();  // until a lesson opens
    m_menu = new QMenu(tr("&Lessons"), &window);
    m_menu->setObjectName(QStringLiteral("lessonsMenu"));
    m_menu->setToolTipsVisible(true);
    buildMenu();
}

void LessonsController::buildMenu() {
    std::array<QMenu*, kGroups.size()> groups{};
    for (std::size_t g = 0; g < kGroups.size(); ++g) {
        groups[g] = m_menu->addMenu(groupTitle(kGroups[g]));
        groups[g]->setObjectName(QStringLiteral("lessonsGroup%1").arg(g));
        groups[g]->setToolTipsVisible(true);
    }
    for (const std::string& id : io::scenarioIds()) {
        const io::Loaded<io::ScenarioFile> file = io::builtinScenario(id);
        if (!file.ok() || !file.value->lesson) {
            continue;  // a shipped file that does not load fails the presets tests
        }
        const io::Lesson& lesson = *file.value->lesson;
        QMenu* group = groups[static_cast<std::size_t>(lesson.group)];
        QAction* action = group->addAction(entryText(lesson));
        action->setObjectName(QStringLiteral("lesson-") + qs(id));
        action->setCheckable(true);
        action->setData(qs(io::scenarioFileName(id)));
        action->setToolTip(qs(lesson.lookAt));
        const QString lessonId = qs(id);
        connect(action, &QAction::triggered, this, [this, lessonId] { openLesson(lessonId); });
    }
    m_menu->addSeparator();
    QAction* close = m_menu->addAction(tr("&Close lesson"));
    close->setObjectName(QStringLiteral("closeLesson"));
    connect(close, &QAction::triggered, this, &LessonsController::closeLesson);
}

void LessonsController::markOpen(const std::string& fileName) {
    const QString file = qs(fileName);
    for (QAction* action : m_menu->findChildren<QAction*>()) {
        if (action->isCheckable()) {
            action->setChecked(!file.isEmpty() && action->data().toString() == file);
        }
    }
}

void LessonsController::openView(const QString& view) {
    m_view = view;
    emit lessonViewRequested(view);
}

void LessonsController::closeLesson() {
    m_panel->clearLesson();
    m_dock->hide();
    m_window.document().setLesson({});
    markOpen({});
    m_openRef.clear();
    if (!m_view.isEmpty()) {
        m_window.hideView(m_view);
        m_view.clear();
    }
    emit lessonClosed();
}

bool LessonsController::openLesson(const QString& idOrPath, QString* error) {
    const std::string ref = idOrPath.toStdString();
    const io::Loaded<io::ScenarioFile> loaded = io::resolveScenarioFile(ref);
    if (!loaded.ok()) {
        const QString details = issuesText(loaded.issues);
        Dialogs::showError(
            &m_window,
            refusalText(tr("Could not open the lesson %1").arg(idOrPath), firstError(loaded.issues),
                        tr("The current scenario is unchanged.")),
            details);
        if (error != nullptr) {
            *error = details;
        }
        return false;
    }
    if (!openLessonFile(*loaded.value, io::scenarioFileName(ref), error)) {
        return false;
    }
    m_openRef = idOrPath;  // the id, which a restart resolves again
    return true;
}

bool LessonsController::openLessonFile(const io::ScenarioFile& file, const std::string& fileName,
                                       QString* error, bool deferView) {
    // Everything is resolved first (and the lever planned), so that a lesson that cannot
    // load leaves the current scenario untouched.
    const io::LessonScenarios scenarios = io::resolveLessonScenarios(file, fileName);
    // The reason in the message's main text; the parser's lines, if any, under Details.
    const auto fail = [&](const QString& reason, const QString& details) {
        Dialogs::showError(&m_window,
                           refusalText(tr("Could not open the lesson %1").arg(qs(fileName)), reason,
                                       tr("The current scenario is unchanged.")),
                           details);
        if (error != nullptr) {
            *error = details.isEmpty() ? reason : details;
        }
        return false;
    };
    if (!scenarios.ok()) {
        return fail(firstError(scenarios.issues), issuesText(scenarios.issues));
    }
    io::ScenarioFile own = file;
    own.baseline.reset();
    own.lever.reset();
    own.lesson.reset();
    const std::vector<Issue> issues = m_window.controller().setScenarioFile(own);
    if (hasErrors(issues)) {
        return fail(firstError(issues), issuesText(issues));
    }
    if (file.lever) {
        QString reason;
        if (!m_window.applyLever(*file.lever, &reason)) {
            return fail(reason, QString());
        }
    } else if (scenarios.baselineFile) {
        m_window.setBaselineScenario(*scenarios.baselineFile);
    } else {
        m_window.clearBaseline();
    }
    if (!file.lesson) {
        closeLesson();
        return true;
    }
    std::string baselineJson;
    if (scenarios.baseline) {
        const Scenario& base = scenarios.baseline->scenario;
        baselineJson = io::analysisToJson(base, analyze(base));
    }
    m_panel->clearLesson();  // a course's step and question are the course's to set again
    m_panel->setLesson(*file.lesson, fileName, baselineJson);
    m_window.document().setLesson(qs(fileName));
    m_openRef = qs(fileName);
    markOpen(fileName);
    // Measured results were about the scenario before: their stars would sit on this
    // lesson's roofline as if measured on it.
    if (!m_window.document().measured().rows.empty()) {
        m_window.document().clearMeasured();
    }
    m_dock->show();
    m_dock->raise();
    // The last lesson's view closes unless this one shows it too (now, not deferred).
    const QString view = qs(file.lesson->view);
    if (!m_view.isEmpty() && (m_view != view || deferView)) {
        m_window.hideView(m_view);
    }
    m_view.clear();
    // No status message: a lesson's lever keeps its explanation there, and the dock says
    // which lesson this is.
    if (!view.isEmpty() && !deferView) {
        openView(view);
    }
    emit lessonOpened();
    return true;
}

}  // namespace roofline::ui
