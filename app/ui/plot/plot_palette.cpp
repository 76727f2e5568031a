// SPDX-License-Identifier: GPL-3.0-or-later
#include "plot_palette.h"

#include <QPalette>

#include "plot/plot_units.h"

namespace roofline::ui {

PlotPalette PlotPalette::lightTheme() {
    PlotPalette p;
    p.background = QColor(255, 255, 255);
    p.foreground = QColor(40, 40, 40);
    p.grid = QColor(200, 200, 200);
    p.subGrid = QColor(232, 232, 232);
    p.roof = QColor(30, 30, 30);
    p.otherRoof = QColor(140, 140, 140);
    p.interconnect = QColor(120, 80, 160);
    p.memoryRegion = QColor(0, 114, 178, 18);
    p.computeRegion = QColor(213, 94, 0, 18);
    p.regionText = QColor(120, 120, 120);
    // Okabe-Ito colour-blind-safe hues: prefill vermillion, decode blue.
    p.prefill = QColor(213, 94, 0);
    p.decode = QColor(0, 114, 178);
    p.warning = QColor(200, 30, 30);
    p.measured = QColor(70, 70, 70);
    p.pen = QColor(215, 0, 130);
    // Okabe-Ito again, apart from the phase hues: bluish green, yellow, grey.
    p.weightBytes = QColor(0, 158, 115);
    p.kvBytes = QColor(230, 159, 0);
    p.activationBytes = QColor(150, 150, 150);
    p.stateBytes = QColor(204, 121, 167);
    // Far from vermillion and blue (the phases), and readable on white.
    p.compare = {QColor(0, 158, 115),  QColor(190, 140, 0), QColor(200, 40, 140),
                 QColor(140, 85, 40),  QColor(0, 160, 170), QColor(110, 130, 20),
                 QColor(150, 110, 230)};
    // Cache teal and SRAM magenta: apart from the phase hues and the interconnect's violet.
    p.level = {p.roof, QColor(0, 140, 130), QColor(190, 50, 150)};
    return p;
}

PlotPalette PlotPalette::darkTheme() {
    PlotPalette p;
    p.dark = true;
    p.background = QColor(30, 31, 34);
    p.foreground = QColor(220, 220, 220);
    p.grid = QColor(80, 82, 88);
    p.subGrid = QColor(52, 54, 58);
    p.roof = QColor(235, 235, 235);
    p.otherRoof = QColor(130, 130, 130);
    p.interconnect = QColor(190, 150, 230);
    p.memoryRegion = QColor(86, 180, 233, 22);
    p.computeRegion = QColor(230, 159, 0, 22);
    p.regionText = QColor(150, 150, 150);
    p.prefill = QColor(240, 150, 60);
    p.decode = QColor(86, 180, 233);
    p.warning = QColor(240, 90, 90);
    p.measured = QColor(200, 200, 200);
    p.pen = QColor(255, 70, 190);
    p.weightBytes = QColor(0, 180, 135);
    p.kvBytes = QColor(240, 200, 70);
    p.activationBytes = QColor(130, 130, 130);
    p.stateBytes = QColor(225, 150, 195);
    p.compare = {QColor(0, 200, 150),  QColor(230, 190, 60), QColor(240, 100, 190),
                 QColor(205, 145, 95), QColor(60, 210, 220), QColor(170, 190, 60),
                 QColor(185, 155, 255)};
    p.level = {p.roof, QColor(60, 200, 190), QColor(235, 110, 200)};
    return p;
}

PlotPalette PlotPalette::highContrastVariant(bool dark) {
    PlotPalette p = dark ? darkTheme() : lightTheme();
    p.highContrast = true;
    p.background = dark ? QColor(0, 0, 0) : QColor(255, 255, 255);
    p.foreground = dark ? QColor(255, 255, 255) : QColor(0, 0, 0);
    p.roof = p.foreground;
    p.otherRoof = dark ? QColor(170, 170, 170) : QColor(90, 90, 90);
    p.grid = dark ? QColor(110, 110, 110) : QColor(160, 160, 160);
    p.subGrid = dark ? QColor(50, 50, 50) : QColor(228, 228, 228);
    p.regionText = dark ? QColor(200, 200, 200) : QColor(70, 70, 70);
    p.memoryRegion.setAlpha(30);
    p.computeRegion.setAlpha(30);
    p.prefill = dark ? QColor(255, 140, 0) : QColor(200, 60, 0);
    p.decode = dark ? QColor(80, 190, 255) : QColor(0, 70, 200);
    p.measured = p.foreground;
    p.level[0] = p.roof;
    return p;
}

PlotPalette PlotPalette::forSystem(const QPalette& system) {
    return system.color(QPalette::Window).lightnessF() < 0.5F ? darkTheme() : lightTheme();
}

QColor passHue(const PlotPalette& palette, PassKind kind) {
    return drawnAsPrefill(kind) ? palette.prefill : palette.decode;
}

}  // namespace roofline::ui
