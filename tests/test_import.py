"""`import riichi` stays light: numpy loads only with the parts that use it
(`riichi.dataset`, `riichi.env` and the batch calls), so a script or the command
line that scores or analyses hands starts without it."""

from __future__ import annotations

import subprocess
import sys


def run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout.strip()


def test_import_riichi_does_not_import_numpy() -> None:
    assert run("import sys, riichi; print('numpy' in sys.modules)") == "False"


def test_dataset_and_env_load_on_first_use() -> None:
    code = (
        "import sys, riichi\n"
        "print(riichi.env.VecEnv.__name__, riichi.dataset.encode_logs.__name__,"
        " 'numpy' in sys.modules)\n"
        "from riichi import dataset, env\n"
        "print(dataset is riichi.dataset and env is riichi.env)"
    )
    assert run(code).splitlines() == ["VecEnv encode_logs True", "True"]


def test_dir_names_the_lazy_modules_before_they_load() -> None:
    code = "import riichi; names = dir(riichi); print('dataset' in names and 'env' in names)"
    assert run(code) == "True"


def test_an_unknown_attribute_is_an_attribute_error() -> None:
    import riichi

    try:
        riichi.no_such_name  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as e:
        assert "no_such_name" in str(e)
    else:
        raise AssertionError("riichi.no_such_name did not raise")
