// SPDX-License-Identifier: GPL-3.0-or-later
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

#include "panels/slider_control.h"

using roofline::ui::MappedSpinBox;
using roofline::ui::SliderControl;
using roofline::ui::SliderMapping;

class TestSliderControl : public QObject {
    Q_OBJECT
private slots:
    void draggingEmitsEveryTickAndUpdatesTheSpinBox() {
        SliderControl control;
        control.setMapping(SliderMapping::logarithmic(1, 4096));
        QSignalSpy spy(&control, &SliderControl::valueChanged);
        const int tick = control.mapping().tickFor(64);
        control.slider()->setSliderDown(true);  // dragging: valueChanged fires before release
        control.slider()->setValue(tick);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toLongLong(), qint64{64});
        QCOMPARE(control.spinBox()->value(), 64);
        QCOMPARE(control.value(), qint64{64});
        control.slider()->setSliderDown(false);
    }

    void spinBoxTakesExactValuesAndMovesTheSlider() {
        SliderControl control;
        control.setMapping(SliderMapping::logarithmic(1, 4096));
        QSignalSpy spy(&control, &SliderControl::valueChanged);
        control.spinBox()->setValue(300);  // not a tick value: kept exactly
        QCOMPARE(spy.count(), 1);
        QCOMPARE(control.value(), qint64{300});
        QCOMPARE(control.slider()->value(), control.mapping().tickFor(300));
    }

    void keyboardStepsTheSlider() {
        SliderControl control;
        control.setMapping(SliderMapping::logarithmic(1, 4096));
        control.setValue(1);
        QSignalSpy spy(&control, &SliderControl::valueChanged);
        QTest::keyClick(control.slider(), Qt::Key_Right);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(control.value(), qint64{2});
        QTest::keyClick(control.slider(), Qt::Key_End);
        QCOMPARE(control.value(), qint64{4096});
    }

    void spinBoxReachesPastTheSlider() {
        SliderControl control;
        control.setMapping(SliderMapping::logarithmic(1, 4096));
        control.setSpinBoxMaximum(100'000'000);
        QSignalSpy spy(&control, &SliderControl::valueChanged);
        control.spinBox()->setValue(1'000'000);  // typed: kept exactly, the slider at its end
        QCOMPARE(spy.count(), 1);
        QCOMPARE(control.value(), qint64{1'000'000});
        QCOMPARE(control.slider()->value(), control.slider()->maximum());
        control.setValue(100'000'000);  // from a scenario file
        QCOMPARE(control.spinBox()->value(), 100'000'000);
        QTest::keyClick(control.slider(), Qt::Key_Home);  // the slider takes over again
        QCOMPARE(control.value(), qint64{1});
        QCOMPARE(control.spinBox()->value(), 1);
    }

    void setValueDoesNotEmit() {
        SliderControl control;
        control.setMapping(SliderMapping::logarithmic(1, 4096));
        QSignalSpy spy(&control, &SliderControl::valueChanged);
        control.setValue(512);
        QCOMPARE(spy.count(), 0);
        QCOMPARE(control.spinBox()->value(), 512);
        QCOMPARE(control.slider()->value(), control.mapping().tickFor(512));
    }

    void restrictedSpinBoxStepsThroughTheMapping() {
        SliderControl control;
        control.setMapping(
            SliderMapping::steps({1, 2, 4, 8, 16, 32}, SliderMapping::Scale::Logarithmic), true);
        control.setValue(4);
        QSignalSpy spy(&control, &SliderControl::valueChanged);
        QTest::keyClick(control.spinBox(), Qt::Key_Up);
        QCOMPARE(control.value(), qint64{8});
        QTest::keyClick(control.spinBox(), Qt::Key_Down);
        QTest::keyClick(control.spinBox(), Qt::Key_Down);
        QCOMPARE(control.value(), qint64{2});
        QCOMPARE(spy.count(), 3);
    }

    void restrictedSpinBoxSnapsTypedValues() {
        SliderControl control;
        control.setMapping(
            SliderMapping::steps({1, 2, 4, 8, 16, 32}, SliderMapping::Scale::Logarithmic), true);
        control.setValue(1);
        MappedSpinBox* spin = control.spinBox();
        spin->selectAll();
        QTest::keyClicks(spin, QStringLiteral("12"));
        QTest::keyClick(spin, Qt::Key_Enter);
        QCOMPARE(control.value(), qint64{16});
    }

    void newMappingClampsWithoutEmitting() {
        SliderControl control;
        control.setMapping(SliderMapping::logarithmic(128, 131072));
        control.setValue(100000);
        QSignalSpy spy(&control, &SliderControl::valueChanged);
        control.setMapping(SliderMapping::logarithmic(128, 4096));
        QCOMPARE(spy.count(), 0);
        QCOMPARE(control.value(), qint64{4096});
    }
};

QTEST_MAIN(TestSliderControl)
#include "tst_slider_control.moc"
