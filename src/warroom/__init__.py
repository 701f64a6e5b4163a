"""warroom: play, playtest and analyse card battle games."""

__version__ = "0.1.0"
