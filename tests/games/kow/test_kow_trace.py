"""Rule -> test: every sentence of the Kings of War Battle Deck text, with the tests that check
it (docs/DESIGN.md, "Quality bars"). The tests must exist, and every sentence of the rule text
(docs/rules) must be in the table or among the few that are no rules."""

from __future__ import annotations

import json
import re
from pathlib import Path

import rule_trace
from warroom.games.kow import GAME

HERE = Path(__file__).parent
RULE_TEXT = Path(__file__).parents[3] / "docs/rules/kings-of-war-battle-deck.txt"

RULES = "test_rules"
RULINGS = "test_kow_rulings"
TRACE = "test_kow_trace"
# (the start of a sentence of the rule text, the tests that check it)
TABLE: list[tuple[str, tuple[str, ...]]] = [
    ("A game for two players using KoW Command Dice",
     (f"{TRACE}.test_setup_a_game_for_two_players",
      f"{RULINGS}.test_ruling_dice_faces_and_pool_are_mantics_command_dice")),
    ("One set of KoW Command Dice contains",
     (f"{RULES}.test_setup_each_pool_is_one_full_set_of_command_dice",
      f"{RULINGS}.test_ruling_dice_faces_and_pool_are_mantics_command_dice")),
    ("- 4 Red Command Dice", (f"{RULES}.test_setup_each_pool_is_one_full_set_of_command_dice",)),
    ("- 3 White Command Dice", (f"{RULES}.test_setup_each_pool_is_one_full_set_of_command_dice",)),
    ("- 2 Blue Command Dice", (f"{RULES}.test_setup_each_pool_is_one_full_set_of_command_dice",)),
    ("- 2 players", (f"{TRACE}.test_setup_a_game_for_two_players",)),
    ("- 2 sets of KoW Command Dice",
     (f"{RULES}.test_setup_each_pool_is_one_full_set_of_command_dice",)),
    ("- 1 deck of standard playing cards",
     (f"{RULES}.test_setup_battle_deck_is_the_24_cards_ace_to_six",
      f"{RULES}.test_setup_dealt_card_makes_the_other_player_red_or_black_and_dealer_the_opposite")),
    ("- Separate out all 24 cards marked 1-6",
     (f"{RULES}.test_setup_battle_deck_is_the_24_cards_ace_to_six",
      f"{RULES}.test_setup_ace_is_worth_one_and_suits_give_colours")),
    ("Shuffle these into a deck and put them face down",
     (f"{TRACE}.test_setup_the_battle_deck_is_shuffled_and_face_down",)),
    ("This is the **Battle Deck**",
     (f"{RULES}.test_setup_battle_deck_is_the_24_cards_ace_to_six",)),
    ("- One player shuffles the remaining cards and deals one to the other player face up",
     (f"{RULES}.test_setup_dealt_card_makes_the_other_player_red_or_black_and_dealer_the_opposite",)),
    ("This determines if the other player is **RED** or **BLACK**",
     (f"{RULES}.test_setup_dealt_card_makes_the_other_player_red_or_black_and_dealer_the_opposite",
      f"{RULES}.test_setup_ace_is_worth_one_and_suits_give_colours")),
    ("The dealer is the opposite colour",
     (f"{RULES}.test_setup_dealt_card_makes_the_other_player_red_or_black_and_dealer_the_opposite",)),
    ("All the remaining cards are put to one side and are not used",
     (f"{RULES}.test_setup_battle_deck_is_the_24_cards_ace_to_six",)),
    ("- Both players each take all the dice from one full set",
     (f"{RULES}.test_setup_each_pool_is_one_full_set_of_command_dice",)),
    ("This forms the **pool** of dice each player has for a Round",
     (f"{RULES}.test_rule_new_round_reshuffles_all_cards_and_refills_both_pools",
      f"{RULES}.test_rule_choice_comes_from_the_remaining_pool")),
    ("- The game is played in **Rounds**",
     (f"{RULES}.test_rule_first_to_three_victories_wins_the_game",
      f"{RULES}.test_rule_new_round_reshuffles_all_cards_and_refills_both_pools")),
    ("Each Round has a number of **Turns**",
     (f"{RULES}.test_rule_round_ends_when_the_battle_deck_has_no_cards",
      f"{RULES}.test_rule_turn_ends_by_clearing_the_cards_left_and_dealing_three_fresh_ones")),
    ("In each Turn, both players compete by using their dice",
     (f"{RULES}.test_rule_number_on_the_card_is_the_swords_needed",
      f"{RULES}.test_rule_second_player_then_rolls_and_allocates_on_what_is_left")),
    ("Dice used to defeat and win cards for a player are put to one side",
     (f"{RULES}.test_rule_unused_dice_return_to_the_pool_and_used_dice_are_set_aside",)),
    ("To begin a Turn, **deal three cards** face up in a line",
     (f"{RULES}.test_rule_turn_begins_by_dealing_three_cards_face_up_in_a_line",
      f"{RULINGS}.test_ruling_the_card_next_to_the_deck_is_the_first_dealt_this_turn")),
    ("- Each player now secretly chooses from 1 to 4 dice",
     (f"{RULES}.test_rule_each_player_secretly_chooses_one_to_four_dice_by_colour",
      f"{RULES}.test_rule_choice_comes_from_the_remaining_pool",
      f"{RULES}.test_option_min_dice_larger_than_the_pool_is_a_clear_error")),
    ("Once both players are ready, they shout",
     (f"{RULES}.test_rule_choices_are_revealed_at_the_same_time",)),
    ("- The player holding the **fewest dice has the initiative",
     (f"{RULES}.test_rule_fewest_dice_has_the_initiative",)),
    ("If both players have the same number of dice, the player with the initiative is decided",
     (f"{RULES}.test_rule_equal_dice_initiative_goes_to_the_colour_of_the_card_next_to_the_deck",
      f"{RULINGS}.test_ruling_the_card_next_to_the_deck_is_the_first_dealt_this_turn")),
    ("- The player with the initiative then rolls their dice and uses the number of swords",
     (f"{RULES}.test_rule_number_on_the_card_is_the_swords_needed",
      f"{RULES}.test_option_dice_faces_are_data")),
    ("If a player can defeat at least one card, they must do so",
     (f"{RULES}.test_rule_must_defeat_a_card_if_able",
      f"{RULES}.test_ruling_may_stop_after_one_defeated_card",
      f"{RULINGS}.test_ruling_the_allocation_ends_by_itself_when_nothing_more_can_be_defeated")),
    ("Choose which dice are allocated to each card",
     (f"{RULES}.test_rule_no_more_swords_than_needed_unless_the_dice_force_it",
      f"{RULES}.test_ruling_zero_sword_dice_are_never_allocated")),
    ("To defeat a card a Player must allocate enough swords",
     (f"{RULES}.test_rule_number_on_the_card_is_the_swords_needed",)),
    ("A Player cannot purposefully place more swords than required",
     (f"{RULES}.test_rule_no_more_swords_than_needed_unless_the_dice_force_it",
      f"{RULES}.test_rule_dice_are_allocated_whole_not_split_across_cards")),
    ("- Unused dice are returned to the Player's pool",
     (f"{RULES}.test_rule_unused_dice_return_to_the_pool_and_used_dice_are_set_aside",
      f"{RULES}.test_ruling_may_stop_after_one_defeated_card")),
    ("Used dice are placed to one side and cannot be used again this Round",
     (f"{RULES}.test_rule_unused_dice_return_to_the_pool_and_used_dice_are_set_aside",)),
    ("Each defeated card is placed in front of the Player",
     (f"{RULES}.test_rule_each_defeated_card_is_placed_in_front_of_the_player",)),
    ("- Once the player with the initiative has completed their actions",
     (f"{RULES}.test_rule_second_player_then_rolls_and_allocates_on_what_is_left",)),
    ("- This concludes the Turn",
     (f"{RULES}.test_rule_turn_ends_by_clearing_the_cards_left_and_dealing_three_fresh_ones",)),
    ("Clear away any remaining cards in the middle and deal three fresh cards",
     (f"{RULES}.test_rule_turn_ends_by_clearing_the_cards_left_and_dealing_three_fresh_ones",)),
    ("Repeat the sequence above",
     (f"{RULES}.test_rule_turn_ends_by_clearing_the_cards_left_and_dealing_three_fresh_ones",
      f"{RULES}.test_rule_round_ends_when_the_battle_deck_has_no_cards")),
    ("- If both players use all their last remaining dice at the same time",
     (f"{RULES}.test_rule_round_ends_when_both_players_use_their_last_dice_at_the_same_time",)),
    ("- If one Player starts a Turn with no dice in their pool",
     (f"{RULES}.test_rule_player_starting_a_turn_without_dice_gives_the_other_one_final_turn",
      f"{RULES}.test_ruling_a_pool_with_fewer_dice_than_the_least_choice_counts_as_out_of_dice")),
    ("The Round then ends",
     (f"{RULES}.test_rule_player_starting_a_turn_without_dice_gives_the_other_one_final_turn",)),
    ("- If the Battle Deck has no cards remaining, the Round ends",
     (f"{RULES}.test_rule_round_ends_when_the_battle_deck_has_no_cards",)),
    ("- At the end of the Round, the player with the highest total score",
     (f"{RULES}.test_rule_highest_total_wins_the_round_and_a_victory",)),
    ("In the case of a tie, the player with the least number of defeated cards",
     (f"{RULES}.test_rule_tie_on_score_goes_to_the_fewest_defeated_cards",)),
    ("If this is still a tie, the Round is a draw",
     (f"{RULES}.test_rule_still_tied_the_round_is_a_draw_and_nobody_gets_a_victory",)),
    ("- To begin a new Round, shuffle all the cards back",
     (f"{RULES}.test_rule_new_round_reshuffles_all_cards_and_refills_both_pools",)),
    ("Both players start the Round with all their dice",
     (f"{RULES}.test_rule_new_round_reshuffles_all_cards_and_refills_both_pools",)),
    ("Players continue playing Rounds until one player wins the game",
     (f"{RULES}.test_rule_first_to_three_victories_wins_the_game",
      f"{RULES}.test_option_victories_to_win_and_round_limit",
      f"{RULINGS}.test_ruling_max_rounds_ends_the_game_won_by_the_player_with_more_victories")),
]

# Sentences that are no rules: the title, the authors, a heading.
NOT_RULES = {
    "KINGS OF WAR": "title",
    "Battle Deck": "title",
    "By Matt Gilbert and Rob Burman": "credits",
    "What you need": "heading of the list that follows",
}


def test_every_mapped_test_exists():
    rule_trace.check_table(TABLE, HERE)


def test_every_sentence_of_the_rule_text_is_traced():
    text = rule_trace.sentences(RULE_TEXT.read_text(encoding="utf-8"))
    rule_trace.check_traced(text, TABLE, NOT_RULES)


def test_setup_a_game_for_two_players():
    """"A game for two players" / "What you need: 2 players": two seats, no more, no less;
    both decide together at the start of a turn."""
    assert GAME.min_players == GAME.max_players == 2
    s = GAME.new_state(GAME.config(), 0)
    assert s.num_players == 2 and len(s.pools) == len(s.colours) == 2
    assert s.to_move() == (0, 1)


def test_setup_the_battle_deck_is_shuffled_and_face_down():
    """"Shuffle these into a deck and put them face down between the players": the order
    differs from seed to seed, and no player (nor a spectator) sees the deck's cards, only
    how many are left."""
    orders = {tuple(GAME.new_state(GAME.config(), seed).deck) for seed in range(5)}
    assert len(orders) == 5
    s = GAME.new_state(GAME.config(), 0)
    for who in (0, 1, None):
        seen = set(re.findall(r"\b[A2-6][HDCS]\b", json.dumps(s.observation(who))))
        assert seen == set(s.table)  # the three cards dealt face up, none of the deck
