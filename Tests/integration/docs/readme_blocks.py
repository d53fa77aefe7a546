#!/usr/bin/env python3
"""Checks README.md's runnable blocks against the flowlint binary (see Tests/integration/readme.sh).

Prints one line per check: "ok<TAB>name" or "FAIL<TAB>name" (with the reason after the name), for readme.sh.
"""
import json
import os
import re
import shutil
import subprocess
import sys

repo, binary, work = sys.argv[1], sys.argv[2], sys.argv[3]
readme = open(os.path.join(repo, "README.md"), encoding="utf-8").read()

# Blocks whose commands cannot run in this script, by their first command, with the script that runs them.
COVERED_ELSEWHERE = {
    "git clone https://github.com/flowlint/flowlint && cd flowlint": "Tests/integration/install.sh",
    "Tools/release.sh 0.2.0": "Tests/integration/release.sh",
    "swift package flowlint": "Tests/integration/plugin.sh",
    "swift build": "Tests/integration/build-plugin.sh",
    "export PATH=\"$PATH:/opt/homebrew/bin:/usr/local/bin:$HOME/.mint/bin\"": "Tests/integration/run-script.sh",
}


def report(ok, name, why=""):
    why = " | ".join(l for l in str(why).splitlines() if l.strip())
    print(("ok" if ok else "FAIL") + "\t" + name + ((": " + why) if why and not ok else ""), flush=True)


def blocks():
    """(line, language, body) of every fenced block."""
    for m in re.finditer(r"(?ms)^```([\w-]*)[^\n]*\n(.*?)^```", readme):
        yield readme[: m.start()].count("\n") + 1, m.group(1), m.group(2)


def commands(body):
    """The commands of a shell block: comment lines and trailing comments left out."""
    out = []
    for line in body.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        out.append(re.sub(r"\s+#\s.*$", "", line))
    return out


def sandbox():
    """A scratch directory with the repository's fixtures (flowlint reads and may write caches there)."""
    path = os.path.join(work, "repo")
    if not os.path.isdir(path):
        shutil.copytree(os.path.join(repo, "Fixtures"), os.path.join(path, "Fixtures"), symlinks=True)
    return path


ENV = dict(os.environ, PATH=os.path.dirname(os.path.abspath(binary)) + os.pathsep + os.environ["PATH"], NO_COLOR="1")
if os.path.basename(binary) != "flowlint":
    link = os.path.join(work, "bin")
    os.makedirs(link, exist_ok=True)
    os.symlink(os.path.abspath(binary), os.path.join(link, "flowlint"))
    ENV["PATH"] = link + os.pathsep + os.environ["PATH"]


def sh(command, cwd, stdin=None):
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=ENV, input=stdin, text=True,
                          capture_output=True, timeout=300)


def check_quick_start(line, body):
    cmds = commands(body)
    lint = [c for c in cmds if c.startswith("swift run flowlint")]
    report(len(lint) == 1 and "bash .ci/run" in cmds,
           f"README:{line}: the two newcomer commands are swift run flowlint ... and bash .ci/run")
    # `swift run flowlint` is the built binary; .ci/run built it, so run that one (bash .ci/run is this run).
    result = sh(lint[0].replace("swift run flowlint", "flowlint", 1), repo)
    report(result.returncode in (0, 1) and re.search(r"^Linted \d+ files", result.stderr + result.stdout, re.M),
           f"README:{line}: {lint[0]} lints the fixtures", result.stderr[-300:])


def check_transcript(line, body):
    """`$ command` lines followed by their output; `...` stands for lines left out."""
    parts = re.split(r"(?m)^\$ ", body)
    for part in parts[1:]:
        first, _, rest = part.partition("\n")
        command, shown = first, rest
        if "<<'SWIFT'" in first:
            heredoc, _, shown = rest.partition("SWIFT\n")
            command = first + "\n" + heredoc + "SWIFT"
        if first.startswith("echo $?"):
            continue
        if command.strip() in COVERED_ELSEWHERE:
            report(True, f"README:{line}: {command.strip()} is run by {COVERED_ELSEWHERE[command.strip()]}")
            continue
        cwd = sandbox()
        result = sh(command, cwd)
        actual = (result.stdout + result.stderr).splitlines()
        expected = [l for l in shown.rstrip("\n").splitlines()]
        status_shown = re.search(r"(?m)^\$ echo \$\?\n(\d+)", body)
        if status_shown and "<<'SWIFT'" in first:
            ok_status = result.returncode == int(status_shown.group(1))
            report(ok_status, f"README:{line}: {first.split('|')[-1].strip()} exits {status_shown.group(1)}",
                   f"exit {result.returncode}")
            expected = expected[: expected.index("$ echo $?")] if "$ echo $?" in expected else expected
        if any(l.strip() == "..." for l in expected):
            # The shown lines, in order, each found in the output (lines left out at the dots).
            pieces = [l for l in expected if l.strip() != "..."]
            index, missing = 0, None
            for piece in pieces:
                while index < len(actual) and actual[index] != piece:
                    index += 1
                if index == len(actual):
                    missing = piece
                    break
                index += 1
            report(missing is None, f"README:{line}: {command.strip()} prints what the README shows",
                   f"not printed (in order): {missing!r}")
        else:
            diff = next((f"line {i + 1}: shown {e!r}, printed {a!r}" for i, (e, a) in enumerate(zip(expected, actual)) if e != a),
                        f"{len(expected)} lines shown, {len(actual)} printed")
            report(actual == expected, f"README:{line}: {command.splitlines()[0].strip()} prints what the README shows", diff)


def check_baseline(line, body):
    cwd = os.path.join(sandbox(), "Fixtures", "SharedSettings")
    for command in commands(body):
        result = sh(command, cwd)
        report(result.returncode in (0, 1), f"README:{line}: {command} runs", result.stderr[-300:])
    result = sh("flowlint lint --baseline .flowlint-baseline.json", cwd)
    report(result.returncode == 0 and re.search(r"0 errors, 0 warnings", result.stderr + result.stdout),
           f"README:{line}: after --write-baseline, --baseline reports nothing new", result.stderr[-300:])


def check_graph(line, body):
    cwd = sandbox()
    for command in commands(body):
        if "dot -Tsvg" in command and shutil.which("dot") is None:
            command = command.split("|")[0] + "> graph.dot"  # Graphviz is optional here; graph.sh renders it.
        result = sh(command, cwd)
        report(result.returncode == 0, f"README:{line}: {command} runs", result.stderr[-300:])
    mermaid = os.path.join(cwd, "graph.mmd")
    report(os.path.exists(mermaid) and open(mermaid).read().startswith(("flowchart", "graph")),
           f"README:{line}: flowlint graph --format mermaid writes a Mermaid flowchart")


HANDLERS = [
    (lambda first: first.startswith("swift run flowlint lint"), check_quick_start),
    (lambda first: first.startswith("flowlint lint --write-baseline"), check_baseline),
    (lambda first: first.startswith("flowlint graph"), check_graph),
]


def check_yaml(line, body):
    config = os.path.join(work, f"config-{line}.yml")
    with open(config, "w") as f:
        f.write(body)
    result = sh(f"flowlint rules --config {config}", work)
    warned = [l for l in result.stderr.splitlines() if "warning" in l]
    # A block that shows a fragment of a larger file (a key not at the top level) is still read as YAML.
    report(result.returncode == 0 and not warned, f"README:{line}: the YAML block is a configuration flowlint reads without a warning",
           (result.stderr or result.stdout)[-300:])


for line, language, body in blocks():
    cmds = commands(body)
    first = cmds[0] if cmds else ""
    if language == "yaml":
        if body.lstrip().startswith(("repos:", "- repo:", "name:", "on:", "jobs:", "steps:", "- uses:", "- name:", "uses:", "- run:")):
            continue  # pre-commit and GitHub Actions files: pre-commit.sh and action.sh run them.
        check_yaml(line, body)
        continue
    if language not in ("sh", "") or not cmds:
        continue
    if language == "" and not first.startswith("$ "):
        continue  # sample output, not a command
    if first in COVERED_ELSEWHERE or (first.startswith("$ ") and first[2:] in COVERED_ELSEWHERE) or first.startswith("# FlowLint: findings as Xcode"):
        key = first[2:] if first.startswith("$ ") else first
        report(True, f"README:{line}: {key} is run by {COVERED_ELSEWHERE.get(key, 'Tests/integration/run-script.sh')}")
        continue
    if first.startswith("$ "):
        check_transcript(line, body)
        continue
    for matches, handler in HANDLERS:
        if matches(first):
            handler(line, body)
            break
    else:
        report(False, f"README:{line}: a shell block with no check ({first!r}): run it here or name the script that does")

# The Commands table: each command answers --help; the option tables: each option is in its command's --help.
section = readme[readme.index("## Commands"):]
table_commands = sorted(set(re.findall(r"^\| `flowlint (\w+)", section, re.M)))
for command in table_commands:
    result = sh(f"flowlint {command} --help", work)
    report(result.returncode == 0, f"README: flowlint {command} --help (Commands table)", result.stderr[-200:])
for heading in re.finditer(r"^### `flowlint (\w+)` options\n(.*?)(?=^#)", readme, re.M | re.S):
    command, table = heading.group(1), heading.group(2)
    help_text = sh(f"flowlint {command} --help", work).stdout
    for option in sorted(set(re.findall(r"^\| `(--[\w-]+)", table, re.M))):
        report(option in help_text, f"README: {option} is an option of flowlint {command}")
