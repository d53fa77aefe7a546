#!/usr/bin/env python3
"""Benchmarks/hostile-inputs.py — deep and flat variants of every construct, through every front-end command.

    Benchmarks/hostile-inputs.py [--bin FLOWLINT] [--kb 100] [--steps 3] [--modes lint,tokens,ast,outline]
                                 [--stack-kb 8192] [--timeout 60] [NAME-FILTER...]

Each generator writes one input (a chain thousands of links long, a construct nested thousands deep, thousands
of statements or directives) at --kb KB, then 2x, 4x ... (--steps sizes), each as the only file of its own
project, and runs `flowlint lint --no-cache` and `flowlint debug tokens|ast|outline` on it under a stack limit
of --stack-kb (8192: the default main-thread size; on Linux Dispatch workers get the same limit, so 512 mimics
macOS worker threads). A line per generator and command: exit code and CPU time per size, and
time(largest) / time(smallest). Flags: CRASH/TIMEOUT (an exit other than 0 or 1, or --timeout passed) and SLOW (the time grew
more than 1.8 times as fast as the size, and the largest run took over half a second of CPU): each is a bug.
The --timeout is wall time, a guard only.
Exits 1 if anything crashed or timed out.

Without --bin, builds flowlint in release into .build-ctx (as Benchmarks/partial-run.sh does).
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile

G = {}

def body(expr):
    return "import SwiftUI\nstruct V: View {\n    var body: some View {\n        " + expr + "\n    }\n}\n"

def app(expr):
    return "import SwiftUI\n@main struct A: App {\n    var body: some Scene {\n        WindowGroup {\n            " + expr + "\n        }\n    }\n}\n"

def typed(t):
    return "let x: " + t + " = y\n"

# flat operator / postfix chains
G["plus_chain"] = lambda n: "let x = 1" + " + 1" * n + "\n"
G["mixed_ops"] = lambda n: "let x = 1" + " + 2 * 3 - 4 / 5 % 6 << 7 & 8 | 9 ^ 1 == 2 && 3 || 4" * (n // 12 + 1) + "\n"
G["assign_chain"] = lambda n: "a" + " = a" * n + "\n"
G["nilcoalesce_chain"] = lambda n: "let x = a" + " ?? a" * n + "\n"
G["ternary_chain"] = lambda n: "let x = a" + " ? b : a" * n + "\n"
G["ternary_nested_mid"] = lambda n: "let x = " + "a ? " * n + "b" + " : c" * n + "\n"
G["cast_chain"] = lambda n: "let x = y" + " as Int" * n + "\n"
G["is_chain"] = lambda n: "let x = y" + " is Int" * n + "\n"
G["range_chain"] = lambda n: "let x = a" + " ..< a" * n + "\n"
G["member_chain"] = lambda n: "let x = a" + ".b" * n + "\n"
G["call_chain"] = lambda n: "let x = f" + "()" * n + "\n"
G["subscript_chain"] = lambda n: "let x = a" + "[0]" * n + "\n"
G["optchain_chain"] = lambda n: "let x = a" + "?.b" * n + "\n"
G["force_chain"] = lambda n: "let x = a" + "!.b" * n + "\n"
G["postfix_bang_chain"] = lambda n: "let x = a" + "!" * n + "\n"
G["postfix_q_chain"] = lambda n: "let x = a" + "?" * n + ".b\n"
G["generic_spec_chain"] = lambda n: "let x = A" + "<B>.c" * n + "\n"
G["trailing_closure_chain"] = lambda n: "let x = f" + " {}" * n + "\n"
G["labeled_trailing"] = lambda n: "f {}" + " a: {}" * n + "\n"
G["keypath_chain"] = lambda n: "let x = \\A" + ".b" * n + "\n"
G["keypath_q_chain"] = lambda n: "let x = \\A.b" + "?.b" * n + "\n"
G["statements_flat"] = lambda n: "a;" * n + "\n"
G["empty_semicolons"] = lambda n: ";" * n + "\n"
G["string_concat"] = lambda n: 'let x = "a"' + ' + "a"' * n + "\n"
G["interp_flat"] = lambda n: 'let x = "' + "\\(a)" * n + '"\n'
G["array_flat"] = lambda n: "let x = [" + "1, " * n + "]\n"
G["dict_flat"] = lambda n: "let x = [" + "a: 1, " * n + "]\n"
G["tuple_flat"] = lambda n: "let x = (" + "1, " * n + ")\n"
G["args_flat"] = lambda n: "f(" + "a: 1, " * n + ")\n"
G["params_flat"] = lambda n: "func f(" + "a: Int, " * n + ") {}\n"
G["generic_params_flat"] = lambda n: "func f<" + "T, " * n + "U>() {}\n"
G["generic_args_flat"] = lambda n: "let x: A<" + "Int, " * n + "Int> = y\n"
G["inheritance_flat"] = lambda n: "struct S: " + "P, " * n + "Q {}\n"
G["where_flat"] = lambda n: "func f<T>() where " + "T: P, " * n + "T: Q {}\n"
G["var_bindings_flat"] = lambda n: "var a = 1" + ", a = 1" * n + "\n"
G["var_bindings_in_type"] = lambda n: "struct S {\n var a = 1" + ", a = 1" * n + "\n}\n"
G["case_list_flat"] = lambda n: "enum E { case a" + ", a" * n + " }\n"
G["attributes_flat"] = lambda n: "@a " * n + "func f() {}\n"
G["attributes_no_decl"] = lambda n: "@a " * n + "\n"
G["at_chain"] = lambda n: "@" * n + "\n"
G["modifiers_flat"] = lambda n: "public " * n + "func f() {}\n"
G["type_member_chain"] = lambda n: "let x: A" + ".B" * n + " = y\n"
G["extension_member_chain"] = lambda n: "extension A" + ".B" * n + " {}\n"
G["type_optional_chain"] = lambda n: typed("Int" + "?" * n)
G["type_iuo_chain"] = lambda n: typed("Int" + "!" * n)
G["type_meta_chain"] = lambda n: typed("Int" + ".Type" * n)
G["type_composition_flat"] = lambda n: typed("P" + " & P" * n)
G["type_pack_chain"] = lambda n: typed("T" + "..." * n)
G["else_if_chain"] = lambda n: "func f() {\n if a {}" + " else if a {}" * n + "\n}\n"
G["switch_cases_flat"] = lambda n: "switch x {\n" + "case 1: a\n" * n + "}\n"
G["if_config_flat"] = lambda n: "#if A\nlet a = 1\n#endif\n" * n
G["if_config_elseif_flat"] = lambda n: "#if A\n" + "#elseif B\nlet a = 1\n" * n + "#endif\n"
G["postfix_if_config_chain"] = lambda n: "let x = a\n" + "#if A\n.b()\n#endif\n" * n
G["decls_flat"] = lambda n: "struct S {}\n" * n
# a file that says SwiftUI's words: the per-type scans of its facts (array writes) run on every type
G["swiftui_decls_flat"] = lambda n: "import SwiftUI\n" + "struct S { var xs: [Int] = []; mutating func f() { xs = [] } }\n" * (n // 4 + 1)
G["lines_comments"] = lambda n: "// c\n" * n
G["suppression_many"] = lambda n: "import SwiftUI\nstruct V: View {\n var xs = [1]\n var body: some View {\n VStack {\n" + "// flowlint:disable foreach_index_id\nForEach(xs.indices, id: \\.self) { i in Text(\"a\") }\n" * n + "}\n }\n}\n"
G["suppression_enable_pairs"] = lambda n: "import SwiftUI\nstruct V: View {\n var xs = [1]\n var body: some View {\n VStack {\n" + "// flowlint:disable all\nForEach(xs.indices, id: \\.self) { i in Text(\"a\") }\n// flowlint:enable all\n" * n + "}\n }\n}\n"

G["foreach_statements"] = lambda n: "import SwiftUI\nstruct V: View {\n var xs = [1]\n var body: some View {\n VStack {\n" + "ForEach(xs.indices, id: \\.self) { i in Text(\"a\") }\n" * n + "}\n }\n}\n"
# Rows in a stack, each with an onDelete that never runs and a change in its closure (each change asks whether its
# closure is such an onDelete; each ForEach, whether a stack or a List is around it); and a view whose state copy of
# a struct is changed in many places (each change asks whether its base is the view's own copy).
G["foreach_ondelete_in_stack"] = lambda n: "import SwiftUI\nstruct V: View {\n @State private var xs = [\"\"]\n var body: some View {\n List {\n HStack {\n" + "ForEach(xs.indices, id: \\.self) { i in TextField(\"a\", text: $xs[i]) }.onDelete { xs.remove(atOffsets: $0) }\n" * n + "}\n }\n }\n}\n"
G["foreach_struct_copy_changes"] = lambda n: "import SwiftUI\nstruct Card { var choices: [String] }\nstruct V: View {\n @State private var card = Card(choices: [])\n var body: some View {\n VStack {\n ForEach(card.choices.indices, id: \\.self) { i in Text(card.choices[i]) }\n" + "Button(\"r\") { card.choices.remove(at: 0) }\n" * n + "}\n }\n}\n"
# A view of thousands of non-private @State inputs, each bound and written in the body, and a parent passing each:
# every finding asks how the view changes its property (one pass over the view for all of them).
G["state_inputs_changed"] = lambda n: "import SwiftUI\nstruct V: View {\n" + "".join(f" @State var s{i}: Int\n" for i in range(n)) + " var body: some View {\n VStack {\n" + "".join(f"Stepper(\"a\", value: $s{i})\nButton(\"b\") {{ s{i} += 1 }}\n" for i in range(n)) + "}\n }\n}\nstruct P: View {\n var body: some View { V(" + ", ".join(f"s{i}: 0" for i in range(n)) + ") }\n}\n"
G["provider_statements"] = lambda n: "import SwiftUI\n@main struct A: App {\n var body: some Scene {\n WindowGroup {\n" + "ContentView().environmentObject(s)\n" * n + "}\n }\n}\n"
G["let_statements_provider"] = lambda n: "import SwiftUI\n@main struct A: App {\n var body: some Scene {\n WindowGroup {\n" + "let s = S()\nContentView().environmentObject(s)\n" * n + "}\n }\n}\n"
# view bodies (render walker)
G["body_modifier_chain"] = lambda n: body('Text("a")' + ".padding()" * n)
G["body_onappear_chain"] = lambda n: body('Text("a")' + ".onAppear {}" * n)
G["body_plus_chain"] = lambda n: body('Text("a")' + ' + Text("a")' * n)
G["body_provider_chain"] = lambda n: body('Text("a")' + ".environmentObject(s)" * n)
G["body_overlay_chain"] = lambda n: body('Text("a")' + '.overlay(Text("b"))' * n)
G["body_member_chain"] = lambda n: body("self" + ".a" * n)
G["body_helper_member"] = lambda n: "import SwiftUI\nstruct V: View {\n var h: some View { Text(\"a\") }\n var body: some View {\n h" + ".padding()" * n + "\n }\n}\n"
G["app_modifier_chain"] = lambda n: app('ContentView()' + ".padding()" * n)
G["app_provider_chain"] = lambda n: app('ContentView()' + ".environmentObject(s)" * n)
G["app_provider_local_chain"] = lambda n: "import SwiftUI\n@main struct A: App {\n var body: some Scene {\n WindowGroup {\n let s = S()\n ContentView()" + ".environmentObject(s)" * n + "\n }\n }\n}\n"
G["foreach_chain"] = lambda n: body("VStack {}" + '.overlay(ForEach(xs.indices, id: \\.self) { i in Text("a") })' * n)
G["body_postfix_if_chain"] = lambda n: body('Text("a")\n' + "#if A\n.environmentObject(s)\n#endif\n" * n)
G["view_ext_provider_chain"] = lambda n: "import SwiftUI\nextension View {\n func p() -> some View { self" + ".environmentObject(S())" * n + " }\n}\n"
G["init_assign_chain"] = lambda n: "import SwiftUI\nstruct V: View {\n @ObservedObject var s: S\n init() { s = S()" + "; s = S()" * n + " }\n var body: some View { Text(\"a\") }\n}\n"
G["body_ternary_chain"] = lambda n: body("a ? Text(\"a\") : " * n + 'Text("b")')

# deep nesting
G["parens_deep"] = lambda n: "let x = " + "(" * n + "1" + ")" * n + "\n"
G["brackets_deep"] = lambda n: "let x = " + "[" * n + "1" + "]" * n + "\n"
G["braces_deep"] = lambda n: "let x = " + "{" * n + "}" * n + "\n"
G["dict_deep"] = lambda n: "let x = " + "[a: " * n + "1" + "]" * n + "\n"
G["generic_deep_type"] = lambda n: typed("A<" * n + "Int" + ">" * n)
G["generic_deep_expr"] = lambda n: "let x = " + "A<" * n + "Int" + ">" * n + "()\n"
G["generic_open_only"] = lambda n: "let x = " + "A<" * n + "\n"
G["array_type_deep"] = lambda n: typed("[" * n + "Int" + "]" * n)
G["tuple_type_deep"] = lambda n: typed("(" * n + "Int" + ")" * n)
G["function_type_chain"] = lambda n: typed("(Int) -> " * n + "Int")
G["some_prefix"] = lambda n: typed("some " * n + "P")
G["any_prefix"] = lambda n: typed("any " * n + "P")
G["each_prefix"] = lambda n: typed("each " * n + "P")
G["repeat_prefix"] = lambda n: typed("repeat " * n + "P")
G["inout_prefix"] = lambda n: "func f(a: " + "inout " * n + "Int) {}\n"
G["borrowing_prefix"] = lambda n: "func f(a: " + "borrowing " * n + "Int) {}\n"
G["attr_type_prefix"] = lambda n: typed("@a " * n + "Int")
G["tilde_prefix"] = lambda n: "struct S: " + "~" * n + "Copyable {}\n"
G["tilde_prefix_spaced"] = lambda n: "struct S: " + "~ " * n + "Copyable {}\n"
G["some_expr_prefix"] = lambda n: "let x = " + "some " * n + "P\n"
G["closures_deep"] = lambda n: "let x = " + "{ " * n + "}" * n + "\n"
G["closure_in_deep"] = lambda n: "let x = " + "{ a in " * n + "}" * n + "\n"
G["if_deep"] = lambda n: "func f() {\n" + "if a { " * n + "}" * n + "\n}\n"
G["if_expr_deep"] = lambda n: "let x = " + "if a { " * n + "1" + " } else { 2 }" * n + "\n"
G["switch_deep"] = lambda n: "func f() {\n" + "switch a { case 1: " * n + "b" + " }" * n + "\n}\n"
G["while_deep"] = lambda n: "func f() {\n" + "while a { " * n + "}" * n + "\n}\n"
G["do_catch_deep"] = lambda n: "func f() {\n" + "do { " * n + "}" * n + "\n}\n"
G["if_config_deep"] = lambda n: "#if A\n" * n + "let a = 1\n" + "#endif\n" * n
G["if_config_unclosed"] = lambda n: "#if A\n" * n
G["interp_deep"] = lambda n: "let x = " + '"\\(' * n + "1" + ')"' * n + "\n"
G["try_chain"] = lambda n: "let x = " + "try " * n + "f()\n"
G["await_chain"] = lambda n: "let x = " + "await " * n + "f()\n"
G["try_await_mix"] = lambda n: "let x = " + "try await " * n + "f()\n"
G["prefix_minus_spaced"] = lambda n: "let x = " + "-(" * n + "1" + ")" * n + "\n"
G["prefix_ops_glued"] = lambda n: "let x = " + "!" * n + "a\n"
G["prefix_amp"] = lambda n: "f(" + "&" * n + "a)\n"
G["prefix_amp_paren"] = lambda n: "f(" + "&(" * n + "a" + ")" * n + ")\n"
G["labels_deep"] = lambda n: "func f() {\n" + "a: " * n + "for x in y {}\n}\n"
G["nested_types"] = lambda n: "struct A { " * n + "}" * n + "\n"
G["swiftui_nested_types"] = lambda n: "import SwiftUI\n" + "struct A { var xs: [Int] = []; " * n + "}" * n + "\n"
G["nested_funcs"] = lambda n: "func f() { " * n + "}" * n + "\n"
G["nested_ext_members"] = lambda n: "extension A { struct B { " * n + "} }" * n + "\n"
G["attr_args_deep"] = lambda n: "@a(" * n + ")" * n + " func f() {}\n"
G["pattern_tuple_deep"] = lambda n: "let " + "(" * n + "a" + ")" * n + " = b\n"
G["case_pattern_deep"] = lambda n: "switch x { case " + ".a(" * n + "let b" + ")" * n + ": c\n}\n"
G["let_pattern_chain"] = lambda n: "switch x { case " + "let " * n + "a: b\n}\n"
G["capture_lists_deep"] = lambda n: "let x = " + "{ [a] in " * n + "}" * n + "\n"
G["body_vstack_deep"] = lambda n: body("VStack { " * n + 'Text("a")' + " }" * n)
G["body_provider_deep"] = lambda n: body("VStack { " * n + 'Text("a")' + " }.environmentObject(s)" * n)
G["regex_deep"] = lambda n: "let r = /" + "(" * n + "a" + ")" * n + "/\n"
G["raw_string_pounds"] = lambda n: "let s = " + "#" * n + '"a"' + "#" * n + "\n"
G["unterminated_strings"] = lambda n: '"\\(' * n + "\n"
G["unbalanced_close"] = lambda n: ")" * n + "]" * n + "}" * n + "\n"
G["unbalanced_open"] = lambda n: "(" * n + "[" * n + "{" * n + "\n"
G["closure_sig_like"] = lambda n: "let x = { (" + "a, " * n + "b) in 1 }\n"
G["angle_lookahead"] = lambda n: "let x = a" + " < b" * n + "\n"
G["angle_glued"] = lambda n: "let x = a" + "<b" * n + "\n"
G["poundif_one_line"] = lambda n: "let x = a" + " #if" * n + "\n"
G["poundif_postfix_one_line"] = lambda n: "let x = a\n#if A" + " .b()" * n + "\n#endif\n"
G["slash_chain"] = lambda n: "let x = a" + " / a" * n + "\n"
G["slash_glued"] = lambda n: "let x = a" + "/a" * n + "\n"
G["regex_open_slashes"] = lambda n: "f(" + "/, " * n + "1)\n"
G["pound_regex_open"] = lambda n: "let r = " + "#/" * n + "\n"
G["raw_string_open"] = lambda n: "let s = " + '#"' * n + "\n"
G["multiline_string_lines"] = lambda n: 'let s = """\n' + "a\\(b)\n" * n + '"""\n'
G["long_identifier"] = lambda n: "let " + "a" * n + " = 1\n"
G["long_line_tokens"] = lambda n: "let x = [" + "a," * n + "]\n"
G["conflict_markers"] = lambda n: "<<<<<<< HEAD\n" * n
G["placeholders"] = lambda n: "let x = " + "<#a#>" * n + "\n"
G["backticks"] = lambda n: "let x = " + "`a`." * n + "b\n"
G["block_comments_nested"] = lambda n: "/*" * n + "*/" * n + "\n"
G["closure_params_flat"] = lambda n: "let x = { " + "a, " * n + "b in 1 }\n"
G["accessors_flat"] = lambda n: "var x: Int {\n" + "get { 1 }\n" * n + "}\n"
G["observers_chain"] = lambda n: "var x = 1 {" + " didSet {}" * n + " }\n"
G["tuple_pattern_flat"] = lambda n: "let (" + "a, " * n + "b) = c\n"
G["for_in_flat"] = lambda n: "func f() {\n" + "for a in b {}\n" * n + "}\n"
G["guard_lets_flat"] = lambda n: "func f() {\n" + "guard let a = b else { return }\n" * n + "}\n"
G["if_let_chain"] = lambda n: "func f() {\n if " + "let a = b, " * n + "c {}\n}\n"
G["environment_reads"] = lambda n: "import SwiftUI\nstruct V: View {\n" + "@EnvironmentObject var s: S\n" * n + "var body: some View { Text(\"a\") }\n}\n"
# Each `@EnvironmentObject` used only in a method of its own: the readers ask whether the method runs only on a tap
# or is dead code (once per type, not once per reader).
G["environment_reads_in_methods"] = lambda n: ("import SwiftUI\nstruct V: View {\n"
    + "".join(f"@EnvironmentObject var s{k}: S\n" for k in range(n)) + "var body: some View { Text(\"a\") }\n"
    + "".join(f"func m{k}() {{ print(s{k}) }}\n" for k in range(n)) + "}\n")
G["views_flat"] = lambda n: "import SwiftUI\n" + "struct V: View { @EnvironmentObject var s: S\n var body: some View { W() } }\nstruct W: View { var body: some View { V() } }\n" * n


def targets(filters):
    names = sorted(G)
    return names if not filters else [k for k in names if any(f in k for f in filters)]


def run(binary, args, timeout):
    """Exit status (or "TIMEOUT") and the CPU seconds the run used: CPU time, not wall time, so that other
    work on the machine does not look like superlinear growth."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        status = subprocess.run([binary] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                timeout=timeout).returncode
    except subprocess.TimeoutExpired:
        status = "TIMEOUT"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return status, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def release_binary(root):
    scratch = os.environ.get("FLOWLINT_SCRATCH", os.path.join(root, ".build-ctx"))
    base = ["swift", "build", "-c", "release", "--package-path", root, "--scratch-path", scratch]
    subprocess.run(["nice", "-n", os.environ.get("NICE", "10")] + base + ["--product", "flowlint"], check=True,
                   stdout=subprocess.DEVNULL)
    path = subprocess.run(base + ["--show-bin-path"], check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "flowlint")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin")
    parser.add_argument("--kb", type=int, default=100, help="size of the smallest input, in KB")
    parser.add_argument("--steps", type=int, default=3, help="number of sizes, each twice the one before")
    parser.add_argument("--modes", default="lint,tokens,ast,outline")
    parser.add_argument("--stack-kb", type=int, default=8192)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("filters", nargs="*", help="only generators whose name contains one of these")
    options = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = os.path.abspath(options.bin) if options.bin else release_binary(root)
    resource.setrlimit(resource.RLIMIT_STACK, (options.stack_kb * 1024, resource.RLIM_INFINITY))
    work = tempfile.mkdtemp(prefix="flowlint-hostile-")
    failures = 0
    print("flowlint: %s, stack %d KB" % (binary, options.stack_kb))
    try:
        for name in targets(options.filters):
            make = G[name]
            # Links (or levels) per KB, from the difference the count makes.
            per_byte = max(1, len(make(1000)) - len(make(0))) / 1000
            first = max(1, int(options.kb * 1000 / per_byte))
            project = os.path.join(work, name)
            os.makedirs(os.path.join(project, ".git"))
            path = os.path.join(project, name + ".swift")
            for mode in options.modes.split(","):
                cells, times, failed = [], [], False
                for step in range(options.steps):
                    source = make(first * 2 ** step)
                    with open(path, "w") as out:
                        out.write(source)
                    args = ["lint", "--no-cache", "--quiet", path] if mode == "lint" else ["debug", mode, path]
                    status, seconds = run(binary, args, options.timeout)
                    cells.append("%4d KB %s %6.2f s" % (len(source) // 1000, status, seconds))
                    times.append(seconds)
                    if status not in (0, 1):
                        failed = True
                        break
                ratio = times[-1] / max(times[0], 0.02) if not failed and len(times) > 1 else float("nan")
                size_ratio = 2 ** (len(times) - 1)
                flag = "CRASH/TIMEOUT" if failed else (
                    "SLOW" if len(times) > 1 and ratio > 1.8 * size_ratio and times[-1] > 0.5 else "")
                failures += failed
                print("%-26s %-8s %s  x%.1f %s" % (name, mode, " | ".join(cells), ratio, flag), flush=True)
            shutil.rmtree(project)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("%d crashed or timed out" % failures)
    sys.exit(1 if failures else 0)


main()
