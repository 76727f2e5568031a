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
/// a row makes that scenario the current one (makeCurrent): nothing is lost, the old current
/// becomes a compare scenario, and every row keeps its place and its colour: the
/// table shows the current scenario at its own place (currentPlace()), and the current
/// scenario keeps the colour it had as a compare scenario (the plot draws it in the phase
/// hues while it is edited).
///
/// The set, edits and prices included, is part of the window session (save(), restore()):
/// each scenario is kept as its file's JSON, so that nothing edited is lost at a restart.

#include <optional>
#include <vector>

#include <QObject>
#include <QString>
#include <QStringList>

#include "model/debounce.h"
#include "model/scenario_document.h"
#include "panels/compare_table.h"
#include "roofline/analysis.h"
#include "roofline/io/scenario_file.h"

class QSettings;
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
    /// Makes compare scenario `index` the one the sliders edit. Every row keeps its place
    /// and colour: the old current scenario becomes a compare scenario at its own place, in
    /// the colour it had (a free one if it never had one; with all seven taken, the selected
    /// one's, which the new current then gives up). On a scenario that no longer resolves
    /// nothing changes and the error is shown. Returns whether it changed.
    bool makeCurrent(std::size_t index);
    /// The current scenario's place among the rows (0 = first), entries() filling the others
    /// in order.
    std::size_t currentPlace() const { return m_currentPlace; }
    /// The current scenario's colour from when it was a compare scenario; none while it has
    /// never been one.
    std::optional<std::size_t> currentColour() const { return m_currentColour; }

    /// Writes the set into `settings` under compare/: each scenario as its file's JSON (so
    /// that edits and prices are kept) with its path, name and colour, the current
    /// scenario's place, colour, file and name, and the paths alone for older versions.
    void save(QSettings& settings) const;
    /// Replaces the set with what save() wrote (or an older session's paths): `failed` gets
    /// one line per scenario that no longer resolves. Returns how many were restored.
    int restore(QSettings& settings, QStringList& failed);
    /// After the current scenario is restored: its file and name from `settings`, kept
    /// while its hardware and model are those it has now.
    void restoreCurrentName(QSettings& settings);
    /// File › Save comparison: every row in its place, the edited one marked, each as its
    /// scenario file's JSON (edits and prices included) with its name, file and colour:
    /// {"comparison_version": 1, "editing": i, "rows": [{"name", "path", "colour",
    /// "scenario"}, ...]} ("colour" absent for none).
    QByteArray comparisonJson() const;
    /// Asks for a file and writes comparisonJson() there; a failure is said in a dialog.
    /// True when written.
    bool saveComparisonDialog();
    /// File › Open comparison: the rows of a file comparisonJson() wrote replace the set and
    /// the current scenario, in their places and colours. On any error nothing changes and
    /// `error` says it in one sentence (the file, the key, what was expected and found).
    bool openComparison(const QString& path, QString* error);
    /// Asks for a comparison file and opens it; a failure is said in a dialog.
    bool openComparisonDialog();

    /// One sentence when the rows are not like for like (io::fairnessNote, rows named by
    /// hardware × devices), else empty.
    QString fairnessNote() const;

    const std::vector<Entry>& entries() const { return m_document.compare(); }
    /// The files the set was loaded from (session restore), in order.
    QStringList paths() const;
    /// The current scenario's file (Open scenario), for its name; empty = none.
    void setCurrentSource(const QString& path);
    /// The current scenario's name in the table: its file's stem while it keeps that file's
    /// hardware and model, else what it is (io::scenarioName: "B200 ×2 fp8").
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
    void refreshCurrentRow();
    CompareRow currentRow() const;
    QString uniqueName(const QString& name) const;
    /// A colour no compare scenario nor the current one has; none when all are taken.
    std::optional<std::size_t> unusedColour() const;
    std::size_t freeColour() const;
    /// Gives each of `entries` a colour no other has nor `current` (a hand edit may have made
    /// two alike): a later one takes a free colour.
    static void separateColours(std::vector<Entry>& entries,
                                const std::optional<std::size_t>& current);

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
    Debounce m_currentRowTimer;      ///< the current row's refresh, throttled
    std::size_t m_currentPlace = 0;  ///< see currentPlace()
    std::optional<std::size_t> m_currentColour;
};

}  // namespace roofline::ui
