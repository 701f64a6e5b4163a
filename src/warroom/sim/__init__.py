"""Batch simulation and statistics."""
