// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's session (settings) and the baseline's messages (main_window.h); the baseline
// itself is the document's.
#include <QAction>
#include <QCheckBox>
#include <QLineEdit>
#include <QSettings>
#include <QStatusBar>

#include "main_window.h"
#include "model/scenario_controller.h"
#include "panels/lesson_panel.h"
#include "plot/roofline_plot.h"
#include "roofline/format.h"
#include "roofline/io/scenario_file.h"
#include "roofline/limits.h"
#include "roofline/parse.h"
#include "roofline/validate.h"
#include "views/dialogs.h"
#include "views/frontier_view.h"
#include "window/compare_set.h"
#include "window/course_controller.h"
#include "window/lessons_menu.h"

namespace roofline::ui {
namespace {

/// A stored flag, or `fallback` when what is stored is not one (QVariant would read any
/// other text as true).
bool storedFlag(const QSettings& settings, const QString& key, bool fallback) {
    const QVariant value = settings.value(key);
    if (value.typeId() == QMetaType::Bool) {
        return value.toBool();
    }
    const QString text = value.toString();
    return text == QLatin1String("true") || (text != QLatin1String("false") && fallback);
}

/// The Frontier's price per chip from `settings` (saveSession writes them).
void restoreFrontierPrices(QSettings& settings, FrontierView& frontier, QStatusBar& status,
                           int messageMs) {
    // The Frontier's price per chip (hardware id → US dollars per device-hour). One that is
    // not a price (a hand edit) is dropped, and the status bar says which.
    QMap<QString, double> prices;
    QStringList refused;
    settings.beginGroup(QStringLiteral("frontier/prices"));
    for (const QString& id : settings.childKeys()) {
        const std::optional<double> usd =
            parseNumber(settings.value(id).toString().trimmed().toStdString());
        if (usd && limits::kPricePerDeviceHourUsd.contains(*usd)) {
            prices.insert(id, *usd);
        } else {
            refused << id;
        }
    }
    settings.endGroup();
    frontier.setHardwarePrices(prices);
    if (!refused.isEmpty()) {
        status.showMessage(QObject::tr("The Frontier's price for %1 in the last session was not "
                                       "a price per device-hour; it is left unset.")
                               .arg(refused.join(QStringLiteral(", "))),
                           messageMs);
    }
}

/// The Frontier's SLO fields and its tokens-per-$ toggle from `settings`, as the user left
/// them; a field's text goes through the view's own check, as if typed.
void restoreFrontierSlos(QSettings& settings, FrontierView& frontier) {
    for (const auto& [key, edit] :
         {std::pair{QStringLiteral("frontier/sloTpotMs"), frontier.sloTpotEdit()},
          std::pair{QStringLiteral("frontier/sloTtftMs"), frontier.sloTtftEdit()}}) {
        if (settings.contains(key)) {
            edit->setText(settings.value(key).toString().trimmed());
            emit edit->editingFinished();  // as when typed: the frontier takes it
        }
    }
    frontier.tokensPerDollarCheck()->setChecked(
        storedFlag(settings, QStringLiteral("frontier/tokensPerDollar"), false));
}

}  // namespace

void MainWindow::restoreSession(bool restoreScenario) {
    if (m_settings == nullptr) {
        return;
    }
    // Anything may be in the file (another version, a hand edit, a disk error): each value
    // is checked, and what is not usable falls back to the default.
    restoreGeometry(m_settings->value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(m_settings->value(QStringLiteral("window/state")).toByteArray());
    m_recentFiles.clear();
    for (const QString& path : m_settings->value(QStringLiteral("recentFiles")).toStringList()) {
        if (!path.isEmpty() && !m_recentFiles.contains(path) &&
            m_recentFiles.size() < kMaxRecentFiles) {
            m_recentFiles << path;
        }
    }
    updateRecentMenu();
    setOperatorsVisible(storedFlag(*m_settings, QStringLiteral("plot/operators"), false));
    m_captionOnImages->setChecked(storedFlag(*m_settings, QStringLiteral("export/caption"), true));
    restoreFrontierPrices(*m_settings, *m_frontier, *statusBar(), kStatusMessageMs);
    restoreFrontierSlos(*m_settings, *m_frontier);
    if (restoreScenario) {
        // The last session's compare scenarios as they were edited (prices included), in
        // their places and colours; one that no longer resolves is said in the status bar,
        // not a dialog at start-up.
        QStringList failed;
        m_compareSet->restore(*m_settings, failed);
        if (!failed.isEmpty()) {
            statusBar()->showMessage(tr("%n compare scenario(s) of the last session could not "
                                        "be restored.",
                                        nullptr, static_cast<int>(failed.size())),
                                     kStatusMessageMs);
        }
    }
    if (restoreScenario) {
        restoreLessonOrCourse();
    }
    if (!restoreScenario || !m_settings->contains(QStringLiteral("lastScenario"))) {
        return;
    }
    const QString json = m_settings->value(QStringLiteral("lastScenario")).toString();
    const io::Loaded<io::ScenarioFile> last =
        io::parseScenarioFile(json.toStdString(), "last session");
    if (last.value) {
        io::ScenarioFile current = *last.value;
        current.baseline.reset();
        if (!hasErrors(controller().setScenarioFile(current))) {
            restoreBaseline(*last.value, true);
            m_compareSet->restoreCurrentName(*m_settings);
            return;
        }
    }
    // A last scenario that no longer resolves (a moved model file) is not an error worth a
    // dialog at start-up: the default stays, and the status bar says why.
    statusBar()->showMessage(tr("The last session's scenario could not be restored."),
                             kStatusMessageMs);
}

void MainWindow::restoreLessonOrCourse() {
    // The open course's step (or else the open lesson) first; the last scenario, restored
    // after it, keeps what the student changed in it. One that no longer loads is said in
    // the status bar, not a dialog at start-up.
    const QString course = m_settings->value(QStringLiteral("course/open")).toString();
    const QString lesson = m_settings->value(QStringLiteral("lesson/open")).toString();
    if (!course.isEmpty()) {
        bool isNumber = false;
        const int step = m_settings->value(QStringLiteral("course/step")).toInt(&isNumber);
        const io::Loaded<io::Course> loaded = io::resolveCourse(course.toStdString());
        const int count = loaded.value ? static_cast<int>(loaded.value->steps.size()) : 0;
        m_courses->openCourse(course, isNumber && step >= 1 && step <= count ? step : 1, nullptr,
                              true);
    } else if (!lesson.isEmpty()) {
        if (io::resolveScenarioFile(lesson.toStdString()).ok()) {
            m_lessons->openLesson(lesson);
        } else {
            statusBar()->showMessage(tr("The last session's lesson could not be opened."),
                                     kStatusMessageMs);
        }
    }
}

void MainWindow::saveSession() const {
    if (m_settings == nullptr) {
        return;
    }
    m_settings->setValue(QStringLiteral("window/geometry"), saveGeometry());
    m_settings->setValue(QStringLiteral("window/state"), saveState());
    m_settings->setValue(QStringLiteral("recentFiles"), m_recentFiles);
    m_settings->setValue(QStringLiteral("plot/operators"), m_plot->operatorsVisible());
    m_settings->setValue(QStringLiteral("export/caption"), m_captionOnImages->isChecked());
    m_compareSet->save(*m_settings);
    m_settings->setValue(QStringLiteral("frontier/sloTpotMs"), m_frontier->sloTpotEdit()->text());
    m_settings->setValue(QStringLiteral("frontier/sloTtftMs"), m_frontier->sloTtftEdit()->text());
    m_settings->setValue(QStringLiteral("frontier/tokensPerDollar"),
                         m_frontier->tokensPerDollarCheck()->isChecked());
    // One key per chip, its price as text ('.' decimals), so that a hand edit reads plainly.
    m_settings->remove(QStringLiteral("frontier/prices"));
    m_settings->beginGroup(QStringLiteral("frontier/prices"));
    const QMap<QString, double> prices = m_frontier->hardwarePrices();
    for (auto it = prices.constBegin(); it != prices.constEnd(); ++it) {
        m_settings->setValue(it.key(), QString::fromStdString(generalText(it.value(), 17)));
    }
    m_settings->endGroup();
    // The open course's step, or else the open lesson, by the id or path it was opened by.
    const QString course = m_courses->course() ? m_courses->courseRef() : QString();
    const QString lesson =
        course.isEmpty() && m_lessons->panel()->lesson() ? m_lessons->openRef() : QString();
    m_settings->setValue(QStringLiteral("course/open"), course);
    m_settings->setValue(QStringLiteral("course/step"), m_courses->step());
    m_settings->setValue(QStringLiteral("lesson/open"), lesson);
    m_settings->setValue(QStringLiteral("lastScenario"),
                         QString::fromStdString(io::toJson(scenarioToSave())));
}

io::ScenarioFile MainWindow::scenarioToSave() const { return m_document->scenarioToSave(); }

std::optional<io::ScenarioFile> MainWindow::baselineScenario() const {
    if (!m_document->baseline()) {
        return std::nullopt;
    }
    return m_document->baseline()->file;
}

void MainWindow::pinBaseline() {
    m_document->pinBaseline();
    statusBar()->showMessage(tr("Baseline pinned: change the scenario to compare"),
                             kStatusMessageMs);
}

void MainWindow::clearBaseline() { m_document->clearBaseline(); }

bool MainWindow::setBaselineScenario(const io::ScenarioFile& baseline) {
    const std::vector<Issue> issues = m_document->setBaselineScenario(baseline);
    if (hasErrors(issues)) {
        showLoadError(refusalText(tr("Could not use the baseline scenario"), firstError(issues),
                                  tr("The baseline is unchanged.")),
                      issuesText(issues));
        return false;
    }
    return true;
}

bool MainWindow::setBaselineScenarioQuietly(const io::ScenarioFile& baseline) {
    if (hasErrors(m_document->setBaselineScenario(baseline))) {
        clearBaseline();
        statusBar()->showMessage(tr("The saved baseline could not be restored."), kStatusMessageMs);
        return false;
    }
    return true;
}

bool MainWindow::restoreBaseline(const io::ScenarioFile& opened, bool quiet) {
    if (!opened.baseline) {
        clearBaseline();
        return true;
    }
    return quiet ? setBaselineScenarioQuietly(*opened.baseline)
                 : setBaselineScenario(*opened.baseline);
}

}  // namespace roofline::ui
