"""`warroom serve`: the browser table. See README.md beside this file."""

from .app import create_app

__all__ = ["create_app"]
