// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare_set.h"

#include <algorithm>

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMimeData>
#include <QUrl>
#include <QWidget>

#include "plot/plot_tooltip.h"
#include "roofline/format.h"
#include "window/dialogs.h"
#include "window/scenario_controller.h"

namespace roofline::ui {
namespace {

constexpr int kCurrentRowMs = 100;

/// A preset id as it is, a path by its file's stem.
QString referenceName(const std::string& idOrPath) {
    const QString text = QString::fromStdString(idOrPath);
    return text.contains(QLatin1Char('/')) || text.endsWith(QLatin1String(".json"))
               ? QFileInfo(text).completeBaseName()
               : text;
}

/// The local .json files a drag carries; empty when it carries anything else.
QStringList droppedScenarioFiles(const QMimeData* mime) {
    QStringList paths;
    if (mime == nullptr || !mime->hasUrls()) {
        return {};
    }
    for (const QUrl& url : mime->urls()) {
        if (!url.isLocalFile() ||
            !url.toLocalFile().endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
            return {};
        }
        paths << url.toLocalFile();
    }
    return paths;
}

}  // namespace

QString scenarioShortName(const io::ScenarioFile& file) {
    QString name = referenceName(file.model) + QLatin1Char('@') + referenceName(file.hardware);
    if (file.workload.tensorParallel > 1) {
        name += QStringLiteral("×") + qs(formatInteger(file.workload.tensorParallel));
    }
    return name;
}

CompareSet::CompareSet(ScenarioDocument& document, CompareTable& table, QWidget* window)
    : QObject(window),
      m_document(document),
      m_controller(document.current()),
      m_table(table),
      m_window(window),
      m_currentRowTimer(kCurrentRowMs, this) {
    // The current row follows the current scenario at most every kCurrentRowMs while a
    // slider moves (repainting the table on every step cost a quarter of a millisecond; the
    // plot and the results panel are the instant feedback). The compare rows do not change.
    connect(&m_currentRowTimer, &Debounce::timeout, this,
            [this] { m_table.setCurrent(currentRow()); });
    connect(&m_document, &ScenarioDocument::changed, this, [this](DocumentChanges what) {
        if ((what & kScenarioChanges) && !m_currentRowTimer.isActive()) {
            m_currentRowTimer.start();
        }
    });
    // Queued: the swap rebuilds the table, which is not done inside its own selection signal.
    connect(
        &m_table, &CompareTable::rowActivated, this,
        [this](int index) { makeCurrent(static_cast<std::size_t>(index)); }, Qt::QueuedConnection);
    // Queued too: a row's ✕ button goes with its row.
    connect(
        &m_table, &CompareTable::removeRequested, this,
        [this](int index) {
            if (index < 0) {
                clear();
            } else {
                remove(static_cast<std::size_t>(index));
            }
        },
        Qt::QueuedConnection);
    if (m_window != nullptr) {
        m_window->setAcceptDrops(true);
        m_window->installEventFilter(this);
    }
    m_table.setRows(currentRow(), {});
}

CompareRow CompareSet::currentRow() const {
    return {currentName(), m_currentSource, 0, &m_controller.scenario(), &m_controller.analysis()};
}

QString CompareSet::currentName() const {
    // The file's name while the scenario is still that file's hardware and model (its knobs
    // edited); anything else (another model chosen, a lesson opened) is named by what it is.
    const io::ScenarioFile& file = m_controller.scenarioFile();
    const bool sameAsSource = file.hardware == m_sourceHardware && file.model == m_sourceModel;
    if (!m_currentName.isEmpty() && sameAsSource) {
        return m_currentName;
    }
    if (!m_currentSource.isEmpty() && sameAsSource) {
        return QFileInfo(m_currentSource).completeBaseName();
    }
    return scenarioShortName(file);
}

void CompareSet::setCurrentSource(const QString& path) {
    m_currentSource = path;
    m_currentName.clear();
    m_sourceHardware = m_controller.scenarioFile().hardware;
    m_sourceModel = m_controller.scenarioFile().model;
    m_table.setCurrent(currentRow());
}

QString CompareSet::uniqueName(const QString& name) const {
    const auto taken = [this](const QString& candidate) {
        return candidate == currentName() ||
               std::any_of(entries().begin(), entries().end(),
                           [&](const Entry& e) { return e.name == candidate; });
    };
    QString unique = name;
    for (int n = 2; taken(unique); ++n) {
        unique = QStringLiteral("%1 (%2)").arg(name).arg(n);
    }
    return unique;
}

std::size_t CompareSet::freeColour() const {
    for (std::size_t colour = 0; colour < kCompareColourCount; ++colour) {
        if (std::none_of(entries().begin(), entries().end(),
                         [&](const Entry& e) { return e.colour == colour; })) {
            return colour;
        }
    }
    return entries().size() % kCompareColourCount;
}

bool CompareSet::add(const io::ScenarioFile& file, const QString& name, const QString& path,
                     QString* error) {
    if (entries().size() >= kMaxCompareScenarios) {
        if (error != nullptr) {
            *error = tr("the comparison is full (%1 scenarios besides the current one)")
                         .arg(kMaxCompareScenarios);
        }
        return false;
    }
    // The same engine as the current scenario (a compare scenario's own baseline is not
    // drawn: analyse() leaves it out).
    AnalysedScenario resolved = ScenarioController::analyse(file);
    if (!resolved.ok()) {
        if (error != nullptr) {
            *error = issuesText(resolved.issues);
        }
        return false;
    }
    std::vector<Entry> next = entries();
    next.push_back({path, uniqueName(name), std::move(resolved.file), std::move(resolved.scenario),
                    std::move(resolved.analysis), freeColour()});
    push(std::move(next));
    emit added();
    return true;
}

int CompareSet::addFiles(const QStringList& paths, QStringList* errors) {
    QStringList failed;
    QString firstReason;  // the first failure in one sentence, for the message's main text
    int added = 0;
    for (const QString& path : paths) {
        const QString shown = QDir::toNativeSeparators(path);
        const QFileInfo info(path);
        if (info.exists() && !info.isFile()) {
            failed << tr("%1: not a regular file").arg(shown);
            if (firstReason.isEmpty()) {
                firstReason = failed.back();
            }
            continue;
        }
        const io::Loaded<io::ScenarioFile> loaded = io::loadScenarioFile(path.toStdString());
        if (!loaded.value) {
            failed << tr("%1:\n%2").arg(shown, issuesText(loaded.issues));
            if (firstReason.isEmpty()) {
                firstReason = firstError(loaded.issues);
            }
            continue;
        }
        QString why;
        if (!add(*loaded.value, info.completeBaseName(), info.absoluteFilePath(), &why)) {
            failed << tr("%1: %2").arg(shown, why);
            if (firstReason.isEmpty()) {
                firstReason = failed.back();
            }
            continue;
        }
        ++added;
    }
    if (!failed.isEmpty()) {
        if (errors != nullptr) {
            *errors << failed;
        } else {
            // The first reason in the main text; every file's under Details.
            Dialogs::showError(
                m_window,
                refusalText(tr("Could not add %n scenario(s) to the comparison", nullptr,
                               static_cast<int>(failed.size())),
                            firstReason,
                            tr("The others were added; the current scenario is unchanged.")),
                failed.join(QStringLiteral("\n\n")));
        }
    }
    return added;
}

void CompareSet::remove(std::size_t index) {
    if (index >= entries().size()) {
        return;
    }
    std::vector<Entry> next = entries();
    next.erase(next.begin() + static_cast<std::ptrdiff_t>(index));
    push(std::move(next));
}

void CompareSet::clear() {
    if (entries().empty()) {
        return;
    }
    push({});
}

bool CompareSet::makeCurrent(std::size_t index) {
    if (index >= entries().size()) {
        return false;
    }
    const Entry selected = entries()[index];
    Entry previous{m_currentSource,         currentName(),           m_controller.scenarioFile(),
                   m_controller.scenario(), m_controller.analysis(), selected.colour};
    previous.file.baseline.reset();
    // The names change first: the controller's analysisChanged refreshes the current row.
    const QString oldSource = m_currentSource;
    const QString oldName = m_currentName;
    const std::string oldHardware = m_sourceHardware;
    const std::string oldModel = m_sourceModel;
    m_currentSource = selected.path;
    m_currentName = selected.name;
    m_sourceHardware = selected.file.hardware;
    m_sourceModel = selected.file.model;
    const std::vector<Issue> issues = m_controller.setScenarioFile(selected.file);
    if (hasErrors(issues)) {
        m_currentSource = oldSource;
        m_currentName = oldName;
        m_sourceHardware = oldHardware;
        m_sourceModel = oldModel;
        Dialogs::showError(
            m_window,
            refusalText(tr("Could not edit %1, which no longer resolves").arg(selected.name),
                        firstError(issues), tr("Nothing changed.")),
            issuesText(issues));
        pushTable();
        return false;
    }
    std::vector<Entry> next = entries();
    next[index] = previous;
    push(std::move(next));
    return true;
}

QStringList CompareSet::paths() const {
    QStringList list;
    for (const Entry& e : entries()) {
        if (!e.path.isEmpty()) {
            list << e.path;
        }
    }
    return list;
}

void CompareSet::push(std::vector<Entry> entries) {
    m_document.setCompare(std::move(entries));
    pushTable();
    emit changed();
}

void CompareSet::pushTable() {
    std::vector<CompareRow> rows;
    rows.reserve(entries().size());
    for (const Entry& e : entries()) {
        rows.push_back({e.name, e.path, e.colour, &e.scenario, &e.analysis});
    }
    m_table.setRows(currentRow(), rows);
}

bool CompareSet::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_window &&
        (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove)) {
        auto* drag = static_cast<QDragMoveEvent*>(event);
        if (!droppedScenarioFiles(drag->mimeData()).isEmpty()) {
            drag->acceptProposedAction();
            return true;
        }
    } else if (watched == m_window && event->type() == QEvent::Drop) {
        auto* drop = static_cast<QDropEvent*>(event);
        const QStringList paths = droppedScenarioFiles(drop->mimeData());
        if (!paths.isEmpty()) {
            drop->acceptProposedAction();
            addFiles(paths);
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace roofline::ui
