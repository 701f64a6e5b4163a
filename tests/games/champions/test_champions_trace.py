"""Rule -> test: every sentence of The Game of Champions text, with the tests that check it
(docs/DESIGN.md, "Quality bars"). The tests must exist, and every sentence of the rule text
(docs/rules) must be in the table or among the few that are no rules or have nothing to check."""

from __future__ import annotations

from pathlib import Path

import rule_trace

HERE = Path(__file__).parent
RULE_TEXT = Path(__file__).parents[3] / "docs/rules/game-of-champions.txt"

RULES = "test_champions_rules"
RULINGS = "test_champions_rulings"
# (the start of a sentence of the rule text, the tests that check it)
TABLE: list[tuple[str, tuple[str, ...]]] = [
    ("The Game of Champions is a strategic two person game played with a standard deck",
     (f"{RULES}.test_rule_01_a_two_person_game_with_a_standard_deck",
      f"{RULES}.test_rule_05_the_deck_is_a_standard_52_card_deck")),
    ("It is based on the premise and simplicity of the popular card game",
     (f"{RULES}.test_rule_21_top_cards_are_turned_over_the_higher_wins_the_lower_is_a_casualty",)),
    ("All ties are settled with a match ofRoshambo",
     (f"{RULES}.test_rule_02_all_ties_are_settled_with_a_match_of_roshambo",
      f"{RULES}.test_rule_35_standing_rule_any_tie_is_settled_by_roshambo_a_drawn_one_is_replayed")),
    (";Object of the game: Destroy your opponents army",
     (f"{RULES}.test_rule_03_the_object_is_to_destroy_the_opponents_army",
      f"{RULES}.test_ruling_a_player_with_no_battalion_after_a_battle_has_lost",
      f"{RULES}.test_rule_04_two_players_and_the_undescribed_three_player_variation_is_refused",
      f"{RULES}.test_rule_05_the_deck_is_a_standard_52_card_deck",
      f"{RULES}.test_rule_06_suits_have_no_numerical_value",
      f"{RULES}.test_rule_07_rank_10_down_to_2_and_face_cards_do_not_fight")),
    ("Face cards are not used during the hand (battle)",
     (f"{RULES}.test_rule_07_rank_10_down_to_2_and_face_cards_do_not_fight",
      f"{RULES}.test_rule_19_both_pick_up_their_reinforcements_the_commanders_stay")),
    ("The Deal: A match of Roshambo determines the dealer",
     (f"{RULES}.test_rule_08_a_match_of_roshambo_determines_the_dealer",)),
    ("From a shuffled deck 15 cards are dealt to each player",
     (f"{RULES}.test_rule_09_fifteen_cards_each_and_the_rest_face_down_in_the_reserve_pile",)),
    ("The remaining cards are placed face down in what is called the Reserve Pile",
     (f"{RULES}.test_rule_09_fifteen_cards_each_and_the_rest_face_down_in_the_reserve_pile",)),
    ("The players first lay down all the face cards including Aces",
     (f"{RULES}.test_rule_10_face_cards_are_laid_down_then_reinforcements_are_distributed_in_secret",
      f"{RULINGS}.test_ruling_the_initial_distribution_places_the_highest_card_first_one_at_a_time")),
    ("A player is not required to place reinforcements on every face cards",
     (f"{RULES}.test_rule_11_all_reinforcements_must_go_to_face_cards_but_not_to_every_one",)),
    ("A face card with reinforcements is called a Battalion",
     (f"{RULES}.test_rule_12_a_face_card_with_reinforcements_is_a_battalion",)),
    ("If either player does not receive a face card in the deal",
     (f"{RULES}.test_rule_13_the_cards_are_dealt_again_until_both_players_have_a_face_card",)),
    ("The player with the least amount of face cards begins",
     (f"{RULES}.test_rule_14_the_player_with_fewer_face_cards_begins",
      f"{RULES}.test_rule_14_equal_face_cards_a_match_of_roshambo_determines_the_first_player")),
    ("Fortify: The player draws one card from the Reserve Pile",
     (f"{RULES}.test_rule_15_a_turn_is_fortify_then_advantages_then_battle_or_fortify",
      f"{RULES}.test_rule_16_fortify_draws_a_reserve_card_and_places_it_on_any_face_card",
      f"{RULES}.test_ruling_a_drawn_face_card_is_laid_down",
      f"{RULES}.test_ruling_an_empty_reserve_pile_skips_the_fortify_and_forces_a_battle")),
    ("Use Advantages: Every battalion (1 Face card and associated armies) is commanded",
     (f"{RULES}.test_rule_15_a_turn_is_fortify_then_advantages_then_battle_or_fortify",
      f"{RULES}.test_rule_17_advantages_only_for_battalions_not_bare_face_cards")),
    ("Advantages can only be used by battalions",
     (f"{RULES}.test_rule_17_advantages_only_for_battalions_not_bare_face_cards",
      f"{RULES}.test_ruling_the_medic_needs_the_queens_battalion_to_survive_the_battle")),
    ("If you have face cards without reinforcements then their advantage can not be used",
     (f"{RULES}.test_rule_17_advantages_only_for_battalions_not_bare_face_cards",)),
    ("Battle/Fortify: A battle is initiated by choosing the battalion",
     (f"{RULES}.test_rule_18_a_battle_uses_one_of_your_battalions_against_one_of_the_opponents",
      f"{RULINGS}.test_ruling_the_attacker_chooses_its_battalion_then_the_target_with_no_going_back")),
    ("Both players then pick up all reinforcements in their battalions",
     (f"{RULES}.test_rule_19_both_pick_up_their_reinforcements_the_commanders_stay",)),
    ("Both players then can order their battalions cards in any order",
     (f"{RULES}.test_rule_20_both_order_their_cards_in_secret_at_the_same_time",)),
    ("Once both players battalions are face down the players enter battle mode",
     (f"{RULES}.test_rule_21_top_cards_are_turned_over_the_higher_wins_the_lower_is_a_casualty",
      f"{RULES}.test_ruling_a_battle_has_at_least_one_flip")),
    ("The losing card is placed faced up in the casualty pile",
     (f"{RULES}.test_rule_21_top_cards_are_turned_over_the_higher_wins_the_lower_is_a_casualty",
      f"{RULINGS}.test_ruling_each_player_has_its_own_casualty_pile_face_up")),
    ("The attacker can choose to stop the battle at anytime",
     (f"{RULES}.test_rule_22_the_attacker_can_stop_the_battle_at_any_time",)),
    ("If all of the defenders cards have been turned over",
     (f"{RULES}.test_rule_23_the_defender_recycles_its_survivors_in_their_original_order",
      f"{RULES}.test_ruling_the_attackers_cards_are_played_once_then_the_battle_ends",
      f"{RULINGS}.test_ruling_the_battle_also_ends_when_the_defender_has_no_card_left")),
    ("If two cards are turned over with the same value",
     (f"{RULES}.test_rule_24_equal_cards_a_battle_of_roshambo_determines_the_winner",)),
    ("A player can alternately choose to fortify again instead of starting a battle",
     (f"{RULES}.test_rule_25_a_player_can_fortify_again_instead_of_starting_a_battle",
      f"{RULES}.test_ruling_end_turn_only_when_neither_battle_nor_fortify_is_possible")),
    ("All battalion advantages are optional and can only be used during a players turn",
     (f"{RULES}.test_rule_26_advantages_are_optional_and_only_in_your_own_turn",)),
    ("Queen (Medic): If a battalion is commanded by a Queen and you are the attacker",
     (f"{RULES}.test_rule_27_queen_medic_the_attacker_revives_its_last_casualty",
      f"{RULINGS}.test_ruling_the_medic_revives_the_latest_casualty_even_from_an_earlier_battle",
      f"{RULES}.test_rule_30_the_medic_is_used_after_the_attack_and_only_by_the_attacker")),
    ("If you do not have any casualties from battle then the Medic can not be used",
     (f"{RULES}.test_rule_28_without_casualties_the_medic_cannot_be_used",)),
    ("Using this advantage ends your turn immediately",
     (f"{RULES}.test_rule_29_using_the_medic_ends_the_turn_immediately",
      f"{RULES}.test_rule_34_after_the_medic_is_declined_a_bare_face_card_can_still_be_turned_in")),
    ("This advantage is only used after a player completes their attack",
     (f"{RULES}.test_rule_30_the_medic_is_used_after_the_attack_and_only_by_the_attacker",)),
    ("Jack (Cavalry): All '2's in a battalion under the command of Jack become equal to 10",
     (f"{RULES}.test_rule_31_jack_cavalry_its_2s_count_as_10",
      f"{RULES}.test_rule_31_option_cavalry_only_when_attacking")),
    ("King (General): If any battalion is commanded by a King",
     (f"{RULES}.test_rule_32_king_general_moves_up_to_3_cards_to_other_face_cards",
      f"{RULES}.test_rule_32_the_general_puts_a_card_on_another_face_card_and_may_stop_early",
      f"{RULINGS}.test_ruling_the_general_needs_two_face_cards",
      f"{RULES}.test_ruling_general_and_spy_once_per_turn_each",
      f"{RULINGS}.test_ruling_general_and_spy_once_per_turn_even_with_two_kings_and_two_aces",
      f"{RULINGS}.test_ruling_the_generals_moves_go_on_when_they_leave_the_king_bare")),
    # twice in the text: for the General, then for the Spy
    ("This advantage is played before the player chooses to attack",
     (f"{RULES}.test_rule_32_and_33_the_general_and_the_spy_come_before_the_attack",)),
    ("Ace (Spy): If any battalion is commanded by an Ace",
     (f"{RULES}.test_rule_33_ace_spy_swaps_two_of_the_defenders_cards_between_its_battalions",
      f"{RULES}.test_rule_33_the_spy_needs_two_opponent_battalions",
      f"{RULES}.test_ruling_general_and_spy_once_per_turn_each")),
    ("Note: This is only swap one of the defenders cards with another",
     (f"{RULES}.test_rule_33_ace_spy_swaps_two_of_the_defenders_cards_between_its_battalions",)),
    ("Face Cards can not be swapped",
     (f"{RULES}.test_rule_33_ace_spy_swaps_two_of_the_defenders_cards_between_its_battalions",)),
    ("* If a player has face cards that are not yet battalions, they can choose to turn",
     (f"{RULES}.test_rule_34_a_bare_face_card_can_be_turned_in_to_fortify",
      f"{RULES}.test_rule_34_a_face_card_the_battle_left_bare_can_be_turned_in_before_the_turn_ends",
      f"{RULES}.test_rule_34_after_the_medic_is_declined_a_bare_face_card_can_still_be_turned_in",
      f"{RULES}.test_rule_34_at_the_turns_end_only_while_a_reserve_card_can_be_drawn",
      f"{RULINGS}.test_ruling_no_turn_in_in_the_middle_of_a_battle")),
    ("* Standing Rule: At any of event of a tie in the game",
     (f"{RULES}.test_rule_35_standing_rule_any_tie_is_settled_by_roshambo_a_drawn_one_is_replayed",
      f"{RULES}.test_rule_02_all_ties_are_settled_with_a_match_of_roshambo",
      f"{RULES}.test_rule_24_equal_cards_a_battle_of_roshambo_determines_the_winner")),
]

# Sentences that are no rules: the title, headings and cross-references, the source.
NOT_RULES = {
    "- The Game of Champions": "title",
    "See: Battalion Advantages": "a cross-reference to the section that follows",
    "Additional Rules": "heading",
    "Wikimedia Foundation": "the source of the text (\"Wikimedia Foundation. 2010.\")",
}
# Sentences with nothing to check.
NOTHING_TO_CHECK = {
    "War , but introduces strategy and logic similar to Chess":
        "flavour: a comparison with Chess, no rule",
}


def test_every_mapped_test_exists():
    rule_trace.check_table(TABLE, HERE)


def test_every_sentence_of_the_rule_text_is_traced():
    text = rule_trace.sentences(RULE_TEXT.read_text(encoding="utf-8"))
    rule_trace.check_traced(text, TABLE, NOT_RULES, NOTHING_TO_CHECK)
