// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file value_field.h
/// One value of the results panel: a word-wrapped QLabel in a holder that asks for a new
/// layout only when the text needs more room. A QLabel asks for one on every setText(); in
/// the results panel (forms in a scroll area) that relayout measured every label several
/// times per slider step. The holder's size hints are the largest its label has had since
/// the last font change, so the columns also stay still while a slider moves.

#include <QSize>
#include <QWidget>

class QLabel;

namespace roofline::ui {

class ValueField : public QWidget {
    Q_OBJECT
public:
    explicit ValueField(QWidget* parent = nullptr);

    void setText(const QString& text);
    QLabel* label() const { return m_label; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Needs {
        QSize hint;
        QSize minimum;
        int height = -1;  ///< at the current width
        bool operator==(const Needs&) const = default;
    };
    void grow() const;  ///< the hints take in the label's current ones

    QLabel* m_label;
    mutable int m_hintWidth = 0;
    mutable QSize m_minimum{0, 0};
    mutable int m_measuredWidth = -1;  ///< heightForWidth() cache
    mutable int m_measuredHeight = 0;
    Needs m_laidOut;  ///< what the layout was last asked to make room for
};

}  // namespace roofline::ui
