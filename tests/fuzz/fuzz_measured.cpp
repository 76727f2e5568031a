// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: measured-results parser (CSV and JSON). Every input gives kept rows or
// rejected ones, never a crash; a rejected row names its line and why; a kept row is a
// valid scenario whose placement is finite and positive under both ceilings.
#include <cmath>
#include <cstdint>
#include <string_view>

#include "fuzz_common.h"
#include "roofline/io/measured.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofline;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    // Only shipped ids: a fuzzed path must not make the target read arbitrary files.
    io::MeasuredOptions options;
    options.allowFiles = false;
    const io::MeasuredFile file = io::parseMeasured(text, options);
    // Lines (CSV) and positions (JSON) are within the input: at most one per byte, + 1.
    for (const io::MeasuredRejected& r : file.rejected) {
        fuzz::check(!r.reason.empty());
        fuzz::check(r.line <= size + 1);
    }
    for (const std::string& w : file.warnings) {
        fuzz::check(!w.empty());
    }
    std::size_t previous = 0;
    for (const io::MeasuredRow& row : file.rows) {
        // In file order; the rows of one benchmark run (bench_results.h) share its number.
        const bool benchmark = file.format == io::MeasuredFormat::VllmBench ||
                               file.format == io::MeasuredFormat::GuideLlm;
        fuzz::check(row.line >= 1 && (row.line > previous || (benchmark && row.line == previous)));
        previous = row.line;
        fuzz::check(!hasErrors(validate(row.scenario)));
        fuzz::check(row.value > 0.0 && std::isfinite(row.value));
        for (Ceilings c : {Ceilings::Peak, Ceilings::Achievable}) {
            const io::MeasuredResult r = io::placeRow(row, c);
            fuzz::checkFinite(r.analysis);
            const MeasuredPlacement& p = r.placement;
            fuzz::check(std::isfinite(p.efficiency) && p.efficiency > 0.0);
            fuzz::check(std::isfinite(p.achievedFlopsPerSecond) && p.achievedFlopsPerSecond > 0.0);
            fuzz::check(std::isfinite(p.intensityFlopsPerByte) && p.intensityFlopsPerByte > 0.0);
            fuzz::check(std::isfinite(p.predictedValue) && p.predictedValue > 0.0);
        }
    }
    return 0;
}
