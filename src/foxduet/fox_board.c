/* Board files: the gem slots of the 11 path spaces, read from JSON with
 * errors naming the file, line and field. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fox_io.h"
#include "trickwood/nw_files.h" /* tw_data_dir */

/* Parses one entry of "spaces"; marks the space as seen. */
static tw_error parse_space(tw_jr *jr, json_t *obj, const char *path, tw_fox_board *board, int *seen)
{
    static const char *const keys[] = {"space", "squares", "diamonds", "plus", NULL};
    tw_error err;
    long long space, squares, diamonds;
    int plus;
    if ((err = tw_jr_object(jr, obj, path, keys)) ||
        (err = tw_jr_int(jr, obj, path, "space", TW_FOX_MIN_SPACE, TW_FOX_MAX_SPACE, 1, 0, &space)) ||
        (err = tw_jr_int(jr, obj, path, "squares", 0, TW_FOX_MAX_GEMS_PER_SLOT, 1, 0, &squares)) ||
        (err = tw_jr_int(jr, obj, path, "diamonds", 0, TW_FOX_MAX_GEMS_PER_SLOT, 0, 0, &diamonds)) ||
        (err = tw_jr_bool(jr, obj, path, "plus", 0, 0, &plus)))
        return err;
    int index = TW_FOX_SPACE_INDEX((int)space);
    if (seen[index]) {
        char sub[256];
        tw_jr_path(sub, sizeof sub, path, "space");
        return tw_jr_fail(jr, sub, "space %lld is listed twice", space);
    }
    seen[index] = 1;
    board->squares[index] = (uint8_t)squares;
    board->diamonds[index] = (uint8_t)diamonds;
    board->plus[index] = (uint8_t)plus;
    return TW_OK;
}

tw_error fox_board_parse(tw_jr *jr, json_t *obj, const char *path, int top_level, tw_fox_board *board)
{
    static const char *const keys[] = {"format", "version", "id", "name", "reconstructed", "note", "spaces", NULL};
    tw_error err;
    tw_fox_board b;
    memset(&b, 0, sizeof b);
    if (top_level && (err = tw_jr_header(jr, obj, "trickwood-board", 1)))
        return err;
    if ((err = tw_jr_object(jr, obj, path, keys)))
        return err;
    if (!top_level) {
        json_t *f = json_object_get(obj, "format");
        char sub[256];
        tw_jr_path(sub, sizeof sub, path, "format");
        if (f && (!json_is_string(f) || strcmp(json_string_value(f), "trickwood-board") != 0))
            return tw_jr_fail(jr, sub, "must be \"trickwood-board\"");
    }
    int reconstructed;
    if ((err = tw_jr_string(jr, obj, path, "id", 1, b.id, sizeof b.id)) ||
        (err = tw_jr_text_pair(jr, obj, path, "name", 1, b.name[0], b.name[1], sizeof b.name[0])) ||
        (err = tw_jr_bool(jr, obj, path, "reconstructed", 0, 0, &reconstructed)) ||
        (err = tw_jr_text_pair(jr, obj, path, "note", reconstructed, b.note[0], b.note[1], sizeof b.note[0])))
        return err;
    b.reconstructed = (uint8_t)reconstructed;
    char sub[256];
    tw_jr_path(sub, sizeof sub, path, "id");
    if (!b.id[0])
        return tw_jr_fail(jr, sub, "must not be empty");
    json_t *spaces = json_object_get(obj, "spaces");
    tw_jr_path(sub, sizeof sub, path, "spaces");
    if (!spaces)
        return tw_jr_fail(jr, path, "missing field 'spaces'");
    if (!json_is_array(spaces) || json_array_size(spaces) != TW_FOX_SPACES)
        return tw_jr_fail(jr, sub, "must be a list of the 11 path spaces (-5 to 5)");
    int seen[TW_FOX_SPACES] = {0};
    for (size_t i = 0; i < TW_FOX_SPACES; i++) {
        char item[256];
        tw_jr_index(item, sizeof item, sub, i);
        if ((err = parse_space(jr, json_array_get(spaces, i), item, &b, seen)))
            return err;
    }
    int squares = 0;
    for (int i = 0; i < TW_FOX_SPACES; i++)
        squares += b.squares[i];
    if (squares == 0)
        return tw_jr_fail(jr, sub, "the board needs at least one gem square (every level places squares)");
    *board = b;
    return TW_OK;
}

tw_error tw_fox_board_from_text(tw_fox_board *board, const char *text, const char *name, tw_diag *diag)
{
    tw_diag_init(diag, name);
    json_t *root;
    tw_error err = tw_jr_parse(text, diag, &root);
    if (err)
        return err;
    tw_jr jr = {text, diag, 0};
    err = fox_board_parse(&jr, root, "", 1, board);
    json_decref(root);
    return err;
}

tw_error tw_fox_board_load(tw_fox_board *board, const char *path, tw_diag *diag)
{
    tw_diag_init(diag, path);
    char *text = tw_read_file(path, NULL, diag);
    if (!text)
        return TW_ERR_IO;
    tw_error err = tw_fox_board_from_text(board, text, path, diag);
    free(text);
    return err;
}

void tw_fox_board_default_path(const char *file, char *out, size_t size)
{
    snprintf(out, size, "%s/boards/%s", tw_data_dir(), file);
}

tw_error tw_fox_board_load_level(tw_fox_board *board, int level, tw_diag *diag)
{
    const tw_fox_level_info *info = tw_fox_level(level);
    if (!info) {
        tw_diag_init(diag, "");
        tw_diag_set(diag, 0, "level", "the level must be 1, 2 or 3");
        return TW_ERR_ARG;
    }
    char path[1200];
    tw_fox_board_default_path(info->board_file, path, sizeof path);
    return tw_fox_board_load(board, path, diag);
}

tw_error tw_fox_board_check_level(const tw_fox_board *board, int level, tw_diag *diag)
{
    if (!tw_fox_level(level)) {
        tw_diag_set(diag, 0, "level", "the level must be 1, 2 or 3");
        return TW_ERR_ARG;
    }
    if (tw_fox_board_start_gems(board, level) == 0) {
        tw_diag_set(diag, 0, "spaces", "board '%s' places no gem at level %d", board->id, level);
        return TW_ERR_ARG;
    }
    return TW_OK;
}

/* Adds a {"en", "fr"} object. */
static void set_pair(json_t *obj, const char *key, const char *en, const char *fr)
{
    json_t *pair = json_object();
    json_object_set_new(pair, "en", json_string(en));
    json_object_set_new(pair, "fr", json_string(fr));
    json_object_set_new(obj, key, pair);
}

json_t *fox_board_json(const tw_fox_board *board)
{
    json_t *root = json_object();
    json_object_set_new(root, "format", json_string("trickwood-board"));
    json_object_set_new(root, "version", json_integer(1));
    json_object_set_new(root, "id", json_string(board->id));
    set_pair(root, "name", board->name[0], board->name[1]);
    json_object_set_new(root, "reconstructed", json_boolean(board->reconstructed));
    if (board->reconstructed || board->note[0][0] || board->note[1][0])
        set_pair(root, "note", board->note[0], board->note[1]);
    json_t *spaces = json_array();
    for (int i = 0; i < TW_FOX_SPACES; i++) {
        json_t *sp = json_object();
        json_object_set_new(sp, "space", json_integer(TW_FOX_INDEX_SPACE(i)));
        json_object_set_new(sp, "squares", json_integer(board->squares[i]));
        json_object_set_new(sp, "diamonds", json_integer(board->diamonds[i]));
        json_object_set_new(sp, "plus", json_boolean(board->plus[i]));
        json_array_append_new(spaces, sp);
    }
    json_object_set_new(root, "spaces", spaces);
    return root;
}

tw_error tw_fox_board_to_json(const tw_fox_board *board, tw_buf *buf)
{
    json_t *root = fox_board_json(board);
    if (!root)
        return TW_ERR_NOMEM;
    tw_error err = tw_json_dump_to(root, buf);
    json_decref(root);
    return err;
}

/* The board's note in a language: what a reconstruction estimates, or
 * where a layout comes from; empty when the board has no note. */
const char *tw_fox_board_notice(const tw_fox_board *board, tw_lang lang)
{
    if (!board)
        return "";
    return board->note[lang == TW_LANG_FR ? 1 : 0];
}

/* ---- Card helpers shared by the file modules --------------------------- */

json_t *fox_card_json(int card)
{
    if (card < 0 || card >= TW_FOX_CARDS)
        return json_null();
    char code[4];
    tw_fox_card_code(card, code);
    return json_string(code);
}

json_t *fox_cards_json(uint32_t set)
{
    json_t *list = json_array();
    for (int c = 0; c < TW_FOX_CARDS; c++)
        if (set & (1u << c))
            json_array_append_new(list, fox_card_json(c));
    return list;
}

tw_error fox_card_parse_json(tw_jr *jr, json_t *v, const char *path, int allow_null, int *card)
{
    if (allow_null && json_is_null(v)) {
        *card = TW_FOX_NO_CARD;
        return TW_OK;
    }
    int c = json_is_string(v) ? tw_fox_card_parse(json_string_value(v)) : -1;
    if (c < 0)
        return tw_jr_fail(jr, path, "must be a card code such as \"7R\", \"10S\" or \"3D\"%s",
                          allow_null ? " (or null)" : "");
    *card = c;
    return TW_OK;
}

tw_error fox_cards_parse_json(tw_jr *jr, json_t *v, const char *path, uint32_t *set)
{
    if (!json_is_array(v))
        return tw_jr_fail(jr, path, "must be a list of card codes");
    uint32_t cards = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        char item[256];
        tw_jr_index(item, sizeof item, path, i);
        int c;
        tw_error err = fox_card_parse_json(jr, json_array_get(v, i), item, 0, &c);
        if (err)
            return err;
        if (cards & (1u << c))
            return tw_jr_fail(jr, item, "card %s is listed twice", json_string_value(json_array_get(v, i)));
        cards |= 1u << c;
    }
    *set = cards;
    return TW_OK;
}
