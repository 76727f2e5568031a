// SPDX-License-Identifier: GPL-3.0-or-later
// analyze() is called for every frame and every sweep cell: it must stay under 1 µs.
// Run: build/release/tests/benchmarks/roofline_benchmarks --benchmark_repetitions=5
//      --benchmark_report_aggregates_only=true   (quote the medians)

#include <algorithm>

#include <benchmark/benchmark.h>

#include "roofline/analysis.h"
#include "roofline/io/levers.h"
#include "roofline/io/presets.h"
#include "roofline/io/scenario_file.h"
#include "roofline/levers.h"
#include "roofline/sweep.h"

namespace {

using namespace roofline;

Scenario load(const std::string& hardware, const std::string& model) {
    io::ScenarioFile file;
    file.hardware = hardware;
    file.model = model;
    io::ResolvedScenario r = io::resolve(file);
    if (!r.ok()) {
        std::abort();
    }
    return r.scenario;
}

void BM_Analyze(benchmark::State& state, const std::string& model) {
    const Scenario s = load("h100-sxm", model);
    for (auto _ : state) {
        Analysis a = analyze(s);
        benchmark::DoNotOptimize(a);
    }
}

// Speculative decoding adds a verify pass, and with a model draft a draft pass: budget 2 µs.
void BM_AnalyzeSpeculative(benchmark::State& state, const std::string& draft) {
    io::ScenarioFile file;
    file.workload.speculativeTokens = 4;
    file.workload.acceptanceRate = 0.7;
    file.workload.draftKind = draft == "ngram" ? DraftKind::Ngram : DraftKind::Model;
    file.draftModel = draft;
    io::ResolvedScenario r = io::resolve(file);
    if (!r.ok() || (draft != "ngram" && !r.scenario.draft)) {
        std::abort();
    }
    for (auto _ : state) {
        Analysis a = analyze(r.scenario);
        benchmark::DoNotOptimize(a);
    }
}

// The estimate ceiling (DOMAIN.md §11) walks every operator once more: budget 1.5 µs.
void BM_AnalyzeEstimate(benchmark::State& state, const std::string& model) {
    io::ScenarioFile file;
    file.model = model;
    file.workload.batch = 8;
    file.workload.ceilings = Ceilings::Estimate;
    io::ResolvedScenario r = io::resolve(file);
    if (!r.ok() || r.scenario.calibration == nullptr) {
        std::abort();
    }
    for (auto _ : state) {
        Analysis a = analyze(r.scenario);
        benchmark::DoNotOptimize(a);
    }
}

// The Explain panel ranks every lever on every slider step (thirteen analyze() calls).
void BM_EvaluateLevers(benchmark::State& state, LeverDetail detail) {
    const Scenario s = load("h100-sxm", "llama-3.1-8b");
    const Analysis a = analyze(s);
    const LeverContext context = io::leverContext(s);
    for (auto _ : state) {
        std::vector<LeverOutcome> levers = evaluateLevers(s, a, context, detail);
        benchmark::DoNotOptimize(levers);
    }
}
BENCHMARK_CAPTURE(BM_EvaluateLevers, words, LeverDetail::Words)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_EvaluateLevers, numbers, LeverDetail::Numbers)->Unit(benchmark::kMicrosecond);

void BM_RegimeGrid128(benchmark::State& state, const std::string& model);

void registerModels() {
    for (const std::string model : {"llama-3.1-8b", "deepseek-v3"}) {
        benchmark::RegisterBenchmark(("BM_RegimeGrid128/" + model).c_str(), BM_RegimeGrid128, model)
            ->Unit(benchmark::kMillisecond);
    }
    // Dense presets have a budget of 1 µs; hybrids (state layers) and sparse attention,
    // which run more operators, 1.5 µs (scripts/bench.sh reads the prefix).
    for (const std::string& id : io::modelIds()) {
        const Model m = load("h100-sxm", id).model;
        const bool newKinds =
            std::any_of(m.layerGroups.begin(), m.layerGroups.end(), [](const LayerGroup& g) {
                return g.mixer == MixerKind::GatedDeltaNet || g.mixer == MixerKind::Mamba2 ||
                       g.mixer == MixerKind::SparseMla;
            });
        benchmark::RegisterBenchmark(
            ((newKinds ? "BM_AnalyzeHybrid/" : "BM_Analyze/") + id).c_str(), BM_Analyze, id);
    }
    for (const std::string model : {"llama-3.1-8b", "deepseek-v3"}) {
        benchmark::RegisterBenchmark(("BM_AnalyzeEstimate/" + model).c_str(), BM_AnalyzeEstimate,
                                     model);
    }
    // A scenario that does not fit (a warning on every call): Llama-3.1-405B on one H100.
    benchmark::RegisterBenchmark("BM_AnalyzeDoesNotFit/llama-3.1-405b", BM_Analyze,
                                 std::string("llama-3.1-405b"));
    for (const std::string draft : {"ngram", "llama-3.2-1b"}) {
        benchmark::RegisterBenchmark(("BM_AnalyzeSpeculative/llama-3.1-8b+" + draft).c_str(),
                                     BM_AnalyzeSpeculative, draft);
    }
}

// A batch × context sweep of 100 × 100 = 10,000 cells (budget: 20 ms).
void BM_Sweep10k(benchmark::State& state) {
    Scenario s = load("h100-sxm", "llama-3.1-70b");
    for (auto _ : state) {
        double sum = 0.0;
        for (int b = 1; b <= 100; ++b) {
            for (int c = 0; c < 100; ++c) {
                s.workload.batch = b * 4;
                s.workload.contextTokens = 128 + c * 1280;
                sum += analyze(s).tpotSeconds;
            }
        }
        benchmark::DoNotOptimize(sum);
    }
}
BENCHMARK(BM_Sweep10k)->Unit(benchmark::kMillisecond);

void BM_LoadHardwarePreset(benchmark::State& state) {
    for (auto _ : state) {
        auto hw = io::builtinHardware("h100-sxm");
        benchmark::DoNotOptimize(hw);
    }
}
BENCHMARK(BM_LoadHardwarePreset)->Unit(benchmark::kMicrosecond);

void BM_ImportModelConfig(benchmark::State& state) {
    for (auto _ : state) {
        auto m = io::builtinModel("deepseek-v3");
        benchmark::DoNotOptimize(m);
    }
}
BENCHMARK(BM_ImportModelConfig)->Unit(benchmark::kMicrosecond);

void BM_DecodeBatchTrail(benchmark::State& state) {
    const Scenario s = load("h100-sxm", "llama-3.1-8b");
    for (auto _ : state) {
        auto trail = decodeBatchTrail(s, 4096);
        benchmark::DoNotOptimize(trail);
    }
}
BENCHMARK(BM_DecodeBatchTrail)->Unit(benchmark::kMicrosecond);

// The regime map's grid, 128 × 128 cells of batch 1…4096 × context 16…max, recomputed on
// every slider step while the map is visible: the decode pass alone per cell, plus one
// analyze() per column and per distinct batch (roofline/sweep.h). Reported per grid; the
// window's budget is the interaction p99 of 8 ms with the map visible.
void BM_RegimeGrid128(benchmark::State& state, const std::string& model) {
    const Scenario s = load("h100-sxm", model);
    RegimeGridSpec spec;
    spec.maxContext = s.model.maxPositionEmbeddings - 1;
    RegimeGrid grid;
    computeRegimeGrid(s, spec, grid);  // storage allocated once, as in the view
    for (auto _ : state) {
        computeRegimeGrid(s, spec, grid);
        benchmark::DoNotOptimize(grid.cells.data());
    }
    state.counters["per_cell"] = benchmark::Counter(
        static_cast<double>(spec.batchCells * spec.contextCells),
        benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// The batch-sweep view: one analyze() per batch, 64 log-spaced batches and the marks.
void BM_BatchSweep(benchmark::State& state) {
    const Scenario s = load("h100-sxm", "llama-3.1-8b");
    for (auto _ : state) {
        auto sweep = batchSweep(s, 4096, 64);
        benchmark::DoNotOptimize(sweep);
    }
}
BENCHMARK(BM_BatchSweep)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
    registerModels();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
