// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: hardware preset parser, then analysis on the default model.
#include <cstdint>
#include <string_view>

#include "fuzz_common.h"
#include "roofline/io/presets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofline;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const io::Loaded<Hardware> hw = io::parseHardware(text, "fuzz.json");
    fuzz::checkIssues(hw.issues);
    if (!hw.ok()) {
        fuzz::check(hasErrors(hw.issues));
        return 0;
    }
    static const Model model = *io::builtinModel("llama-3.1-8b").value;
    const Scenario s{*hw.value, model, Workload{}};
    fuzz::check(!hasErrors(validate(s)));
    fuzz::checkFinite(analyze(s));
    return 0;
}
