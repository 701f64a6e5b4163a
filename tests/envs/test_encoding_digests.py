"""The observation vectors and action masks are pinned: every seat's, at every step of a few
seeded random games of each game and config (encoding_digests.py), must hash to the digest
recorded here. A change made for speed must leave every number as it was; a change that
means to alter an encoding (or a game's rules, which change the games played) updates the
table with `python tests/envs/encoding_digests.py` and says why."""

from __future__ import annotations

import pytest

from . import encoding_digests as d

PINNED = {
    'battle':
        '8dbfd7e6ad91d091f2f58ceca3003bf0dd738d7574cc1bb8d1921f428134bedb',
    'battle players=3':
        'a30ca6e989866b7ecdfbe74811136d3549cc26f180e6410189aa8deb26315ed3',
    'battle players=4':
        '6b66e531316b28d22ee398217aba55736de3f964514050c84041f86172f93b7b',
    'battle players=4 teams=alliance':
        '080c064df126ce71f66dec28d4799163cdde970fc5fd08046acce2348ee3ac93',
    'battle players=4 teams=as-one':
        'd785f5f7f63eb82d21b31b62e7e56f71fdc04c800399419cd3c854ed91bbccb3',
    'battle deck_mode=constructed jokers=True':
        '905cce8403fa0a1794f94ad0f3debba6d10f123aaaca7a9cf87d3e19ed0dca12',
    'battle deck_mode=sealed limited_size=20':
        'daf1352382b2918d7bed8dfc58aaeb95fb8c5f5c2e52d9c12515b6638ff09449',
    'battle deck_mode=draft limited_size=15 pack_size=6 packs=3 players=3':
        '499f6bddd58d7628ef0dc9810b47a0e9492d93df59eb3453c6530ec858e430d3',
    'champions':
        '31e54ad4515e218cce6f7aaae90d244e7974d655b0eea4ef8993f464b53240be',
    'champions roshambo=random':
        '4b3f3b3327d97fe700140feb01feb145b0aaf9304e1476ba215d488288fbdcec',
    'champions cavalry=attacking max_turns=6 roshambo=random':
        '0b24cbfffcbc1c271a00ecdfea60a237f6a89c2b8689256d31f9c825e35c6e56',
    'kow':
        '13de3feb2ec098dd6d9f5a1e93e2a52b6c48f9111aaa88bfe9f1486b4fc9edfd',
    'kow max_dice=3 pool_red=2 victories_to_win=2':
        '8036e4ddbb0e49dd176ae7b640976f3ac90542391f6387ac45d5501a585ae415',
    'kow max_dice=6 pool_blue=4 pool_white=5':
        'fa5c948683eefc779fdf527c7ee4ef85a1920138b4c59d327535dc59c7b7be37',
    'viktory':
        '19b5aed0487862c5e0b4e92bfaa49a7f53d34c1a93e3f1750c068d3fe65713f7',
    'viktory mode=cards':
        '3ee6639addb83991edc02ac41093d10a3c41fab20f7582905ecb0cac60552982',
    'viktory mode=hybrid':
        '39091a7c23afa497e36ba5dbd28cad73482844eda02cd33eb09279aa076ec319',
    'viktory mode=hybrid scenario=reserves':
        '8d7345e6b183de21c6b3b6fb024c91a785549ac5e06f53f3f92bffd6fa8e634d',
    'viktory mode=cards scenario=reserves':
        'f79346d60ed1ba7057b12590a1bc1842fc5a1b8a346c6eb0935322b4612413bb',
    'viktory mode=cards prebattle_fire_each_wave=False scenario=reserves':
        'd1d87ebb2f386a864fa6ebf5f6dd91addd2162e33173f35f4bf643f0a7388582',
    'viktory mode=dice scenario=reserves':
        '4caff98272fd9e0776d7cd91f66267ef4183579a23b7eff79129605a073c891a',
    'viktory attacker_reserves=1i1a,1c defender_reserve=1a mode=hybrid scenario=mountain-city':
        'b731669f6906d36e9ba91da73314375fa3fecdebd8898393d3531c762cd6a19f',
    'viktory mode=cards prebattle_fire_each_wave=False scenario=mountain-city':
        'c0cc736bdd01ed22f78681e13d51c0831167f7b24b7b96c19cb7a44a8d480a97',
    'viktory artillery_characteristics=False mode=dice scenario=forest-town':
        'dddc671be0abec1ae623f417a0b8048d672f843f6b7047d7e8a9f12c47e86022',
    'viktory mode=cards scenario=empty-town':
        '68e90ba15d9e06ba0ac5402e846ca371e116ade8ebc772ac6fbfbecce2e84709',
    'viktory mode=cards scenario=naval':
        '7a947f6878c324f4c7fa026c80c49fbb878f1ec9402f34c898d10628f4fea986',
    'viktory attackers=3i1c,2i2c defenders=4i2c mode=dice scenario=open-field':
        '3054abd094101910a3d86414d735dbeb33e6bf4648bd6512a861ae7b7237cfff',
    'viktory-ii radius=3 turn_limit=6':
        'e4a02bb8758aaad5905a09c96d40b0dec318e550078109ee57b4c7c6f604d5f5',
    'viktory-ii players=4 radius=4 turn_limit=3':
        'e8d4b972b06b4dec8e019ab6fd180d2e5ac7b98eeb3a90e728bd557c6c405548',
    'viktory-ii dark=True radius=3 turn_limit=6':
        '8d4ef8d56931d0fd9268036b3d63acb0f45ff195f084c5191717f270486318cf',
    'viktory-ii independent=True players=3 radius=3 turn_limit=5':
        '6f8a4933c0533e8057456cd430eadbad5bd0c12b8fcbdac8bfc1e7ff02d4c6be',
    'viktory-ii dark=True independent=True radius=3 turn_limit=5':
        'b02f594d733ca277d9a0b5ee91136cbaada805b828bd52202f81d95bc67df05e',
    'viktory-ii mode=cards radius=3 turn_limit=6':
        '1d425e8c49a1fc78175a71a082184f739f65137e8e2b7a335268c333f9285599',
    'viktory-ii mode=hybrid radius=3 turn_limit=6':
        '3415381774a5cfe5e74ad5ed2ed6617b56a032e852f558ad058f0d36e301e67f',
    'viktory-ii dark=True mode=cards place=random radius=3 turn_limit=6':
        '0b34448dcb0e2e11cb40e80b65396602ef8bcfaee1c6e6d9d42baf0b126bcd83',
    'viktory-ii map=duel mode=cards turn_limit=6':
        '2e92cc06bce0aaa3fb76b9480f7ff9825e8ad4bd5aabf488f44ae3709d6716e6',
    'word-iron':
        '5d4392ca2c0ef8b656866593f875eb4a71deaf7e29071b46781751f70fbab048',
    'word-iron deck0=raiders deck1=raiders':
        '1f1114d3e1c7decfe6c69277cb896e8e405629d91e7bbb7fafafa6d1e92885eb',
    'word-iron deck0=sample deck1=raiders grand_tournament_winner=1':
        'e7902942f15c594711be292464ebbb82573f7d041c7e91c038e3e8eec685d261',
}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_every_observation_and_mask_is_as_pinned(name):
    game, values = next((g, v) for g in sorted(d.REGISTRY) for v in d.configs(g)
                        if d.label(g, v) == name)
    assert d.digest(game, values) == PINNED[name]


def test_every_game_and_config_is_pinned():
    assert sorted(PINNED) == sorted(d.label(g, v) for g in d.REGISTRY for v in d.configs(g))
