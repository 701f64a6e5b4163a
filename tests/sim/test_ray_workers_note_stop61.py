"""Review (stop 61): the Ray user's audit found `--workers` dropped without a word when a
cluster is joined."""

from __future__ import annotations

from warroom.cli import main
from warroom.cli.simulate import resolve_workers


def test_workers_given_with_a_cluster_address_are_said_to_be_the_clusters(capsys):
    """Audit (stop 61): `simulate --backend ray --address auto --workers 1` ran two chunks at
    once, silently: a cluster runs as many as it has CPUs. It says so; a local instance, and
    the process backend, take --workers as before (without a note)."""
    assert resolve_workers(1, "ray", 100, "auto") == 1
    assert capsys.readouterr().err == (
        "warroom: note: --workers is for a local Ray instance: the cluster at auto runs as "
        "many games at once as it has CPUs\n")
    assert resolve_workers(1, "ray", 100, None) == 1
    assert resolve_workers(None, "ray", 100, "auto") >= 1
    assert resolve_workers(2, "process", 100) == 2
    assert capsys.readouterr().err == ""


def test_the_address_help_gives_only_addresses_the_ray_extra_joins(capsys):
    """Audit (stop 61): `--address`'s help offered 'ray://host:10001', which the `ray`
    extra cannot join (Ray Client is not in it)."""
    assert main(["simulate", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "ray://" not in text and "'auto' (the one this computer runs, or RAY_ADDRESS)" in text
