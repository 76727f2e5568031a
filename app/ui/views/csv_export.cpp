// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/csv_export.h"

#include <QAction>
#include <QSaveFile>
#include <QWidget>

#include "views/dialogs.h"

namespace roofline::ui {

QString writeCsvFile(const QString& path, const std::string& text) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return QObject::tr("%1 could not be opened for writing: %2").arg(path, file.errorString());
    }
    file.write(text.data(), static_cast<qint64>(text.size()));
    if (!file.commit()) {
        return QObject::tr("%1 could not be written: %2").arg(path, file.errorString());
    }
    return {};
}

bool exportCsv(QWidget* parent, const QString& suggestedName,
               const std::function<std::string()>& text) {
    const QString path = Dialogs::saveFileName(parent, QObject::tr("Export CSV"),
                                               QObject::tr("CSV files (*.csv)"), suggestedName);
    if (path.isEmpty()) {
        return false;
    }
    const QString error = writeCsvFile(path, text());
    if (!error.isEmpty()) {
        Dialogs::showError(parent,
                           refusalText(QObject::tr("Could not export the CSV"), error,
                                       QObject::tr("Nothing was written.")),
                           QString());
        return false;
    }
    return true;
}

QAction* addCsvExportAction(QWidget* widget, const QString& suggestedName,
                            std::function<std::string()> text) {
    auto* action = new QAction(QObject::tr("Export CSV…"), widget);
    action->setObjectName(QStringLiteral("exportCsv"));
    action->setToolTip(QObject::tr("Write the numbers this view draws to a CSV file"));
    QObject::connect(action, &QAction::triggered, widget,
                     [widget, suggestedName, text = std::move(text)] {
                         exportCsv(widget, suggestedName, text);
                     });
    widget->setContextMenuPolicy(Qt::ActionsContextMenu);
    widget->addAction(action);
    return action;
}

}  // namespace roofline::ui
