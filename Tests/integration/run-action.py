"""Runs the steps of a composite action.yml the way a GitHub runner does, for Tests/integration/action.sh.

    run-action.py ACTION_DIR WORKSPACE CACHE_DIR RESULT_JSON [--input NAME=VALUE ...] [--only STEP_ID ...]

- `run:` steps run with bash (`bash --noprofile --norc -eo pipefail`, as GitHub does) in WORKSPACE, with
  their `env:`, GITHUB_ACTION_PATH, GITHUB_OUTPUT (read back as the step's outputs), RUNNER_TEMP and
  GITHUB_WORKSPACE; the first failing step stops the job.
- `uses: actions/cache@...` is simulated with CACHE_DIR: restored (cache-hit 'true') when CACHE_DIR holds
  the key, saved after a successful job otherwise.
- `${{ ... }}` supports inputs.*, steps.*.outputs.*, github.action_path and runner.temp; `if:` supports
  `A != 'x'` and `A == 'x'`. Anything else is an error, so the test notices when action.yml outgrows this.

Writes RESULT_JSON: {"failed_step": id or null, "status": exit status of the failed step or 0,
"steps": {id: {"outcome": "success"|"failure"|"skipped", "outputs": {...}}}}.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml


def main():
    action_dir, workspace, cache_dir, result_path = sys.argv[1:5]
    overrides, only = {}, []
    rest = sys.argv[5:]
    while rest:
        flag, value = rest[0], rest[1]
        if flag == "--input":
            name, _, text = value.partition("=")
            overrides[name] = text
        elif flag == "--only":
            only.append(value)
        else:
            sys.exit(f"run-action.py: unknown argument {flag}")
        rest = rest[2:]

    with open(os.path.join(action_dir, "action.yml"), encoding="utf-8") as file:
        action = yaml.safe_load(file)
    assert action["runs"]["using"] == "composite", "not a composite action"
    declared = action.get("inputs", {})
    unknown = set(overrides) - set(declared)
    if unknown:
        sys.exit(f"run-action.py: inputs not declared in action.yml: {sorted(unknown)}")
    inputs = {name: str(spec.get("default", "")) for name, spec in declared.items()}
    inputs.update(overrides)

    runner_temp = tempfile.mkdtemp(prefix="runner-temp-")
    steps, pending_saves = {}, []
    result = {"failed_step": None, "status": 0, "steps": steps}

    def evaluate(expression):
        parts = expression.strip().split(".")
        if parts[0] == "inputs" and len(parts) == 2:
            return inputs[parts[1]]
        if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
            return steps.get(parts[1], {}).get("outputs", {}).get(parts[3], "")
        if parts == ["github", "action_path"]:
            return action_dir
        if parts == ["runner", "temp"]:
            return runner_temp
        raise SystemExit(f"run-action.py: unsupported expression '{expression}'")

    def substitute(text):
        return re.sub(r"\$\{\{(.*?)\}\}", lambda match: evaluate(match.group(1)), str(text))

    def condition(text):
        match = re.fullmatch(r"\s*(\S+)\s*(==|!=)\s*'([^']*)'\s*", text)
        if not match:
            raise SystemExit(f"run-action.py: unsupported if: '{text}'")
        value = evaluate(match.group(1))
        return (value == match.group(3)) == (match.group(2) == "==")

    for index, step in enumerate(action["runs"]["steps"]):
        step_id = step.get("id", f"step{index}")
        if only and step_id not in only:
            continue
        if "if" in step and not condition(step["if"]):
            steps[step_id] = {"outcome": "skipped", "outputs": {}}
            continue
        if "uses" in step:
            assert step["uses"].startswith("actions/cache@"), f"unsupported action {step['uses']}"
            path, key = substitute(step["with"]["path"]), substitute(step["with"]["key"])
            stored = os.path.join(cache_dir, key)
            if os.path.isdir(stored):
                shutil.rmtree(path, ignore_errors=True)
                shutil.copytree(stored, path, symlinks=True)
                steps[step_id] = {"outcome": "success", "outputs": {"cache-hit": "true"}}
            else:
                pending_saves.append((path, stored))
                steps[step_id] = {"outcome": "success", "outputs": {"cache-hit": "false"}}
            continue
        assert step.get("shell") == "bash", f"step {step_id}: only bash steps are supported"
        output_file = os.path.join(runner_temp, f"output-{step_id}")
        open(output_file, "w").close()
        env = dict(os.environ)
        env.update({name: substitute(value) for name, value in step.get("env", {}).items()})
        env.update({"GITHUB_ACTION_PATH": action_dir, "GITHUB_OUTPUT": output_file,
                    "RUNNER_TEMP": runner_temp, "GITHUB_WORKSPACE": workspace})
        print(f"::group::{step_id}", flush=True)
        status = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", substitute(step["run"])],
                                cwd=workspace, env=env).returncode
        print("::endgroup::", flush=True)
        outputs = {}
        with open(output_file, encoding="utf-8") as file:
            for line in file.read().splitlines():
                name, _, value = line.partition("=")
                outputs[name] = value
        steps[step_id] = {"outcome": "success" if status == 0 else "failure", "outputs": outputs}
        if status != 0:
            result.update(failed_step=step_id, status=status)
            break

    if result["failed_step"] is None:  # actions/cache saves in its post step, after a successful job
        for path, stored in pending_saves:
            if os.path.isdir(path):
                shutil.copytree(path, stored, symlinks=True)
    shutil.rmtree(runner_temp, ignore_errors=True)
    with open(result_path, "w", encoding="utf-8") as file:
        json.dump(result, file, indent=2)


main()
