// SPDX-License-Identifier: GPL-3.0-or-later
#include <cmath>

#include <QTest>

#include "panels/slider_mapping.h"

using roofline::ui::SliderMapping;

class TestSliderMapping : public QObject {
    Q_OBJECT
private slots:
    void logarithmicKeepsExactEnds_data() {
        QTest::addColumn<qint64>("minimum");
        QTest::addColumn<qint64>("maximum");
        QTest::newRow("batch") << qint64{1} << qint64{4096};
        QTest::newRow("sequence, Llama 3.1") << qint64{128} << qint64{131072};
        QTest::newRow("sequence, Llama 2") << qint64{128} << qint64{4096};
        QTest::newRow("one value") << qint64{7} << qint64{7};
    }
    void logarithmicKeepsExactEnds() {
        QFETCH(qint64, minimum);
        QFETCH(qint64, maximum);
        const SliderMapping m = SliderMapping::logarithmic(minimum, maximum);
        QCOMPARE(m.valueAt(0), minimum);
        QCOMPARE(m.valueAt(m.maximumTick()), maximum);
        QCOMPARE(m.minimum(), minimum);
        QCOMPARE(m.maximum(), maximum);
    }

    void valuesNeverDecrease() {
        const SliderMapping m = SliderMapping::logarithmic(1, 4096);
        QCOMPARE(m.maximumTick(), 240);
        for (int t = 1; t <= m.maximumTick(); ++t) {
            QVERIFY2(m.valueAt(t) >= m.valueAt(t - 1), qPrintable(QString::number(t)));
        }
    }

    void distinctStepsReachEveryValue() {
        // Keyboard steps go through nextDistinctTick: 1, 2, 3, ... at the low end, and each
        // step changes the value.
        const SliderMapping m = SliderMapping::logarithmic(1, 4096);
        int tick = 0;
        QCOMPARE(m.valueAt(tick), qint64{1});
        tick = m.nextDistinctTick(tick, +1);
        QCOMPARE(m.valueAt(tick), qint64{2});
        tick = m.nextDistinctTick(tick, +1);
        QCOMPARE(m.valueAt(tick), qint64{3});
        QCOMPARE(m.valueAt(m.nextDistinctTick(tick, -1)), qint64{2});
        int steps = 0;
        for (int t = 0; t != m.maximumTick(); t = m.nextDistinctTick(t, +1)) {
            QVERIFY(m.valueAt(m.nextDistinctTick(t, +1)) > m.valueAt(t));
            ++steps;
        }
        QVERIFY(steps > 150);
        QCOMPARE(m.nextDistinctTick(m.maximumTick(), +1), m.maximumTick());
        QCOMPARE(m.nextDistinctTick(0, -1), 0);
    }

    void tickForShowsEveryTickValue() {
        const SliderMapping m = SliderMapping::logarithmic(128, 131072);
        for (int t = 0; t <= m.maximumTick(); ++t) {
            QCOMPARE(m.valueAt(m.tickFor(m.valueAt(t))), m.valueAt(t));
        }
    }

    void handlePositionIsLogarithmic_data() {
        QTest::addColumn<qint64>("value");
        QTest::addColumn<double>("fraction");
        QTest::newRow("64 is the middle of 1..4096") << qint64{64} << 0.5;
        QTest::newRow("8 is a quarter") << qint64{8} << 0.25;
        QTest::newRow("512 is three quarters") << qint64{512} << 0.75;
        QTest::newRow("2 is one twelfth") << qint64{2} << 1.0 / 12.0;
    }
    void handlePositionIsLogarithmic() {
        QFETCH(qint64, value);
        QFETCH(double, fraction);
        const SliderMapping m = SliderMapping::logarithmic(1, 4096);
        const double actual = static_cast<double>(m.tickFor(value)) / m.maximumTick();
        QVERIFY2(std::abs(actual - fraction) <= 1.0 / m.maximumTick(),
                 qPrintable(QString::number(actual)));
        QCOMPARE(m.valueAt(m.tickFor(value)), value);
    }

    void tickForClampsOutOfRange() {
        const SliderMapping m = SliderMapping::logarithmic(128, 8192);
        QCOMPARE(m.tickFor(1), 0);
        QCOMPARE(m.tickFor(1'000'000), m.maximumTick());
        QCOMPARE(m.valueAt(-5), qint64{128});
        QCOMPARE(m.valueAt(100000), qint64{8192});
    }

    void nearestValue_data() {
        QTest::addColumn<bool>("logarithmic");
        QTest::addColumn<qint64>("value");
        QTest::addColumn<qint64>("nearest");
        QTest::newRow("log: 3 is nearer 4 than 2") << true << qint64{3} << qint64{4};
        QTest::newRow("linear: tie goes low") << false << qint64{3} << qint64{2};
        QTest::newRow("log: 11 -> 8") << true << qint64{11} << qint64{8};
        QTest::newRow("log: 12 -> 16") << true << qint64{12} << qint64{16};
        QTest::newRow("exact") << true << qint64{16} << qint64{16};
    }
    void nearestValue() {
        QFETCH(bool, logarithmic);
        QFETCH(qint64, value);
        QFETCH(qint64, nearest);
        const SliderMapping m = SliderMapping::steps(
            {32, 1, 2, 4, 8, 16, 16},
            logarithmic ? SliderMapping::Scale::Logarithmic : SliderMapping::Scale::Linear);
        QCOMPARE(m.maximumTick(), 5);  // sorted, duplicate dropped
        QCOMPARE(m.valueAt(m.tickFor(value)), nearest);
    }

    void containsOnlyTickValues() {
        const SliderMapping m = SliderMapping::steps({1, 2, 4, 8});
        QVERIFY(m.contains(4));
        QVERIFY(!m.contains(3));
    }
};

QTEST_APPLESS_MAIN(TestSliderMapping)
#include "tst_slider_mapping.moc"
