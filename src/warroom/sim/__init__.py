"""Playtesting at scale: batch simulation on local processes or Ray, a SQLite results
database, balance reports with plots, and sweeps over rule options (see README.md here)."""
