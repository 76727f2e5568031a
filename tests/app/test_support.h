// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers the app tests share: a precision's name for QCOMPARE, resolving a scenario file
// (the shipped presets) or failing the test run, and the set-up of tests that open windows.

#include <functional>
#include <string>

#include <QAbstractSpinBox>
#include <QObject>
#include <QStandardPaths>
#include <QString>
#include <QTest>
#include <QtGlobal>

#include "roofline/analysis.h"
#include "roofline/io/scenario_file.h"
#include "roofline/precision.h"
#include "roofline/validate.h"
#include "window/dialogs.h"

// QTest finds roofline::toString(Precision) (which returns a string_view) by ADL and cannot
// print it, so precisions are compared by name: a failure then reads "fp8" vs "bf16".
inline QString precisionName(roofline::Precision p) {
    const std::string_view name = roofline::toString(p);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

namespace roofline::test {

/// The child of `parent` named `name` (its objectName), of type T; the run stops when there is
/// none (a test that cannot find its widget tests nothing). The window's docks, actions and
/// labels are found this way rather than through getters kept for tests.
template <typename T>
T* child(const QObject& parent, const char* name) {
    T* found = parent.findChild<T*>(QString::fromLatin1(name));
    if (found == nullptr) {
        qFatal("no child named %s of the expected type", name);
    }
    return found;
}

/// Types `text` into `box` as a user does: focus, select all, type, Enter.
inline void typeInto(QAbstractSpinBox* box, const QString& text) {
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

/// The scenario `file` resolves to. A test's own scenario must resolve: if it does not, the
/// run stops with the resolver's messages (a test with a broken fixture tests nothing).
inline Scenario resolvedScenario(const io::ScenarioFile& file) {
    io::ResolvedScenario r = io::resolve(file);
    if (!r.ok()) {
        qFatal("test scenario does not resolve: %s", describe(r.issues).c_str());
    }
    return r.scenario;
}

/// The default scenario (Llama-3.1-8B on H100 SXM, batch 1, 2,048 + 2,048 tokens) after
/// `edit`, resolved.
inline Scenario scenarioWith(const std::function<void(io::ScenarioFile&)>& edit) {
    io::ScenarioFile file;
    edit(file);
    return resolvedScenario(file);
}

/// The engine's analysis of `file`, resolved.
inline Analysis analysed(const io::ScenarioFile& file) { return analyze(resolvedScenario(file)); }

/// initTestCase of tests that open windows: QSettings and other standard paths go to a test
/// location, never the user's, and dialogs are recorded rather than shown (Dialogs).
inline void keepWindowsAwayFromTheUser() {
    QStandardPaths::setTestModeEnabled(true);
    ui::Dialogs::setHeadless(true);
}

}  // namespace roofline::test
