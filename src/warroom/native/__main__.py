"""python -m warroom.native build [MODULE...] [--force] | status | clean

`build` alone compiles the default list (warroom.native.build.MODULES)."""

from __future__ import annotations

import sys

from ..console import quiet_stdout
from . import BUILD, NativeError, stale_reason, status
from .build import build, clean


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args.pop(0) if args else "status"
    try:
        if command == "build":
            force = "--force" in args
            print("warroom:", build([a for a in args if a != "--force"], force, _starting))
        elif command == "status" and not args:
            none = {"(no build)": f"interpreted: {stale_reason(None)}"}
            for name, state in (status() or none).items():
                print(f"{name}: {state}")
        elif command == "clean" and not args:
            print("warroom:", clean())
        else:
            print("usage: python -m warroom.native build [MODULE...] [--force] | status | clean",
                  file=sys.stderr)
            return 2
    except NativeError as exc:
        print(f"warroom: error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (`status | head`): nothing was written
        return quiet_stdout()
    except OSError as exc:  # the build goes into the installed package's folder
        print(f"warroom: error: cannot write the build ({exc}): it goes into {BUILD}, which "
              "needs a writable install", file=sys.stderr)
        return 1
    return 0


def _starting(count: int) -> None:
    """Said before a compilation, which prints nothing for minutes: a first `make play` sat
    silent for three, and a newcomer would take it for hung."""
    print(f"warroom: compiling the rules' {count} hot modules with mypyc, once: two to three "
          "minutes (playing works without it, slower)", flush=True)


if __name__ == "__main__":
    sys.exit(main())
