"""warroom: play, playtest and analyse card battle games."""

from importlib.metadata import PackageNotFoundError as _NotInstalled
from importlib.metadata import version as _version

try:  # as `warroom --version` says it: pyproject.toml is the one place the version is written
    __version__ = _version("warroom")
except _NotInstalled:  # a source tree run without being installed
    __version__ = "0+unknown"


def install_hint(extra: str) -> str:
    """The command that installs the optional part `extra` into this warroom, as an error
    that needs it says: warroom is on no package index (`pip install 'warroom[x]'` finds
    nothing), so the command names where this one was installed from, as pip recorded it (a
    checkout, editable or not, or a wheel file); the checkout's form where pip did not."""
    import json
    import shlex
    from importlib.metadata import PackageNotFoundError, distribution
    from urllib.parse import unquote, urlparse

    try:
        origin = json.loads(distribution("warroom").read_text("direct_url.json") or "{}")
    except (PackageNotFoundError, ValueError):
        origin = {}
    url = urlparse(str(origin.get("url", "")))
    if url.scheme != "file":
        return f"pip install '.[{extra}]' in warroom's checkout"
    editable = "-e " if origin.get("dir_info", {}).get("editable") else ""
    return f"pip install {editable}{shlex.quote(f'{unquote(url.path)}[{extra}]')}"


# Compiled builds of hot modules, used only while they match their source (see native.py).
from . import native as _native  # noqa: E402

_native.install()
