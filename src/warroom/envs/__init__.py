"""Research environments over the engine's public contract, for every registered game:
PettingZoo AEC (`warroom.envs.pettingzoo`), Gymnasium single-agent (`warroom.envs.gymnasium`)
and OpenSpiel (`warroom.envs.openspiel`). They need the `rl` extra
(`pip install 'warroom[rl]'`); each game offers its numbers through its own `encode.py`
(see `warroom.engine.encoding` and README.md beside this file)."""
