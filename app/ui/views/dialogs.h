// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file dialogs.h
/// Every dialog the window opens goes through here, so tests can pre-answer them and read
/// what would have been shown (KeePassXC's MessageBox::setNextAnswer).

#include <optional>

#include <QSize>
#include <QString>
#include <QStringList>

class QWidget;

namespace roofline::ui {

/// `text` as one sentence that ends properly, whatever lines it came as: trimmed, its lines
/// joined with "; ", and a full stop added unless it ends with ".", "!" or "?". Empty stays empty.
QString asSentence(const QString& text);
/// A refusal's main text, its reason in it (not behind Show Details, where few look):
/// "Could not open the scenario a.json: a.json: /batch must be …, got 0. The current scenario
/// is unchanged." `failed` has no full stop of its own; without a reason it ends there.
QString refusalText(const QString& failed, const QString& reason, const QString& outcome);

class Dialogs {
public:
    /// A file to open; empty when cancelled.
    static QString openFileName(QWidget* parent, const QString& caption, const QString& filter);
    /// Files to open (several may be selected); empty when cancelled.
    static QStringList openFileNames(QWidget* parent, const QString& caption,
                                     const QString& filter);
    /// A file to write; empty when cancelled.
    static QString saveFileName(QWidget* parent, const QString& caption, const QString& filter,
                                const QString& suggestedName);
    /// Image width and height in pixels; nullopt when cancelled.
    static std::optional<QSize> imageSize(QWidget* parent, QSize initial);
    /// One non-modal error: `text` says what failed and why in sentences (refusalText);
    /// `details`, the raw parser text (every issue, one per line), goes under Show Details
    /// (none when empty).
    static void showError(QWidget* parent, const QString& text, const QString& details);
    /// A modal question with one action: true when the user chose `action` (a verb phrase
    /// such as "Open with TP 4"), false on Cancel. Headless, it records the question with
    /// the errors and returns the pre-set answer (setNextAnswer), else false.
    static bool ask(QWidget* parent, const QString& text, const QString& details,
                    const QString& action);

    // For tests.
    /// The next file dialog returns `fileName` without opening (empty = cancelled).
    static void setNextFileName(const QString& fileName);
    /// The next multi-file dialog returns `fileNames` without opening (empty = cancelled).
    static void setNextFileNames(const QStringList& fileNames);
    /// The next size dialog returns `size` without opening (nullopt = cancelled).
    static void setNextImageSize(std::optional<QSize> size);
    /// The next ask() returns `answer` without opening.
    static void setNextAnswer(bool answer);
    /// Errors are recorded but no message box opens.
    static void setHeadless(bool headless);
    /// "text\ndetails" of every error shown since the last clear.
    static QStringList shownErrors();
    static void clearShownErrors();
};

}  // namespace roofline::ui
