"""Rule -> test: every sentence of docs/VIKTORY-II.md (the map game's rules summary and
rulings), with the tests that check it (docs/DESIGN.md, "Quality bars"). The tests must exist,
and every sentence of the text must be in the table or among the few that are no rules."""

from __future__ import annotations

from pathlib import Path

import rule_trace

HERE = Path(__file__).parent
RULE_TEXT = Path(__file__).parents[3] / "docs/VIKTORY-II.md"

BATTLES = "test_vik2_battles"
BATTLE_END = "test_vik2_battle_end_stop67"
BUILDING = "test_vik2_building"
CAPITAL = "test_vik2_capital"
CARDS = "test_vik2_cards"
HIDDEN = "test_vik2_hidden"
MAP = "test_vik2_map"
MOVE_CARD = "test_vik2_move_card_stop59"
MOVEMENT = "test_vik2_movement"
RESERVES = "test_vik2_reserves"
RULINGS = "test_vik2_rulings"
SEAM = "test_vik2_battle_seam"
SETUP = "test_vik2_setup"
SPECTATOR = "test_spectator_results_stop68"
TRACED = "test_vik2_rules_traced"
TRANSPORT = "test_vik2_transport"
WIN = "test_vik2_win_ends_at_once"
# (the start of a sentence of docs/VIKTORY-II.md, the tests that check it)
TABLE: list[tuple[str, tuple[str, ...]]] = [
    # Introduction: what the Battle Cards variant leans on in the map game
    ("`rules/viktory-ii-battle-cards.txt` is an expansion",
     (f"{CARDS}.test_rule_turn_sequence_move_build_reinforcements_discard_draw",
      f"{CARDS}.test_rule_hand_limit_is_the_lesser_of_ten_and_towns_plus_cities",
      f"{BUILDING}.test_rule_cards_a_card_for_each_town_built",
      f"{CARDS}.test_rule_a_card_for_a_town_taken_and_one_lost_with_it",
      f"{BATTLES}.test_rule_re_attacks_from_the_same_hex_side_without_new_replenishment",
      f"{BATTLES}.test_rule_cavalry_exception_cavalry_that_won_may_move_on",
      f"{BATTLES}.test_rule_cavalry_exception_a_cavalry_beaten_off_may_move_on_and_attack_elsewhere",
      f"{CARDS}.test_rule_plus_one_mp_card_gives_the_moving_unit_another_move",
      f"{MOVE_CARD}.test_plus_one_mp_is_played_while_moving_not_in_the_empty_towns_battle",
      f"{TRANSPORT}.test_rule_amphibious_attack_from_the_frigate_and_back_onto_it")),
    # The map
    ("A hexagonal map of hex tiles, all face down",
     (f"{TRACED}.test_rule_the_map_starts_face_down_in_five_terrains",
      f"{MAP}.test_map_file_fixes_tiles_and_they_start_face_down",
      f"{RULINGS}.test_ruling_beyond_the_edge_lies_water_that_counts_for_ports")),
    ("Terrains: plains, grassland, forest, mountain (land) and water",
     (f"{TRACED}.test_rule_the_map_starts_face_down_in_five_terrains",
      f"{MAP}.test_rule_tile_mix_one_third_water_rest_even_extra_to_plains")),
    ("Map size by player count",
     (f"{MAP}.test_rule_map_size_by_player_count",)),
    ("Exploring: tiles are revealed when a capital or town is placed or built",
     (f"{SETUP}.test_rule_capital_is_a_town_with_an_infantry_and_reveals_its_neighbours",
      f"{BUILDING}.test_rule_a_new_town_reveals_its_neighbours_and_adds_an_infantry",
      f"{SETUP}.test_rule_a_city_reveals_everything_within_two",
      f"{SETUP}.test_rule_movement_reveals_the_hexes_next_to_a_unit_after_each_step",
      f"{TRACED}.test_rule_a_unit_goes_on_after_the_tiles_its_step_revealed_are_placed_by_its_player")),
    ("Revealed tiles are placed by the player who revealed them",
     (f"{SETUP}.test_rule_revealed_tiles_are_placed_by_the_revealing_player",
      f"{TRACED}.test_rule_the_second_player_places_the_tiles_of_its_own_starting_hexes",
      f"{TRACED}.test_rule_a_unit_goes_on_after_the_tiles_its_step_revealed_are_placed_by_its_player")),
    # Setup
    ("Reveal five starting hexes and place them",
     (f"{SETUP}.test_rule_setup_reveals_five_starting_hexes_and_capital_goes_on_land",
      f"{SETUP}.test_rule_capital_is_a_town_with_an_infantry_and_reveals_its_neighbours",
      f"{MAP}.test_rule_five_starting_hexes_on_the_edge")),
    ("The player may at once build a second town",
     (f"{SETUP}.test_rule_first_player_builds_no_second_town_in_two_to_six_player_games",
      f"{SETUP}.test_rule_second_town_may_be_skipped")),
    ("Building reveals neighbours as above",
     (f"{TRACED}.test_rule_setup_the_second_town_reveals_its_neighbours",)),
    ("In 2–6 player games the first player may not build the second town",
     (f"{SETUP}.test_rule_first_player_builds_no_second_town_in_two_to_six_player_games",
      f"{SETUP}.test_a_setup_turn_without_a_second_town_says_why_in_the_log",
      f"{SETUP}.test_rule_seven_and_eight_players_first_player_may_build_second_town")),
    # Unit support
    ("Town: 1 infantry", (f"{BUILDING}.test_rule_unit_support_of_towns_and_cities",)),
    ("City on plains: 3 infantry",
     (f"{BUILDING}.test_rule_unit_support_of_towns_and_cities",
      f"{BUILDING}.test_rule_upgrade_adds_the_cities_units_by_terrain")),
    ("A player's army size is exactly what their towns and cities support",
     (f"{RESERVES}.test_rule_reserve_is_what_towns_and_cities_support_minus_the_board",
      f"{CAPITAL}.test_rule_units_beyond_the_support_left_are_disbanded_by_their_owner",
      f"{MAP}.test_map_file_errors_name_the_file_and_field")),
    ("Capturing a town or city moves its support from the loser to the winner",
     (f"{CAPITAL}.test_rule_an_urban_battle_takes_the_town_and_its_unit_support",
      f"{TRACED}.test_rule_capture_moves_the_support_into_the_winners_reserve_and_off_the_losers_reserve",
      f"{CAPITAL}.test_rule_units_beyond_the_support_left_are_disbanded_by_their_owner")),
    # Turn sequence
    ("**Move and battle** with the units on the board at the start of the turn",
     (f"{MOVEMENT}.test_rule_one_unit_at_a_time",
      f"{RULINGS}.test_ruling_units_placed_from_reserve_move_next_turn",
      f"{RULINGS}.test_ruling_selecting_a_unit_ends_the_previous_ones_movement_even_if_it_did_not_move")),
    ("**Build** (only while controlling one's own capital)",
     (f"{BUILDING}.test_rule_two_new_towns_or_one_upgrade",
      f"{CAPITAL}.test_rule_lost_capital_no_building_and_a_city_takes_one_reserve_infantry")),
    ("**Reserves**: place reserve units on the board, or take units off",
     (f"{RESERVES}.test_rule_each_town_or_city_takes_its_own_units_per_turn",
      f"{RESERVES}.test_rule_units_may_be_taken_off_the_board_and_placed_again")),
    ("(Battle Cards) **Discard** to the hand limit, then **Draw**",
     (f"{CARDS}.test_rule_turn_sequence_move_build_reinforcements_discard_draw",
      f"{CARDS}.test_rule_every_player_discards_to_the_hand_limit_at_the_end_of_each_turn",
      f"{CARDS}.test_rule_draw_up_to_the_limit_at_most_one_card_per_city")),
    # Movement
    ("Range: infantry 2, artillery 2, cavalry 3, frigate 5 (water only)",
     (f"{MOVEMENT}.test_rule_movement_ranges",
      f"{MOVEMENT}.test_rule_land_units_do_not_enter_water",
      f"{TRACED}.test_rule_a_frigate_moves_five_on_water_only")),
    ("Difficult terrain: a forest or mountain hex with nothing of the player's in it",
     (f"{MOVEMENT}.test_rule_terrain_is_not_difficult_where_the_player_had_a_unit_at_the_turn_start",
      f"{RULINGS}.test_ruling_difficult_terrain_is_fixed_at_the_start_of_the_turn",
      f"{TRACED}.test_rule_difficult_terrain_stays_easy_all_turn_where_the_player_stood_and_stops_artillery")),
    ("Infantry and artillery must stop when they enter a difficult hex",
     (f"{MOVEMENT}.test_rule_difficult_terrain_stops_infantry_and_artillery_not_cavalry",
      f"{TRACED}.test_rule_difficult_terrain_stays_easy_all_turn_where_the_player_stood_and_stops_artillery")),
    ("Roads and ferries: a land unit in one of its own towns or cities",
     (f"{MOVEMENT}.test_rule_roads_between_own_towns_two_or_three_hexes_apart",
      f"{MOVEMENT}.test_rule_roads_need_a_path_free_of_enemy_units",
      f"{MOVEMENT}.test_ruling_roads_chain_and_pass_an_enemy_town_with_no_units",
      f"{TRACED}.test_rule_a_ferry_crosses_water_between_own_towns")),
    ("Ports: a land hex with an own town or city and water on at least two sides",
     (f"{MOVEMENT}.test_rule_frigates_pass_through_own_ports_but_never_stop_there",
      f"{MOVEMENT}.test_rule_frigates_pass_through_own_ports_a_frigate_whose_only_way_is_a_port_is_offered",
      f"{TRACED}.test_rule_a_town_with_water_on_one_side_is_no_port")),
    ("Entering a hex with an enemy unit, town or city ends the unit's movement",
     (f"{MOVEMENT}.test_rule_entering_an_enemy_hex_ends_movement_and_must_be_fought",
      f"{CAPITAL}.test_attack_on_an_empty_town_asks_for_no_card_in_cards_mode",
      f"{MOVE_CARD}.test_plus_one_mp_is_played_while_moving_not_in_the_empty_towns_battle")),
    ("More units may join before it is fought",
     (f"{MOVEMENT}.test_rule_entering_an_enemy_hex_ends_movement_and_must_be_fought",
      f"{TRACED}.test_rule_a_battle_once_fought_is_resolved_before_anything_else_moves",
      f"{SEAM}.test_seam_a_resolvers_decisions_are_the_map_games_decisions")),
    ("A pennant marks a hex where an attack was beaten off",
     (f"{MOVEMENT}.test_rule_pennant_no_new_attack_on_a_hex_that_beat_one_off",
      f"{RULINGS}.test_ruling_a_hex_under_a_pennant_may_still_be_bombarded",
      f"{TRACED}.test_rule_a_pennant_lasts_for_the_turn")),
    # Transport by sea
    ("A frigate carries up to three land units a turn",
     (f"{TRANSPORT}.test_rule_a_frigate_carries_up_to_three_land_units",)),
    ("Units that have moved may not board; units unloaded may not move again",
     (f"{TRANSPORT}.test_rule_units_that_moved_may_not_board",
      f"{TRANSPORT}.test_rule_cargo_sails_with_the_frigate_and_unloading_ends_its_move")),
    ("A frigate may pick up along its path",
     (f"{TRACED}.test_rule_a_frigate_picks_up_along_its_path_and_unloads_all_into_one_hex",
      f"{TRANSPORT}.test_rule_cargo_sails_with_the_frigate_and_unloading_ends_its_move")),
    ("Cargo does not fight and is lost with the frigate",
     (f"{TRANSPORT}.test_rule_cargo_is_lost_with_the_frigate",
      f"{TRANSPORT}.test_rule_cargo_lost_with_its_frigate_in_a_battle_counts_in_the_battles_losses",
      f"{TRANSPORT}.test_ruling_overwatch_fires_at_a_frigate_sailing_next_to_artillery_not_its_cargo")),
    ("Attacking straight off a frigate is an amphibious attack",
     (f"{TRANSPORT}.test_rule_amphibious_attack_from_the_frigate_and_back_onto_it",
      f"{TRANSPORT}.test_rule_amphibious_attackers_are_lost_with_their_frigate")),
    # Bombardment
    ("Artillery and frigates may bombard enemy units in an adjacent hex once a turn",
     (f"{MOVEMENT}.test_rule_bombard_once_and_it_ends_the_units_movement",
      f"{TRACED}.test_rule_bombardment_rolls_one_die_per_unit_in_the_base_game",
      f"{RULINGS}.test_ruling_a_frigate_that_bombarded_may_still_unload_but_plays_no_plus_one_mp")),
    # Battle outcomes
    ("Retreat: between rounds, while defenders remain",
     (f"{TRACED}.test_rule_retreat_pulls_every_attacker_back_to_its_own_hex_whatever_its_movement_left",
      f"{MOVEMENT}.test_ruling_a_frigate_in_a_port_does_not_attack_from_it")),
    ("Urban battle (enemy town or city): at least one round is fought",
     (f"{TRACED}.test_rule_an_urban_battle_is_fought_for_a_round_and_a_town_that_holds_raises_a_pennant",)),
    ("If an attacker survives, the attacker takes the town or city",
     (f"{CAPITAL}.test_rule_an_urban_battle_takes_the_town_and_its_unit_support",
      f"{TRACED}.test_rule_an_urban_battle_is_fought_for_a_round_and_a_town_that_holds_raises_a_pennant")),
    ("Losing one's capital brings the penalties",
     (f"{CAPITAL}.test_rule_lost_capital_no_building_and_a_city_takes_one_reserve_infantry",
      f"{TRACED}.test_rule_a_city_whose_owner_lost_its_capital_defends_with_one_die")),
    ("Non-urban battle: if a defender survives, a pennant goes up",
     (f"{MOVEMENT}.test_rule_pennant_no_new_attack_on_a_hex_that_beat_one_off",
      f"{TRACED}.test_rule_after_a_field_battle_won_more_units_may_move_through_the_hex")),
    ("Units lost go to their owner's reserve",
     (f"{SEAM}.test_seam_the_result_removes_casualties_moves_joiners_and_winners",
      f"{BATTLES}.test_rule_units_lost_while_bombarding_count_in_the_battles_losses")),
    # Building
    ("New town: on an explored land hex with no enemy units in or next to it",
     (f"{BUILDING}.test_rule_new_town_two_or_three_hexes_from_own_not_next_to_any",
      f"{BUILDING}.test_rule_new_town_not_next_to_enemy_units_nor_an_enemy_city",
      f"{BUILDING}.test_rule_new_town_at_least_two_hexes_from_every_enemy_city_not_from_an_enemy_town",
      f"{TRACED}.test_rule_a_new_town_goes_only_on_explored_land")),
    ("It reveals its neighbours and adds one infantry to the reserve",
     (f"{BUILDING}.test_rule_a_new_town_reveals_its_neighbours_and_adds_an_infantry",)),
    ("Upgrade: a town with no enemy units next to it becomes a city",
     (f"{BUILDING}.test_rule_upgrade_adds_the_cities_units_by_terrain",
      f"{BUILDING}.test_rule_no_upgrade_with_enemy_units_next_to_the_town",
      f"{SETUP}.test_rule_a_city_reveals_everything_within_two")),
    # Reserves
    ("Reserve units go onto own towns or cities that support that unit type",
     (f"{RESERVES}.test_rule_each_town_or_city_takes_its_own_units_per_turn",
      f"{RESERVES}.test_rule_the_capital_takes_any_number_and_type")),
    ("Frigates go to the nearest water hexes of a forest city or the capital",
     (f"{RESERVES}.test_rule_frigates_go_to_the_water_nearest_a_forest_city_or_the_capital",
      f"{TRACED}.test_rule_frigates_from_reserve_go_to_the_water_hexes_nearest_a_forest_city")),
    ("A town or city other than the capital with enemy units next to it accepts nothing",
     (f"{RESERVES}.test_rule_no_reserves_where_enemy_units_are_next_to_a_town_but_the_capital",)),
    ("A frigate placed onto an enemy frigate starts a reserve naval battle",
     (f"{RESERVES}.test_rule_a_frigate_placed_onto_an_enemy_frigate_fights_and_ends_placing",
      f"{RULINGS}.test_ruling_a_frigate_placed_from_reserve_that_does_not_win_goes_back_into_the_reserve")),
    ("Units may also be taken off the board into reserve and placed again at once",
     (f"{RESERVES}.test_rule_units_may_be_taken_off_the_board_and_placed_again",)),
    # Lost capital penalties
    ("While a player does not control their own capital",
     (f"{CAPITAL}.test_rule_lost_capital_no_building_and_a_city_takes_one_reserve_infantry",
      f"{TRACED}.test_rule_a_city_whose_owner_lost_its_capital_defends_with_one_die")),
    # Options of the online version
    ("Dark: players see only hexes next to their units and towns",
     (f"{HIDDEN}.test_option_dark_shows_only_what_units_towns_and_cities_see",
      f"{HIDDEN}.test_option_dark_on_its_own_turn_a_player_sees_one_hex_beyond_its_reach",
      f"{HIDDEN}.test_option_dark_towns_out_of_sight_are_remembered_as_last_seen",
      f"{RULINGS}.test_ruling_dark_a_city_sees_within_two_hexes",
      f"{BATTLE_END}.test_a_battle_s_result_reaches_the_players_who_do_not_fight_it",
      f"{BATTLE_END}.test_the_others_learn_the_losses_the_course_told_not_the_cargo",
      f"{SPECTATOR}.test_a_spectator_learns_a_battle_s_result_as_the_third_seat_does",
      f"{SPECTATOR}.test_a_spectator_learns_the_result_of_a_battle_between_the_only_two_seats",
      f"{SPECTATOR}.test_a_spectator_learns_a_town_built_out_of_sight")),
    ("Independent exploration: each player explores the map on their own",
     (f"{SETUP}.test_option_independent_exploration_each_player_explores_on_its_own",
      f"{HIDDEN}.test_ruling_dark_shared_exploration_reveals_new_tiles_to_everybody")),
    # Rulings
    ("**Winning (standard conquest):** a player wins on controlling every capital",
     (f"{CAPITAL}.test_rule_standard_conquest_every_capital_wins",
      f"{WIN}.test_rule_winning_capture_ends_the_game_before_the_losers_disbands",
      f"{CAPITAL}.test_a_win_in_the_battle_phase_leaves_no_battle_pending")),
    ("A player with no town, city or unit left is out",
     (f"{CAPITAL}.test_rule_a_player_with_no_town_or_city_left_is_out",
      f"{TRACED}.test_rule_a_player_left_without_a_town_or_city_is_out_and_its_units_leave")),
    ("Option `capitals=N`: first to control N capitals wins",
     (f"{CAPITAL}.test_option_capitals_n",)),
    ("Option `turn_limit=N` (for simulation)",
     (f"{CAPITAL}.test_option_turn_limit_most_capitals_then_cities_then_towns",
      f"{TRACED}.test_rule_turn_limit_cities_count_before_towns",
      f"{RULINGS}.test_ruling_turn_limit_is_60_rounds_by_default_and_at_most_80")),
    ("**7–8 players:** map 17 across, 9 to a side",
     (f"{MAP}.test_rule_map_size_by_player_count",)),
    ("**Tile mix:** tiles are drawn from a shuffled bag sized to the map",
     (f"{MAP}.test_rule_tile_mix_one_third_water_rest_even_extra_to_plains",
      f"{MAP}.test_option_mix_changes_the_bag",
      f"{TRACED}.test_rule_the_tile_bag_is_shuffled_and_sized_to_the_map")),
    ("Beyond the map's edge lies water that no unit may enter",
     (f"{RULINGS}.test_ruling_beyond_the_edge_lies_water_that_counts_for_ports",)),
    ("**Placement of revealed tiles:** the revealing player chooses",
     (f"{SETUP}.test_rule_revealed_tiles_are_placed_by_the_revealing_player",
      f"{TRACED}.test_rule_the_second_player_places_the_tiles_of_its_own_starting_hexes",
      f"{SETUP}.test_option_place_random_asks_no_tile_decision")),
    ("**Battle mode:** `dice` (the base game), `cards` (the variant replaces dice)",
     (f"{CARDS}.test_rule_dice_mode_has_no_cards",
      f"{CARDS}.test_rule_an_attack_card_is_needed_to_move_into_an_enemy_held_hex",
      f"{CARDS}.test_rule_hybrid_mode_needs_no_attack_card",
      f"{TRACED}.test_rule_every_battle_mode_uses_the_one_battle_games_resolver")),
]

# Sentences that are no rules of the map game: what the page is, and where else rules stand.
NOT_RULES = {
    "The variant only works inside the map game":
        "context: why the map game is built (the variant's own text is traced by "
        "viktory/test_viktory_trace.py)",
    "This page sums up the base game's published rules":
        "about the page itself: its sources",
    "Battle resolution itself (dice per unit type":
        "a pointer to RULINGS.md, whose battle rulings viktory/test_viktory_trace.py traces",
}


def test_every_mapped_test_exists():
    rule_trace.check_table(TABLE, HERE)


def test_every_sentence_of_the_rule_text_is_traced():
    text = rule_trace.markdown_sentences(RULE_TEXT.read_text(encoding="utf-8"))
    rule_trace.check_traced(text, TABLE, NOT_RULES)
