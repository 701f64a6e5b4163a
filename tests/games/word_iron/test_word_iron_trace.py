"""Rule -> test: every sentence of Word & Iron, Official Rules for a Pitched Battle, with the
tests that check it (docs/DESIGN.md, "Quality bars"). The tests must exist, and every sentence
of the rule text (docs/rules) must be in the table or among the few that are no rules or have
nothing to check."""

from __future__ import annotations

from pathlib import Path

from word_iron_helpers import new

import rule_trace
from warroom.games.word_iron import GAME
from warroom.games.word_iron.state import CHANCE, STRATEGY, WORD

HERE = Path(__file__).parent
ROOT = Path(__file__).parents[3]
RULE_TEXT = ROOT / "docs/rules/word-and-iron-pitched-battle.txt"
README = ROOT / "src/warroom/games/word_iron/README.md"

RULES = "test_word_iron_rules"
RULINGS = "test_word_iron_rulings"
EFFECTS = "test_word_iron_effects"
PLAY = "test_word_iron_play"
TRACE = "test_word_iron_trace"
CASTELLAN = "test_castellan_order_stop66"  # rule 11 orders cards (version 7)
DECK_LIST = (f"{RULES}.test_rule_deck_list_the_sample_deck_holds_the_72_cards_listed",
             f"{RULES}.test_rule_05_a_deck_must_allot_the_listed_numbers")
SECTION_SIZES = (f"{RULES}.test_rule_deck_list_the_sample_deck_holds_the_72_cards_listed",
                 f"{RULES}.test_rule_deck_list_a_deck_with_a_missing_card_is_refused")
RANSOM = f"{RULES}.test_rule_03_the_captor_chooses_the_ransom_and_its_uses_start_over"
NOT_RANSOMED = f"{RULES}.test_rule_03_a_hostage_that_cannot_be_ransomed_loses_the_battle"
GO_UP = f"{RULES}.test_rule_01_a_named_unit_that_is_gone_goes_up_one_unit"
GO_DOWN = f"{RULES}.test_rule_01_when_the_unit_above_is_gone_too_go_down"
ROUND_UP = f"{RULES}.test_rule_01_losses_round_up_even_when_one_rank_is_left"
EIGHTY = f"{RULES}.test_rule_08_eighty_below_royal_guards"
LAYOUT = f"{RULES}.test_rule_12_realm_army_and_decks_from_left_to_right_royals_below"
GRAND_TOURNAMENT = (
    f"{TRACE}.test_intro_only_the_pitched_battle_is_played_the_grand_tournament_by_its_prize")
# (the start of a sentence of the rule text, the tests that check it)
TABLE: list[tuple[str, tuple[str, ...]]] = [
    # Introduction
    ("When playing Word & Iron there are two methods of play", (GRAND_TOURNAMENT,)),
    ("Both methods are designed for two player games",
     (f"{TRACE}.test_intro_a_pitched_battle_is_for_two_players_with_a_deck_each",)),
    ("First is the Grand Tournament and second is a Pitched Battle", (GRAND_TOURNAMENT,)),
    ("Often players will have a Grand Tournament right before a Pitched Battle",
     (f"{RULES}.test_rule_06_the_realm_has_four_resources_five_for_the_tournament_winner",
      GRAND_TOURNAMENT)),
    ("Technically a Grand Tournament can be played in a limited way", (GRAND_TOURNAMENT,)),
    ("To get the full experience two separate 72-card starter decks are recommended",
     (GRAND_TOURNAMENT,)),
    ("To play a Pitched Battle two separate 72-card starter decks are required",
     (f"{TRACE}.test_intro_a_pitched_battle_is_for_two_players_with_a_deck_each",
      f"{RULES}.test_rule_deck_list_the_sample_deck_holds_the_72_cards_listed")),
    # Rule 1
    ("Some cards throughout the pitched battle can affect and adjust the method",
     (f"{EFFECTS}.test_effect_skip_draw_skips_the_targets_next_draw",
      f"{EFFECTS}.test_effect_extra_draw_comes_after_the_card_and_never_chains",
      f"{RULES}.test_rule_08_and_11_cards_validate_warns_about_a_champion_that_fights")),
    ("Additionally, some numbers when describing ranks of power", (ROUND_UP,)),
    ("The rule of thumb in this game is to round up or go up in ranks of power",
     (ROUND_UP, GO_UP, GO_DOWN)),
    ("Then you would go down in military units",
     (GO_DOWN, f"{RULES}.test_rule_01_with_nothing_below_the_loss_lands_on_the_nearest_unit_above",
      f"{RULES}.test_rule_01_each_card_of_a_unit_loss_goes_up_when_the_unit_runs_out")),
    ("Furthermore, if losses from any source only reference ranks of power",
     (f"{RULES}.test_rule_01_losses_start_from_the_highest_unit_one_card_per_unit",
      f"{RULES}.test_rule_01_no_more_than_one_card_from_each_unit",
      f"{RULES}.test_rule_01_equal_ranks_and_one_falls_the_owner_chooses",
      f"{RULES}.test_rule_01_equal_ranks_and_not_all_fall_the_owner_chooses_each_that_does")),
    ("A king or queen is a champion and not a military unit",
     (f"{RULES}.test_rule_01_the_royal_is_not_a_military_unit",)),
    # Rule 2
    ("To start the game off you choose to be a king or a queen",
     (f"{RULES}.test_rule_02_the_other_royal_joins_the_champion_deck",
      f"{RULINGS}.test_ruling_the_choice_of_king_or_queen_is_made_openly_seat_0_first")),
    ("If you choose to play the game as a king place the queen in with the rest",
     (f"{RULES}.test_rule_02_the_other_royal_joins_the_champion_deck",)),
    ("Same if you choose the queen",
     (f"{RULES}.test_rule_02_the_other_royal_joins_the_champion_deck",)),
    ("Then place the king on the deck with the rest of the champion cards",
     (f"{RULES}.test_rule_02_the_other_royal_joins_the_champion_deck",)),
    ("Players can either play as a king or a queen",
     (f"{RULES}.test_rule_02_the_other_royal_joins_the_champion_deck",
      f"{RULINGS}.test_ruling_the_choice_of_king_or_queen_is_made_openly_seat_0_first")),
    ("They may remain married or unmarried throughout the game",
     (f"{RULES}.test_rule_11_drawing_the_other_royal_marries_you_and_draws_another",
      f"{EFFECTS}.test_effect_extra_draw_of_a_champion_may_marry")),
    ("When you choose which card you are playing as the king, or the queen do not apply",
     (f"{RULES}.test_rule_02_your_own_royal_card_gives_no_benefit",)),
    ("For example, if you are playing as a king, the bottom of the card says",
     (f"{RULES}.test_rule_02_your_own_royal_card_gives_no_benefit",
      f"{RULES}.test_rule_11_the_kings_example_losses_are_recruited_at_once")),
    ("If you are the king do not apply this benefit to your army",
     (f"{RULES}.test_rule_02_your_own_royal_card_gives_no_benefit",)),
    ("If you draw a queen or another champion, you will apply those benefits",
     (f"{RULES}.test_rule_11_benefits_that_do_not_overlap_apply_together",
      f"{RULES}.test_rule_11_the_kings_example_losses_are_recruited_at_once")),
    # Rule 3
    ("There are two ways you can win a Pitched Battle",
     (f"{RULES}.test_rule_03_destroying_the_whole_army_wins", NOT_RANSOMED,
      f"{RULES}.test_rule_19_the_rounds_go_on_until_one_side_has_won")),
    ("Either by defeating your opponent’s entire army and there only being the king",
     (f"{RULES}.test_rule_03_destroying_the_whole_army_wins", NOT_RANSOMED,
      f"{RULES}.test_rule_01_the_royal_is_not_a_military_unit",
      f"{RULES}.test_rule_03_ruling_no_hostage_while_a_royal_guard_stands",
      f"{RULINGS}.test_ruling_the_battle_ends_the_moment_an_army_has_no_soldier_left_even_mid_card")),
    ("Once you capture a player’s king or queen, that player is forced to offer up a ransom",
     (RANSOM,)),
    ("The player that has captured the king or queen may choose which resource", (RANSOM,)),
    ("The player choosing a resource must accept at least one of the resources", (RANSOM,)),
    ("Resources offered to the side that captured the king or queen will start over", (RANSOM,)),
    ("Additionally, before a resource can be offered as a ransom", (RANSOM, NOT_RANSOMED)),
    # Rule 4
    ("Much like the Grand Tournament both sides select a card they wish to have a pitched battle",
     (f"{RULES}.test_rule_04_the_winner_receives_the_prize",
      f"{RULINGS}.test_ruling_an_accepted_truce_is_a_draw_and_nobody_takes_the_prize")),
    ("Historically battles have taken place over many things",
     (f"{RULES}.test_rule_04_the_winner_receives_the_prize",)),
    # Rule 5
    ("The number of cards on the field of battle and military unit types allowed", DECK_LIST),
    ("Each card will have the type of soldier and ranks of power listed on the card",
     (f"{RULES}.test_rule_deck_list_the_sample_deck_holds_the_72_cards_listed",)),
    ("These soldier types, functions, and number allotted for each position cannot change",
     (f"{RULES}.test_rule_05_a_deck_must_allot_the_listed_numbers",
      f"{RULES}.test_rule_05_recruitment_never_exceeds_the_allotted_number")),
    # Rule 6
    ("Resource cards, you should have 8 resource cards", SECTION_SIZES),
    ("Shuffle and lay out 4 resource cards in an area to your left called your realm",
     (f"{RULES}.test_rule_06_the_realm_has_four_resources_five_for_the_tournament_winner",
      f"{RULES}.test_options_set_the_realm_and_the_strategy_and_word_decks_and_their_reshuffle",
      LAYOUT)),
    ("You may have 5 resource cards if you played a Grand Tournament",
     (f"{RULES}.test_rule_06_the_realm_has_four_resources_five_for_the_tournament_winner",)),
    ("These resource cards are the resources your realm has been blessed with",
     (f"{RULES}.test_rule_06_the_realm_has_four_resources_five_for_the_tournament_winner",)),
    ("Resource cards are there to aid you in your battle by helping you recruit",
     (f"{RULES}.test_rule_06_any_fallen_type_may_be_recruited_and_a_use_turns_the_card", RANSOM)),
    ("Resource cards have the ranks of power they are worth written at the top",
     (f"{RULES}.test_rule_06_navigable_river_recruits_three_knighted_heavy_cavalry",
      f"{RULES}.test_rule_06_any_fallen_type_may_be_recruited_and_a_use_turns_the_card")),
    ("If you are recruiting soldiers and you do not have the full amount",
     (f"{RULES}.test_rule_06_navigable_river_recruits_three_knighted_heavy_cavalry",
      f"{EFFECTS}.test_effect_recruit_is_free_and_rounds_up",
      f"{PLAY}.test_heuristic_recruit_plan_uses_the_round_up_rule")),
    ("For example, if you are trying to recruit three knighted heavy calvary units",
     (f"{RULES}.test_rule_06_navigable_river_recruits_three_knighted_heavy_cavalry",)),
    ("You can recruit any type of solider you wish",
     (f"{RULES}.test_rule_06_any_fallen_type_may_be_recruited_and_a_use_turns_the_card",)),
    ("You can only recruit more soldiers once your current soldiers have fallen",
     (f"{RULES}.test_rule_06_soldiers_are_recruited_only_when_some_have_fallen",)),
    ("You also cannot recruit more than the allotted amount in each type of soldier",
     (f"{RULES}.test_rule_05_recruitment_never_exceeds_the_allotted_number",)),
    ("An army can only feed and provision so many types of soldiers",
     (f"{RULES}.test_rule_05_recruitment_never_exceeds_the_allotted_number",
      f"{RULES}.test_rule_05_a_deck_must_allot_the_listed_numbers")),
    ("For example, an army comprised entirely of knighted heavy calvary",
     (f"{RULES}.test_rule_05_a_deck_must_allot_the_listed_numbers",)),
    ("Resources in your realm can also be used to ransom your royals", (RANSOM,)),
    ("In order to acquire your royal back you hand the entire resource card over", (RANSOM,)),
    ("If that resource card has been depleted previously it cannot be used as a ransom",
     (RANSOM, NOT_RANSOMED)),
    ("A resource card must have at least one use left before it can be used as a ransom",
     (RANSOM, NOT_RANSOMED)),
    ("When the resource card is traded for your royal then the uses of that resource start over",
     (RANSOM,)),
    ("Additionally, some resource cards can be used more than one time",
     (f"{RULINGS}.test_ruling_a_resource_card_has_1_to_4_uses",
      f"{RULES}.test_rule_06_any_fallen_type_may_be_recruited_and_a_use_turns_the_card")),
    ("To show how many times you have used a resource card you turn the card clockwise",
     (f"{RULES}.test_rule_06_any_fallen_type_may_be_recruited_and_a_use_turns_the_card",
      f"{PLAY}.test_render_shows_realms_formations_decks_and_the_decision")),
    ("Resource cards used to ransom a king or queen are the receivers to keep", (RANSOM,)),
    # Rule 7
    ("Soldier cards, you should have a total of 30 soldier cards",
     (f"{RULES}.test_rule_07_all_thirty_soldiers_start_on_the_field",
      f"{RULES}.test_rule_deck_list_the_sample_deck_holds_the_72_cards_listed")),
    ("To the right of your resource area, you lay out your soldier cards",
     (f"{RULES}.test_rule_07_all_thirty_soldiers_start_on_the_field", LAYOUT)),
    # Rule 8
    ("Strategy cards, you should have a total of 8 strategy cards", SECTION_SIZES),
    ("Now on the right side of where your battle formation will be you will shuffle",
     (f"{RULES}.test_rule_08_a_strategy_deck_of_five_the_rest_aside", LAYOUT)),
    ("Strategy cards are cards that tell your army how to attack",
     (f"{RULES}.test_rule_15_the_first_attacker_deploys_a_strategy_then_the_opponent",
      f"{RULES}.test_rule_01_losses_start_from_the_highest_unit_one_card_per_unit")),
    ("Therefore, strategy cards are shuffled and 5 are placed face up",
     (f"{RULES}.test_rule_08_a_strategy_deck_of_five_the_rest_aside",
      f"{TRACE}.test_rule_08_09_10_the_decks_are_shuffled_and_their_top_cards_face_up",
      f"{PLAY}.test_decks_face_down_hide_the_top_card")),
    ("Place the remaining 3 or more if you have them face off to the side",
     (f"{RULES}.test_rule_08_a_strategy_deck_of_five_the_rest_aside",)),
    ("You draw off the top of the strategy deck of 5 cards until you draw the last",
     (f"{RULES}.test_rule_08_the_strategy_deck_is_reshuffled_after_its_last_card",)),
    ("Then you reshuffle your strategy deck and start over with your 5 strategy cards",
     (f"{RULES}.test_rule_08_the_strategy_deck_is_reshuffled_after_its_last_card",
      f"{RULES}.test_options_set_the_realm_and_the_strategy_and_word_decks_and_their_reshuffle")),
    ("Losses or costs described on the card are rounded up for you and your opponent",
     (f"{RULES}.test_rule_08_costs_in_ranks_round_up_for_the_deploying_side", ROUND_UP)),
    ("On strategy cards sometimes they reference specific military units", (GO_UP,)),
    ("If your opponent does not have any of the remaining units listed in the strategy card",
     (GO_UP, GO_DOWN)),
    # twice in rule 8: after the opponent's units, then after your own
    ("In this instance you will go down in military units",
     (GO_DOWN,
      f"{RULES}.test_rule_08_the_deploying_side_goes_down_when_the_unit_above_is_gone_too")),
    # twice in the text: rules 8 and 11
    ("No champion partakes in direct combat similar to a Grand Tournament",
     (f"{RULES}.test_rule_08_and_11_no_shipped_champion_partakes_in_direct_combat",
      f"{RULES}.test_rule_11_champions_that_used_to_fight_now_give_a_benefit",
      f"{RULES}.test_rule_08_and_11_cards_validate_warns_about_a_champion_that_fights")),
    ("If you do not have any of the units referenced in the strategy card left to deploy",
     (f"{RULES}.test_rule_08_the_deploying_side_goes_up_when_its_unit_is_gone",
      f"{RULES}.test_rule_08_the_deploying_side_goes_down_when_the_unit_above_is_gone_too")),
    ("When a strategy card causes losses to your opponent in ranks of power you start",
     (f"{RULES}.test_rule_01_losses_start_from_the_highest_unit_one_card_per_unit", EIGHTY)),
    ("Remember that this number is rounded up", (ROUND_UP, EIGHTY)),
    ("For example, if your strategy card causes your opponent losses of 80", (EIGHTY,)),
    ("In this instance you would start with a military unit on the field of battle", (EIGHTY,)),
    ("Then work your way down taking one unit or one card from each military unit", (EIGHTY,)),
    ("If these losses do not match exactly in ranks of power, then round up", (EIGHTY, ROUND_UP)),
    ("Often strategy cards will say that losses take place below a certain military unit",
     (f"{RULES}.test_rule_08_below_a_unit_unless_it_is_the_only_one_left",
      f"{RULINGS}.test_ruling_losses_below_a_unit_with_only_units_above_it_left_nothing_falls")),
    ("The only exception to this is if that military unit is the only one remaining",
     (f"{RULES}.test_rule_08_below_a_unit_unless_it_is_the_only_one_left",)),
    ("In this instance then that military unit will no longer be excluded",
     (f"{RULES}.test_rule_08_below_a_unit_unless_it_is_the_only_one_left",)),
    # Rule 9
    ("Chance cards, you should have a total of 8 chance cards", SECTION_SIZES),
    ("To the right of your strategy cards, you will shuffle all chance cards",
     (f"{RULES}.test_rule_09_a_chance_deck_of_eight_reshuffled_when_spent", LAYOUT,
      f"{TRACE}.test_rule_08_09_10_the_decks_are_shuffled_and_their_top_cards_face_up")),
    ("Draw off the top of your chance deck and read the card",
     (f"{RULES}.test_rule_16_then_both_draw_from_the_chance_deck",
      f"{RULES}.test_rule_09_a_chance_deck_of_eight_reshuffled_when_spent")),
    ("Once you are at the bottom of your chance deck you re-shuffle and start over",
     (f"{RULES}.test_rule_09_a_chance_deck_of_eight_reshuffled_when_spent",)),
    ("Whether the effects of the chance cards aid or harm your war effort",
     (f"{RULES}.test_rule_09_chance_effects_are_rounded_up_whether_they_aid_or_harm",)),
    ("The only exception to rounding up would be for when a military unit is being referenced",
     (f"{RULES}.test_rule_09_a_unit_named_by_a_chance_card_that_is_gone_goes_down",
      f"{RULES}.test_rule_09_a_chance_cards_cost_naming_a_unit_that_is_gone_goes_down_too",
      f"{RULINGS}.test_ruling_chance_cards_go_down_first_then_up")),
    ("In this instance you go down military unit ranks of power",
     (f"{RULES}.test_rule_09_a_unit_named_by_a_chance_card_that_is_gone_goes_down",
      f"{RULINGS}.test_ruling_chance_cards_go_down_first_then_up")),
    # Rule 10
    ("Word of Power cards, you should have a total of 8 Word of Power cards", SECTION_SIZES),
    ("To the right of your chance cards are your Word of Power cards", (LAYOUT,)),
    ("Shuffle all Word of Power cards and draw 3 Word of Power cards off the top",
     (f"{RULES}.test_rule_10_a_word_of_power_deck_of_three_never_reshuffled",
      f"{TRACE}.test_rule_08_09_10_the_decks_are_shuffled_and_their_top_cards_face_up")),
    ("Put these 3 cards in a deck face up and draw off the top of that deck",
     (f"{RULES}.test_rule_10_a_word_of_power_deck_of_three_never_reshuffled",
      f"{RULES}.test_rule_17_then_both_draw_a_word_of_power")),
    ("After both players have cycled through their three Word of Power cards",
     (f"{RULES}.test_rule_10_after_both_cycle_their_words_either_may_sue_for_peace",
      f"{RULES}.test_rule_10_an_accepted_truce_ends_the_battle_and_the_resource_changes_hands")),
    ("Example: Perhaps offering up a resource of lesser value to the winning side",
     (f"{RULES}.test_rule_10_an_accepted_truce_ends_the_battle_and_the_resource_changes_hands",
      f"{RULES}.test_rule_10_only_a_resource_with_a_use_left_is_offered",
      f"{RULINGS}.test_ruling_an_accepted_truce_is_a_draw_and_nobody_takes_the_prize")),
    ("If a truce cannot be established, then you will place your three Word of Power cards",
     (f"{RULES}.test_rule_10_a_declined_truce_sets_the_words_aside",
      f"{RULES}.test_rule_19_the_rounds_go_on_until_one_side_has_won")),
    ("Effects of these cards are rounded up",
     (f"{RULES}.test_rule_10_effects_of_word_of_power_cards_are_rounded_up",)),
    # Rule 11
    ("Champion cards, you should have a total of 10 champion cards", SECTION_SIZES),
    ("Champion cards are shuffled, and one champion card is drawn from the top",
     (f"{RULES}.test_rule_11_one_champion_is_drawn_face_up",
      f"{RULINGS}.test_ruling_the_champion_deck_is_never_reshuffled")),
    ("Champion cards have many uses which are described on the champion card",
     (f"{RULES}.test_rule_11_champions_that_used_to_fight_now_give_a_benefit",
      f"{RULES}.test_rule_11_benefits_that_do_not_overlap_apply_together")),
    ("If you are playing as a king and you draw a queen as one of your champions",
     (f"{RULES}.test_rule_11_drawing_the_other_royal_marries_you_and_draws_another",)),
    ("Then you are able to draw another champion card in addition to your queen",
     (f"{RULES}.test_rule_11_drawing_the_other_royal_marries_you_and_draws_another",)),
    ("The same is true if you are playing as a queen and you draw a king",
     (f"{RULES}.test_rule_11_a_queen_drawing_the_king_marries_him_draws_another_and_he_is_the_hostage",)),
    ("If you are a queen place your king as head of your house",
     (f"{RULES}.test_rule_11_a_queen_drawing_the_king_marries_him_draws_another_and_he_is_the_hostage",)),
    ("Ephesians 5:25, He will be the one who is taken hostage",
     (f"{RULES}.test_rule_11_a_queen_drawing_the_king_marries_him_draws_another_and_he_is_the_hostage",
      f"{RULES}.test_rule_11_with_a_king_and_a_queen_only_the_king_is_taken")),
    ("You may draw another champion in addition to your king",
     (f"{RULES}.test_rule_11_a_queen_drawing_the_king_marries_him_draws_another_and_he_is_the_hostage",)),
    ("When you add a king or a queen in addition to another champion card",
     (f"{RULES}.test_rule_11_benefits_that_do_not_overlap_apply_together",)),
    ("When both champion cards benefits overlap, use up one of the champion cards benefits",
     (f"{RULES}.test_rule_11_overlapping_benefits_are_used_one_after_the_other_in_the_order_chosen",
      f"{RULINGS}.test_ruling_two_empower_benefits_overlap_and_are_used_one_after_the_other",
      f"{RULINGS}.test_ruling_an_empower_applies_only_in_a_turn_that_began_with_it_in_use",
      f"{CASTELLAN}.test_the_order_of_the_queen_and_the_castellan_is_asked_once",
      f"{CASTELLAN}.test_the_castellan_first_keeps_its_protection_before_its_restoring")),
    ("If the benefits do not overlap, then use both at the same time",
     (f"{RULES}.test_rule_11_benefits_that_do_not_overlap_apply_together",)),
    ("An example of overlapping benefits would be both champion cards preventing losses",
     (f"{RULES}.test_rule_11_overlapping_benefits_are_used_one_after_the_other_in_the_order_chosen",)),
    ("In this instance you would use up one champion's protection then the next",
     (f"{RULES}.test_rule_11_overlapping_benefits_are_used_one_after_the_other_in_the_order_chosen",
      f"{RULES}.test_rule_11_the_benefit_in_use_is_the_first_of_its_family_and_shown_so")),
    ("If you have a king and a queen and your opponent is able to take a royal hostage",
     (f"{RULES}.test_rule_11_with_a_king_and_a_queen_only_the_king_is_taken",)),
    ("If you do not have the resources in your realm to ransom the king", (NOT_RANSOMED,)),
    ("If you only have a king or only have a queen, then either one can be taken",
     (f"{RULES}.test_rule_11_with_a_king_and_a_queen_only_the_king_is_taken",)),
    ("If you do not have the resources to ransom your royal", (NOT_RANSOMED,)),
    ("Unless stated on any card currently being used either champion, strategy",
     (f"{RULES}.test_rule_08_costs_in_ranks_round_up_for_the_deploying_side", EIGHTY,
      f"{RULES}.test_rule_11_the_opponent_bears_its_cost_even_when_you_are_protected")),
    ("For example, when a champion card protects you from losses from your opponent's next",
     (f"{RULES}.test_rule_11_the_opponent_bears_its_cost_even_when_you_are_protected",)),
    ("Also, whenever a champion card causes your strategies to be more effective",
     (f"{RULES}.test_rule_11_opposing_benefits_the_coin_toss_winner_uses_its_own_first",
      f"{RULINGS}.test_ruling_opposing_benefits_from_any_card_not_only_champions")),
    ("In other words, champion cards will not fight against each other",
     (f"{RULES}.test_rule_11_opposing_benefits_the_coin_toss_winner_uses_its_own_first",)),
    ("When two champion cards offer opposing benefits the winner of the coin toss",
     (f"{RULES}.test_rule_11_opposing_benefits_the_coin_toss_winner_uses_its_own_first",)),
    # Rule 12
    ("Once you have all your cards in place starting from left to right", (LAYOUT,)),
    ("Below all of that is your king and/or queen protected by royal guards",
     (LAYOUT, f"{RULES}.test_rule_03_ruling_no_hostage_while_a_royal_guard_stands")),
    # Rules 13 to 19
    ("Flip a coin", (f"{RULES}.test_rule_13_the_coin_toss_winner_chooses_who_attacks_first",)),
    ("The winner of the coin toss will now select which belligerent will commence",
     (f"{RULES}.test_rule_13_the_coin_toss_winner_chooses_who_attacks_first",
      f"{RULES}.test_rule_13_a_champion_read_at_set_up_attacks_no_sooner_than_the_battle")),
    ("Read your champion cards and see what effects they will have",
     (f"{RULES}.test_rule_14_champions_take_effect_after_the_coin_toss",
      f"{RULES}.test_rule_14_an_extra_draw_held_from_set_up_shows_until_its_deck_is_drawn")),
    ("Attacks will start by drawing from your strategy deck",
     (f"{RULES}.test_rule_15_the_first_attacker_deploys_a_strategy_then_the_opponent",)),
    ("Then your opponent does the same",
     (f"{RULES}.test_rule_15_the_first_attacker_deploys_a_strategy_then_the_opponent",)),
    ("Next will be the chance deck",
     (f"{RULES}.test_rule_16_then_both_draw_from_the_chance_deck",)),
    ("You will draw from the chance deck and read its effects",
     (f"{RULES}.test_rule_16_then_both_draw_from_the_chance_deck",)),
    # twice: after the chance deck (rule 16) and the Word of Power deck (rule 17)
    ("Your opponent will do the same",
     (f"{RULES}.test_rule_16_then_both_draw_from_the_chance_deck",
      f"{RULES}.test_rule_17_then_both_draw_a_word_of_power")),
    ("Next is the Word of Power deck", (f"{RULES}.test_rule_17_then_both_draw_a_word_of_power",)),
    ("You will draw from the Word of Power deck and read its effects",
     (f"{RULES}.test_rule_17_then_both_draw_a_word_of_power",)),
    ("Finally, draw from your Resources to draw from your realms bounty",
     (f"{RULES}.test_rule_17_then_both_draw_a_word_of_power",
      f"{RULES}.test_rule_18_after_one_use_the_player_may_stop_or_use_more",
      f"{RULES}.test_rule_18_no_resource_left_means_no_resource_draw")),
    ("If you have no need of the use of your resources, you may skip this initial draw",
     (f"{RULES}.test_rule_18_the_initial_resource_draw_may_be_skipped_once",
      f"{RULINGS}.test_ruling_the_initial_resource_draw_may_be_skipped_whatever_has_fallen")),
    ("Due to the continued cost of maintaining an army in the field you only get to skip",
     (f"{RULES}.test_rule_18_the_initial_resource_draw_may_be_skipped_once",
      f"{RULINGS}.test_ruling_a_resource_phase_skipped_by_a_card_is_a_resource_phase")),
    ("From this point on you must use at least one resource",
     (f"{RULES}.test_rule_18_the_initial_resource_draw_may_be_skipped_once",
      f"{RULES}.test_rule_18_after_one_use_the_player_may_stop_or_use_more")),
    ("You may not save any of the ranks of power to use at a later time",
     (f"{RULES}.test_rule_18_unspent_ranks_of_power_are_not_saved",)),
    ("This will continue in this order until one side has won the Pitched Battle",
     (f"{RULES}.test_rule_19_the_rounds_go_on_until_one_side_has_won",
      f"{RULES}.test_rule_19_the_round_limit_is_a_draw",
      f"{RULES}.test_rule_04_the_winner_receives_the_prize")),
    # The deck list
    ("5 Spearmen with 10 Ranks of power each", DECK_LIST),
    ("4 Pikemen with 15 ranks of power each", DECK_LIST),
    ("4 Archers with 15 ranks of power each", DECK_LIST),
    ("3 Heavy infantry with 20 ranks of power each", DECK_LIST),
    ("4 Men at arms with 25 ranks of power each", DECK_LIST),
    ("4 Light calvary with 30 ranks of power each", DECK_LIST),
    ("4 Knighted heavy calvary with 35 ranks of power each", DECK_LIST),
    ("2 Royal guards with 40 ranks of power each", DECK_LIST),
    ("10 Champion cards", SECTION_SIZES),
    ("8 Resource cards", SECTION_SIZES),
    ("8 Word of Power cards", SECTION_SIZES),
    ("8 Chance cards", SECTION_SIZES),
    ("8 Strategy cards", SECTION_SIZES),
]

# Sentences that are no rules.
NOT_RULES = {
    "Official Rules for a Pitched Battle": "title",
    "Figure A": "the caption of a figure the text does not include",
}
# Sentences with nothing to check: advice and flavour, and what the engine does not model.
NOTHING_TO_CHECK = {
    "However, these instances are not the norm and when this does happen the details":
        "about how cards are written: every effect of a card file is given explicitly",
    "This is why the king and/or queen must be wise about the resources": "advice to players",
    "Chose whatever battle formation you’re comfortable with":
        "the formation has no effect in the rules (README, Rulings, Other)",
    "You never know when you will be able to deploy a strategy":
        "the reason for the shuffle of the next sentence",
    "If you have others, keep your remaining chance cards in a separate deck":
        "a deck holds exactly the 8 chance cards of the deck list: there are no others",
    "Chance cards represent the unknown events the future holds": "flavour",
    "Now you are ready for the Pitched Battle": "a transition: the set-up is over",
}


def test_every_mapped_test_exists():
    rule_trace.check_table(TABLE, HERE)


def test_every_sentence_of_the_rule_text_is_traced():
    text = rule_trace.sentences(RULE_TEXT.read_text(encoding="utf-8"))
    rule_trace.check_traced(text, TABLE, NOT_RULES, NOTHING_TO_CHECK)


def test_intro_a_pitched_battle_is_for_two_players_with_a_deck_each():
    """"Both methods are designed for two player games" and "To play a Pitched Battle two
    separate 72-card starter decks are required": two seats, each side with a deck of its own
    (`deck0`, `deck1`), whose cards are its own piles."""
    assert GAME.min_players == GAME.max_players == 2
    s = new(0, deck0="sample", deck1="raiders")
    assert s.num_players == 2
    assert s.decks[0].name != s.decks[1].name
    for p in (0, 1):
        resources = [s.resource(e).name for e in s.realm[p]]
        assert set(resources) <= {r.name for r in s.decks[p].resources}


def test_intro_only_the_pitched_battle_is_played_the_grand_tournament_by_its_prize():
    """The Grand Tournament, the other method of play, is not modelled: only its prize, one
    more resource for its winner (`grand_tournament_winner`, rule 6), and the README says so."""
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert "Only the Grand Tournament's prize is modelled (`grand_tournament_winner`)" in text
    assert [len(r) for r in new(0, grand_tournament_winner=0).realm] == [5, 4]


def test_rule_08_09_10_the_decks_are_shuffled_and_their_top_cards_face_up():
    """The strategy, chance and Word of Power decks are shuffled (their order differs from seed
    to seed) and laid face up: both players, and a spectator, see each deck's top card."""
    orders = {tuple(tuple(new(seed).piles[0][k]) for k in (STRATEGY, CHANCE, WORD))
              for seed in range(6)}
    assert len(orders) == 6
    s = new(0)
    for who in (0, 1, None):
        for p in (0, 1):
            piles = s.observation(who)["players"][p]["piles"]
            for k, name in ((STRATEGY, "strategy"), (CHANCE, "chance"), (WORD, "word")):
                top = s.cards(p, k)[s.piles[p][k][-1]].name
                assert piles[name]["top"] == top
