// SPDX-License-Identifier: GPL-3.0-or-later
// The views' data as CSV text; the columns are in view_csv.h.
#include "roofline/view_csv.h"

#include <array>

#include "roofline/format.h"

namespace roofline {
namespace {

/// Appends `v` at 10 significant figures (writeGeneral).
void number(std::string& out, double v) {
    std::array<char, kMaxNumberChars> buffer{};
    out.append(buffer.data(), writeGeneral(buffer.data(), v, 10));
}

const char* flag(bool b) { return b ? "true" : "false"; }

}  // namespace

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) {
        return text;
    }
    std::string out = "\"";
    for (const char ch : text) {
        out += ch;
        if (ch == '"') {
            out += '"';
        }
    }
    return out + '"';
}

std::string batchSweepCsv(const BatchSweep& sweep) {
    std::string out =
        "batch,tpot_s,decode_tokens_per_s,plain_tpot_s,plain_tokens_per_s,bound,fits\n";
    for (const BatchSweepPoint& p : sweep.points) {
        out.append(integerText(p.batch)).append(",");
        number(out, p.tpotSeconds);
        out.append(",");
        number(out, p.decodeTokensPerSecond);
        out.append(",");
        number(out, p.plainTpotSeconds);
        out.append(",");
        number(out, p.plainTokensPerSecond);
        out.append(",").append(toString(p.bound)).append(",").append(flag(p.fits)).append("\n");
    }
    return out;
}

std::string regimeGridCsv(const RegimeGrid& grid) {
    std::string out = "batch,context_tokens,bound,tpot_s,decode_tokens_per_s,fits\n";
    out.reserve(out.size() + grid.cells.size() * 48);
    for (std::size_t j = 0; j < grid.contexts.size(); ++j) {
        for (std::size_t i = 0; i < grid.batches.size(); ++i) {
            const RegimeCell& c = grid.at(i, j);
            out.append(integerText(grid.batches[i]))
                .append(",")
                .append(integerText(grid.contexts[j]))
                .append(",")
                .append(toString(c.bound))
                .append(",");
            number(out, c.tpotSeconds);
            out.append(",");
            number(out, c.decodeTokensPerSecond);
            out.append(",").append(flag(c.fits)).append("\n");
        }
    }
    return out;
}

std::string frontierCsv(const Frontier& frontier, const FrontierRequest& request,
                        const FrontierCsvColumns& columns,
                        const std::optional<FrontierSelection>& selection) {
    std::string out = "hardware,tp,quantization,batch";
    out.append(columns.expertParallel ? ",expert_parallel" : "")
        .append(
            ",fits,ttft_s,tpot_s,interactivity_tokens_per_s_per_user,"
            "throughput_tokens_per_s_per_device")
        .append(columns.price ? ",usd_per_million_output_tokens" : "")
        .append(",on_frontier")
        .append(columns.slo ? ",meets_slo" : "")
        // min_devices came in round 3 and the price columns later: each went last, so that
        // the columns before it keep their places.
        .append(",min_devices")
        .append(columns.price ? ",price_per_device_hour_usd,output_tokens_per_usd" : "")
        .append(columns.pipeline ? ",pipeline_stages" : "")
        .append(columns.prefillPool ? ",prefill_pool" : "")
        .append(columns.pipeline || columns.prefillPool ? ",devices" : "")
        .append("\n");
    const auto optional = [&out](const std::optional<double>& v) {
        out.append(",");
        if (v) {
            number(out, *v);
        }
    };
    for (std::size_t i = 0; i < frontier.points.size(); ++i) {
        if (selection && !selection->shown[i]) {
            continue;
        }
        const FrontierPoint& p = frontier.points[i];
        const FrontierConfiguration& c = p.configuration;
        const RequestResult& r = p.result;
        out.append(csvField(columns.hardware[c.hardware]))
            .append(",")
            .append(integerText(c.tensorParallel))
            .append(",")
            .append(toString(c.quantization))
            .append(",")
            .append(integerText(c.batch));
        if (columns.expertParallel) {
            out.append(c.expertParallel ? ",on" : ",off");
        }
        out.append(",").append(flag(r.fits)).append(",");
        number(out, r.ttftSeconds);
        out.append(",");
        number(out, r.tpotSeconds);
        out.append(",");
        number(out, r.interactivityTokensPerSecondPerUser);
        out.append(",");
        number(out, r.throughputTokensPerSecondPerDevice);
        if (columns.price) {
            optional(r.usdPerMillionOutputTokens);
        }
        out.append(",").append(flag(selection ? selection->onFrontier[i] : p.onFrontier));
        if (columns.slo) {
            out.append(",").append(flag(p.meetsSlo.value_or(false)));
        }
        out.append(",").append(r.minDevices ? integerText(*r.minDevices) : std::string());
        if (columns.price) {
            optional(hardwarePrice(request, c.hardware));
            optional(r.outputTokensPerUsd);
        }
        if (columns.pipeline) {
            out.append(",").append(integerText(c.pipelineStages));
        }
        if (columns.prefillPool) {
            out.append(",").append(integerText(c.prefillPool));
        }
        if (columns.pipeline || columns.prefillPool) {
            out.append(",").append(integerText(configurationDevices(c)));
        }
        out.append("\n");
    }
    return out;
}

}  // namespace roofline
