"""The README's test command is the one CI runs, and it behaves as the
README says: it installs what is missing or says how, then hands every
argument to pytest. A drift between the README and `.ci/run` fails here."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "test.sh"


def readme_test_command() -> str:
    """The one command of the README's "Run the tests" section."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Run the tests", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None, "the section has no sh block"
    lines = [line for line in block.group(1).splitlines() if line.strip()]
    assert len(lines) == 1, lines
    return lines[0].strip()


def ci_commands() -> list[str]:
    """The lines of .ci/run that do something (not comments, set or cd)."""
    text = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line.strip() for line in text.splitlines()]
    return [line for line in lines if line and not line.startswith(("#", "set ", "cd "))]


def test_ci_runs_exactly_the_readme_command() -> None:
    assert readme_test_command() == "bash scripts/test.sh"
    assert ci_commands() == [readme_test_command()]


def fake_machine(tmp_path: Path, present: list[str]) -> tuple[dict[str, str], Path]:
    """An environment where only `present` system programs exist, the Python
    is a recorder of its arguments, and neither apt-get nor sudo is on PATH."""
    system = tmp_path / "system"
    places = {
        "chromium": "usr/bin/chromium",
        "nginx": "usr/sbin/nginx",
        "postgresql": "usr/lib/postgresql/16/bin/initdb",
    }
    for name in present:
        program = system / places[name]
        program.parent.mkdir(parents=True, exist_ok=True)
        program.write_text("#!/bin/sh\n")
        program.chmod(0o755)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "calls.log"
    python = bin_dir / "python"
    python.write_text(f'#!/bin/bash\nprintf "%q " "$@" >> {log}\necho >> {log}\n')
    python.chmod(0o755)
    for tool in ("bash", "dirname", "id", "printf"):
        found = subprocess.run(["which", tool], capture_output=True, text=True).stdout.strip()
        if found:
            (bin_dir / tool).symlink_to(found)
    env = {
        "PATH": str(bin_dir),
        "PYTHON": str(python),
        "ONEWORD_SYSTEM_ROOT": str(system),
        "HOME": os.environ.get("HOME", "/root"),
    }
    return env, log


def test_arguments_reach_pytest_unchanged_after_the_install(tmp_path: Path) -> None:
    env, log = fake_machine(tmp_path, ["chromium", "nginx", "postgresql"])
    args = ["-m", "not e2e", "-k", "lobby and not slow", "-x", "-n", "0"]
    done = subprocess.run([str(SCRIPT), *args], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    calls = [shlex.split(line) for line in log.read_text().splitlines()]
    assert calls == [["-m", "pip", "install", "-q", "-e", ".[test]"], ["-m", "pytest", *args]]


def test_without_a_way_to_install_it_names_the_packages_and_runs_nothing(
    tmp_path: Path,
) -> None:
    env, log = fake_machine(tmp_path, ["postgresql"])
    done = subprocess.run([str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "missing: chromium nginx" in done.stderr
    assert "sudo apt-get update && sudo apt-get install -y chromium nginx" in done.stderr
    assert not log.exists(), "pip or pytest ran although the system was not ready"
