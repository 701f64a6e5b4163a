from .console import entry

entry()
