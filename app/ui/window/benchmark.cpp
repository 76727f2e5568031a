// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchmark.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <optional>
#include <utility>
#include <vector>

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QSlider>

#include "panels/controls_panel.h"
#include "panels/slider_control.h"
#include "panels/slider_player.h"
#include "plot/roofline_plot.h"
#include "views/views.h"
#include "window/main_window.h"

namespace roofline::ui {
namespace {

/// Walks a slider back and forth so that every step changes the control's value.
struct SliderWalk {
    QSlider* slider;
    const SliderMapping* mapping;  ///< null for plain sliders (quantization)
    int stride;
    int direction = 1;

    void step() {
        const int from = slider->value();
        if (slider->maximum() <= slider->minimum()) {
            return;
        }
        int next = from + direction * stride;
        if (next > slider->maximum() || next < slider->minimum()) {
            direction = -direction;
            next = std::clamp(from + direction * stride, slider->minimum(), slider->maximum());
        }
        if (mapping != nullptr && mapping->valueAt(next) == mapping->valueAt(from)) {
            next = mapping->nextDistinctTick(next, direction);
        }
        slider->setValue(next);
    }
};

double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

double percentile(std::vector<double> sorted, double p) {
    if (sorted.empty()) {
        return 0.0;
    }
    // Nearest-rank percentile.
    const double rank = std::ceil(p / 100.0 * static_cast<double>(sorted.size()));
    const auto index = static_cast<std::size_t>(std::max(rank, 1.0)) - 1;
    return sorted[std::min(index, sorted.size() - 1)];
}

/// Shows the window off screen with every plot layer on, and makes the plot and the views
/// repaint at once, inside the step that is timed.
void prepare(MainWindow& window) {
    window.setAttribute(Qt::WA_DontShowOnScreen, true);
    window.show();
    window.setOperatorsVisible(true);
    QApplication::processEvents();
    window.plot()->setReplotPriority(QCustomPlot::rpImmediateRefresh);
    // Views shown with --view repaint at once when their update runs (after the step).
    window.views()->setReplotPriority(QCustomPlot::rpImmediateRefresh);
}

/// The percentiles of each list of milliseconds; `steps` is how many were timed.
InteractionTimings summarise(std::vector<double> times, std::vector<double> cpuTimes,
                             std::vector<double> afterTimes) {
    std::sort(times.begin(), times.end());
    std::sort(cpuTimes.begin(), cpuTimes.end());
    std::sort(afterTimes.begin(), afterTimes.end());
    InteractionTimings result;
    result.steps = static_cast<int>(times.size());
    result.p50Ms = percentile(times, 50.0);
    result.p99Ms = percentile(times, 99.0);
    result.maxMs = times.empty() ? 0.0 : times.back();
    result.cpuP50Ms = percentile(cpuTimes, 50.0);
    result.cpuP99Ms = percentile(cpuTimes, 99.0);
    result.afterP50Ms = percentile(afterTimes, 50.0);
    result.afterP99Ms = percentile(afterTimes, 99.0);
    return result;
}

}  // namespace

InteractionTimings runInteractionBenchmark(MainWindow& window, int steps) {
    prepare(window);
    RooflinePlot* plot = window.plot();

    ControlsPanel* controls = window.controlsPanel();
    const auto stride = [](QSlider* s) { return std::max(1, (s->maximum() - s->minimum()) / 24); };
    const auto walkOf = [&stride](SliderControl* control) {
        return SliderWalk{control->slider(), &control->mapping(), stride(control->slider())};
    };
    std::vector<SliderWalk> walks = {
        walkOf(controls->batchControl()),
        walkOf(controls->promptControl()),
        walkOf(controls->contextControl()),
        {controls->quantizationSlider(), nullptr, 1},
        {controls->gqaControl()->slider(), &controls->gqaControl()->mapping(), 1},
    };

    std::vector<double> times;
    std::vector<double> cpuTimes;
    std::vector<double> afterTimes;
    times.reserve(static_cast<std::size_t>(std::max(steps, 0)));
    cpuTimes.reserve(times.capacity());
    afterTimes.reserve(times.capacity());
    QElapsedTimer timer;
    for (int i = 0; i < steps; ++i) {
        SliderWalk& walk = walks[static_cast<std::size_t>(i) % walks.size()];
        const double cpuStart = threadCpuMs();
        timer.start();
        walk.step();
        times.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        cpuTimes.push_back(threadCpuMs() - cpuStart);
        timer.start();
        QApplication::processEvents();  // views and other widgets' queued work, outside the step
        afterTimes.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    plot->setReplotPriority(QCustomPlot::rpQueuedReplot);
    window.views()->setReplotPriority(QCustomPlot::rpQueuedReplot);
    return summarise(std::move(times), std::move(cpuTimes), std::move(afterTimes));
}

InteractionTimings runPlayBenchmark(MainWindow& window) {
    prepare(window);
    SliderPlayer& player = *window.controlsPanel()->batchPlayer();
    SliderControl& batch = player.control();
    std::vector<double> times;
    std::vector<double> cpuTimes;
    std::vector<double> afterTimes;
    QElapsedTimer timer;
    player.setRange(std::nullopt);
    player.setLooping(false);
    player.begin();
    for (;;) {
        const std::int64_t before = batch.value();
        const double cpuStart = threadCpuMs();
        timer.start();
        if (!player.step()) {
            break;
        }
        const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        const double cpuMs = threadCpuMs() - cpuStart;
        timer.start();
        QApplication::processEvents();
        const double afterMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        if (batch.value() != before) {  // a frame where the batch rests is not a step
            times.push_back(ms);
            cpuTimes.push_back(cpuMs);
            afterTimes.push_back(afterMs);
        }
    }
    window.plot()->setReplotPriority(QCustomPlot::rpQueuedReplot);
    window.views()->setReplotPriority(QCustomPlot::rpQueuedReplot);
    return summarise(std::move(times), std::move(cpuTimes), std::move(afterTimes));
}

QString toJson(const InteractionTimings& t) {
    return QStringLiteral(
               "{\"steps\": %1, \"p50_ms\": %2, \"p99_ms\": %3, \"max_ms\": %4, "
               "\"cpu_p50_ms\": %5, \"cpu_p99_ms\": %6, \"after_p50_ms\": %7, "
               "\"after_p99_ms\": %8}")
        .arg(t.steps)
        .arg(t.p50Ms, 0, 'f', 3)
        .arg(t.p99Ms, 0, 'f', 3)
        .arg(t.maxMs, 0, 'f', 3)
        .arg(t.cpuP50Ms, 0, 'f', 3)
        .arg(t.cpuP99Ms, 0, 'f', 3)
        .arg(t.afterP50Ms, 0, 'f', 3)
        .arg(t.afterP99Ms, 0, 'f', 3);
}

double millisecondsSinceProcessStart() {
    QFile stat(QStringLiteral("/proc/self/stat"));
    if (!stat.open(QIODevice::ReadOnly)) {
        return -1.0;
    }
    const QByteArray line = stat.readAll();
    // Field 22 (starttime, clock ticks after boot); fields after the ")" of the command.
    const qsizetype close = line.lastIndexOf(')');
    const QList<QByteArray> fields = line.mid(close + 2).split(' ');
    constexpr qsizetype kStartTimeField = 22 - 3;  // fields[0] is field 3 (state)
    if (close < 0 || fields.size() <= kStartTimeField) {
        return -1.0;
    }
    bool ok = false;
    const double startTicks = static_cast<double>(fields[kStartTimeField].toULongLong(&ok));
    const long ticksPerSecond = sysconf(_SC_CLK_TCK);
    timespec now{};
    if (!ok || ticksPerSecond <= 0 || clock_gettime(CLOCK_BOOTTIME, &now) != 0) {
        return -1.0;
    }
    const double nowMs =
        static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
    return nowMs - startTicks * 1e3 / static_cast<double>(ticksPerSecond);
}

}  // namespace roofline::ui
