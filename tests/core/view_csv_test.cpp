// SPDX-License-Identifier: GPL-3.0-or-later
// The views' CSV (roofline/view_csv.h): headers, and rows written from numbers derived by
// hand in the comments.

#include "roofline/view_csv.h"

#include <algorithm>

#include <gtest/gtest.h>

namespace roofline {
namespace {

/// The line `n` of `text` (0: the header), without its "\n".
std::string line(const std::string& text, std::size_t n) {
    std::size_t start = 0;
    for (std::size_t i = 0; i < n; ++i) {
        start = text.find('\n', start) + 1;
    }
    return text.substr(start, text.find('\n', start) - start);
}

std::size_t lines(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

TEST(ViewCsv, BatchSweepRowsAreTheSweepsPoints) {
    // B = 8 at a 5 ms step: 8 / 0.005 = 1600 tok/s. With speculation (τ = 2 tokens per
    // step) the effective TPOT halves to 2.5 ms and the rate doubles to 3200.
    BatchSweep sweep;
    sweep.points = {{8, 0.0025, 3200.0, 0.005, 1600.0, Bound::Memory, true},
                    {4096, 0.5, 16384.0, 0.5, 8192.0, Bound::Compute, false}};
    const std::string csv = batchSweepCsv(sweep);
    EXPECT_EQ(line(csv, 0),
              "batch,tpot_s,decode_tokens_per_s,plain_tpot_s,plain_tokens_per_s,bound,fits");
    EXPECT_EQ(line(csv, 1), "8,0.0025,3200,0.005,1600,memory,true");
    EXPECT_EQ(line(csv, 2), "4096,0.5,16384,0.5,8192,compute,false");
    EXPECT_EQ(lines(csv), 3u);
}

TEST(ViewCsv, RegimeGridHasOneRowPerCellBatchFastest) {
    // Two batches × two contexts; cell (B = 64, C = 4096): 64 / 0.02 s = 3200 tok/s, bound
    // by the interconnect, does not fit. Rows go context by context, batch fastest.
    RegimeGrid grid;
    grid.batches = {1, 64};
    grid.contexts = {16, 4096};
    grid.cells = {{0.004, 250.0, Bound::Memory, true},
                  {0.005, 12800.0, Bound::Compute, true},
                  {0.006, 1.0 / 0.006, Bound::Memory, true},
                  {0.02, 3200.0, Bound::Interconnect, false}};
    const std::string csv = regimeGridCsv(grid);
    EXPECT_EQ(line(csv, 0), "batch,context_tokens,bound,tpot_s,decode_tokens_per_s,fits");
    EXPECT_EQ(line(csv, 1), "1,16,memory,0.004,250,true");
    EXPECT_EQ(line(csv, 2), "64,16,compute,0.005,12800,true");
    EXPECT_EQ(line(csv, 3), "1,4096,memory,0.006,166.6666667,true");  // 10 figures
    EXPECT_EQ(line(csv, 4), "64,4096,interconnect,0.02,3200,false");
    EXPECT_EQ(lines(csv), 5u);
}

TEST(ViewCsv, FrontierRowsCarryEachHardwaresPriceAndOnlyTheShownPoints) {
    // One point per chip. Chip 0 at $2/h: throughput 500 tok/s per device → a dollar buys
    // 3600 / 2 × 500 = 900,000 tokens, $2 × 1e6 / (3600 × 500) = $1.111111111 per million.
    // Chip 1 ("H200, rented": quoted) has no price: empty cells.
    // TPOT 20 ms → 50 tok/s per user; TTFT 0.1 s.
    FrontierRequest request;
    request.hardwarePricePerDeviceHourUsd = {2.0, std::nullopt};
    Frontier f;
    for (std::size_t h = 0; h < 2; ++h) {
        FrontierPoint& p = f.points.emplace_back();
        p.configuration = {h, 2, Quantization::W8A8, 16, false};
        p.result.fits = true;
        p.result.ttftSeconds = 0.1;
        p.result.tpotSeconds = 0.02;
        p.result.interactivityTokensPerSecondPerUser = 50.0;
        p.result.throughputTokensPerSecondPerDevice = 500.0;
        p.result.minDevices = 1;
        p.onFrontier = h == 0;
    }
    f.points[0].result.usdPerMillionOutputTokens = 2.0 * 1e6 / (3600.0 * 500.0);
    f.points[0].result.outputTokensPerUsd = 3600.0 / 2.0 * 500.0;
    const FrontierCsvColumns columns{{"H100", "H200, rented"}, false, true, false};
    const std::string csv = frontierCsv(f, request, columns);
    EXPECT_EQ(line(csv, 0),
              "hardware,tp,quantization,batch,fits,ttft_s,tpot_s,"
              "interactivity_tokens_per_s_per_user,throughput_tokens_per_s_per_device,"
              "usd_per_million_output_tokens,on_frontier,min_devices,"
              "price_per_device_hour_usd,output_tokens_per_usd");
    EXPECT_EQ(line(csv, 1), "H100,2,W8A8,16,true,0.1,0.02,50,500,1.111111111,true,1,2,900000");
    EXPECT_EQ(line(csv, 2), "\"H200, rented\",2,W8A8,16,true,0.1,0.02,50,500,,false,1,,");
    EXPECT_EQ(lines(csv), 3u);

    // Under a selection: only its shown points, with its frontier flags.
    FrontierSelection s;
    s.shown = {false, true};
    s.onFrontier = {false, true};
    const std::string filtered = frontierCsv(f, request, columns, s);
    EXPECT_EQ(lines(filtered), 2u);
    EXPECT_EQ(line(filtered, 1), "\"H200, rented\",2,W8A8,16,true,0.1,0.02,50,500,,true,1,,");
}

}  // namespace
}  // namespace roofline
