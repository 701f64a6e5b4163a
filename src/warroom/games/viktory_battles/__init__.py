"""Viktory II's battles, shared by the one-battle game (`viktory`) and the map game
(`viktory-ii`): the Battle Cards as data (cards.py), the battle's actions (actions.py), the
seam a game hands a battle over (seam.py), the battle's rule options both games' Configs
declare and the resolver made from them (options.py), the units and terrains (units.py), the
dice (dice.py) and a hand's limit (hand.py), the resolver that fights it with dice, cards or
both (resolver.py), its sensible player (heuristic.py), the text of its events (render.py)
and the Battle Cards' hooks that both games' Game classes inherit (game.py). Not a game
itself: it exposes no GAME, so the registry leaves it out."""
