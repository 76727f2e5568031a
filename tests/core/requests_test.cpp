// SPDX-License-Identifier: GPL-3.0-or-later
// Requests, cost, energy and the throughput–interactivity frontier (DOMAIN.md §7), against
// values derived by hand in the comments, plus invariants of the Pareto frontier.

#include "roofline/requests.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "roofline/frontier.h"
#include "roofline/validate.h"
#include "test_models.h"

namespace roofline {
namespace {

Hardware h100WithTdp() {
    Hardware hw = test::h100Sxm();
    hw.tdpWatts = 700.0;  // H100 SXM5 board power (reference/hardware.json)
    return hw;
}

TEST(CostAndEnergy, Llama8bOnH100AtBatchOneFromTheDecodeStep) {
    // Llama-3.1-8B, H100 SXM, B = 1, C = 2048, bf16. The decode step is memory-bound:
    //   weight matrices per layer: q, o 4096×4096 = 16.78 M each; k, v 4096×1024 = 4.19 M
    //   each; gate, up, down 3 × 4096×14336 = 176.16 M → 218.10 M × 32 layers = 6.979 B,
    //   + lm_head 128,256 × 4096 = 525.3 M → 7.505 B parameters × 2 bytes = 15.01 GB;
    //   KV read B·(C+1) = 2049 tokens × 131,072 bytes (32 layers × 2 × 8 heads × 128 × 2)
    //   = 268.6 MB; the rest (norms, activations, the embedding row) a few MB.
    //   TPOT ≈ 15.28 GB / 3.35 TB/s = 4.561 ms; tokens/s = B / TPOT ≈ 219.2.
    // Cost at $2.50 per device-hour, one device:
    //   2.50 × 1 × 1e6 / (3600 × 219.2) = $3.168 per million output tokens.
    // Energy ≤ TDP × devices × step time / tokens per step = 700 W × 4.561 ms / 1 = 3.193 J.
    Workload w;
    w.pricePerDeviceHourUsd = 2.5;
    const Analysis a = analyze(test::scenario(h100WithTdp(), test::llama31_8b(), w));
    EXPECT_NEAR(a.tpotSeconds, 4.561e-3, 4.561e-3 * 0.003);
    ASSERT_TRUE(a.cost.has_value());
    EXPECT_DOUBLE_EQ(a.cost->pricePerDeviceHourUsd, 2.5);
    EXPECT_NEAR(a.cost->usdPerMillionOutputTokens, 3.168, 3.168 * 0.003);
    // Exactly the formula on the engine's own rate.
    EXPECT_DOUBLE_EQ(a.cost->usdPerMillionOutputTokens,
                     2.5 * 1e6 / (3600.0 * a.decodeTokensPerSecond));
    ASSERT_TRUE(a.energy.has_value());
    EXPECT_NEAR(a.energy->joulesPerOutputTokenMax, 3.193, 3.193 * 0.003);
    EXPECT_DOUBLE_EQ(a.energy->joulesPerOutputTokenMax, 700.0 * a.tpotSeconds);
}

TEST(CostAndEnergy, NoPriceNoCostAndNoTdpNoEnergy) {
    // Never a default price: without one there is no cost at all.
    const Analysis a = analyze(test::scenario(test::h100Sxm(), test::llama31_8b()));
    EXPECT_FALSE(a.cost.has_value());
    EXPECT_FALSE(a.energy.has_value());  // the hand-written H100 has no TDP
    // A price of zero is a price: free devices, zero dollars.
    Workload w;
    w.pricePerDeviceHourUsd = 0.0;
    const Analysis free = analyze(test::scenario(test::h100Sxm(), test::llama31_8b(), w));
    ASSERT_TRUE(free.cost.has_value());
    EXPECT_EQ(free.cost->usdPerMillionOutputTokens, 0.0);
}

TEST(CostAndEnergy, TensorParallelChargesEveryDeviceAndBatchSharesThem) {
    // Cost and energy per token = (price or TDP) × D / tokens/s of all D devices: with TP 4
    // and B = 32 each figure is (price × 4) / (32 / TPOT).
    Workload w;
    w.pricePerDeviceHourUsd = 4.0;
    w.tensorParallel = 4;
    w.batch = 32;
    const Analysis a = analyze(test::scenario(h100WithTdp(), test::llama2_70b(), w));
    ASSERT_TRUE(a.cost && a.energy);
    EXPECT_DOUBLE_EQ(a.decodeTokensPerSecond, 32.0 / a.tpotSeconds);
    EXPECT_DOUBLE_EQ(a.cost->usdPerMillionOutputTokens,
                     4.0 * 4.0 * 1e6 / (3600.0 * a.decodeTokensPerSecond));
    EXPECT_DOUBLE_EQ(a.energy->joulesPerOutputTokenMax, 700.0 * 4.0 / a.decodeTokensPerSecond);
}

TEST(CostAndEnergy, SpeculativeDecodingUsesTheEffectiveRate) {
    // Energy ≤ TDP × step time / tokens per step, with tokens per step = B·τ: the effective
    // rate B·τ / step (DOMAIN.md §6), not the plain decode step's.
    Workload w;
    w.speculativeTokens = 4;
    w.acceptanceRate = 0.7;
    w.pricePerDeviceHourUsd = 2.5;
    const Analysis a = analyze(test::scenario(h100WithTdp(), test::llama31_8b(), w));
    ASSERT_TRUE(a.speculative && a.energy && a.cost);
    const double tau = a.speculative->tokensPerStep;  // (1 − 0.7^5) / 0.3 = 2.773
    EXPECT_NEAR(tau, 2.773, 0.001);
    EXPECT_DOUBLE_EQ(a.energy->joulesPerOutputTokenMax,
                     700.0 * a.speculative->stepTimeSeconds / tau);
    EXPECT_LT(a.cost->usdPerMillionOutputTokens,
              2.5 * 1e6 / 3600.0 * a.speculative->plainTpotSeconds);
}

TEST(CostAndEnergy, ValidateRefusesANegativeNonFiniteOrAbsurdPrice) {
    for (double bad : {-0.01, 2e6, std::numeric_limits<double>::quiet_NaN(),
                       std::numeric_limits<double>::infinity()}) {
        Workload w;
        w.pricePerDeviceHourUsd = bad;
        const std::vector<Issue> issues = validate(w, test::llama31_8b());
        ASSERT_EQ(issues.size(), 1u) << bad;
        EXPECT_EQ(issues[0].field, "pricePerDeviceHourUsd");
        EXPECT_EQ(issues[0].expected, "a number from 0 to 1e+06");
    }
    Workload ok;
    ok.pricePerDeviceHourUsd = 0.0;
    EXPECT_TRUE(validate(ok, test::llama31_8b()).empty());
}

TEST(Requests, Llama8bOnH100EndToEndFromThePasses) {
    // P = 2048, O = 512, B = 1. TTFT = the prefill of 2048 tokens. The decode steps run at
    // C = 2048 … 2559; the engine analyses the mean context P + ⌊O/2⌋ = 2304: bytes
    // 15.01 GB + 2305 × 131,072 = 302.1 MB → TPOT ≈ 15.32 GB / 3.35 TB/s = 4.572 ms.
    // end-to-end = TTFT + 511 · TPOT; interactivity = 1 / TPOT ≈ 219 tok/s per user;
    // throughput = 1 · 512 / end-to-end per device.
    const Scenario s = test::scenario(test::h100Sxm(), test::llama31_8b());
    const RequestShape shape{2048, 512};
    EXPECT_EQ(meanDecodeContext(shape), 2304);
    const Analysis a = analyze(requestScenario(s, shape));
    EXPECT_EQ(a.decode().cachedTokens, 2304.0);
    EXPECT_EQ(a.prefill().newTokens, 2048.0);
    EXPECT_NEAR(a.tpotSeconds, 4.572e-3, 4.572e-3 * 0.003);
    const RequestResult r = analyzeRequest(s, shape);
    EXPECT_DOUBLE_EQ(r.ttftSeconds, a.ttftSeconds);
    EXPECT_DOUBLE_EQ(r.tpotSeconds, a.tpotSeconds);
    EXPECT_DOUBLE_EQ(r.endToEndSeconds, a.ttftSeconds + 511.0 * a.tpotSeconds);
    EXPECT_DOUBLE_EQ(r.interactivityTokensPerSecondPerUser, 1.0 / a.tpotSeconds);
    EXPECT_DOUBLE_EQ(r.throughputTokensPerSecondPerDevice, 512.0 / r.endToEndSeconds);
    EXPECT_TRUE(r.fits);
    EXPECT_FALSE(r.usdPerMillionOutputTokens.has_value());
}

TEST(Requests, ThroughputPerDeviceDividesByTheDevicesAndCostFollowsIt) {
    // B = 16 on TP 4: throughput per device = 16 · O / (e2e · 4); with $3 per device-hour
    // the cost is 3 × 4 × 1e6 / (3600 × 16 · O / e2e) = 3 × 1e6 / (3600 × per device).
    Workload w;
    w.batch = 16;
    w.tensorParallel = 4;
    w.pricePerDeviceHourUsd = 3.0;
    const Scenario s = test::scenario(test::h100Sxm(), test::llama2_70b(), w);
    const RequestResult r = analyzeRequest(s, {1024, 256});
    EXPECT_DOUBLE_EQ(r.throughputTokensPerSecondPerDevice,
                     16.0 * 256.0 / (r.endToEndSeconds * 4.0));
    ASSERT_TRUE(r.usdPerMillionOutputTokens.has_value());
    EXPECT_NEAR(*r.usdPerMillionOutputTokens,
                3.0 * 4.0 * 1e6 / (3600.0 * 16.0 * 256.0 / r.endToEndSeconds), 1e-12);
}

TEST(Requests, TheMeanContextStepIsTheMeanOfEveryStep) {
    // Why one step at P + ⌊O/2⌋ stands for the O steps: a dense model's decode step time is
    // linear in C, so the mean of the steps at C = P … P+O−1 is the step at their mean
    // P + (O−1)/2, half a token from the one analysed.
    const Scenario s = test::scenario(test::h100Sxm(), test::llama31_8b());
    const RequestShape shape{4096, 64};
    double sum = 0.0;
    for (std::int64_t c = shape.promptTokens; c < shape.promptTokens + shape.outputTokens; ++c) {
        Scenario step = s;
        step.workload.contextTokens = c;
        sum += analyze(step).tpotSeconds;
    }
    const double mean = sum / static_cast<double>(shape.outputTokens);
    EXPECT_NEAR(analyze(requestScenario(s, shape)).tpotSeconds, mean, mean * 1e-4);
}

TEST(Requests, FitsIsJudgedAtTheLastStep) {
    // The footprint grows with the cache: the request fits only if its last step does.
    // Llama-3.1-8B bf16 on one H100: 77.3 GB usable, weights 16.1 GB, workspace ≈ 0.6 GB,
    // KV 131 kB per token. B = 64, P = 2048, O = 512: the last step holds 2560 tokens,
    // 64 × 2560 × 131,072 = 21.5 GB (fits). O = 6000: at the mean context 5048 + 1 the cache
    // is 42.4 GB (59 GB in all: fits), but the last step holds 8048 tokens, 67.5 GB of KV
    // → 84 GB in all, which does not fit.
    Workload w;
    w.batch = 64;
    const Scenario s = test::scenario(test::h100Sxm(), test::llama31_8b(), w);
    EXPECT_TRUE(analyzeRequest(s, {2048, 512}).fits);
    const RequestShape longOutput{2048, 6000};
    EXPECT_TRUE(analyze(requestScenario(s, longOutput)).memory.fits);
    EXPECT_FALSE(analyzeRequest(s, longOutput).fits);
}

/// An analysis with only what requestResult() reads: TTFT, TPOT and devices (+ the pools).
Analysis timed(double ttft, double tpot, std::int64_t devices, std::int64_t prefillPool = 0) {
    Analysis a;
    a.ttftSeconds = ttft;
    a.tpotSeconds = tpot;
    a.devices = devices;
    if (prefillPool > 0) {
        DisaggregationResult& d = a.disaggregation.emplace();
        d.prefillDevices = prefillPool;
        d.decodeDevices = devices;
    }
    return a;
}

TEST(Requests, ContinuousBatchingChargesEachStepItsShareOfThePrefill) {
    // B = 8, O = 100, T_p = 0.5 s, T_d = 10 ms, D = 2 (requests.h).
    // Static: TPOT = 10 ms; e2e = 0.5 + 99 × 0.01 = 1.49 s; per device 800 / (1.49 × 2)
    //   = 268.456 tok/s.
    // Continuous: the O = 100 steps carry the 8 prompts' prefill: + 0.5 / 100 = 5 ms, so
    //   TPOT = 15 ms (66.667 tok/s per user); per device 8 / (0.015 × 2) = 266.667 tok/s;
    //   e2e = 0.5 + 99 × 0.015 = 1.985 s.
    Scenario s;
    s.workload.batch = 8;
    const Analysis a = timed(0.5, 0.01, 2);
    const RequestResult st = requestResult(s, a, {2048, 100, Batching::Static}, true);
    EXPECT_DOUBLE_EQ(st.tpotSeconds, 0.01);
    EXPECT_DOUBLE_EQ(st.prefillInterferenceSeconds, 0.0);
    EXPECT_NEAR(st.throughputTokensPerSecondPerDevice, 268.456, 1e-3);
    EXPECT_FALSE(st.prefillPoolPaces.has_value());
    const RequestResult co = requestResult(s, a, {2048, 100, Batching::Continuous}, true);
    EXPECT_DOUBLE_EQ(co.prefillInterferenceSeconds, 0.005);
    EXPECT_DOUBLE_EQ(co.tpotSeconds, 0.015);
    EXPECT_NEAR(co.interactivityTokensPerSecondPerUser, 66.667, 1e-3);
    EXPECT_NEAR(co.throughputTokensPerSecondPerDevice, 266.667, 1e-3);
    EXPECT_DOUBLE_EQ(co.endToEndSeconds, 1.985);
    EXPECT_DOUBLE_EQ(co.ttftSeconds, 0.5);
}

TEST(Requests, DisaggregatedPoolsRunAtTheSlowerPoolsPace) {
    // B = 8; TTFT = 0.6 s (prefill 0.55 on its pool + 0.05 transfer); TPOT = 10 ms on the
    // decode pool of 2; a prefill pool of 1: 3 devices.
    // O = 100: the decode pool is busy 100 × 0.01 = 1.0 s a batch, the prefill pool 0.6 s:
    //   the decode pool paces; the prefill pool idles 1 − 0.6 / 1.0 = 40%; per device
    //   800 / (1.0 × 3) = 266.667 tok/s; TPOT stays 10 ms (100 tok/s per user) whatever the
    //   batching, and e2e = 0.6 + 99 × 0.01 = 1.59 s.
    // O = 40: decode 0.4 s < prefill 0.6 s: the prefill pool paces; the decode pool idles
    //   1 − 0.4 / 0.6 = 1/3; per device 320 / (0.6 × 3) = 177.778 tok/s.
    Scenario s;
    s.workload.batch = 8;
    const Analysis a = timed(0.6, 0.01, 2, 1);
    for (const Batching b : {Batching::Static, Batching::Continuous}) {
        const RequestResult r = requestResult(s, a, {2048, 100, b}, true);
        ASSERT_TRUE(r.prefillPoolPaces.has_value());
        EXPECT_FALSE(*r.prefillPoolPaces);
        EXPECT_DOUBLE_EQ(r.idlePoolFraction, 0.4);
        EXPECT_NEAR(r.throughputTokensPerSecondPerDevice, 266.667, 1e-3);
        EXPECT_DOUBLE_EQ(r.tpotSeconds, 0.01);
        EXPECT_DOUBLE_EQ(r.prefillInterferenceSeconds, 0.0);
        EXPECT_DOUBLE_EQ(r.interactivityTokensPerSecondPerUser, 100.0);
        EXPECT_DOUBLE_EQ(r.endToEndSeconds, 1.59);
    }
    const RequestResult shortOutput = requestResult(s, a, {2048, 40, Batching::Static}, true);
    EXPECT_TRUE(*shortOutput.prefillPoolPaces);
    EXPECT_NEAR(shortOutput.idlePoolFraction, 1.0 / 3.0, 1e-12);
    EXPECT_NEAR(shortOutput.throughputTokensPerSecondPerDevice, 177.778, 1e-3);
}

TEST(Pareto, HandBuiltSetHasTheKnownFrontier) {
    // Maximise x and y. A(1,10) has the best y; C(3,8) beats B and G (2,8) on x at equal y
    // and D(3,5) on y at equal x; F(4,1) and its twin I have the best x, and equal points
    // are both on it. H(1,9) is dominated by A. E(0.5,12) would dominate A on y but is
    // ineligible (does not fit): never on it, and it knocks nobody off.
    const std::vector<ParetoPoint> points = {
        {1, 10, true},     // A
        {2, 8, true},      // B
        {3, 8, true},      // C
        {3, 5, true},      // D
        {0.5, 12, false},  // E
        {4, 1, true},      // F
        {2, 8, true},      // G
        {1, 9, true},      // H
        {4, 1, true},      // I
    };
    const std::vector<bool> expected = {true, false, true, false, false, true, false, false, true};
    EXPECT_EQ(paretoFrontier(points), expected);
    EXPECT_TRUE(paretoFrontier({}).empty());
    EXPECT_EQ(paretoFrontier({{1, 1, false}}), std::vector<bool>{false});
}

TEST(Pareto, EveryPointIsOnItOrDominatedByAPointOnIt) {
    // Invariant over pseudo-random sets (a fixed LCG): no frontier point is dominated by an
    // eligible point, and every other eligible point is dominated by a frontier point.
    std::uint64_t state = 12345;
    const auto next = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<double>((state >> 33) % 50);  // coarse values: many ties
    };
    for (int round = 0; round < 200; ++round) {
        std::vector<ParetoPoint> pts(40);
        for (ParetoPoint& p : pts) {
            p = {next(), next(), next() < 40.0};
        }
        const std::vector<bool> on = paretoFrontier(pts);
        const auto dominates = [](const ParetoPoint& a, const ParetoPoint& b) {
            return a.x >= b.x && a.y >= b.y && (a.x > b.x || a.y > b.y);
        };
        for (std::size_t i = 0; i < pts.size(); ++i) {
            if (!pts[i].eligible) {
                EXPECT_FALSE(on[i]);
                continue;
            }
            bool dominated = false;
            bool byFrontier = false;
            for (std::size_t j = 0; j < pts.size(); ++j) {
                if (pts[j].eligible && dominates(pts[j], pts[i])) {
                    dominated = true;
                    byFrontier = byFrontier || on[j];
                }
            }
            EXPECT_EQ(on[i], !dominated) << round << ' ' << i;
            if (dominated) {
                EXPECT_TRUE(byFrontier) << round << ' ' << i;
            }
        }
    }
}

FrontierRequest llamaRequest() {
    FrontierRequest r;
    r.model = test::llama31_8b();
    r.shape = {2048, 512};
    r.hardware = {test::h100Sxm(), test::b200()};
    r.tensorParallel = {1, 2, 3};
    r.quantizations = {Quantization::W16A16, Quantization::W4A16};
    r.batches = {1, 64, 512};
    return r;
}

TEST(Frontier, EveryConfigurationIsAPointOrSkipped) {
    // 2 hardware × 3 TP × 2 quantizations × 3 batches = 36; TP 3 divides neither the 32
    // query heads: its 12 are skipped with the engine's reason, 24 are points.
    const Frontier f = computeFrontier(llamaRequest());
    EXPECT_EQ(f.points.size(), 24u);
    ASSERT_EQ(f.skipped.size(), 12u);
    for (const SkippedConfiguration& s : f.skipped) {
        EXPECT_EQ(s.configuration.tensorParallel, 3);
        EXPECT_EQ(s.reason, "TP 3 must be a divisor of the 32 query heads");
    }
    // Nesting order: hardware, TP, quantization, batch (fastest).
    EXPECT_EQ(f.points[0].configuration.batch, 1);
    EXPECT_EQ(f.points[1].configuration.batch, 64);
    EXPECT_EQ(f.points[3].configuration.quantization, Quantization::W4A16);
    EXPECT_EQ(f.points[12].configuration.hardware, 1u);
    // Each point is its own request analysis.
    FrontierRequest req = llamaRequest();
    Scenario s = test::scenario(test::b200(), test::llama31_8b(),
                                withQuantization(Workload{}, Quantization::W4A16));
    s.workload.tensorParallel = 2;
    s.workload.batch = 64;
    const FrontierPoint& p = f.points[12 + 6 + 3 + 1];
    EXPECT_EQ(p.configuration.tensorParallel, 2);
    EXPECT_EQ(p.configuration.quantization, Quantization::W4A16);
    EXPECT_EQ(p.configuration.batch, 64);
    const RequestResult r = analyzeRequest(s, req.shape);
    EXPECT_DOUBLE_EQ(p.result.throughputTokensPerSecondPerDevice,
                     r.throughputTokensPerSecondPerDevice);
    EXPECT_DOUBLE_EQ(p.result.interactivityTokensPerSecondPerUser,
                     r.interactivityTokensPerSecondPerUser);
}

TEST(Frontier, UnfitConfigurationsAreNeverOnItEvenWhenFastest) {
    // H100, TP 1, bf16, B = 512, P = 2048, O = 512: the cache alone is 512 × 2560 × 131 kB
    // = 172 GB > 77 GB usable, so it does not fit, though its throughput per device is the
    // highest of the H100 TP 1 bf16 points (a bigger batch amortises the weights).
    FrontierRequest req = llamaRequest();
    req.hardware = {test::h100Sxm()};
    req.tensorParallel = {1};
    req.quantizations = {Quantization::W16A16};
    const Frontier f = computeFrontier(req);
    ASSERT_EQ(f.points.size(), 3u);
    const FrontierPoint& big = f.points[2];
    EXPECT_FALSE(big.result.fits);
    EXPECT_GT(big.result.throughputTokensPerSecondPerDevice,
              f.points[1].result.throughputTokensPerSecondPerDevice);
    EXPECT_FALSE(big.onFrontier);
    EXPECT_TRUE(f.points[1].onFrontier);  // B = 64: most throughput that fits
    EXPECT_TRUE(f.points[0].onFrontier);  // B = 1: most interactivity
    ASSERT_TRUE(f.best.has_value());
    EXPECT_EQ(*f.best, 1u);
    for (const FrontierPoint& p : computeFrontier(llamaRequest()).points) {
        EXPECT_TRUE(p.result.fits || !p.onFrontier);
    }
}

TEST(Frontier, SloPicksTheHighestThroughputThatMeetsThem) {
    // With a TPOT SLO only points with TPOT ≤ it (and that fit) qualify; the best is the
    // highest throughput per device among them. On H100 TP 1: bf16 B = 64 takes ≈ 10.4 ms
    // per token at C = 2304 (15.0 GB of weights + 64 × 2305 × 131 kB = 19.3 GB of KV over
    // 3.35 TB/s), int4 B = 64 ≈ 7.1 ms (4.0 GB weights, hence faster). An 8 ms SLO rules
    // out bf16 B = 64 and keeps int4 B = 64.
    FrontierRequest req = llamaRequest();
    req.hardware = {test::h100Sxm()};
    req.tensorParallel = {1};
    req.sloTpotSeconds = 8e-3;
    const Frontier f = computeFrontier(req);
    ASSERT_EQ(f.points.size(), 6u);
    ASSERT_TRUE(f.best.has_value());
    const FrontierPoint& best = f.points[*f.best];
    EXPECT_EQ(best.configuration.quantization, Quantization::W4A16);
    EXPECT_EQ(best.configuration.batch, 64);
    EXPECT_TRUE(best.meetsSlo.value_or(false));
    EXPECT_FALSE(f.points[1].meetsSlo.value_or(true));  // bf16 B = 64: 10.4 ms
    for (const FrontierPoint& p : f.points) {
        ASSERT_TRUE(p.meetsSlo.has_value());
        EXPECT_EQ(*p.meetsSlo, p.result.fits && p.result.tpotSeconds <= 8e-3);
        if (*p.meetsSlo) {
            EXPECT_LE(p.result.throughputTokensPerSecondPerDevice,
                      best.result.throughputTokensPerSecondPerDevice);
        }
    }
    // A TTFT SLO too tight for any prefill: nothing qualifies.
    req.sloTtftSeconds = 1e-3;
    EXPECT_FALSE(computeFrontier(req).best.has_value());
    // Without an SLO there is no meetsSlo, and the best is the fastest that fits.
    req.sloTpotSeconds.reset();
    req.sloTtftSeconds.reset();
    for (const FrontierPoint& p : computeFrontier(req).points) {
        EXPECT_FALSE(p.meetsSlo.has_value());
    }
}

TEST(Frontier, ExpertParallelCombinationsTheEngineRefusesAreSkipped) {
    // Mixtral-8x7B: 8 experts. EP on one device is the same as off (skipped); TP 16 splits
    // the 32 query heads but not the 8 experts whole (skipped with the engine's reason); a
    // dense model has no experts to spread at all.
    FrontierRequest req;
    req.model = test::mixtral8x7b();
    req.shape = {1024, 256};
    req.hardware = {test::h100Sxm()};
    req.tensorParallel = {1, 8, 16};
    req.quantizations = {Quantization::W16A16};
    req.batches = {8};
    req.expertParallel = {false, true};
    const Frontier f = computeFrontier(req);
    EXPECT_EQ(f.points.size(), 4u);  // TP 1 off, TP 8 off/on, TP 16 off
    ASSERT_EQ(f.skipped.size(), 2u);
    EXPECT_EQ(f.skipped[0].configuration.tensorParallel, 1);
    EXPECT_NE(f.skipped[0].reason.find("more than one device"), std::string::npos);
    EXPECT_EQ(f.skipped[1].configuration.tensorParallel, 16);
    EXPECT_NE(f.skipped[1].reason.find("a divisor of the 8 routed experts"), std::string::npos)
        << f.skipped[1].reason;

    req.model = test::llama31_8b();
    req.tensorParallel = {2};
    const Frontier dense = computeFrontier(req);
    EXPECT_EQ(dense.points.size(), 1u);
    ASSERT_EQ(dense.skipped.size(), 1u);
    EXPECT_NE(dense.skipped[0].reason.find("mixture-of-experts"), std::string::npos);
}

TEST(Frontier, PriceGivesEveryPointItsCost) {
    FrontierRequest req = llamaRequest();
    req.base.pricePerDeviceHourUsd = 2.5;
    for (const FrontierPoint& p : computeFrontier(req).points) {
        ASSERT_TRUE(p.result.usdPerMillionOutputTokens.has_value());
        EXPECT_NEAR(*p.result.usdPerMillionOutputTokens,
                    2.5 * 1e6 / (3600.0 * p.result.throughputTokensPerSecondPerDevice), 1e-12);
        // The frontier's alternative y axis: output tokens one dollar buys.
        ASSERT_TRUE(p.result.outputTokensPerUsd.has_value());
        EXPECT_NEAR(*p.result.outputTokensPerUsd, 1e6 / *p.result.usdPerMillionOutputTokens,
                    1e-9 * *p.result.outputTokensPerUsd);
    }
    for (const FrontierPoint& p : computeFrontier(llamaRequest()).points) {
        EXPECT_FALSE(p.result.usdPerMillionOutputTokens.has_value());
    }
}

TEST(Frontier, PrefillPoolsAreConfigurationsOfTheirOwn) {
    // Llama-3.1-8B on H100, TP 1 and 2, bf16, B = 8, pools {0, 1, 3}: 2 × 3 = 6
    // configurations; a pool of 3 does not divide the 32 query heads (validate()), so the
    // two with D_p = 3 are skipped with that reason, 4 are points, the pool varying fastest.
    FrontierRequest req = llamaRequest();
    req.hardware = {test::h100Sxm()};
    req.tensorParallel = {1, 2};
    req.quantizations = {Quantization::W16A16};
    req.batches = {8};
    req.prefillPools = {0, 1, 3};
    const Frontier f = computeFrontier(req);
    ASSERT_EQ(f.points.size(), 4u);
    ASSERT_EQ(f.skipped.size(), 2u);
    for (const SkippedConfiguration& skip : f.skipped) {
        EXPECT_EQ(skip.configuration.prefillPool, 3);
        EXPECT_EQ(skip.reason, "a prefill pool of 3 must be a divisor of the 32 query heads");
    }
    EXPECT_EQ(f.points[0].configuration.prefillPool, 0);
    EXPECT_EQ(f.points[1].configuration.prefillPool, 1);
    EXPECT_EQ(configurationDevices(f.points[1].configuration), 2);  // 1 + 1
    EXPECT_EQ(configurationDevices(f.points[3].configuration), 3);  // TP 2 + 1
    // The disaggregated point is the request of a scenario with that pool.
    Scenario s = test::scenario(test::h100Sxm(), test::llama31_8b(), Workload{});
    s.workload.batch = 8;
    s.workload.prefillDevices = 1;
    const RequestResult r = analyzeRequest(s, req.shape);
    EXPECT_DOUBLE_EQ(f.points[1].result.throughputTokensPerSecondPerDevice,
                     r.throughputTokensPerSecondPerDevice);
    EXPECT_TRUE(f.points[1].result.prefillPoolPaces.has_value());
    // Its TTFT adds the transfer to the colocated prefill (the same one H100 runs it).
    EXPECT_GT(f.points[1].result.ttftSeconds, f.points[0].result.ttftSeconds);
    EXPECT_DOUBLE_EQ(f.points[1].result.tpotSeconds, f.points[0].result.tpotSeconds);
    // A filter on the pool keeps only those points.
    FrontierFilter colocated;
    colocated.prefillPools = {0};
    const FrontierSelection sel = selectFrontier(f, colocated);
    EXPECT_TRUE(sel.shown[0] && !sel.shown[1] && sel.shown[2] && !sel.shown[3]);
}

TEST(Quantization, LabelsParseBothWaysAndMapToPrecisions) {
    for (const QuantizationScheme& s : kQuantizationSchemes) {
        EXPECT_EQ(parseQuantization(s.label), s.id);
        EXPECT_EQ(toString(s.id), s.label);
        const Workload w = withQuantization(Workload{}, s.id);
        EXPECT_EQ(w.weightPrecision, s.weights);
        EXPECT_EQ(w.activationPrecision, s.activations);
        EXPECT_EQ(quantizationOf(w), s.id);
    }
    EXPECT_EQ(parseQuantization("w4a16"), Quantization::W4A16);
    EXPECT_FALSE(parseQuantization("W3A16").has_value());
    EXPECT_FALSE(parseQuantization("").has_value());
    // The labels themselves, as the window and --quantization write them (the loop above only
    // checks that the table agrees with itself).
    EXPECT_EQ(toString(Quantization::W16A16), "W16A16");
    EXPECT_EQ(toString(Quantization::W8A16), "W8A16");
    EXPECT_EQ(toString(Quantization::W8A8), "W8A8");
    EXPECT_EQ(toString(Quantization::W4A16), "W4A16");
    EXPECT_EQ(toString(Quantization::W4A8), "W4A8");
    EXPECT_EQ(toString(Quantization::W4A4), "W4A4");
}

}  // namespace
}  // namespace roofline
