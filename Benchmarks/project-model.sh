#!/usr/bin/env bash
# Benchmarks/project-model.sh — what reading the project files costs (issue 24): a synthetic Xcode project of
# about 5 MB (120 framework targets × 100 files, groups and build settings like real ones) and, optionally, a real
# app's checkout. For each: `flowlint lint` with the project model and with --no-targets, cold (no facts cache)
# and warm (the model kept in the facts pack), median CPU time of RUNS runs; the difference is the model's cost.
#
#   Benchmarks/project-model.sh [FLOWLINT] [APP_DIR...]      (RUNS=9 by default)
#
# FLOWLINT defaults to the release build Tools/install.sh makes (.build-install). Everything is generated in a
# temporary directory; the files are empty (a lint of empty files costs little, so the model's share shows).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${1:-}"
[ -n "$bin" ] || bin="$("$root/Benchmarks/release-flowlint.sh")"
shift || true
runs="${RUNS:-9}"
work="$(mktemp -d "${TMPDIR:-/tmp}/flowlint-model.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache" XDG_STATE_HOME="$work/state"

synthetic="$work/synthetic"
python3 - "$synthetic" 120 100 <<'PY'
import os, sys
out = sys.argv[1]; T = int(sys.argv[2]); M = int(sys.argv[3])
ids = iter(range(1, 10**7))
def nid(): return "%024X" % next(ids)
settings = """				ALWAYS_SEARCH_USER_PATHS = NO;
				CLANG_ENABLE_MODULES = YES;
				CODE_SIGN_STYLE = Automatic;
				CURRENT_PROJECT_VERSION = 1;
				ENABLE_PREVIEWS = YES;
				GENERATE_INFOPLIST_FILE = YES;
				IPHONEOS_DEPLOYMENT_TARGET = 17.0;
				LD_RUNPATH_SEARCH_PATHS = (
					"$(inherited)",
					"@executable_path/Frameworks",
				);
				MARKETING_VERSION = 1.0;
				PRODUCT_BUNDLE_IDENTIFIER = "com.example.$(TARGET_NAME:rfc1034identifier)";
				PRODUCT_NAME = "$(TARGET_NAME)";
				SWIFT_ACTIVE_COMPILATION_CONDITIONS = "$(inherited) FEATURE_A";
				"SWIFT_ACTIVE_COMPILATION_CONDITIONS[sdk=macosx*]" = "$(inherited) MAC";
				SUPPORTED_PLATFORMS = "iphoneos iphonesimulator macosx";
				SWIFT_VERSION = 5.0;
				TARGETED_DEVICE_FAMILY = "1,2";"""
lines = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {\n\t};", "\tobjectVersion = 77;", "\tobjects = {", ""]
main = nid(); project = nid(); project_list = nid(); main_children = []; targets = []
for t in range(T):
    name = "Module%03d" % t
    target, phase, config_list, debug, release, group = nid(), nid(), nid(), nid(), nid(), nid()
    sub_groups = []; phase_files = []
    for m in range(M):
        if m % 20 == 0:
            sub = nid(); sub_name = "Sub%02d" % (m // 20); sub_groups.append((sub, sub_name, []))
            os.makedirs(os.path.join(out, name, sub_name), exist_ok=True)
        ref, build_file, file_name = nid(), nid(), "File%04d.swift" % m
        open(os.path.join(out, name, sub_name, file_name), "w").close()
        sub_groups[-1][2].append((ref, file_name))
        lines.append("\t\t%s /* %s in Sources */ = {isa = PBXBuildFile; fileRef = %s /* %s */; };" % (build_file, file_name, ref, file_name))
        lines.append("\t\t%s /* %s */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = %s; sourceTree = \"<group>\"; };" % (ref, file_name, file_name))
        phase_files.append((build_file, file_name))
    for sub, sub_name, files in sub_groups:
        lines += ["\t\t%s /* %s */ = {" % (sub, sub_name), "\t\t\tisa = PBXGroup;", "\t\t\tchildren = ("] + ["\t\t\t\t%s /* %s */," % f for f in files]
        lines += ["\t\t\t);", "\t\t\tpath = %s;" % sub_name, "\t\t\tsourceTree = \"<group>\";", "\t\t};"]
    lines += ["\t\t%s /* %s */ = {" % (group, name), "\t\t\tisa = PBXGroup;", "\t\t\tchildren = ("] + ["\t\t\t\t%s /* %s */," % (s[0], s[1]) for s in sub_groups]
    lines += ["\t\t\t);", "\t\t\tpath = %s;" % name, "\t\t\tsourceTree = \"<group>\";", "\t\t};"]
    main_children.append((group, name))
    lines += ["\t\t%s /* Sources */ = {" % phase, "\t\t\tisa = PBXSourcesBuildPhase;", "\t\t\tbuildActionMask = 2147483647;", "\t\t\tfiles = ("]
    lines += ["\t\t\t\t%s /* %s in Sources */," % f for f in phase_files] + ["\t\t\t);", "\t\t\trunOnlyForDeploymentPostprocessing = 0;", "\t\t};"]
    for config, config_name in ((debug, "Debug"), (release, "Release")):
        lines += ["\t\t%s /* %s */ = {" % (config, config_name), "\t\t\tisa = XCBuildConfiguration;", "\t\t\tbuildSettings = {", settings, "\t\t\t};", "\t\t\tname = %s;" % config_name, "\t\t};"]
    lines += ["\t\t%s = {isa = XCConfigurationList; buildConfigurations = (%s, %s, ); defaultConfigurationName = Release; };" % (config_list, debug, release)]
    lines += ["\t\t%s /* %s */ = {" % (target, name), "\t\t\tisa = PBXNativeTarget;", "\t\t\tbuildConfigurationList = %s;" % config_list,
              "\t\t\tbuildPhases = (\n\t\t\t\t%s /* Sources */,\n\t\t\t);" % phase, "\t\t\tdependencies = (\n\t\t\t);", "\t\t\tname = %s;" % name,
              "\t\t\tproductName = %s;" % name, "\t\t\tproductType = \"com.apple.product-type.framework\";", "\t\t};"]
    targets.append((target, name))
lines += ["\t\t%s /* Main */ = {" % main, "\t\t\tisa = PBXGroup;", "\t\t\tchildren = ("] + ["\t\t\t\t%s /* %s */," % c for c in main_children] + ["\t\t\t);", "\t\t\tsourceTree = \"<group>\";", "\t\t};"]
debug, release = nid(), nid()
lines += ["\t\t%s = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; SWIFT_ACTIVE_COMPILATION_CONDITIONS = \"DEBUG $(inherited)\"; }; name = Debug; };" % debug]
lines += ["\t\t%s = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };" % release]
lines += ["\t\t%s = {isa = XCConfigurationList; buildConfigurations = (%s, %s, ); defaultConfigurationName = Release; };" % (project_list, debug, release)]
lines += ["\t\t%s /* Project object */ = {" % project, "\t\t\tisa = PBXProject;", "\t\t\tbuildConfigurationList = %s;" % project_list,
          "\t\t\tmainGroup = %s;" % main, "\t\t\tprojectDirPath = \"\";", "\t\t\ttargets = ("] + ["\t\t\t\t%s /* %s */," % t for t in targets] + ["\t\t\t);", "\t\t};"]
lines += ["\t};", "\trootObject = %s /* Project object */;" % project, "}", ""]
os.makedirs(os.path.join(out, "Synthetic.xcodeproj"), exist_ok=True)
open(os.path.join(out, "Synthetic.xcodeproj", "project.pbxproj"), "w").write("\n".join(lines))
PY
: > "$synthetic/.flowlint.yml"

# Median CPU milliseconds (user + system, all threads) of RUNS runs of a command (output discarded): CPU time,
# not wall time, so other load on the machine does not count.
median_ms() {
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%U %S" -o "$work/cpu" "$@" >/dev/null 2>&1 || true
        awk '{ printf "%d\n", ($1 + $2) * 1000 }' "$work/cpu"
    done | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2) }'
}

echo "| project | pbxproj | Swift files | cold, model | cold, --no-targets | warm, model | warm, --no-targets | model's cost cold / warm (CPU) |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for project in "$synthetic" "$@"; do
    project="$(cd "$project" && pwd)"
    size=$(find "$project" -name project.pbxproj -not -path '*/.git/*' -exec cat {} + 2>/dev/null | wc -c)
    files=$(find "$project" -name '*.swift' -not -path '*/.git/*' | wc -l)
    cold=$(median_ms "$bin" lint --no-cache --quiet --project "$project" "$project")
    cold_off=$(median_ms "$bin" lint --no-cache --quiet --no-targets --project "$project" "$project")
    "$bin" lint --quiet --project "$project" "$project" >/dev/null 2>&1 || true   # fills the cache
    warm=$(median_ms "$bin" lint --quiet --project "$project" "$project")
    "$bin" lint --quiet --no-targets --project "$project" "$project" >/dev/null 2>&1 || true
    warm_off=$(median_ms "$bin" lint --quiet --no-targets --project "$project" "$project")
    printf '| %s | %s KB | %s | %s ms | %s ms | %s ms | %s ms | %s / %s ms |\n' "$(basename "$project")" $((size / 1024)) "$files" \
        "$cold" "$cold_off" "$warm" "$warm_off" $((cold - cold_off)) $((warm - warm_off))
done
