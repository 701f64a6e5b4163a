"""warroom: play, playtest and analyse card battle games."""

__version__ = "0.1.0"


def install_hint(extra: str) -> str:
    """How to install the optional part `extra`, as an error that needs it says: from a
    package index, and in a checkout (warroom is installed from its source there, where
    `pip install 'warroom[x]'` alone finds no release to install)."""
    return f"pip install 'warroom[{extra}]' (in a checkout: pip install -e '.[{extra}]')"


# Compiled builds of hot modules, used only while they match their source (see native.py).
from . import native as _native  # noqa: E402

_native.install()
