// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file compare_set.h
/// The window's compare scenarios: several configurations on one plot (File > Add
/// scenario to compare, --compare, a drop of scenario files). Each is resolved and
/// analysed once, when it is added, by the same engine as the current scenario
/// (ScenarioController::analyse), and keeps a colour of its own. They are a window
/// session thing: scenario files keep the current scenario and its pinned baseline only.
///
/// The scenarios themselves live in the document (ScenarioDocument::compare(), the only
/// place they change); this class decides what the set becomes (loading, names, colours,
/// the swap) and drives the Compare table. The plot draws them from the document. Selecting
/// a row swaps that scenario with the current one (makeCurrent): nothing is lost, the old
/// current becomes a compare scenario in the selected one's colour.

#include <vector>

#include <QObject>
#include <QString>
#include <QStringList>

#include "panels/compare_table.h"
#include "roofline/analysis.h"
#include "roofline/io/scenario_file.h"
#include "window/debounce.h"
#include "window/scenario_document.h"

class QWidget;

namespace roofline::ui {

/// At most this many compare scenarios (one per palette colour), besides the current one.
inline constexpr std::size_t kMaxCompareScenarios = kCompareColourCount;

class CompareSet : public QObject {
    Q_OBJECT
public:
    using Entry = CompareScenario;

    /// `window` (not owned) parents the error dialog and takes drops of scenario files.
    CompareSet(ScenarioDocument& document, CompareTable& table, QWidget* window);

    /// Loads, resolves and analyses each file and adds it. Files that fail (unreadable,
    /// bad JSON, an unknown preset, beyond kMaxCompareScenarios) are reported together in
    /// one dialog (Dialogs::showError) naming each file and the reason, unless `errors` is
    /// given, which then receives them; the others are added either way. Returns how many
    /// were added. The current scenario never changes.
    int addFiles(const QStringList& paths, QStringList* errors = nullptr);
    /// Adds a scenario that is already in memory; false with the reason when it does not
    /// resolve or the set is full.
    bool add(const io::ScenarioFile& file, const QString& name, const QString& path,
             QString* error = nullptr);
    void remove(std::size_t index);
    void clear();
    /// Makes compare scenario `index` the one the sliders edit: the current scenario takes
    /// its place (and colour) in the set. On a scenario that no longer resolves nothing
    /// changes and the error is shown. Returns whether it swapped.
    bool makeCurrent(std::size_t index);

    const std::vector<Entry>& entries() const { return m_document.compare(); }
    /// The files the set was loaded from (session restore), in order.
    QStringList paths() const;
    /// The current scenario's file (Open scenario), for its name; empty = none.
    void setCurrentSource(const QString& path);
    /// The current scenario's name in the table: its file's stem while it keeps that file's
    /// hardware and model, else model@hardware×devices.
    QString currentName() const;

signals:
    /// The set changed (added, removed, swapped).
    void changed();
    /// Scenarios were added (after changed()).
    void added();

protected:
    /// Drops of .json files on the window add them (drag-and-drop).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void push(std::vector<Entry> entries);  ///< into the document, and the table
    void pushTable();
    CompareRow currentRow() const;
    QString uniqueName(const QString& name) const;
    std::size_t freeColour() const;

    ScenarioDocument& m_document;
    ScenarioController& m_controller;  ///< the document's current scenario
    CompareTable& m_table;
    QWidget* m_window;
    QString m_currentSource;
    QString m_currentName;  ///< a swapped-in scenario's name; overrides the source's
    /// The hardware and model of the file the current scenario came from: its name holds
    /// while they do.
    std::string m_sourceHardware;
    std::string m_sourceModel;
    Debounce m_currentRowTimer;  ///< the current row's refresh, throttled
};

/// "llama-3.1-70b@h100-sxm×4": the model and hardware ids (file stems for paths) and the
/// devices when more than one.
QString scenarioShortName(const io::ScenarioFile& file);

}  // namespace roofline::ui
