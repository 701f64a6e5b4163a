"""Research environments over the engine's public contract, for every registered game:
PettingZoo AEC (`warroom.envs.pettingzoo`), Gymnasium single-agent (`warroom.envs.gymnasium`)
and OpenSpiel (`warroom.envs.openspiel`). They need the `rl` extra (`pip install '.[rl]'` in
warroom's checkout); each game offers its numbers through its own `encode.py` (see
`warroom.engine.encoding` and README.md beside this file)."""

from .. import install_hint

# The packages of the `rl` extra, by the name they import as (and the pip package's name).
RL_PACKAGES = {"gymnasium": "gymnasium", "pettingzoo": "pettingzoo", "pyspiel": "open_spiel"}


def needs_rl(exc: ModuleNotFoundError, module: str) -> ModuleNotFoundError:
    """The error to raise when importing `module` found a package of the `rl` extra missing:
    one that names it and the extra to install, chained to `exc` (`exc` itself when what is
    missing is something else)."""
    missing = (exc.name or "").partition(".")[0]
    if missing not in RL_PACKAGES:
        return exc
    package = RL_PACKAGES[missing]
    also = "" if package == missing else f" (the {package} package)"
    error = ModuleNotFoundError(f"{module} needs {missing}{also}, which is not installed: "
                                f"{install_hint('rl')}", name=exc.name)
    error.__cause__ = exc
    return error
