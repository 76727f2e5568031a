// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: calibration profile parser. Every input gives a profile or errors, never
// a crash; a profile it gives is valid (validateProfile() empty), comes back unchanged from
// its own JSON, and estimates an H100 / Llama 3.1 8B scenario to finite times with an
// interval (low ≤ high).
#include <cmath>
#include <cstdint>
#include <memory>
#include <string_view>

#include "fuzz_common.h"
#include "roofline/io/calibration.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofline;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const io::Loaded<CalibrationProfile> p = io::parseCalibrationProfile(text, "fuzz.json", "fuzz");
    fuzz::checkIssues(p.issues);
    if (!p.ok()) {
        fuzz::check(hasErrors(p.issues));
        return 0;
    }
    fuzz::check(validateProfile(*p.value).empty());
    const io::Loaded<CalibrationProfile> back =
        io::parseCalibrationProfile(io::calibrationProfileToJson(*p.value), "back.json", "fuzz");
    fuzz::check(back.ok() && *back.value == *p.value);

    static const Scenario base = [] {
        Scenario s;
        s.hardware = *io::builtinHardware("h100-sxm").value;
        s.model = *io::builtinModel("llama-3.1-8b").value;
        s.workload.ceilings = Ceilings::Estimate;
        return s;
    }();
    Scenario s = base;
    s.calibration = std::make_shared<const CalibrationProfile>(*p.value);
    fuzz::check(!hasErrors(validate(s)));
    const Analysis a = analyze(s);
    fuzz::checkFinite(a);
    fuzz::check(a.estimate.has_value());
    const EstimateResult& e = *a.estimate;
    fuzz::check(std::isfinite(e.tpotSeconds) && e.tpotSeconds > 0.0);
    fuzz::check(std::isfinite(e.ttftSeconds) && e.ttftSeconds > 0.0);
    // The interval: exp(residual quantiles) times the estimate, low ≤ high (both may lie
    // above the estimate when a fit's residuals are all positive).
    for (const auto& interval : {e.tpotIntervalSeconds, e.ttftIntervalSeconds}) {
        fuzz::check(std::isfinite(interval[1]) && interval[0] > 0.0 && interval[0] <= interval[1]);
    }
    return 0;
}
