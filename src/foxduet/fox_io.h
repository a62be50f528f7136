/* Internal helpers shared by the Fox in the Forest Duet file modules. */
#ifndef TRICKWOOD_FOX_IO_H
#define TRICKWOOD_FOX_IO_H

#include "trickwood/fox_files.h"
#include "trickwood/json_util.h"

/* Parses a board object at path (a whole board file when top_level, with
 * its format and version, else a board embedded in another file). */
tw_error fox_board_parse(tw_jr *jr, json_t *obj, const char *path, int top_level, tw_fox_board *board);
/* Builds the JSON object of a board (new reference). */
json_t *fox_board_json(const tw_fox_board *board);
/* A JSON string of a card code, or null for TW_FOX_NO_CARD. */
json_t *fox_card_json(int card);
/* A JSON list of the card codes of a set, in card order. */
json_t *fox_cards_json(uint32_t set);
/* Reads a card code at path. allow_null accepts null as TW_FOX_NO_CARD. */
tw_error fox_card_parse_json(tw_jr *jr, json_t *v, const char *path, int allow_null, int *card);
/* Reads a list of distinct card codes into a set. */
tw_error fox_cards_parse_json(tw_jr *jr, json_t *v, const char *path, uint32_t *set);

#endif
