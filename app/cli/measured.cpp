// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-cli measured FILE`: measured results against the model (DOMAIN.md §7).

#include "roofline/io/measured.h"

#include "cli.h"
#include "cli_internal.h"
#include "roofline/format.h"

namespace roofline::cli {

namespace {

void printMeasuredTable(std::ostream& out, const io::MeasuredFile& file, Ceilings ceilings) {
    const char* counted = file.json ? "row" : "line";
    out << "Measured results against the model (" << (ceilings == Ceilings::Peak ? "peak" : "achievable")
        << " ceilings): " << file.rows.size() << (file.rows.size() == 1 ? " row" : " rows")
        << " kept, " << file.rejected.size() << " rejected\n"
        << "efficiency = predicted time / measured time; the point is at the pass's intensity "
           "and the FLOP/s achieved\n\n";
    if (!file.rows.empty()) {
        out << pad(counted, 6) << pad("model", 16) << pad("hardware", 16) << pad("tp", 4)
            << pad("w/a/kv", 16) << pad("B", 6) << pad("P", 7) << pad("O", 7) << pad("metric", 32)
            << pad("measured", 22) << pad("predicted", 22) << pad("eff.", 7) << pad("pass", 9)
            << pad("intensity", 15) << "achieved\n";
    }
    for (const io::MeasuredRow& row : file.rows) {
        const io::MeasuredResult r = io::placeRow(row, ceilings);
        const MeasuredPlacement& p = r.placement;
        out << pad(std::to_string(row.line), 6) << pad(row.model, 16) << pad(row.hardware, 16)
            << pad(integerText(row.tp), 4)
            << pad(std::string(toString(row.weights)) + "/" + std::string(toString(row.activations)) +
                       "/" + std::string(toString(row.kv)),
                   16)
            << pad(formatInteger(row.batch), 6) << pad(formatInteger(row.prompt), 7)
            << pad(formatInteger(row.output), 7) << pad(std::string(toString(row.metric)), 32)
            << pad(formatMeasured(row.metric, row.value), 22)
            << pad(formatMeasured(row.metric, p.predictedValue), 22)
            << pad(formatNumber(p.efficiency * 100.0, 3) + "%", 7)
            << pad(std::string(toString(p.pass)), 9)
            << pad(formatNumber(p.intensityFlopsPerByte) + " FLOP/B", 15)
            << formatSi(p.achievedFlopsPerSecond, "FLOP/s") << '\n';
    }
    if (!file.rejected.empty()) {
        out << (file.rows.empty() ? "" : "\n") << "Rejected\n";
        for (const io::MeasuredRejected& r : file.rejected) {
            // Streamed piece by piece: "x" + std::string at -O3 trips GCC 12's false
            // -Wrestrict (bug 105651).
            if (r.line == 0) {
                out << "file";
            } else {
                out << counted << ' ' << r.line;
            }
            out << ": " << r.reason << '\n';
        }
    }
}

}  // namespace

int runMeasured(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::string path;
    std::string format = "table";
    Ceilings ceilings = Ceilings::Peak;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string name = args[i];
        std::optional<std::string> value;
        if (const auto eq = name.find('='); name.starts_with("--") && eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (name == "--format" || name == "--ceilings") {
            if (!value) {
                if (i + 1 >= args.size()) {
                    err << "roofline-cli: " << name << " expects a value\n";
                    return kExitUsage;
                }
                value = args[++i];
            }
            if (name == "--format") {
                if (*value != "table" && *value != "json") {
                    err << "roofline-cli: measured --format expects table or json, got '"
                        << *value << "'\n";
                    return kExitUsage;
                }
                format = *value;
            } else {
                if (*value != "peak" && *value != "achievable") {
                    err << "roofline-cli: --ceilings expects peak or achievable, got '" << *value
                        << "'\n";
                    return kExitUsage;
                }
                ceilings = *value == "peak" ? Ceilings::Peak : Ceilings::Achievable;
            }
        } else if (path.empty() && !args[i].starts_with("--")) {
            path = args[i];
        } else {
            err << "roofline-cli: measured: unknown argument '" << args[i] << "'\n";
            return kExitUsage;
        }
    }
    if (path.empty()) {
        err << "roofline-cli: measured expects a FILE (CSV or JSON)\nTry 'roofline-cli --help'.\n";
        return kExitUsage;
    }
    const io::MeasuredFile file = io::loadMeasuredFile(path);
    for (const std::string& warning : file.warnings) {
        err << path << ": warning: " << warning << '\n';
    }
    if (format == "json") {
        out << io::measuredToJson(file, ceilings);
    } else {
        printMeasuredTable(out, file, ceilings);
    }
    if (file.rows.empty()) {
        err << path << ": no row could be used\n";
        return kExitInvalid;
    }
    return kExitOk;
}

}  // namespace roofline::cli
