// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file csv_export.h
/// "Export CSV…" for the views (batch sweep, regime map, frontier): an action in the plot's
/// context menu that writes the engine results the view holds (roofline/view_csv.h) to a
/// file the user picks. A failure is said in a dialog; the view and the scenario are
/// untouched either way.

#include <functional>
#include <string>

#include <QString>

class QAction;
class QWidget;

namespace roofline::ui {

/// Writes `text` to `path` whole or not at all (QSaveFile). The failure in a sentence
/// naming the file and the reason, or empty.
QString writeCsvFile(const QString& path, const std::string& text);

/// Asks for a file (Dialogs::saveFileName, `suggestedName` offered) and writes `text()`
/// there; a failure goes to Dialogs::showError. True when a file was written.
bool exportCsv(QWidget* parent, const QString& suggestedName,
               const std::function<std::string()>& text);

/// Adds "Export CSV…" to `widget`'s context menu (Qt::ActionsContextMenu), running
/// exportCsv() with `text`. Returns the action (tests trigger it).
QAction* addCsvExportAction(QWidget* widget, const QString& suggestedName,
                            std::function<std::string()> text);

}  // namespace roofline::ui
