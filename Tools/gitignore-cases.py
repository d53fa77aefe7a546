#!/usr/bin/env python3
"""Asks the real git which paths it ignores in a set of small repositories, and writes the answers as a Swift
table for GitIgnoreTests (Tests/FlowLintKitTests/Discovery/GitIgnoreCases.swift). The tests then need no git.

Run after changing the scenarios below:  python3 Tools/gitignore-cases.py

Each scenario is a repository: ignore files (".git/info/exclude" is that file) and paths to create ("x/" is a
directory). `git check-ignore` answers for every path, its parent directories included (a path in an
ignored directory is ignored), with the user's and the system's git configuration switched off.
"""
import os
import subprocess
import sys
import tempfile

SCENARIOS = [
    ("basename patterns match at any depth", {".gitignore": "Generated.swift\n*.pb.swift\nfoo*\n*mid*\n?ix.swift\n"},
     ["Generated.swift", "a/Generated.swift", "a/b/Generated.swift", "Generated.swift.bak", "Model.pb.swift", "a/Model.pb.swift",
      "pb.swift", "foo", "foobar.swift", "a/food/x.swift", "xfoo.swift", "amidb.swift", "mid", "six.swift", "a/fix.swift", "ix.swift",
      "sixx.swift", "Keep.swift"]),
    ("anchored patterns match from the ignore file's directory",
     {".gitignore": "/Root.swift\nSources/Gen\n/Sources/*.gen.swift\na/*/c.swift\n"},
     ["Root.swift", "sub/Root.swift", "Sources/Gen/x.swift", "Sources/Gen/", "x/Sources/Gen/y.swift", "Sources/A.gen.swift",
      "Sources/deep/B.gen.swift", "a/b/c.swift", "a/c.swift", "a/b/d/c.swift", "a/bb/c.swift"]),
    ("directory-only patterns", {".gitignore": "build/\n/out/\nlib/cache/\n*.xcodeproj/\n"},
     ["build/", "build/x.swift", "a/build/y.swift", "src/build", "out/", "out/z.swift", "a/out/z.swift", "lib/cache/",
      "lib/cache/c.swift", "x/lib/cache/c.swift", "App.xcodeproj/", "App.xcodeproj/p.swift", "File.xcodeproj"]),
    ("double asterisks", {".gitignore": "**/logs\n**/tmp/*.swift\nvendor/**\na/**/b.swift\n/x/**/y/**/z.swift\nm**n.swift\nq/**r.swift\n"},
     ["logs/", "logs/l.swift", "a/logs/l.swift", "a/b/logs/", "tmp/t.swift", "a/tmp/t.swift", "a/tmp/b/t.swift", "vendor/",
      "vendor/v.swift", "vendor/a/b/v.swift", "a/vendor/v.swift", "a/b.swift", "a/c/b.swift", "a/c/d/b.swift", "ab.swift",
      "x/y/z.swift", "x/1/y/2/z.swift", "x/1/2/y/z.swift", "x/z.swift", "mn.swift", "mxn.swift", "m/n.swift", "mx/yn.swift",
      "q/r.swift", "q/xr.swift", "q/x/r.swift"]),
    ("double asterisks at the ends and in the middle of a name", {".gitignore": "/**/deep.swift\nsrc/**\n**\n!**/\n!*.keep.swift\n"},
     ["deep.swift", "a/deep.swift", "src/", "src/a.swift", "src/b/c.swift", "other.swift", "d/other.swift", "x.keep.swift",
      "d/x.keep.swift"]),
    ("a double asterisk inside a component is one asterisk", {".gitignore": "a**/b.swift\nc/d**e.swift\n**f.swift\n"},
     ["a/b.swift", "ax/b.swift", "a/x/b.swift", "ax/y/b.swift", "c/de.swift", "c/dxe.swift", "c/dx/e.swift", "f.swift", "xf.swift",
      "y/xf.swift"]),
    ("character classes", {".gitignore": "[ab].swift\n[!cd]x.swift\n[^ef]y.swift\n[0-9]*.swift\n[[:upper:]][[:digit:]].swift\n"
                                         "z[]].swift\nw[!]].swift\nv[a-].swift\nu[-b].swift\nt[a-c-e].swift\ns[\\]]q.swift\n"
                                         "r[[:alpha:][:digit:]].swift\np[[:space:]].swift\no[[:punct:]].swift\n"},
     ["a.swift", "b.swift", "c.swift", "ax.swift", "cx.swift", "dx.swift", "ey.swift", "gy.swift", "1.swift", "42x.swift",
      "A1.swift", "a1.swift", "AA.swift", "z].swift", "zz.swift", "wx.swift", "w].swift", "va.swift", "v-.swift", "vb.swift",
      "u-.swift", "ub.swift", "ua.swift", "ta.swift", "tb.swift", "t-.swift", "te.swift", "td.swift", "s]q.swift", "sq.swift",
      "ra.swift", "r5.swift", "r_.swift", "p .swift", "px.swift", "o!.swift", "o_.swift", "oa.swift"]),
    ("malformed classes match nothing", {".gitignore": "[abc\n[[:nope:]].swift\nx[a\n\\\n"},
     ["[abc", "a", "b.swift", "[[:nope:]].swift", "n.swift", "xa", "x[a", "\\"]),
    ("a class never matches a slash", {".gitignore": "a[/]b.swift\nc[!x]d.swift\ne?f.swift\ng*h.swift\n"},
     ["a/b.swift", "c/d.swift", "cyd.swift", "e/f.swift", "exf.swift", "g/h.swift", "gxh.swift"]),
    ("negation", {".gitignore": "*.gen.swift\n!Keep.gen.swift\nlogs/*\n!logs/keep.swift\nbuild/\n!build/keep.swift\n"
                                "!Never.swift\n\\!bang.swift\n"},
     ["A.gen.swift", "Keep.gen.swift", "sub/Keep.gen.swift", "logs/x.swift", "logs/keep.swift", "build/x.swift", "build/keep.swift",
      "Never.swift", "!bang.swift", "bang.swift"]),
    ("a later pattern wins", {".gitignore": "!a.swift\na.swift\nb.swift\n!b.swift\nd/\n!d/\n"},
     ["a.swift", "b.swift", "d/", "d/x.swift"]),
    ("comments, blank lines, escapes", {".gitignore": "# a comment\n\n   \n#notignored.swift\n\\#hash.swift\n  lead.swift\n"
                                                      "\\*star.swift\n\\?q.swift\n\\[b].swift\n"},
     ["notignored.swift", "#notignored.swift", "#hash.swift", "lead.swift", "  lead.swift", "*star.swift", "xstar.swift",
      "?q.swift", "xq.swift", "[b].swift", "b.swift"]),
    ("trailing spaces", {".gitignore": "spaces.swift   \nescaped\\ \ntwo\\  \ntab.swift\t\nmid\\ dle.swift\n"},
     ["spaces.swift", "spaces.swift   ", "escaped", "escaped ", "two", "two ", "two  ", "tab.swift", "tab.swift\t", "mid dle.swift"]),
    ("line ends and a byte order mark", {".gitignore": "\ufefffirst.swift\r\ncrlf.swift\r\n  \r\nlast.swift"},
     ["first.swift", "\ufefffirst.swift", "crlf.swift", "crlf.swift\r", "last.swift"]),
    ("patterns are case-sensitive and match bytes", {".gitignore": "Upper.swift\n\u00e9cole*.swift\n?t\u00e9.swift\n??t\u00e8.swift\n"},
     ["Upper.swift", "upper.swift", "UPPER.swift", "\u00e9cole1.swift", "ecole1.swift", "\u00e9t\u00e9.swift", "xt\u00e9.swift",
      "\u00e8t\u00e8.swift"]),
    ("nested ignore files apply below their directory and take precedence",
     {".gitignore": "*.gen.swift\n/top.swift\nshared.swift\n", "Sources/.gitignore": "!Keep.gen.swift\n/local.swift\ntop.swift\n",
      "Sources/App/.gitignore": "shared.swift\n!Other.gen.swift\n*.tmp.swift\n", "Tests/.gitignore": "!shared.swift\n"},
     ["A.gen.swift", "Keep.gen.swift", "Sources/Keep.gen.swift", "Sources/App/Keep.gen.swift", "Sources/A.gen.swift",
      "Sources/App/Other.gen.swift", "Other.gen.swift", "top.swift", "Sources/top.swift", "Sources/App/top.swift", "local.swift",
      "Sources/local.swift", "Sources/App/local.swift", "shared.swift", "Sources/shared.swift", "Tests/shared.swift",
      "Tests/a/shared.swift", "x.tmp.swift", "Sources/App/x.tmp.swift", "Sources/App/d/x.tmp.swift"]),
    ("an ignored directory's ignore file is never read", {".gitignore": "ignored/\n", "ignored/.gitignore": "!*\n"},
     ["ignored/", "ignored/a.swift", "ignored/b/c.swift"]),
    ("info/exclude, below every .gitignore", {".git/info/exclude": "excluded.swift\nboth.swift\n*.local.swift\n",
                                              ".gitignore": "!both.swift\n", "sub/.gitignore": "!x.local.swift\n"},
     ["excluded.swift", "a/excluded.swift", "both.swift", "x.local.swift", "sub/x.local.swift", "sub/y.local.swift"]),
    ("one-level and root-level forms", {".gitignore": "/*.tmp.swift\n*/one.swift\nlevel/*/\nkeep/**/\n/*\n!/Sources/\n!/Tests\n"},
     ["a.tmp.swift", "Sources/b.tmp.swift", "x/one.swift", "one.swift", "x/y/one.swift", "Sources/x/one.swift", "level/a/",
      "level/a/f.swift", "level/f.swift", "Sources/level/a/g.swift", "keep/k.swift", "keep/a/k.swift", "Sources/keep/a/",
      "Sources/keep/a/k.swift", "Sources/keep/k.swift", "Top.swift", "Sources/S.swift", "Tests/T.swift", "Other/O.swift"]),
    ("a typical Xcode project .gitignore", {".gitignore": "# Xcode\nxcuserdata/\n*.xcscmblueprint\n*.xccheckout\nDerivedData/\n"
                                                            "*.moved-aside\n*.hmap\n*.ipa\n.build/\nPackages/\nPods/\n"
                                                            "Carthage/Build/\nFrameworks/Build/\nfastlane/report.xml\nfastlane/screenshots/**/*.png\n"
                                                            "*.generated.swift\n/Vendor\n"},
     ["App/ContentView.swift", "App.xcodeproj/xcuserdata/u.xcuserdatad/x.swift", "Packages/P/Sources/p.swift", "Sources/Packages.swift",
      "Frameworks/Build/c.swift", "Frameworks/Checkouts/c.swift", "App/R.generated.swift", "Vendor/V.swift", "App/Vendor/V.swift",
      "fastlane/Fastfile.swift"]),
    ("many double asterisks stay fast", {".gitignore": "**/a/**/a/**/a/**/a/**/a/**/a/**/b.swift\n*a*a*a*a*a*a*a*a*a*b.swift\n"},
     ["a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/c.swift", "a/a/a/a/a/a/b.swift", "a/a/a/a/a/b.swift",
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac.swift", "aaaaaaaaab.swift", "aaaaaaaab.swift"]),
]


def swift_string(text):
    out = '"'
    for ch in text:
        if ch == "\\":
            out += "\\\\"
        elif ch == '"':
            out += '\\"'
        elif ch == "\n":
            out += "\\n"
        elif ch == "\r":
            out += "\\r"
        elif ch == "\t":
            out += "\\t"
        elif ord(ch) < 0x20 or ord(ch) > 0x7E:
            out += "\\u{%X}" % ord(ch)
        else:
            out += ch
    return out + '"'


def run_scenario(files, paths):
    with tempfile.TemporaryDirectory() as root:
        env = dict(os.environ, HOME=root, XDG_CONFIG_HOME=root, GIT_CONFIG_NOSYSTEM="1")
        subprocess.run(["git", "init", "-q", root], check=True, env=env)
        subprocess.run(["git", "-C", root, "config", "core.ignorecase", "false"], check=True, env=env)
        for name, text in files.items():
            path = os.path.join(root, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(text.encode("utf-8"))
        for path in paths:
            full = os.path.join(root, path)
            if path.endswith("/"):
                os.makedirs(full, exist_ok=True)
            else:
                os.makedirs(os.path.dirname(full), exist_ok=True)
                open(full, "ab").close()
        names = [p.rstrip("/") for p in paths]
        result = subprocess.run(["git", "-C", root, "check-ignore", "-z", "--stdin"], input="\0".join(names).encode("utf-8") + b"\0",
                                capture_output=True, env=env)
        if result.returncode not in (0, 1):
            sys.exit("git check-ignore failed: " + result.stderr.decode())
        ignored = set(p.decode("utf-8") for p in result.stdout.split(b"\0") if p)
        return [(path, path.rstrip("/") in ignored) for path in paths]


def main():
    version = subprocess.run(["git", "--version"], capture_output=True, check=True).stdout.decode().strip()
    lines = [
        "// Generated by Tools/gitignore-cases.py from the answers of `git check-ignore` (%s): do not edit." % version,
        "",
        "/// One repository: its ignore files (`.git/info/exclude` included) and, for each path (`x/` is a",
        "/// directory), whether git ignores it.",
        "struct GitIgnoreCase {",
        "    var name: String",
        "    var files: [String: String]",
        "    var paths: [(path: String, ignored: Bool)]",
        "}",
        "",
        "let gitIgnoreCases: [GitIgnoreCase] = [",
    ]
    for name, files, paths in SCENARIOS:
        answers = run_scenario(files, paths)
        lines.append("    GitIgnoreCase(")
        lines.append("        name: %s," % swift_string(name))
        lines.append("        files: [%s]," % ", ".join("%s: %s" % (swift_string(k), swift_string(v)) for k, v in files.items()))
        lines.append("        paths: [")
        for path, ignored in answers:
            lines.append("            (%s, %s)," % (swift_string(path), "true" if ignored else "false"))
        lines.append("        ]),")
    lines.append("]")
    target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "FlowLintKitTests", "Discovery",
                          "GitIgnoreCases.swift")
    with open(target, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote", os.path.normpath(target))


if __name__ == "__main__":
    main()
