"""warroom: play, playtest and analyse card battle games."""

__version__ = "0.1.0"

# Compiled builds of hot modules, used only while they match their source (see native.py).
from . import native as _native  # noqa: E402

_native.install()
