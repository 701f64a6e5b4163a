"""Rule -> test: every sentence of the Battle Cards variant text and every combat ruling of
RULINGS.md, with the tests that check it. The tests must exist, and every sentence of the rule
text (docs/rules) must be in the table."""

from __future__ import annotations

from pathlib import Path

import rule_trace

ROOT = Path(__file__).parents[3]
HERE = Path(__file__).parent
README = ROOT / "src/warroom/games/viktory/README.md"
# The variant's text, shipped with the project so that every sentence is checked everywhere.
RULE_TEXT = ROOT / "docs/rules/viktory-ii-battle-cards.txt"

CARDS = "test_viktory_cards"
DATA = "test_viktory_data"
HIDDEN = "test_viktory_hidden"
HYBRID = "test_viktory_hybrid"
RESERVES = "test_viktory_reserves"
EMPTY_TOWN = "test_empty_town_cards_stop58"
TEXT_ACTS = "test_attack_text_acts_stop59"
MOVE_CARD = "games/viktory_ii/test_vik2_move_card_stop59"
RESPONDS = "test_defender_responds_stop68"
TRACE = "test_viktory_trace"
# (the start of a sentence of the variant text, the tests that check it)
VARIANT: list[tuple[str, tuple[str, ...]]] = [
    ("This addition to the game can be played with dice",
     (f"{CARDS}.test_rule_cards_replace_the_dice_or_dice_alone",
      f"{HYBRID}.test_rule_hybrid_dice_fight_and_only_the_special_effect_portion_of_the_cards_is_used",
      f"{HYBRID}.test_ruling_hybrid_no_attack_card_is_needed_to_attack",
      f"{HYBRID}.test_rule_hybrid_card_window_before_each_dice_round_events_last_the_round",
      f"{HYBRID}.test_rule_hybrid_no_replenishment_draws_and_no_card_flips",
      f"{HIDDEN}.test_principle_hybrid_the_launch_is_put_to_the_attacker_whatever_its_hand",
      f"{HIDDEN}.test_principle_hybrid_the_window_opens_whatever_the_hands")),
    ("Cards are either Attack, Counter, or Attack/Counter",
     (f"{DATA}.test_rule_sample_deck_respects_the_stated_mix_of_card_kinds",)),
    ("Each card contains important information",
     (f"{DATA}.test_rule_each_card_shows_hits_misses_and_text",)),
    ("The text describes an action",
     (f"{DATA}.test_rule_each_card_shows_hits_misses_and_text",
      f"{CARDS}.test_rule_special_event_card_played_for_its_event_or_as_a_normal_card")),
    ("Each card also has a terrain", (f"{DATA}.test_rule_each_card_has_one_terrain",)),
    ("If the battle is being fought in a hex whose terrain matches",
     (f"{CARDS}.test_rule_terrain_match_makes_all_hits_on_the_card_selective",)),
    ("Move/Attack; Build; Reinforcements",
     (f"{CARDS}.test_rule_discard_down_to_max_hand_at_the_end_of_every_turn_and_keep_the_rest",
      f"{HYBRID}.test_rule_hybrid_taking_a_town_gains_a_card_and_the_turn_ends_with_discards_and_draw",
      f"{TRACE}.test_rule_map_game_steps_and_cavalrys_exception_are_documented_as_not_built")),
    ("Play Attack card and begin moving units",
     (f"{CARDS}.test_rule_battle_starts_by_playing_an_attack_card",)),
    ("You have to play an Attack card to move your units",
     (f"{CARDS}.test_rule_no_attack_card_no_attack_on_an_occupied_hex",
      f"{HIDDEN}.test_principle_cards_the_wave_is_put_to_the_attacker_whatever_its_hand")),
    ("If Overwatch is triggered",
     (f"{CARDS}.test_rule_overwatch_resolved_after_the_attack_card_before_replenishment",)),
    ("Artillery can wait to do Overwatch",
     (f"{CARDS}.test_rule_artillery_can_wait_to_do_overwatch_until_a_later_wave",
      f"{RESERVES}.test_rule_overwatch_fires_after_all_units_are_declared_and_brought",
      f"{CARDS}.test_rule_overwatch_resolved_after_the_attack_card_before_replenishment")),
    ("If both sides have units surviving Overwatch",
     (f"{CARDS}.test_rule_replenishment_only_if_both_sides_survive_overwatch_and_bombard",)),
    ("The number of replenishment cards drawn",
     (f"{CARDS}.test_rule_replenishment_is_one_card_fewer_than_the_dice",
      f"{CARDS}.test_rule_replenishment_is_one_fewer_than_the_dice_the_player_would_normally_get")),
    ("If an attacker would normally get three dice in a battle",
     (f"{CARDS}.test_rule_replenishment_is_one_card_fewer_than_the_dice",)),
    ("Conduct combat using cards",
     (f"{CARDS}.test_rule_attack_card_hits_are_live_up_to_the_dice",)),
    ("The attacker has already played an attack card",
     (f"{CARDS}.test_rule_attack_card_hits_are_live_up_to_the_dice",)),
    ("All hits shown on the attack card",
     (f"{CARDS}.test_rule_attack_card_hits_are_live_up_to_the_dice",)),
    ("An attacker can qualify as many hits",
     (f"{CARDS}.test_rule_attack_card_hits_are_live_up_to_the_dice",)),
    ("So if an attacker would normally get three dice",
     (f"{CARDS}.test_rule_attack_card_hits_are_live_up_to_the_dice",)),
    ("The defender now gets to play a card",
     (f"{CARDS}.test_rule_attack_card_hits_are_live_up_to_the_dice",
      f"{CARDS}.test_rule_defender_answers_flank_frontal_and_surprise_counters")),
    ("Surprise Counter, Flank Counter, and Frontal Counter cards respond",
     (f"{CARDS}.test_rule_counters_that_answer_regular_and_surprise_attacks",)),
    ("All misses listed on the Counter card",
     (f"{CARDS}.test_rule_misses_cancel_hits_then_unblocked_hits_are_casualties_then_hits_go_live",)),
    ("The defender then immediately takes as casualties",
     (f"{CARDS}.test_rule_misses_cancel_hits_then_unblocked_hits_are_casualties_then_hits_go_live",)),
    ("The attacker now gets to play a card",
     (f"{CARDS}.test_rule_attacker_answers_flank_frontal_and_surprise_counters",)),
    ("If the defender played a Flank Counter",
     (f"{CARDS}.test_rule_attacker_answers_flank_frontal_and_surprise_counters",)),
    ("If the defender played a Frontal Counter",
     (f"{CARDS}.test_rule_attacker_answers_flank_frontal_and_surprise_counters",)),
    ("If the defender played a Surprise Counter",
     (f"{CARDS}.test_rule_attacker_answers_flank_frontal_and_surprise_counters",)),
    ("Similarly the misses are applied, and hits are now live back at the defender",
     (f"{CARDS}.test_rule_defender_answers_flank_frontal_and_surprise_counters",
      f"{CARDS}.test_rule_attacker_hits_qualify_by_its_surviving_units")),
    ("If the attacker played a Flank Counter",
     (f"{CARDS}.test_rule_defender_answers_flank_frontal_and_surprise_counters",)),
    ("If the attacker played a Frontal Counter",
     (f"{CARDS}.test_rule_defender_answers_flank_frontal_and_surprise_counters",)),
    ("If the attacker played a Surprise Counter",
     (f"{CARDS}.test_rule_defender_answers_flank_frontal_and_surprise_counters",)),
    ("Similarly the misses are applied, and hits are now live back at the attacker",
     (f"{CARDS}.test_rule_misses_cancel_hits_then_unblocked_hits_are_casualties_then_hits_go_live",)),
    ("At some point, a player will either be unable or unwilling",
     (f"{CARDS}.test_rule_a_player_unable_or_unwilling_to_play_ends_the_card_battle_round",
      f"{CARDS}.test_rule_attacker_needs_a_miss_or_surviving_unit_to_play_a_card",
      f"{HIDDEN}.test_principle_cards_a_later_wave_without_an_attack_card_says_nothing_of_the_hand")),
    ("That ends the card battle round",
     (f"{CARDS}.test_rule_a_player_unable_or_unwilling_to_play_ends_the_card_battle_round",)),
    ("However, if playing with the Battle Cards, then you can attack the same hex",
     (f"{CARDS}.test_rule_attack_the_same_hex_as_often_as_wanted_each_wave_with_an_attack_card",)),
    ("In general, once units make an attack",
     (f"{CARDS}.test_rule_attack_the_same_hex_as_often_as_wanted_each_wave_with_an_attack_card",
      f"{TRACE}.test_rule_map_game_steps_and_cavalrys_exception_are_documented_as_not_built")),
    ("These followup additional attacks on the same hex",
     (f"{CARDS}.test_rule_attack_the_same_hex_as_often_as_wanted_each_wave_with_an_attack_card",)),
    ("The units reattacking must be via the same source hex",
     (f"{CARDS}.test_rule_units_stay_on_their_hex_side_and_pull_back_to_the_source_hex",)),
    ("The source hex can be a water hex containing a friendly frigate",
     (f"{CARDS}.test_rule_units_stay_on_their_hex_side_and_pull_back_to_the_source_hex",)),
    ("However, players do not get a second round of card replenishment",
     (f"{CARDS}.test_rule_no_second_replenishment_for_follow_up_waves",
      f"{CARDS}.test_rule_attack_the_same_hex_as_often_as_wanted_each_wave_with_an_attack_card",
      f"{RESERVES}.test_rule_a_second_wave_may_bring_additional_units",
      f"{RESERVES}.test_rule_a_hex_side_of_reserve_units_only_joins_the_battle_when_they_are_brought",
      f"{TRACE}.test_rule_map_game_steps_and_cavalrys_exception_are_documented_as_not_built")),
    ("Note the card text on the followup attacks is still applicable",
     (f"{CARDS}.test_rule_card_text_holds_for_its_wave_only_secrecy",)),
    ("If you play Secrecy on first wave",
     (f"{CARDS}.test_rule_card_text_holds_for_its_wave_only_secrecy",)),
    ("Cards that are noted “Special Event”",
     (f"{CARDS}.test_rule_special_event_card_played_for_its_event_or_as_a_normal_card",)),
    ("If you play a card just for its Special Event",
     (f"{CARDS}.test_rule_special_event_card_played_for_its_event_or_as_a_normal_card",)),
    ("If you play a card that partially counteracts",
     (f"{CARDS}.test_rule_a_card_that_counteracts_another_takes_effect_ignore_terrain_lifts_mud",)),
    ("If a player plays an Attack/Counter card as an Attack card",
     (f"{CARDS}.test_rule_attack_counter_card_played_as_attack_has_meaningless_misses",)),
    ("If the defender plays a card that hits all remaining attacking units",
     (f"{CARDS}.test_rule_attacker_needs_a_miss_or_surviving_unit_to_play_a_card",
      f"{RESERVES}.test_rule_attacker_facing_destruction_may_play_a_special_event_with_enough_shields")),
    ("If artillery gets drawn into battle during a card battle round",
     (f"{RESERVES}.test_rule_artillery_drawn_into_battle_makes_no_pre_battle_attack_until_the_next_wave",
      f"{RESERVES}.test_rule_reinforcements_either_side_draws_a_unit_into_the_card_battle_round",
      f"{CARDS}.test_rule_pre_battle_fire_only_as_a_wave_is_launched")),
    ("After that card battle round ends, they could conduct a Pre-Battle Attack",
     (f"{RESERVES}.test_rule_artillery_drawn_into_battle_makes_no_pre_battle_attack_until_the_next_wave",
      f"{RESERVES}.test_rule_a_second_wave_may_bring_additional_units",
      f"{CARDS}.test_rule_pre_battle_fire_only_as_a_wave_is_launched",
      f"{RESERVES}.test_ruling_artillery_drawn_in_that_survives_an_artillery_casualty_fires_at_the_next_launch",
      f"{RESERVES}.test_ruling_overwatch_killing_an_artillery_takes_one_that_already_fired",
      f"{RESERVES}.test_ruling_artillery_that_fired_falls_first_in_the_reported_battles")),
    ("Similarly a defending artillery that gets drawn into battle",
     (f"{RESERVES}.test_rule_defending_artillery_drawn_into_battle_no_overwatch_now_but_against_a_second_wave",
      f"{RESERVES}.test_ruling_casualties_among_defending_artillery_take_the_ones_that_already_fired_first",
      f"{CARDS}.test_rule_overwatch_not_fired_may_fire_at_a_second_wave")),
    ("When needing to make a special defense roll",
     (f"{CARDS}.test_rule_special_rolls_flip_as_many_cards_as_dice",)),
    ("All Attack & Attack/Counter cards that show up",
     (f"{CARDS}.test_rule_flipped_attack_and_attack_counter_cards_are_one_hit_each_others_none",)),
    ("The # of hits on the card doesn’t matter",
     (f"{CARDS}.test_rule_flipped_attack_and_attack_counter_cards_are_one_hit_each_others_none",)),
    ("If it IS an Attack or Attack/Counter card, then the opponent loses one unit",
     (f"{CARDS}.test_rule_flipped_attack_and_attack_counter_cards_are_one_hit_each_others_none",)),
    ("If it is not, then the opponent does not lose anything",
     (f"{CARDS}.test_rule_flipped_attack_and_attack_counter_cards_are_one_hit_each_others_none",)),
    ("If the terrain matches, it is a selective hit",
     (f"{CARDS}.test_rule_flipped_card_matching_the_terrain_is_a_selective_hit",)),
    ("After card battle round, attacking units must pull back",
     (f"{CARDS}.test_rule_units_stay_on_their_hex_side_and_pull_back_to_the_source_hex",
      f"{CARDS}.test_rule_a_player_unable_or_unwilling_to_play_ends_the_card_battle_round")),
    ("Source hex is not the origination hex",
     (f"{CARDS}.test_rule_units_stay_on_their_hex_side_and_pull_back_to_the_source_hex",)),
    ("Replenishment cards are only drawn if the defender has units surviving",
     (f"{CARDS}.test_rule_no_replenishment_for_a_town_emptied_by_pre_battle_fire",)),
    ("An Attacker would not get them for taking an empty town",
     (f"{CARDS}.test_rule_no_replenishment_for_a_town_emptied_by_pre_battle_fire",)),
    ("A player that takes a town/city gains a card",
     (f"{CARDS}.test_rule_taking_a_town_gains_a_card_losing_it_loses_a_card",)),
    ("Can only “land” as many hits as “dice”",
     (f"{CARDS}.test_rule_hits_land_only_up_to_the_dice_an_infantry_horde_on_one_side",)),
    ("If an infantry horde attacks on 1 hexside",
     (f"{CARDS}.test_rule_hits_land_only_up_to_the_dice_an_infantry_horde_on_one_side",)),
    ("Attacker always must have a “miss” or surviving unit",
     (f"{CARDS}.test_rule_attacker_needs_a_miss_or_surviving_unit_to_play_a_card",)),
    ("Defender always gets to respond",
     (f"{CARDS}.test_rule_defender_always_matches_play_even_when_its_units_fall",
      f"{RESPONDS}.test_rule_34_in_a_town_the_defender_answers_after_its_last_unit_fell",
      f"{RESPONDS}.test_rule_34_a_city_answers_with_its_two_dice",
      f"{RESPONDS}.test_rule_34_the_round_goes_on_until_a_pass_and_a_surviving_attacker_takes_the_town",
      f"{RESPONDS}.test_rule_34_in_the_open_the_battle_still_ends_when_the_last_defender_falls")),
    ("Example: Defender can be losing 1 of 2 infantry",
     (f"{CARDS}.test_rule_defender_always_matches_play_even_when_its_units_fall",
      f"{RESPONDS}.test_rule_34_example_the_defenders_cap_is_its_dice_before_the_cards_losses")),
    ("If the Attacker was losing 1 of 2 attacking infantry",
     (f"{CARDS}.test_rule_attacker_hits_qualify_by_its_surviving_units",)),
    ("At the end of every player’s turn, every player must discard down",
     (f"{CARDS}.test_rule_discard_down_to_max_hand_at_the_end_of_every_turn_and_keep_the_rest",
      f"{CARDS}.test_rule_max_hand_is_towns_and_cities_at_most_ten")),
    ("Both towns and cities each add 1",
     (f"{CARDS}.test_rule_max_hand_is_towns_and_cities_at_most_ten",)),
    ("Once a Reversal of Fortune card cancels another card",
     (f"{CARDS}.test_rule_reversal_of_fortune_cancels_special_events_for_good",)),
    ("A second Reversal of Fortune card cannot cancel",
     (f"{CARDS}.test_rule_reversal_of_fortune_cancels_special_events_for_good",)),
    ("All the second Reversal of Fortune card would do",
     (f"{CARDS}.test_rule_reversal_of_fortune_cancels_special_events_for_good",
      f"{CARDS}.test_rule_a_second_reversal_of_fortune_only_cancels_the_first_ones_hits")),
    ("The effects of cancellation happen immediately",
     (f"{CARDS}.test_rule_reversal_of_fortune_cancels_special_events_for_good",)),
    ("Whenever a player builds a town",
     (f"{TRACE}.test_rule_map_game_steps_and_cavalrys_exception_are_documented_as_not_built",)),
    ("At the end of a player’s turn, he may draw additional new cards",
     (f"{CARDS}.test_rule_end_of_turn_draw_up_to_max_hand_no_more_than_cities",)),
    ("Cities are the draw limit at the end of turn",
     (f"{CARDS}.test_rule_cities_limit_draws_also_to_discard_and_draw_anew",)),
    ("You get to keep the cards you don’t use",
     (f"{CARDS}.test_rule_discard_down_to_max_hand_at_the_end_of_every_turn_and_keep_the_rest",)),
    ("Don’t have to play an attack card to move into an empty town/city",
     (f"{CARDS}.test_rule_no_attack_card_needed_for_an_empty_town_the_defender_flips",)),
    ("The defender would just flip over the top card(s)",
     (f"{CARDS}.test_rule_no_attack_card_needed_for_an_empty_town_the_defender_flips",)),
    ("However, you may WANT to play an Attack card",
     (f"{TEXT_ACTS}.test_rule_43_no_attack_card_is_offered_into_an_empty_town_its_text_has_nothing_to_act_on",
      f"{MOVE_CARD}.test_plus_one_mp_is_played_while_moving_not_in_the_empty_towns_battle",
      f"{EMPTY_TOWN}.test_with_only_textless_attack_cards_moving_in_is_the_one_choice")),
    ("In that case, the hits/misses on the card would not matter",
     (f"{HYBRID}.test_rule_hybrid_dice_fight_and_only_the_special_effect_portion_of_the_cards_is_used",)),
    ("Special Events allow you to interfere with other players",
     (f"{CARDS}.test_rule_special_events_cannot_cancel_hits",
      f"{HYBRID}.test_ruling_hybrid_reversal_of_fortune_cannot_block_dice_hits")),
    ("You can’t cancel out the card text on battle cards",
     (f"{CARDS}.test_rule_reversal_of_fortune_does_not_cancel_battle_card_text",)),
    ("Reversal of Fortune cards need to be revised",
     (f"{CARDS}.test_rule_reversal_of_fortune_blocks_all_hits",)),
    ("They a.) block all hits and b.) can cancel Special Events",
     (f"{CARDS}.test_rule_reversal_of_fortune_blocks_all_hits",
      f"{CARDS}.test_rule_reversal_of_fortune_cancels_special_events_for_good",
      f"{HYBRID}.test_rule_hybrid_window_lets_a_player_answer_an_event_and_closes_on_two_passes",
      f"{HYBRID}.test_ruling_hybrid_reversal_of_fortune_cannot_block_dice_hits")),
    ("They do not cancel battle card text",
     (f"{CARDS}.test_rule_reversal_of_fortune_does_not_cancel_battle_card_text",)),
    ("Even though you don’t have to play an attack card",
     (f"{TEXT_ACTS}.test_rule_43_no_attack_card_is_offered_into_an_empty_town_its_text_has_nothing_to_act_on",
      f"{TEXT_ACTS}.test_rule_43_a_hybrid_launch_offers_secrecy_against_ready_artillery_never_plus_one_mp",
      f"{TEXT_ACTS}.test_rule_43_a_hybrid_launch_with_no_text_that_acts_is_not_asked",
      f"{MOVE_CARD}.test_plus_one_mp_is_played_while_moving_not_in_the_empty_towns_battle",
      f"{EMPTY_TOWN}.test_with_only_textless_attack_cards_moving_in_is_the_one_choice")),
    ("The hits/misses on the card would of course not matter",
     (f"{HYBRID}.test_rule_hybrid_dice_fight_and_only_the_special_effect_portion_of_the_cards_is_used",)),
    ("Note: When reviewing the Word .doc files",
     (f"{DATA}.test_rule_cards_with_incomplete_names_are_not_played",)),
    ("Only playtest using the cards that have completed information",
     (f"{DATA}.test_rule_cards_with_incomplete_names_are_not_played",)),
]

DICE = "test_viktory_dice"
# (a combat ruling of RULINGS.md, the tests that check it)
RULINGS: list[tuple[str, tuple[str, ...]]] = [
    ("Land terrain: plains, grassland, forest, mountain; also water. Units: infantry, cavalry, "
     "artillery, frigates; towns and cities.",
     (f"{DICE}.test_ruling_land_terrains_units_towns_and_cities",)),
    ("Attacker: 1 die if any infantry is in the battle, 1 if any cavalry, 1 if any artillery",
     (f"{DICE}.test_ruling_attacker_one_die_per_unit_type_present",)),
    ("+1 for each additional hex side its units entered from",
     (f"{DICE}.test_ruling_attacker_plus_one_die_per_additional_hex_side",)),
    ("Defender: 1 each for infantry, cavalry, artillery present, +1 if a friendly frigate is "
     "adjacent (naval support), + only the best of: forest 1, town 1, mountain 2, city 2.",
     (f"{DICE}.test_ruling_defender_dice_types_naval_support_and_best_terrain",)),
    ("A die hits on 1-3 (1-4 for a player in combat supply)",
     (f"{DICE}.test_ruling_a_die_hits_on_1_to_3",
      f"{DICE}.test_ruling_combat_supply_hits_on_1_to_4")),
    ("a 1 is a tactical (selective) hit: the roller chooses the casualty; otherwise the owner "
     "chooses.", (f"{DICE}.test_ruling_a_one_is_a_tactical_hit_the_roller_chooses",)),
    ("Suppression: attacker hits beyond the number of defending units suppress that many "
     "defender rolls (terrain and naval rolls too unless the hex has a town or city; urban "
     "rolls never).",
     (f"{DICE}.test_ruling_suppression_surplus_hits_cancel_defender_dice",
      f"{DICE}.test_ruling_suppression_includes_terrain_dice_outside_towns",
      f"{DICE}.test_ruling_suppression_never_touches_town_city_or_their_naval_dice")),
    ("Rounds repeat until one side has no units or the attacker retreats",
     (f"{DICE}.test_ruling_rounds_repeat_until_one_side_has_no_units",
      f"{DICE}.test_ruling_the_attacker_may_retreat_each_round")),
    ("an attack on a town or city takes at least one round.",
     (f"{DICE}.test_ruling_an_attack_on_an_empty_town_takes_one_round",
      f"{DICE}.test_ruling_a_town_emptied_by_pre_battle_fire_still_takes_one_round")),
    ("Bombard and pre-battle fire: one die per artillery (expansion rule: two dice, and "
     "selective).", (f"{DICE}.test_ruling_bombard_and_pre_battle_fire_one_die_per_artillery",
                     f"{DICE}.test_ruling_artillery_characteristics_two_dice_each_and_selective",
                     f"{DICE}.test_ruling_frigates_bombard_with_one_die_each")),
    ("Overwatch (expansion rule): a defending artillery fires once per enemy turn at a unit "
     "moving next to it; its hits are selective.",
     (f"{DICE}.test_ruling_overwatch_defending_artillery_fires_once_selectively",
      f"{DICE}.test_ruling_overwatch_without_artillery_characteristics_rolls_one_die")),
    ("Naval battle: attacker 1 die + 1 per additional hex its frigates entered from; "
     "defender 1.",
     (f"{DICE}.test_ruling_naval_battle_attacker_one_die_per_hex_side_defender_one",)),
    ("warroom ships a sample deck that respects the stated mix (33 % Attack, 16 % "
     "Attack/Counter, 50 % Counter), the card kinds named (...) and one terrain per card.",
     (f"{DATA}.test_rule_sample_deck_respects_the_stated_mix_of_card_kinds",
      f"{DATA}.test_ruling_sample_deck_has_every_named_card_kind_and_is_marked_sample")),
]


def sentences(text: str) -> list[str]:
    """The rule sentences of the variant text: its body (before the comments, after the title),
    split at sentence ends; headings ("Turn Sequence:"), numbers ("1.") and the web address
    dropped."""
    return rule_trace.sentences("\n".join(text.split("Posted:")[0].splitlines()[1:]))


def test_every_mapped_test_exists():
    rule_trace.check_table(VARIANT + RULINGS, HERE)


def test_every_sentence_of_the_variant_text_has_a_test():
    text = sentences(RULE_TEXT.read_text(encoding="utf-8"))
    rule_trace.check_traced(text, VARIANT)


def test_rule_map_game_steps_and_cavalrys_exception_are_documented_as_not_built():
    text = " ".join(README.read_text(encoding="utf-8").lower().split())
    # here: the map game around the battles is the game viktory-ii, which this one's resolver
    # fights the battles of
    assert "only the battle is modelled here" in text and "is the game `viktory-ii`" in text
    not_modelled = text.split("## not modelled")[1].split("##")[0]
    for step in ("movement", "building", "cavalry"):
        assert step in not_modelled
