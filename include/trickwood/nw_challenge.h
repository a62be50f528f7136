/* For Northwood! challenges: a small JSON file (docs/formats.md,
 * "Challenges") that fixes part of a game's setup (allies, rulers,
 * characters set aside, the first cards of the hand and of the deck),
 * its goal (medal, variant, expert rule, fiefs to win) and its limits
 * (no substitutes, at most N allies used). The program ships its own in
 * data/challenges/. */
#ifndef TRICKWOOD_NW_CHALLENGE_H
#define TRICKWOOD_NW_CHALLENGE_H

#include <jansson.h>

#include "trickwood/io.h"
#include "trickwood/json_util.h"
#include "trickwood/northwood.h"

#define TW_NW_MAX_CHALLENGES 64

/* One challenge, as read from its file. */
typedef struct {
    char id[48];
    char name[2][96];  /* by tw_lang */
    char text[2][512];
    tw_nw_setup setup;
    tw_nw_medal medal;
    tw_nw_variant variant;
    int expert;
    tw_nw_fixed fixed;
} tw_nw_challenge;

/* Reads a challenge object at path (for example "challenge" inside a
 * record; "" for a challenge file's root) against a catalog: every field
 * checked, the setup refused with why when it cannot be dealt. On error
 * the reader's diagnostic names the line and field. */
tw_error tw_nw_challenge_read(tw_jr *jr, json_t *obj, const char *path, const tw_nw_catalog *catalog,
                              tw_nw_challenge *out);
/* Reads a challenge from JSON text (name is used in diagnostics). */
tw_error tw_nw_challenge_from_text(tw_nw_challenge *out, const tw_nw_catalog *catalog, const char *text,
                                   const char *name, tw_diag *diag);
/* Reads a challenge file. */
tw_error tw_nw_challenge_load(tw_nw_challenge *out, const tw_nw_catalog *catalog, const char *path, tw_diag *diag);
/* Appends the challenge as a JSON object (what tw_nw_challenge_read reads
 * back to an equal challenge); indent is put before every line but the
 * first. */
void tw_nw_challenge_to_json(const tw_nw_challenge *ch, const tw_nw_catalog *catalog, const char *indent,
                             tw_buf *buf);
/* The challenge as a whole challenge file's object (header included), or
 * NULL when memory ran out. */
json_t *tw_nw_challenge_to_object(const tw_nw_challenge *ch, const tw_nw_catalog *catalog);
/* The configuration of a game of the challenge with a seed. */
void tw_nw_challenge_config(const tw_nw_challenge *ch, uint64_t seed, int offer_finish, tw_nw_config *out);
/* Lists the shipped challenges (the .json files of data/challenges, in name order):
 * writes up to max paths (each size bytes) and returns their count, or -1
 * when the folder cannot be read. */
int tw_nw_challenge_paths(char (*paths)[512], int max);
/* Loads a shipped challenge by its number (1, 2...) or its id, or a file
 * by its path (a text holding '/' or ending in ".json"). */
tw_error tw_nw_challenge_find(tw_nw_challenge *out, const tw_nw_catalog *catalog, const char *which, tw_diag *diag);

#endif
