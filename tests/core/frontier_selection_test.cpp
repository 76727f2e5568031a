// SPDX-License-Identifier: GPL-3.0-or-later
// The frontier's prices per hardware, its filters and the pick that follows them
// (roofline/frontier.h), against values derived by hand in the comments.

#include <gtest/gtest.h>

#include "roofline/frontier.h"
#include "test_models.h"

namespace roofline {
namespace {

FrontierPoint point(std::size_t hw, std::int64_t tp, Quantization q, bool fits, double x, double y,
                    std::optional<double> perUsd = std::nullopt) {
    FrontierPoint p;
    p.configuration = {hw, tp, q, 8, false};
    p.result.fits = fits;
    p.result.interactivityTokensPerSecondPerUser = x;
    p.result.throughputTokensPerSecondPerDevice = y;
    p.result.outputTokensPerUsd = perUsd;
    return p;
}

TEST(FrontierPrices, EachHardwareAtItsOwnPriceAndOneWithoutIsLeftOffTheDollarAxis) {
    // One H100 at $2/h, the same H100 rented at $4/h (another id, identical figures) and a
    // B200 without a price. A dollar buys 1/price device-hours = 3600/price device-seconds,
    // so tokens per $ = 3600 × (tok/s per device) / price: 1800 × T at $2, 900 × T at $4,
    // exactly half for the same configuration; the B200 has no cost figures at all.
    FrontierRequest req;
    req.model = test::llama31_8b();
    req.shape = {2048, 512};
    Hardware rented = test::h100Sxm();
    rented.id = "h100-rented";
    req.hardware = {test::h100Sxm(), rented, test::b200()};
    req.tensorParallel = {1, 2};
    req.quantizations = {Quantization::W16A16};
    req.batches = {1, 64};
    req.base.pricePerDeviceHourUsd = 9.0;  // ignored: the per-hardware list is given
    req.hardwarePricePerDeviceHourUsd = {2.0, 4.0, std::nullopt};
    EXPECT_EQ(hardwarePrice(req, 1), 4.0);
    EXPECT_FALSE(hardwarePrice(req, 2).has_value());
    const Frontier f = computeFrontier(req);
    ASSERT_EQ(f.points.size(), 12u);  // 3 hardware × 2 TP × 2 batches, nesting order
    for (std::size_t i = 0; i < 4; ++i) {
        const RequestResult& cheap = f.points[i].result;
        const RequestResult& dear = f.points[4 + i].result;
        const double t = cheap.throughputTokensPerSecondPerDevice;
        ASSERT_TRUE(cheap.outputTokensPerUsd && dear.outputTokensPerUsd);
        EXPECT_DOUBLE_EQ(dear.throughputTokensPerSecondPerDevice, t);
        EXPECT_NEAR(*cheap.outputTokensPerUsd, 1800.0 * t, 1e-9 * 1800.0 * t);
        EXPECT_NEAR(*dear.outputTokensPerUsd, 900.0 * t, 1e-9 * 900.0 * t);
        EXPECT_NEAR(*cheap.usdPerMillionOutputTokens, 2.0 * 1e6 / (3600.0 * t), 1e-12);
        EXPECT_FALSE(f.points[8 + i].result.outputTokensPerUsd.has_value());
        EXPECT_FALSE(f.points[8 + i].result.usdPerMillionOutputTokens.has_value());
    }
    ASSERT_EQ(f.unpriced, std::vector<std::size_t>{2});
    EXPECT_EQ(unpricedText(f, {"H100", "H100 rented", "B200"}),
              "No price per device-hour for B200: its 4 configurations are left off the "
              "tokens-per-$ axis.");

    // On the $ axis the B200's points are not shown, and the pick is the cheaper H100's
    // (the dearer one's every point buys half the tokens).
    FrontierFilter dollars;
    dollars.objective = FrontierObjective::TokensPerUsd;
    const FrontierSelection s = selectFrontier(f, dollars);
    for (std::size_t i = 0; i < 12; ++i) {
        EXPECT_EQ(s.shown[i], i < 8) << i;
        EXPECT_TRUE(!s.onFrontier[i] || f.points[i].configuration.hardware == 0) << i;
    }
    ASSERT_TRUE(s.best.has_value());
    EXPECT_EQ(f.points[*s.best].configuration.hardware, 0u);

    // Without the list, one price for all, as before.
    req.hardwarePricePerDeviceHourUsd.clear();
    const Frontier one = computeFrontier(req);
    EXPECT_TRUE(one.unpriced.empty());
    EXPECT_EQ(unpricedText(one, {"H100", "H100 rented", "B200"}), "");
    ASSERT_TRUE(one.points[8].result.usdPerMillionOutputTokens.has_value());
    EXPECT_NEAR(*one.points[8].result.outputTokensPerUsd,
                400.0 * one.points[8].result.throughputTokensPerSecondPerDevice,  // 3600 / 9
                1e-6 * *one.points[8].result.outputTokensPerUsd);
}

TEST(FrontierSelection, FiltersMoveThePickAndRedrawTheFrontier) {
    // Four hand-made points (x = tok/s per user, y = tok/s per device):
    //   0: chip 0, TP 1, W16A16, fits,     (50, 1000)
    //   1: chip 0, TP 1, W4A4,   fits,     (60, 3000)  dominates 0 and 2: the pick
    //   2: chip 1, TP 2, W8A8,   fits,     (40, 2000)
    //   3: chip 1, TP 4, W16A16, no fit,   (100, 5000) fastest, but never on it nor picked
    Frontier f;
    f.points = {point(0, 1, Quantization::W16A16, true, 50, 1000),
                point(0, 1, Quantization::W4A4, true, 60, 3000),
                point(1, 2, Quantization::W8A8, true, 40, 2000),
                point(1, 4, Quantization::W16A16, false, 100, 5000)};
    const FrontierSelection all = selectFrontier(f, {});
    EXPECT_EQ(all.shown, (std::vector<bool>{true, true, true, true}));
    EXPECT_EQ(all.onFrontier, (std::vector<bool>{false, true, false, false}));
    EXPECT_EQ(all.best, 1u);

    // "No fp4" drops W4A4: 2 has the most throughput left (2000 > 1000), and with 1 gone
    // neither 0 (more x) nor 2 (more y) dominates the other: both on the frontier.
    FrontierFilter noFp4;
    noFp4.floor = PrecisionFloor::NoFp4;
    const FrontierSelection a = selectFrontier(f, noFp4);
    EXPECT_EQ(a.shown, (std::vector<bool>{true, false, true, true}));
    EXPECT_EQ(a.onFrontier, (std::vector<bool>{true, false, true, false}));
    EXPECT_EQ(a.best, 2u);

    // And chip 0 only: 0 is all that is left.
    noFp4.hardware = {0};
    EXPECT_EQ(selectFrontier(f, noFp4).best, 0u);
    // TP 2 and 4 only: 3 does not fit, so 2.
    FrontierFilter tp;
    tp.tensorParallel = {2, 4};
    EXPECT_EQ(selectFrontier(f, tp).best, 2u);
    // W16A16 only: 0 (3 does not fit).
    FrontierFilter q;
    q.quantizations = {Quantization::W16A16};
    EXPECT_EQ(selectFrontier(f, q).best, 0u);
    // Fits only hides 3 and changes nothing else.
    FrontierFilter fits;
    fits.fitsOnly = true;
    EXPECT_EQ(selectFrontier(f, fits).shown, (std::vector<bool>{true, true, true, false}));
    EXPECT_EQ(selectFrontier(f, fits).best, 1u);
    // An SLO a point misses keeps it shown but never picked.
    f.points[1].meetsSlo = false;
    EXPECT_EQ(selectFrontier(f, {}).best, 2u);
    // Nothing allowed: no pick.
    FrontierFilter none;
    none.floor = PrecisionFloor::SixteenBit;
    none.hardware = {1};
    EXPECT_FALSE(selectFrontier(f, none).best.has_value());
}

TEST(FrontierSelection, TokensPerDollarRanksOnlyPricedPoints) {
    // 0 buys 2e6 tokens per $, 1 has no price, 2 buys 5e6: the pick on the $ axis is 2,
    // though 1 has the most throughput; on throughput it is 1.
    Frontier f;
    f.points = {point(0, 1, Quantization::W16A16, true, 50, 1000, 2e6),
                point(1, 1, Quantization::W16A16, true, 50, 9000),
                point(2, 1, Quantization::W16A16, true, 20, 500, 5e6)};
    f.unpriced = {1};
    FrontierFilter dollars;
    dollars.objective = FrontierObjective::TokensPerUsd;
    const FrontierSelection s = selectFrontier(f, dollars);
    EXPECT_EQ(s.shown, (std::vector<bool>{true, false, true}));
    EXPECT_EQ(s.onFrontier, (std::vector<bool>{true, false, true}));
    EXPECT_EQ(s.best, 2u);
    EXPECT_EQ(selectFrontier(f, {}).best, 1u);
    EXPECT_EQ(unpricedText(f, {"A", "B", "C"}),
              "No price per device-hour for B: its 1 configuration is left off the "
              "tokens-per-$ axis.");
    // Counting only the shown points: none of B's.
    EXPECT_EQ(unpricedText(f, {"A", "B", "C"}, {true, false, true}),
              "No price per device-hour for B: its 0 configurations are left off the "
              "tokens-per-$ axis.");
}

TEST(FrontierSelection, PrecisionFloors) {
    // W16A16 bf16/bf16, W8A16 fp8/bf16, W8A8 fp8/fp8, W4A16 int4/bf16, W4A8 int4/fp8,
    // W4A4 fp4/fp4: "no fp4" drops only W4A4; 8-bit drops the three W4; 16-bit keeps W16A16.
    using Q = Quantization;
    const std::vector<Q> all = {Q::W16A16, Q::W8A16, Q::W8A8, Q::W4A16, Q::W4A8, Q::W4A4};
    const auto kept = [&](PrecisionFloor floor) {
        std::vector<Q> out;
        for (Q q : all) {
            if (meetsPrecisionFloor(q, floor)) {
                out.push_back(q);
            }
        }
        return out;
    };
    EXPECT_EQ(kept(PrecisionFloor::Any), all);
    EXPECT_EQ(kept(PrecisionFloor::NoFp4),
              (std::vector<Q>{Q::W16A16, Q::W8A16, Q::W8A8, Q::W4A16, Q::W4A8}));
    EXPECT_EQ(kept(PrecisionFloor::EightBit), (std::vector<Q>{Q::W16A16, Q::W8A16, Q::W8A8}));
    EXPECT_EQ(kept(PrecisionFloor::SixteenBit), (std::vector<Q>{Q::W16A16}));
}

}  // namespace
}  // namespace roofline
