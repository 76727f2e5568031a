// SPDX-License-Identifier: GPL-3.0-or-later
// Fitting a calibration profile from measured results (calibrate.h, DOMAIN.md §11): known
// parameters recovered from records the estimate itself generated, robustness to outliers,
// the refusals, and the leave-one-out interval.

#include "roofline/calibrate.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/validate.h"
#include "test_models.h"

namespace roofline {
namespace {

// The parameters the synthetic records are generated from: a 3 ms step overhead, a 5 µs
// kernel floor, fp8 matmuls at 0.6 and bf16 ones at 0.9 of the achievable rates, attention
// at 0.8 reaching half of that at 512 tokens.
CalibrationProfile truth() {
    CalibrationProfile p;
    p.id = "h100-sxm.synthetic";
    p.hardware = "h100-sxm";
    p.engine = "synthetic";
    p.stepOverheadSeconds = 3e-3;
    p.kernelFloorSeconds = 5e-6;
    p.weightEfficiency[index(Precision::Fp8)] = 0.6;
    p.weightEfficiency[index(Precision::Bf16)] = 0.9;
    p.attentionEfficiency = 0.8;
    p.attentionHalfLength = 512.0;
    return p;
}

// The profile a fit starts from: no costs at all (every efficiency 1, no floor, no overhead).
CalibrationProfile startingProfile() {
    CalibrationProfile p;
    p.id = "h100-sxm.synthetic";
    p.hardware = "h100-sxm";
    p.engine = "synthetic";
    return p;
}

Scenario onH100(const Model& model, Precision weights, std::int64_t batch, std::int64_t prompt,
                std::int64_t output) {
    Workload w;
    w.batch = batch;
    w.promptTokens = prompt;
    w.contextTokens = meanDecodeContext(prompt, output);
    w.weightPrecision = weights;
    return test::scenario(test::h100Sxm(), model, w);
}

Scenario llamaOnH100(Precision weights, std::int64_t batch, std::int64_t prompt,
                     std::int64_t output) {
    return onH100(test::llama31_8b(), weights, batch, prompt, output);
}

// The value `profile` estimates for `metric` of `s`: what a stack running exactly as the
// profile says would measure.
double generated(const Scenario& s, MeasuredMetric metric, const CalibrationProfile& profile,
                 std::int64_t outputTokens = 1) {
    Scenario e = s;
    e.workload.ceilings = Ceilings::Estimate;
    e.calibration = std::make_shared<const CalibrationProfile>(profile);
    const Analysis a = analyze(e);
    return estimatedValue(a, *a.estimate, metric, outputTokens);
}

// Llama-3.1-8B, and two models of h = 1024 whose every kernel at B = 1 runs under the 5 µs
// floor (the largest, mlp_up, reads 2 · 1024 · 4096 · 2 B = 16.8 MB: 5.9 µs at
// 0.85 · 3.35 TB/s, / 0.9 = 6.5 µs; the others less than half of that): one of 48 layers,
// where the floor is most of a decode step, and one of 4, where the overhead is. The
// depths tell the kernel floor (paid per kernel) from the step overhead (paid per pass).
std::vector<Model> gridModels() {
    Model large = test::llama31_8b();
    large.id = "llama-3.1-8b";
    Model deep = test::llamaLike(48, 1024, 16, 4, 4096, 32000);
    deep.id = "deep";
    Model shallow = test::llamaLike(4, 1024, 16, 4, 4096, 32000);
    shallow.id = "shallow";
    return {large, deep, shallow};
}

// A grid of records from `profile`: the three models × bf16 and fp8 weights × B 1, 8, 64 ×
// (P, O) (128, 128), (1024, 256), (4096, 512), each as TPOT and TTFT, and B = 8 also as
// tokens/s: 3 · 2 · (3 · 3 · 2 + 3) = 126 records. The lengths (attention over 128 to 4,353
// tokens) tell attention's efficiency from its half length. Each value is multiplied by
// exp(σ·z), z standard normal from a fixed seed.
std::vector<CalibrationRecord> grid(const CalibrationProfile& profile, double sigma = 0.0,
                                    unsigned seed = 7) {
    std::mt19937 random(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    std::vector<CalibrationRecord> out;
    for (const Model& model : gridModels()) {
        for (Precision w : {Precision::Bf16, Precision::Fp8}) {
            for (std::int64_t B : {1, 8, 64}) {
                for (const auto& [P, O] :
                     {std::pair<std::int64_t, std::int64_t>{128, 128}, {1024, 256}, {4096, 512}}) {
                    std::vector<MeasuredMetric> metrics = {MeasuredMetric::TpotMs,
                                                           MeasuredMetric::TtftMs};
                    if (B == 8) {
                        metrics.push_back(MeasuredMetric::OutputTokensPerSecond);
                    }
                    for (MeasuredMetric m : metrics) {
                        CalibrationRecord r;
                        r.scenario = onH100(model, w, B, P, O);
                        r.metric = m;
                        r.value =
                            generated(r.scenario, m, profile) * std::exp(sigma * normal(random));
                        r.id = model.id + "-" + std::string(toString(w)) + "-B" +
                               std::to_string(B) + "-P" + std::to_string(P) + "-" +
                               std::string(toString(m));
                        out.push_back(std::move(r));
                    }
                }
            }
        }
    }
    return out;
}

bool isTime(MeasuredMetric m) {
    return m == MeasuredMetric::TpotMs || m == MeasuredMetric::TtftMs || m == MeasuredMetric::E2eMs;
}

const ParameterFit& parameter(const FitResult& r, const std::string& name) {
    for (const ParameterFit& p : r.parameters) {
        if (p.name == name) {
            return p;
        }
    }
    ADD_FAILURE() << "no parameter " << name;
    static const ParameterFit none;
    return none;
}

// |fitted / true − 1| of every parameter truth() sets.
struct Recovery {
    double step, floor, fp8, bf16, attention, half;
    double worst() const { return std::max({step, floor, fp8, bf16, attention, half}); }
};

Recovery recovery(const FitResult& r) {
    const CalibrationProfile t = truth();
    const auto rel = [&](const char* name) {
        return std::abs(parameter(r, name).value / *profileParameter(t, name) - 1.0);
    };
    return {rel(kStepOverheadParameter),        rel(kKernelFloorParameter),
            rel("weight_efficiency/fp8"),       rel("weight_efficiency/bf16"),
            rel(kAttentionEfficiencyParameter), rel(kAttentionHalfLengthParameter)};
}

FitOptions fromStart() {
    FitOptions o;
    o.base = startingProfile();
    return o;
}

TEST(Calibrate, ParameterNamesReadAndWriteTheProfile) {
    CalibrationProfile p;
    EXPECT_TRUE(setProfileParameter(p, "weight_efficiency/fp8", 0.6));
    EXPECT_DOUBLE_EQ(p.weightEfficiency[index(Precision::Fp8)], 0.6);
    EXPECT_TRUE(setProfileParameter(p, "kv_efficiency/fp8", 0.7));
    EXPECT_DOUBLE_EQ(p.kvEfficiency[index(Precision::Fp8)], 0.7);
    EXPECT_TRUE(setProfileParameter(p, kStepOverheadParameter, 3e-3));
    EXPECT_DOUBLE_EQ(p.stepOverheadSeconds, 3e-3);
    // validateProfile's spelling is read as the same parameter.
    EXPECT_TRUE(setProfileParameter(p, "attention/half_length", 512.0));
    EXPECT_EQ(profileParameter(p, kAttentionHalfLengthParameter), 512.0);
    EXPECT_FALSE(setProfileParameter(p, "weight_efficiency/tf32", 0.5));  // not storage
    EXPECT_FALSE(setProfileParameter(p, "warp_efficiency", 0.5));
    EXPECT_EQ(profileParameter(p, "weight_efficiency/"), std::nullopt);
}

TEST(Calibrate, EstimatedValueReadsTheEstimateAsEachMetric) {
    // B = 8 on D = 2: tokens/s = B / TPOT, per device = that / 2; the times in ms.
    Scenario s = llamaOnH100(Precision::Bf16, 8, 1024, 256);
    s.workload.tensorParallel = 2;
    s.workload.ceilings = Ceilings::Estimate;
    s.calibration = std::make_shared<const CalibrationProfile>(truth());
    const Analysis a = analyze(s);
    const EstimateResult& e = *a.estimate;
    EXPECT_DOUBLE_EQ(estimatedValue(a, e, MeasuredMetric::TpotMs), e.tpotSeconds * 1000.0);
    EXPECT_DOUBLE_EQ(estimatedValue(a, e, MeasuredMetric::TtftMs), e.ttftSeconds * 1000.0);
    EXPECT_DOUBLE_EQ(estimatedValue(a, e, MeasuredMetric::OutputTokensPerSecond),
                     8.0 / e.tpotSeconds);
    EXPECT_DOUBLE_EQ(estimatedValue(a, e, MeasuredMetric::OutputTokensPerSecondPerDevice),
                     8.0 / e.tpotSeconds / 2.0);
    // A request of O = 256 tokens: the prefill's first token, then 255 decode steps; B·O
    // tokens in that time.
    const double request = e.ttftSeconds + 255.0 * e.tpotSeconds;
    EXPECT_DOUBLE_EQ(estimatedValue(a, e, MeasuredMetric::E2eMs, 256), request * 1000.0);
    EXPECT_DOUBLE_EQ(estimatedValue(a, e, MeasuredMetric::RequestOutputTokensPerSecond, 256),
                     8.0 * 256.0 / request);
}

TEST(Calibrate, RecoversKnownParametersFromNoiseFreeRecords) {
    // Records the estimate made from truth(): the fit from a profile with no costs at all
    // must land on truth()'s values, within 1%, with residuals of zero.
    const FitResult r = fitProfile(grid(truth()), fromStart());
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(r.converged);
    const Recovery got = recovery(r);
    EXPECT_LT(got.worst(), 0.01) << "step " << got.step << " floor " << got.floor << " fp8 "
                                 << got.fp8 << " bf16 " << got.bf16 << " attention "
                                 << got.attention << " half " << got.half;
    EXPECT_LT(r.medianAbsError, 1e-4);
    for (const RecordResidual& res : r.residuals) {
        EXPECT_NEAR(res.residual, 0.0, 1e-3) << res.id;
    }
    // The default free set: what the records exercise. Both weight precisions, attention
    // (at three lengths), the floor and the overhead; the bf16 KV cache's efficiency stays 1,
    // attention_efficiency standing for it.
    for (const char* name :
         {kStepOverheadParameter, kKernelFloorParameter, "weight_efficiency/bf16",
          "weight_efficiency/fp8", kAttentionEfficiencyParameter, kAttentionHalfLengthParameter}) {
        EXPECT_EQ(parameter(r, name).status, ParameterStatus::Fitted) << name;
    }
    EXPECT_EQ(parameter(r, "kv_efficiency/bf16").status, ParameterStatus::Kept);
    EXPECT_DOUBLE_EQ(parameter(r, "kv_efficiency/bf16").value, 1.0);
    // The profile says what it was fitted on, and how.
    EXPECT_EQ(r.profile.fittedRecords, 126u);
    ASSERT_EQ(r.profile.fittedOn.size(), 126u);
    EXPECT_EQ(r.profile.fittedOn.front(), "llama-3.1-8b-bf16-B1-P128-tpot_ms");
    EXPECT_EQ(r.profile.loss, "soft-l1 in log space, scale 0.1");
    EXPECT_DOUBLE_EQ(r.profile.coverage, 0.8);
    EXPECT_TRUE(validateProfile(r.profile).empty());
    EXPECT_EQ(r.profile.stepOverheadSeconds, parameter(r, kStepOverheadParameter).value);
}

TEST(Calibrate, RecoversKnownParametersWithinAFewPercentUnderNoise) {
    // Each value × exp(0.05·z): the estimates scatter by 5%. On 126 records the overhead and
    // the matmul efficiencies land within 3% of truth(). Attention, the floor and the half
    // length are determined less well by these records (the floor only through how many
    // kernels run under it, the half length only where attention is both short and a large
    // share of the step): their standard errors are about 5%, 9% and 20%. Every fitted value
    // is within 3 standard errors of the truth: the errors the fit reports are honest.
    const FitResult r = fitProfile(grid(truth(), 0.05), fromStart());
    ASSERT_TRUE(r.ok) << r.error;
    const Recovery got = recovery(r);
    EXPECT_LT(got.step, 0.03);
    EXPECT_LT(got.fp8, 0.03);
    EXPECT_LT(got.bf16, 0.03);
    const CalibrationProfile t = truth();
    for (const ParameterFit& p : r.parameters) {
        if (p.status != ParameterStatus::Fitted) {
            continue;
        }
        ASSERT_TRUE(p.standardError.has_value()) << p.name;
        EXPECT_GT(*p.standardError, 0.0) << p.name;
        EXPECT_LT(*p.standardError, 0.25 * p.value) << p.name;
        EXPECT_LT(std::abs(p.value - *profileParameter(t, p.name)), 3.0 * *p.standardError)
            << p.name;
    }
    // The median error is about the noise's median |z|·σ = 0.674 · 0.05 = 3.4%.
    EXPECT_GT(r.medianAbsError, 0.02);
    EXPECT_LT(r.medianAbsError, 0.05);
}

TEST(Calibrate, OutliersBarelyMoveTheRobustFit) {
    // Four of the 126 noise-free records measured 3× slower (a wrong row, a cold start):
    // r = ln 3 = 1.10, eleven loss scales. Soft-L1 weighs each as |r|, not r², so the other
    // records stay estimated within a percent or two and the well-determined parameters
    // within 2%; least squares (a scale so large that ρ is r² everywhere) misses the clean
    // records by several times more.
    std::vector<CalibrationRecord> records = grid(truth());
    const std::vector<std::size_t> outliers = {3, 17, 30, 61};
    for (std::size_t i : outliers) {
        records[i].value =
            isTime(records[i].metric) ? records[i].value * 3.0 : records[i].value / 3.0;
    }
    const FitResult robust = fitProfile(records, fromStart());
    ASSERT_TRUE(robust.ok) << robust.error;
    FitOptions squares = fromStart();
    squares.lossScale = 1e3;
    const FitResult plain = fitProfile(records, squares);
    ASSERT_TRUE(plain.ok) << plain.error;
    const auto clean = [&](const FitResult& r) {
        std::vector<double> e;
        for (std::size_t i = 0; i < r.residuals.size(); ++i) {
            if (std::find(outliers.begin(), outliers.end(), i) == outliers.end()) {
                e.push_back(std::abs(r.residuals[i].residual));
            }
        }
        std::sort(e.begin(), e.end());
        return std::pair{e[e.size() / 2], e.back()};  // median and largest
    };
    EXPECT_LT(clean(robust).first, 0.01);
    EXPECT_LT(clean(robust).second, 0.05);
    EXPECT_GT(clean(plain).first, 3.0 * clean(robust).first);
    const Recovery got = recovery(robust);
    EXPECT_LT(std::max({got.step, got.fp8, got.bf16}), 0.02);
    // The outliers stand out in the residuals: slower than estimated, r > 0, about ln 3.
    for (std::size_t i : outliers) {
        EXPECT_NEAR(robust.residuals[i].residual, std::log(3.0), 0.05) << robust.residuals[i].id;
    }
}

// TPOT records of `models` at TP 1, 2, 4 and 8 and B = 1 to 64 (P = 1024, O = 256), each
// the value `profile` estimates; a scenario that does not validate (a model too large for
// the devices) is left out.
std::vector<CalibrationRecord> stepRecords(const std::vector<Model>& models,
                                           const CalibrationProfile& profile) {
    std::vector<CalibrationRecord> out;
    for (const Model& model : models) {
        for (std::int64_t tp : {1, 2, 4, 8}) {
            for (std::int64_t B : {1, 2, 4, 8, 16, 32, 64}) {
                CalibrationRecord r;
                r.scenario = onH100(model, Precision::Bf16, B, 1024, 256);
                r.scenario.workload.tensorParallel = tp;
                if (hasErrors(validate(r.scenario))) {
                    continue;
                }
                r.metric = MeasuredMetric::TpotMs;
                r.value = generated(r.scenario, r.metric, profile);
                r.id = model.id + "-TP" + std::to_string(tp) + "-B" + std::to_string(B);
                out.push_back(std::move(r));
            }
        }
    }
    return out;
}

TEST(Calibrate, RecoversKnownParametersOfTheStepStructure) {
    // The step's structure: 2 ms of host time a step, 4 µs a kernel launch, 12 µs a
    // collective. Models of 32 to 126 layers tell the launches (per kernel) from the host
    // time (per step); TP 1 (no collective) against TP 2 to 8 tells the collectives.
    CalibrationProfile t = truth();
    t.stepOverheadSeconds = 2e-3;
    t.launchSeconds = 4e-6;
    t.collectiveLatencySeconds = 12e-6;
    Model llama8 = test::llama31_8b();
    llama8.id = "llama-3.1-8b";
    Model llama70 = test::llama2_70b();
    llama70.id = "llama-2-70b";
    Model llama405 = test::llama31_405b();
    llama405.id = "llama-3.1-405b";
    Model mixtral = test::mixtral8x7b();
    mixtral.id = "mixtral-8x7b";
    const std::vector<CalibrationRecord> records =
        stepRecords({llama8, llama70, llama405, mixtral, test::deepseekV3()}, t);
    ASSERT_GE(records.size(), 80u);
    FitOptions o;
    o.base = truth();
    o.base.stepOverheadSeconds = 1e-3;
    o.base.launchSeconds = 1e-6;
    o.base.collectiveLatencySeconds = 40e-6;
    o.free = {kStepOverheadParameter, kLaunchParameter, kCollectiveLatencyParameter};
    const FitResult r = fitProfile(records, o);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(r.converged);
    for (const char* name :
         {kStepOverheadParameter, kLaunchParameter, kCollectiveLatencyParameter}) {
        EXPECT_EQ(parameter(r, name).status, ParameterStatus::Fitted) << name;
        EXPECT_NEAR(parameter(r, name).value / *profileParameter(t, name), 1.0, 0.01) << name;
    }
    EXPECT_LT(r.medianAbsError, 1e-4);
}

TEST(Calibrate, RecoversTheHalfPointOfTheGroupedGemm) {
    // Routed experts at 2 tokens per expert run at half the rate their bytes allow. Mixtral
    // (top 2 of 8) and DeepSeek-V3 (top 8 of 256) at B = 1 to 64 route 0.03 to 16 tokens to
    // an expert: the slowdown varies with B, the host time does not.
    CalibrationProfile t = truth();
    t.moeHalfTokens = 2.0;
    Model mixtral = test::mixtral8x7b();
    mixtral.id = "mixtral-8x7b";
    const std::vector<CalibrationRecord> records = stepRecords({mixtral, test::deepseekV3()}, t);
    ASSERT_GE(records.size(), 30u);
    FitOptions o;
    o.base = truth();
    o.base.stepOverheadSeconds = 1e-3;
    o.base.moeHalfTokens = 8.0;
    o.free = {kStepOverheadParameter, kMoeHalfTokensParameter};
    const FitResult r = fitProfile(records, o);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(r.converged);
    EXPECT_NEAR(parameter(r, kMoeHalfTokensParameter).value / 2.0, 1.0, 0.01);
    EXPECT_NEAR(parameter(r, kStepOverheadParameter).value / 3e-3, 1.0, 0.01);
}

TEST(Calibrate, ResidualIsTheLogOfMeasuredOverEstimatedTime) {
    // A tokens/s record measured at half the estimate is twice as slow: r = +ln 2, as a
    // TPOT measured at twice the estimate; so are a request's e2e_ms at twice and its
    // tokens/s at half. Only the overhead is free, the rest at truth(), and twenty exact
    // TPOT records hold it near 3 ms.
    std::vector<CalibrationRecord> records;
    for (std::int64_t P : {1024, 4096}) {
        for (std::int64_t B : {1, 2, 4, 8, 16, 32, 64, 128, 256, 512}) {
            CalibrationRecord r;
            r.scenario = llamaOnH100(Precision::Bf16, B, P, 256);
            r.metric = MeasuredMetric::TpotMs;
            r.value = generated(r.scenario, r.metric, truth());
            r.id = "B" + std::to_string(B) + "-P" + std::to_string(P);
            records.push_back(r);
        }
    }
    CalibrationRecord slow;
    slow.id = "slow";
    slow.scenario = llamaOnH100(Precision::Bf16, 8, 1024, 256);
    slow.metric = MeasuredMetric::OutputTokensPerSecond;
    slow.value = generated(slow.scenario, slow.metric, truth()) / 2.0;
    records.push_back(slow);
    // A request of 256 tokens measured in twice its estimated time, as e2e_ms and as its
    // tokens/s.
    CalibrationRecord request = slow;
    request.id = "request";
    request.metric = MeasuredMetric::E2eMs;
    request.outputTokens = 256;
    request.value = generated(request.scenario, request.metric, truth(), 256) * 2.0;
    records.push_back(request);
    request.id = "request-rate";
    request.metric = MeasuredMetric::RequestOutputTokensPerSecond;
    request.value = generated(request.scenario, request.metric, truth(), 256) / 2.0;
    records.push_back(request);
    FitOptions o;
    o.base = truth();
    o.free = {kStepOverheadParameter};
    const FitResult r = fitProfile(records, o);
    ASSERT_TRUE(r.ok) << r.error;
    // The slow records pull the overhead up a little (the IRLS weight of each is
    // 1/√(1 + (0.69/0.1)²) = 0.14 of a clean one's).
    EXPECT_NEAR(r.profile.stepOverheadSeconds, 3e-3, 0.15 * 3e-3);
    for (std::size_t i = records.size() - 3; i < records.size(); ++i) {
        const RecordResidual& res = r.residuals[i];
        EXPECT_NEAR(res.residual, std::log(2.0), 0.05) << res.id;
        const double slower =
            isTime(res.metric) ? res.measured / res.estimated : res.estimated / res.measured;
        EXPECT_NEAR(slower, 2.0, 0.1) << res.id;
    }
    // Kept parameters keep the base's values and have no standard error.
    EXPECT_EQ(parameter(r, "weight_efficiency/bf16").status, ParameterStatus::Kept);
    EXPECT_DOUBLE_EQ(parameter(r, "weight_efficiency/bf16").value, 0.9);
    EXPECT_FALSE(parameter(r, "weight_efficiency/bf16").standardError.has_value());
}

TEST(Calibrate, RefusesAParameterNoRecordExercises) {
    // bf16 weights only: nothing says how fast an fp8 matmul runs.
    std::vector<CalibrationRecord> records;
    for (const CalibrationRecord& r : grid(truth())) {
        if (r.scenario.workload.weightPrecision == Precision::Bf16) {
            records.push_back(r);
        }
    }
    FitOptions o = fromStart();
    o.free = {kStepOverheadParameter, "weight_efficiency/fp8"};
    const FitResult r = fitProfile(records, o);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error,
              "the records cannot determine weight_efficiency/fp8: no record "
              "exercises an fp8 weight");
    o.free = {"kv_efficiency/fp8"};
    EXPECT_EQ(fitProfile(records, o).error,
              "the records cannot determine kv_efficiency/fp8: no record attends over an fp8 "
              "KV cache");
    // The default set frees only what the records exercise: no fp8 weight, so no refusal.
    const FitResult defaults = fitProfile(records, fromStart());
    ASSERT_TRUE(defaults.ok) << defaults.error;
    for (const ParameterFit& p : defaults.parameters) {
        EXPECT_NE(p.name, "weight_efficiency/fp8");
    }
}

TEST(Calibrate, RefusesAParameterTheRecordsBoundOnlyFromAbove) {
    // Records made with no kernel floor at all: the fit takes the floor down until it is
    // shorter than every kernel, where no estimate depends on it. The records say it is
    // small, not what it is.
    CalibrationProfile noFloor = truth();
    noFloor.kernelFloorSeconds = 0.0;
    FitOptions o;
    o.base = truth();
    o.free = {kStepOverheadParameter, kKernelFloorParameter};
    const FitResult r = fitProfile(grid(noFloor), o);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error.rfind("the records cannot determine kernel_floor_s: the fit takes it down "
                            "to ",
                            0),
              0u)
        << r.error;
    EXPECT_NE(r.error.find(" s, too small to change any estimate of these records: they bound "
                           "it only from above (fix it with --fix)"),
              std::string::npos)
        << r.error;
    // Fixed at 0, the overhead alone is fitted, exactly.
    o.base.kernelFloorSeconds = 0.0;
    o.free = {kStepOverheadParameter};
    o.fixed = {kKernelFloorParameter};
    const FitResult fixed = fitProfile(grid(noFloor), o);
    ASSERT_TRUE(fixed.ok) << fixed.error;
    EXPECT_NEAR(fixed.profile.stepOverheadSeconds, 3e-3, 3e-3 * 1e-6);
}

TEST(Calibrate, RefusesParametersThatActAlike) {
    // Decode steps at B = 1 and C ≤ 1,088 tokens: the same kernels run under the 5 µs floor
    // in every record (the norms, the rotary embedding, the short attention: the attention
    // of one sequence at C = 1,088 reads 1,089 · 8 · 128 · 2 · 2 B = 4.5 MB per layer,
    // 1.6 µs at 0.85 · 3.35 TB/s, / (0.8 · 1088/1600) = 2.9 µs, still under the floor), and
    // the matmuls never do. So the floor adds the same count · floor to every step, exactly
    // as the overhead adds its constant: no set of these records tells them apart.
    std::vector<CalibrationRecord> records;
    for (std::int64_t P : {64, 128, 256, 512, 1024}) {
        CalibrationRecord r;
        r.scenario = llamaOnH100(Precision::Bf16, 1, P, 128);
        r.metric = MeasuredMetric::TpotMs;
        r.value = generated(r.scenario, r.metric, truth());
        r.id = "P" + std::to_string(P);
        records.push_back(r);
    }
    FitOptions o;
    o.base = truth();
    o.free = {kStepOverheadParameter, kKernelFloorParameter};
    const FitResult r = fitProfile(records, o);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error,
              "the records cannot determine step_overhead_s and kernel_floor_s: they "
              "act alike on these records (fix one with --fix)");
    // Fixing one of them, the other is determined.
    o.free = {kStepOverheadParameter};
    o.fixed = {kKernelFloorParameter};
    const FitResult fixed = fitProfile(records, o);
    ASSERT_TRUE(fixed.ok) << fixed.error;
    EXPECT_NEAR(fixed.profile.stepOverheadSeconds, 3e-3, 3e-3 * 1e-3);
    EXPECT_EQ(parameter(fixed, kKernelFloorParameter).status, ParameterStatus::Fixed);
    // attention_efficiency and the bf16 cache's kv_efficiency multiply the same operators.
    FitOptions kv = fromStart();
    kv.free = {kAttentionEfficiencyParameter, "kv_efficiency/bf16", kStepOverheadParameter};
    const FitResult both = fitProfile(grid(truth()), kv);
    EXPECT_FALSE(both.ok);
    EXPECT_EQ(both.error,
              "the records cannot determine attention_efficiency and "
              "kv_efficiency/bf16: they act alike on these records (fix one with "
              "--fix)");
}

TEST(Calibrate, RefusesFewerRecordsThanFreeParameters) {
    std::vector<CalibrationRecord> records = grid(truth());
    records.resize(3);
    const FitResult r = fitProfile(records, fromStart());
    EXPECT_FALSE(r.ok);
    // Three bf16 records (B = 1: TPOT and TTFT at P = 128, TPOT at P = 1024): the default
    // set is the overhead, the floor, weight_efficiency/bf16, and attention_efficiency and
    // attention_half_length (they attend over L = 128, 193 and 1,153 tokens).
    EXPECT_EQ(r.error,
              "3 records cannot determine 5 free parameters (step_overhead_s, "
              "kernel_floor_s, weight_efficiency/bf16, attention_efficiency and "
              "attention_half_length): fix some with --fix, or add records");
}

TEST(Calibrate, RefusesBadOptionsAndRecords) {
    const std::vector<CalibrationRecord> records = grid(truth());
    FitOptions o = fromStart();
    o.free = {"warp_efficiency"};
    EXPECT_EQ(fitProfile(records, o)
                  .error.rfind("unknown parameter 'warp_efficiency': expected "
                               "step_overhead_s, kernel_floor_s",
                               0),
              0u);
    o.free = {kStepOverheadParameter};
    o.fixed = {kStepOverheadParameter};
    EXPECT_EQ(fitProfile(records, o).error,
              "step_overhead_s is named twice among the free and fixed parameters");
    EXPECT_EQ(fitProfile({}, fromStart()).error, "no records to fit on");
    std::vector<CalibrationRecord> bad = records;
    bad[1].value = -1.0;
    EXPECT_EQ(fitProfile(bad, fromStart()).error,
              "llama-3.1-8b-bf16-B1-P128-ttft_ms: the measured value must be positive and finite, "
              "found -1");
    o = fromStart();
    o.coverage = 1.0;
    EXPECT_FALSE(fitProfile(records, o).ok);
}

// The q-quantile, linear between order statistics: what the profile's interval must be.
double quantileOf(std::vector<double> x, double q) {
    std::sort(x.begin(), x.end());
    const double at = q * static_cast<double>(x.size() - 1);
    const auto lo = static_cast<std::size_t>(at);
    const std::size_t hi = std::min(lo + 1, x.size() - 1);
    return x[lo] + (at - static_cast<double>(lo)) * (x[hi] - x[lo]);
}

TEST(Calibrate, IntervalIsTheLeaveOneOutQuantiles) {
    const FitResult r = fitProfile(grid(truth(), 0.05), fromStart());
    ASSERT_TRUE(r.ok) << r.error;
    std::vector<double> loo, in;
    double looSquares = 0.0, inSquares = 0.0;
    for (const RecordResidual& res : r.residuals) {
        loo.push_back(res.looResidual);
        in.push_back(res.residual);
        looSquares += res.looResidual * res.looResidual;
        inSquares += res.residual * res.residual;
    }
    // 126 records: the 10th percentile sits at 0.1 · 125 = 12.5, halfway between the 13th
    // and 14th smallest leave-one-out residuals; the 90th at 112.5.
    EXPECT_DOUBLE_EQ(r.profile.residualLow, quantileOf(loo, 0.1));
    EXPECT_DOUBLE_EQ(r.profile.residualHigh, quantileOf(loo, 0.9));
    // Held-out residuals are larger than in-sample ones: each record no longer pulls the
    // fit towards itself.
    EXPECT_GT(looSquares, inSquares);
    EXPECT_NE(r.profile.residualHigh, quantileOf(in, 0.9));
    EXPECT_GE(r.medianAbsLooError, r.medianAbsError);
}

TEST(Calibrate, RecordsOfOneSourceAreLeftOutTogether) {
    // Two sources of TPOT records on the same grid: "a" ran with truth()'s 3 ms a step, "b"
    // on a stack with 6 ms. Fitting the overhead alone (the rest held at truth()), the
    // interval's refit without "b" is fitted on "a" alone and finds 3 ms exactly, so each of
    // b's records, measured at t + 6 ms, is predicted t + 3 ms: its residual is
    // ln((t + 6 ms) / (t + 3 ms)), t the step without overhead; and the other way round.
    // Left out one record at a time, the other 53 of its source would hold the fit near it.
    CalibrationProfile slower = truth();
    slower.stepOverheadSeconds = 6e-3;
    std::vector<CalibrationRecord> records;
    for (const auto& [profile, source] :
         {std::pair<CalibrationProfile, std::string>{truth(), "a"}, {slower, "b"}}) {
        for (CalibrationRecord r : grid(profile)) {
            if (r.metric == MeasuredMetric::TpotMs) {
                r.source = source;
                r.id += "-" + source;
                records.push_back(std::move(r));
            }
        }
    }
    ASSERT_EQ(records.size(), 108u);  // 3 models × 2 precisions × 3 batches × 3 lengths, twice
    FitOptions o;
    o.base = truth();
    o.free = {kStepOverheadParameter};
    const FitResult r = fitProfile(records, o);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(r.heldOutBySource);
    for (std::size_t i = 0; i < records.size(); ++i) {
        const RecordResidual& res = r.residuals[i];
        // t from the record itself: its measured TPOT less its own source's overhead.
        const bool b = records[i].source == "b";
        const double t = records[i].value / 1000.0 - (b ? 6e-3 : 3e-3);
        const double expected =
            b ? std::log((t + 6e-3) / (t + 3e-3)) : std::log((t + 3e-3) / (t + 6e-3));
        EXPECT_NEAR(res.looResidual, expected, 1e-6) << res.id;
    }
    // One source only: one record at a time, as without sources.
    std::vector<CalibrationRecord> one(records.begin(), records.begin() + 54);
    const FitResult single = fitProfile(one, o);
    ASSERT_TRUE(single.ok) << single.error;
    EXPECT_FALSE(single.heldOutBySource);
    EXPECT_LT(std::abs(single.residuals.front().looResidual), 1e-6);  // noise-free: exact
}

TEST(Calibrate, IntervalWidensWithNoise) {
    // No noise: the interval closes to nothing. σ = 0.05: about ± 1.28 σ = ± 0.064
    // (10th–90th of a normal), wider with σ = 0.1.
    const FitResult exact = fitProfile(grid(truth()), fromStart());
    const FitResult noisy = fitProfile(grid(truth(), 0.05), fromStart());
    const FitResult noisier = fitProfile(grid(truth(), 0.1), fromStart());
    ASSERT_TRUE(exact.ok && noisy.ok && noisier.ok);
    const auto width = [](const FitResult& r) {
        return r.profile.residualHigh - r.profile.residualLow;
    };
    EXPECT_LT(width(exact), 2e-3);
    EXPECT_GT(width(noisy), 0.08);
    EXPECT_LT(width(noisy), 0.25);
    EXPECT_GT(width(noisier), width(noisy));
}

TEST(Calibrate, FewRecordsWidenTheIntervalToTheLargestResidual) {
    // Four records, one free parameter: ± the largest |leave-one-out residual|, said in a note.
    std::vector<CalibrationRecord> records;
    const std::vector<double> noise = {1.05, 0.97, 1.02, 0.99};
    for (std::size_t i = 0; i < noise.size(); ++i) {
        CalibrationRecord r;
        r.scenario = llamaOnH100(Precision::Bf16, std::int64_t{1} << (2 * i), 1024, 256);
        r.metric = MeasuredMetric::TpotMs;
        r.value = generated(r.scenario, r.metric, truth()) * noise[i];
        r.id = "r" + std::to_string(i);
        records.push_back(r);
    }
    FitOptions o;
    o.base = truth();
    o.free = {kStepOverheadParameter};
    const FitResult r = fitProfile(records, o);
    ASSERT_TRUE(r.ok) << r.error;
    double largest = 0.0;
    for (const RecordResidual& res : r.residuals) {
        largest = std::max(largest, std::abs(res.looResidual));
    }
    EXPECT_GT(largest, 0.01);
    EXPECT_DOUBLE_EQ(r.profile.residualHigh, largest);
    EXPECT_DOUBLE_EQ(r.profile.residualLow, -largest);
    bool said = false;
    for (const std::string& note : r.notes) {
        said = said || note.find("fewer than 5 records") != std::string::npos;
    }
    EXPECT_TRUE(said);
}

TEST(Calibrate, IsDeterministic) {
    std::vector<CalibrationRecord> records = grid(truth(), 0.05);
    records.resize(60);
    const FitResult a = fitProfile(records, fromStart());
    const FitResult b = fitProfile(records, fromStart());
    ASSERT_TRUE(a.ok && b.ok);
    EXPECT_EQ(a.profile, b.profile);
}

}  // namespace
}  // namespace roofline
