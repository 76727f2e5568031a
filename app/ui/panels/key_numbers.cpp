// SPDX-License-Identifier: GPL-3.0-or-later
#include "key_numbers.h"

#include <string>

#include "model/plot_tooltip.h"
#include "roofline/format.h"

namespace roofline::ui {
namespace {

/// "memory-bound": the pass's bound by time (DOMAIN §5), as the Results panel names it.
std::string boundOf(const PassCost& pass) { return std::string(toString(pass.bound)) + "-bound"; }

}  // namespace

QString keyNumbersText(const Analysis& a) {
    // A middle dot between the items: the line reads as one row of figures from the back
    // of a room, and wraps at its spaces when the window is narrow.
    const QString sep = QStringLiteral(" \u00b7 ");
    QStringList items;
    if (!a.hasDecode()) {
        items << qs("latency " + formatDuration(a.primary().timeSeconds) + " per batch")
              << qs(formatNumber(a.imagesPerSecond) + " images/s") << qs(boundOf(a.primary()));
        return items.join(sep);
    }
    if (a.estimate) {
        // Bound first, the estimate beside it (DOMAIN §11: the estimate never replaces it).
        items << qs("TTFT " + formatDuration(a.ttftSeconds) + " (est. " +
                    formatDuration(a.estimate->ttftSeconds) + ")")
              << qs("TPOT " + formatDuration(a.tpotSeconds) + " (est. " +
                    formatDuration(a.estimate->tpotSeconds) + ")");
    } else {
        items << qs("TTFT " + formatDuration(a.ttftSeconds))
              << qs("TPOT " + formatDuration(a.tpotSeconds));
    }
    // The bounds in few words: the line shares its row with the stage's tabs at 1280×720.
    // Both passes bound alike in two words: "prefill compute, decode compute" wrapped the
    // line at 1280×720.
    const Bound prefill = a.prefill().bound;
    const Bound decode = a.decode().bound;
    items << qs(formatNumber(a.decodeTokensPerSecond) + " tok/s")
          << qs(prefill == decode ? "bound: " + std::string(toString(prefill)) + " (both)"
                                  : "bound: prefill " + std::string(toString(prefill)) +
                                        ", decode " + std::string(toString(decode)));
    return items.join(sep);
}

KeyNumbers::KeyNumbers(QWidget* parent) : QLabel(parent) {
    setObjectName(QStringLiteral("keyNumbers"));
    setTextFormat(Qt::PlainText);
    setWordWrap(true);
    setAlignment(Qt::AlignCenter);
    setMargin(2);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setToolTip(
        tr("The Results panel's key numbers, bound by the roofs (the Results tab has "
           "them all, with the ridge, the critical batch and the memory)"));
}

void KeyNumbers::setAnalysis(const Analysis& analysis) {
    const QString text = keyNumbersText(analysis);
    if (text != this->text()) {
        setText(text);
    }
}

}  // namespace roofline::ui
