// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: Hugging Face config.json importer, then analysis on H100.
#include <cstdint>
#include <string_view>

#include "fuzz_common.h"
#include "roofline/io/presets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofline;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const io::Loaded<Model> model = io::parseModelConfig(text, "config.json", "fuzz");
    fuzz::checkIssues(model.issues);
    if (!model.ok()) {
        fuzz::check(hasErrors(model.issues));
        return 0;
    }
    static const Hardware hw = *io::builtinHardware("h100-sxm").value;
    Workload w;
    w.promptTokens = 512;
    w.contextTokens = 512;
    const Scenario s{hw, *model.value, w};
    if (!hasErrors(validate(s))) {
        fuzz::checkFinite(analyze(s));
    }
    return 0;
}
