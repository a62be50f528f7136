/* The Fox in the Forest Duet terminal game driven through tw_cli_main()
 * with in-memory input and output: whole games with the built-in partner
 * and in hotseat at each level, the partner's hand never shown, French,
 * bad input, saving and resuming, records and replays, bad boards, and
 * resume/replay finding the right game. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "term/cli.h"
#include "play/fox/fox_cli.h"
#include "play/games.h"
#include "play/northwood/nw_cli.h"
#include "play/play.h"
#include "cli_harness.h"
#include "test.h"
#include "trickwood/fox_bots.h"
#include "trickwood/fox_files.h"

/* Loads a Fox record and rebuilds its game; returns 0 on success. */
static int load_fox(const char *path, tw_fox_record *rec, tw_fox_state *state)
{
    tw_diag diag;
    tw_error load = tw_fox_record_load(rec, path, &diag);
    tw_error replay = load == TW_OK ? tw_fox_record_replay(rec, -1, state, NULL) : TW_ERR_ARG;
    if (load == TW_OK && replay != TW_OK)
        tw_fox_record_free(rec);
    return tw_test_file_loaded(path, load, &diag, replay);
}

/* Copies a scratch path (tw_test_tmp reuses a few buffers). */
static void tmp_path(char *out, size_t size, const char *name)
{
    snprintf(out, size, "%s", tw_test_tmp(name));
}

/* Whether c is an ASCII letter or digit. */
static int isalnum_ascii(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The cards written as codes in a piece of text (7R with --ascii, or the
 * rank and the UTF-8 suit symbol), as whole words. */
static uint32_t cards_in(const char *text, size_t len)
{
    static const char *const marks[2][TW_FOX_SUITS] = {{"D", "R", "S"},
                                                       {"\xe2\x98\x81", "\xe2\x99\xa6", "\xe2\x98\x85"}};
    uint32_t set = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9' || (i > 0 && isalnum_ascii(text[i - 1])))
            continue;
        size_t j = i;
        int rank = 0;
        while (j < len && text[j] >= '0' && text[j] <= '9')
            rank = rank * 10 + (text[j++] - '0');
        if (j - i > 2 || rank < 1 || rank > TW_FOX_RANKS)
            continue;
        for (int form = 0; form < 2; form++)
            for (int suit = 0; suit < TW_FOX_SUITS; suit++) {
                size_t n = strlen(marks[form][suit]);
                if (j + n <= len && memcmp(text + j, marks[form][suit], n) == 0 &&
                    (j + n == len || !isalnum_ascii(text[j + n])))
                    set |= 1u << TW_FOX_CARD(suit, rank);
            }
    }
    return set;
}

#define MAX_BLOCKS 256

/* The hand blocks of an output: each "Your hand (" line and the lines
 * after it that start with two spaces. Fills the cards of each block and
 * returns the number of blocks. */
static int hand_blocks(const char *out, uint32_t *blocks, int max)
{
    int n = 0;
    const char *p = out;
    while ((p = strstr(p, "Your hand (")) != NULL) {
        if (p != out && p[-1] != '\n') {
            p++;
            continue;
        }
        uint32_t set = 0;
        const char *line = strchr(p, '\n');
        while (line && strncmp(line + 1, "  ", 2) == 0) {
            const char *end = strchr(line + 1, '\n');
            size_t len = end ? (size_t)(end - line - 1) : strlen(line + 1);
            set |= cards_in(line + 1, len);
            line = end;
        }
        if (n < max)
            blocks[n] = set;
        n++;
        p = line ? line : p + 1;
    }
    return n;
}

/* A decision of a person: who decided, their hand and the other hand. */
typedef struct {
    int seat;
    uint32_t hand;
    uint32_t other;
} decision;

/* Walks a record: the decisions the people made (every decision in
 * hotseat, else only those of seat), and the final state. */
static int person_decisions(const tw_fox_record *rec, int hotseat, int seat, decision *out, int max,
                            tw_fox_state *final)
{
    tw_fox_state s;
    if (tw_fox_new(&s, &rec->board, &rec->config, NULL) != TW_OK)
        return -1;
    int n = 0;
    for (int i = 0; i < rec->count; i++) {
        int who = tw_fox_to_act(&s);
        if (hotseat || who == seat) {
            if (n < max) {
                out[n].seat = who;
                out[n].hand = s.hand[who];
                out[n].other = s.hand[1 - who];
            }
            n++;
        }
        if (tw_fox_apply(&s, rec->actions[i], NULL) != TW_OK)
            return -1;
    }
    *final = s;
    return n;
}

/* Checks the screens of a finished game against its record: the k-th
 * "Your hand" block shows exactly the hand of whoever decided the k-th
 * time, so no card the other seat held then is printed as a hand. With
 * the built-in partner the final screen shows the person's hand too. */
static void check_hands(const char *out, const tw_fox_record *rec, int hotseat, int seat)
{
    static decision decisions[MAX_BLOCKS];
    static uint32_t blocks[MAX_BLOCKS];
    tw_fox_state final;
    int n = person_decisions(rec, hotseat, seat, decisions, MAX_BLOCKS, &final);
    REQUIRE(n > 0 && n < MAX_BLOCKS - 1);
    int shown = hand_blocks(out, blocks, MAX_BLOCKS);
    CHECK_INT(shown, hotseat ? n : n + 1);
    int bad = 0, leaked = 0;
    for (int k = 0; k < n && k < shown; k++) {
        if (blocks[k] != decisions[k].hand)
            bad++;
        if (blocks[k] & decisions[k].other)
            leaked++;
    }
    CHECK_INT(bad, 0);
    CHECK_INT(leaked, 0);
    if (!hotseat && shown == n + 1)
        CHECK(blocks[n] == final.hand[seat]);
    CHECK(!strstr(out, "'s hand ("));
}

/* Plays a whole game answering 1 everywhere; checks that it ends and that
 * the screens show only the right hands. Returns the final state's score
 * (or -1) and leaves the output in r. */
static int play_ones(const char *const *args, const char *save, int hotseat, int seat, tw_test_cli_result *r)
{
    char *input = tw_test_repeat_lines("1", 3000);
    *r = tw_test_cli_run(input ? input : "", args);
    free(input);
    CHECK_INT(r->code, 0);
    tw_fox_record rec;
    tw_fox_state state;
    int score = -1;
    if (r->out && load_fox(save, &rec, &state) == 0) {
        CHECK(tw_fox_is_over(&state));
        score = tw_fox_score(&state);
        check_hands(r->out, &rec, hotseat, seat);
        tw_fox_record_free(&rec);
    }
    return score;
}

/* Whether text holds a byte outside ASCII. */
static int has_non_ascii(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if (*p >= 0x80)
            return 1;
    return 0;
}

/* Counts the occurrences of needle in text. */
static int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

/* Checks the result lines of a finished game's output. */
static void check_result_lines(const char *out, int score)
{
    if (score > 0) {
        char line[64];
        snprintf(line, sizeof line, "Score: %d = ", score);
        CHECK_CONTAINS(out, "Victory in round");
        CHECK_CONTAINS(out, line);
    } else {
        CHECK_CONTAINS(out, "Defeat");
    }
    CHECK_CONTAINS(out, "is kept and marked as finished");
}

TEST(fox_cli_partner_game_each_level)
{
    tw_test_scratch_xdg("xdg-fox-partner");
    static const char *const games[3][3] = {{"1", "7", "2"}, {"2", "33", "1"}, {"3", "5", "1"}};
    for (int g = 0; g < 3; g++) {
        char save[512], head[128], you[64];
        snprintf(save, sizeof save, "%s", tw_test_tmp("fox-partner-0.json"));
        save[strlen(save) - 6] = (char)('0' + g);
        const char *args[] = {"fox", "--level", games[g][0], "--seed", games[g][1], "--seat", games[g][2], "--lang",
                              "en", "--ascii", "--save", save, NULL};
        tw_test_cli_result r;
        int score = play_ones(args, save, 0, games[g][2][0] - '1', &r);
        REQUIRE(r.out != NULL);
        snprintf(head, sizeof head, "New game: The Fox in the Forest Duet, level %s, seed %s", games[g][0], games[g][1]);
        snprintf(you, sizeof you, "You are player %s", games[g][2]);
        CHECK_CONTAINS(r.out, head);
        CHECK_CONTAINS(r.out, you);
        CHECK_CONTAINS(r.out, "built-in rule-based partner");
        if (g == 0) {
            /* side A follows a public source: its note says so, no mark */
            CHECK_CONTAINS(r.out, "Board Side A: Layout taken from a public web");
            CHECK_CONTAINS(r.out, "Board: Side A (type board for where its layout comes from)");
            CHECK(!strstr(r.out, "reconstruction"));
        } else {
            CHECK_CONTAINS(r.out, "Board Side B: This board is a reconstruction");
            CHECK_CONTAINS(r.out, "Board: Side B - a reconstruction, not the printed layout");
        }
        /* the terminal says how to load another board (the browser does not) */
        CHECK_CONTAINS(r.out, "--board FILE.");
        CHECK_CONTAINS(r.out, "Your partner holds");
        CHECK_CONTAINS(r.out, "Your partner plays");
        CHECK_CONTAINS(r.out, "[ @ ]");
        CHECK_CONTAINS(r.out, "Decree card: ");
        CHECK(!has_non_ascii(r.out));
        check_result_lines(r.out, score);
        tw_test_cli_free(&r);
    }
}

TEST(fox_cli_hotseat_game_each_level)
{
    tw_test_scratch_xdg("xdg-fox-hotseat");
    for (int level = 1; level <= 3; level++) {
        char save[512], lv[4], seed[8];
        snprintf(save, sizeof save, "%s", tw_test_tmp("fox-hot-0.json"));
        save[strlen(save) - 6] = (char)('0' + level);
        snprintf(lv, sizeof lv, "%d", level);
        snprintf(seed, sizeof seed, "%d", 40 + level);
        const char *args[] = {"fox", "--hotseat", "--level", lv, "--seed", seed, "--lang", "en", "--ascii", "--save",
                              save, NULL};
        tw_test_cli_result r;
        int score = play_ones(args, save, 1, 0, &r);
        REQUIRE(r.out != NULL);
        CHECK_CONTAINS(r.out, "Two players share this screen");
        CHECK(!strstr(r.out, "Your partner"));
        check_result_lines(r.out, score);
        /* a hand-over before every decision of the other seat, and only then */
        tw_fox_record rec;
        tw_fox_state end;
        static decision decisions[MAX_BLOCKS];
        if (load_fox(save, &rec, &end) == 0) {
            int n = person_decisions(&rec, 1, 0, decisions, MAX_BLOCKS, &end);
            int changes = n > 0 ? 1 : 0;
            for (int k = 1; k < n && k < MAX_BLOCKS; k++)
                changes += decisions[k].seat != decisions[k - 1].seat;
            CHECK_INT(count_of(r.out, "only: press Enter to see your hand"), changes);
            CHECK_INT(count_of(r.out, "press Enter to hide your hand"), changes - 1);
            tw_fox_record_free(&rec);
        }
        tw_test_cli_free(&r);
    }
}

/* Plays a game with the rule bot in both seats, deciding from each seat's
 * view, and writes the answers a hotseat game needs: an Enter to hide a
 * hand and one to show the next, then the action in record notation.
 * Returns the ended game in *end. */
static char *bot_hotseat_script(const tw_fox_record *rec, tw_fox_state *end)
{
    tw_buf script = {0};
    tw_fox_state s;
    if (tw_fox_new(&s, &rec->board, &rec->config, NULL) != TW_OK)
        return NULL;
    int last = -1;
    for (int step = 0; !tw_fox_is_over(&s) && step < 400; step++) {
        int seat = tw_fox_to_act(&s);
        if (seat != last)
            tw_buf_printf(&script, "%s\n", last >= 0 ? "\n" : "");
        last = seat;
        tw_fox_view view;
        tw_fox_view_of(&s, seat, &view);
        tw_fox_action a;
        if (tw_fox_rule_bot_choose(&view, (uint64_t)step * 7919u + 1, &a) != TW_OK)
            break;
        char text[48];
        tw_fox_action_format(&s, a, text, sizeof text);
        tw_buf_printf(&script, "%s\n", text);
        if (tw_fox_apply(&s, a, NULL) != TW_OK)
            break;
    }
    *end = s;
    return script.data;
}

TEST(fox_cli_hotseat_win_typed_in_record_notation)
{
    tw_test_scratch_xdg("xdg-fox-win");
    char save[512];
    tmp_path(save, sizeof save, "fox-win.json");
    char seed[16];
    char *script = NULL;
    tw_fox_state planned;
    for (int s = 1; s <= 40 && !script; s++) {
        snprintf(seed, sizeof seed, "%d", s);
        const char *start[] = {"fox", "--hotseat", "--seed", seed, "--lang", "en", "--ascii", "--save", save, NULL};
        unlink(save); /* each run starts a new game there */
        tw_test_cli_result r = tw_test_cli_run("", start); /* ends at once: the save holds the configuration */
        tw_test_cli_free(&r);
        tw_fox_record rec;
        tw_fox_state st;
        if (load_fox(save, &rec, &st) != 0)
            return;
        char *text = bot_hotseat_script(&rec, &planned);
        tw_fox_record_free(&rec);
        if (text && tw_fox_is_won(&planned))
            script = text;
        else
            free(text);
    }
    REQUIRE(script != NULL);
    const char *args[] = {"fox", "--hotseat", "--seed", seed, "--lang", "en", "--ascii", "--save", save, NULL};
    unlink(save);
    tw_test_cli_result r = tw_test_cli_run(script, args);
    free(script);
    CHECK_INT(r.code, 0);
    REQUIRE(r.out != NULL);
    char line[64];
    snprintf(line, sizeof line, "Score: %d = ", tw_fox_score(&planned));
    CHECK_CONTAINS(r.out, "Victory in round");
    CHECK_CONTAINS(r.out, line);
    CHECK_CONTAINS(r.out, "The last gem is collected: the team wins!");
    CHECK(!strstr(r.out, "is not understood"));
    CHECK(!strstr(r.out, "cannot be chosen now"));
    tw_fox_record rec;
    tw_fox_state end;
    if (load_fox(save, &rec, &end) == 0) {
        CHECK(tw_fox_is_won(&end));
        CHECK_INT(tw_fox_score(&end), tw_fox_score(&planned));
        check_hands(r.out, &rec, 1, 0);
        tw_fox_record_free(&rec);
    }
    tw_test_cli_free(&r);
}

TEST(fox_cli_french)
{
    tw_test_scratch_xdg("xdg-fox-fr");
    char save[512];
    tmp_path(save, sizeof save, "fox-fr.json");
    char *ones = tw_test_repeat_lines("1", 3000);
    REQUIRE(ones != NULL);
    size_t len = strlen(ones);
    char *input = malloc(len + 16);
    REQUIRE(input != NULL);
    snprintf(input, len + 16, "abc\n%s", ones);
    free(ones);
    const char *args[] = {"fox", "--seed", "3", "--lang", "fr", "--save", save, NULL};
    tw_test_cli_result r = tw_test_cli_run(input, args);
    free(input);
    CHECK_INT(r.code, 0);
    REQUIRE(r.out != NULL);
    CHECK_CONTAINS(r.out, "Nouvelle partie : Le Renard des Bois : Duo, niveau 1, graine 3");
    CHECK_CONTAINS(r.out, "Vous êtes le joueur 1");
    CHECK_CONTAINS(r.out, "Votre main (");
    CHECK_CONTAINS(r.out, "Votre partenaire joue");
    CHECK_CONTAINS(r.out, "Plateau Face A : Disposition reprise d'une adaptation web publique");
    CHECK_CONTAINS(r.out, "--board");
    CHECK_CONTAINS(r.out, "Plateau : Face A (tapez plateau pour l'origine de sa disposition)");
    CHECK_CONTAINS(r.out, "Jetons forêt restants");
    CHECK_CONTAINS(r.out, "« abc » n'est pas compris");
    CHECK_CONTAINS(r.out, "Votre choix (1-");
    CHECK(strstr(r.out, "Victoire dans la manche") || strstr(r.out, "Défaite"));
    CHECK(!strstr(r.out, "Your hand"));
    CHECK(!strstr(r.out, "Your partner"));
    CHECK(!strstr(r.out, "What happened"));
    tw_test_cli_free(&r);
    /* the help page and the usage are French too */
    const char *help[] = {"fox", "--seed", "3", "--lang", "fr", "--save", save, NULL};
    r = tw_test_cli_run("aide\nquitter\n", help);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "COMMENT JOUER AU RENARD DES BOIS");
    CHECK_CONTAINS(r.out, "Présent");
    CHECK_CONTAINS(r.out, "La partie est enregistrée dans");
    tw_test_cli_free(&r);
}

/* Finds a deal where seat 0's first decision is following a trick while
 * holding both the led suit and another suit. Fills the save (stopped at
 * that decision), the seed and the state. Returns 0 when found. */
static int find_follow_deal(const char *save, char *seed, size_t size, tw_fox_state *state, int *done)
{
    for (int s = 1; s <= 60; s++) {
        snprintf(seed, size, "%d", s);
        const char *args[] = {"fox", "--seed", seed, "--lang", "en", "--ascii", "--save", save, NULL};
        unlink(save); /* each run starts a new game there */
        tw_test_cli_result r = tw_test_cli_run("", args);
        tw_test_cli_free(&r);
        tw_fox_record rec;
        if (load_fox(save, &rec, state) != 0)
            return -1;
        *done = rec.count;
        tw_fox_record_free(&rec);
        if (tw_fox_to_act(state) != 0 || state->phase != TW_FOX_PHASE_PLAY || state->trick_n != 1)
            continue;
        uint32_t suit = TW_FOX_SUIT_MASK(TW_FOX_SUIT(state->trick[0]));
        if (TW_FOX_RANK(state->trick[0]) != TW_FOX_ROYAL_HEIR && (state->hand[0] & suit) && (state->hand[0] & ~suit))
            return 0;
    }
    return -1;
}

TEST(fox_cli_invalid_input_reprompts)
{
    tw_test_scratch_xdg("xdg-fox-bad-input");
    char save[512], seed[16];
    tmp_path(save, sizeof save, "fox-bad-input.json");
    tw_fox_state s;
    int done = 0;
    REQUIRE(find_follow_deal(save, seed, sizeof seed, &s, &done) == 0);
    uint32_t suit = TW_FOX_SUIT_MASK(TW_FOX_SUIT(s.trick[0]));
    int good = tw_lowest_bit32(s.hand[0] & suit);
    int off_suit = tw_lowest_bit32(s.hand[0] & ~suit);
    int partners = tw_lowest_bit32(s.hand[1]);
    int count = tw_popcount32(s.hand[0] & suit);
    char good_code[4], off_code[4], partner_code[4], good_lower[8];
    tw_fox_card_code(good, good_code);
    tw_fox_card_code(off_suit, off_code);
    tw_fox_card_code(partners, partner_code);
    snprintf(good_lower, sizeof good_lower, "%s", good_code);
    for (char *p = good_lower; *p; p++)
        if (*p >= 'A' && *p <= 'Z')
            *p = (char)(*p - 'A' + 'a');
    char input[256];
    snprintf(input, sizeof input, "99\nxyz\n\nhelp\nboard\n%s\n%s\nplay %s\nquit\n", partner_code, off_code,
             good_lower);
    const char *args[] = {"fox", "--seed", seed, "--lang", "en", "--ascii", "--save", save, NULL};
    unlink(save);
    tw_test_cli_result r = tw_test_cli_run(input, args);
    CHECK_INT(r.code, 0);
    REQUIRE(r.out != NULL);
    char text[160];
    snprintf(text, sizeof text, "99 is not a choice: answer 1 to %d", count);
    CHECK_CONTAINS(r.out, text);
    CHECK_CONTAINS(r.out, "'xyz' is not understood");
    snprintf(text, sizeof text, "answer with a number from 1 to %d", count);
    CHECK_CONTAINS(r.out, text);
    CHECK_CONTAINS(r.out, "HOW TO PLAY THE FOX IN THE FOREST DUET");
    CHECK_CONTAINS(r.out, "1 Musician: ");
    CHECK(count_of(r.out, "Board Side A: Layout taken from a public web") >= 2); /* at the start and asked */
    snprintf(text, sizeof text, "%s is not in your hand", partner_code);
    CHECK_CONTAINS(r.out, text);
    snprintf(text, sizeof text, "you must follow suit: you hold a %s card",
             tw_fox_suit_name(TW_FOX_SUIT(s.trick[0]), TW_LANG_EN));
    CHECK_CONTAINS(r.out, text);
    CHECK_CONTAINS(r.out, "The game is saved in");
    CHECK_CONTAINS(r.out, "Continue it with: trickwood resume");
    tw_test_cli_free(&r);
    /* the typed notation was taken: it is the next action of the record */
    tw_fox_record rec;
    tw_fox_state after;
    if (load_fox(save, &rec, &after) == 0) {
        CHECK(rec.count > done);
        if (rec.count > done)
            CHECK_INT(rec.actions[done], TW_FOX_ACTION(TW_FOX_ACT_PLAY, good));
        tw_fox_record_free(&rec);
    }
}

/* Checks that two records hold the same actions. */
static void check_same_actions(const char *a_path, const char *b_path)
{
    tw_fox_record a, b;
    tw_fox_state sa, sb;
    if (load_fox(a_path, &a, &sa) != 0)
        return;
    if (load_fox(b_path, &b, &sb) == 0) {
        CHECK(tw_fox_is_over(&sa) && tw_fox_is_over(&sb));
        CHECK_INT(b.count, a.count);
        CHECK(a.count == b.count && memcmp(a.actions, b.actions, sizeof a.actions[0] * (size_t)a.count) == 0);
        CHECK_INT(tw_fox_score(&sb), tw_fox_score(&sa));
        tw_fox_record_free(&b);
    }
    tw_fox_record_free(&a);
}

TEST(fox_cli_eof_then_resume_same_game)
{
    tw_test_scratch_xdg("xdg-fox-resume");
    char whole[512], part[512];
    tmp_path(whole, sizeof whole, "fox-whole.json");
    tmp_path(part, sizeof part, "fox-part.json");
    const char *whole_args[] = {"fox", "--seed", "12", "--level", "2", "--lang", "en", "--save", whole, NULL};
    tw_test_cli_result r;
    play_ones(whole_args, whole, 0, 0, &r);
    tw_test_cli_free(&r);

    char *first = tw_test_repeat_lines("1", 6);
    const char *args[] = {"fox", "--seed", "12", "--level", "2", "--lang", "en", "--save", part, NULL};
    r = tw_test_cli_run(first, args);
    free(first);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "End of input: the game is saved in");
    CHECK_CONTAINS(r.out, "trickwood resume");
    CHECK(!strstr(r.out, "Victory") && !strstr(r.out, "Defeat"));
    tw_test_cli_free(&r);
    tw_fox_record rec;
    tw_fox_state mid;
    int played = 0;
    if (load_fox(part, &rec, &mid) == 0) {
        CHECK(!tw_fox_is_over(&mid));
        played = rec.count;
        tw_fox_record_free(&rec);
    }
    CHECK(played >= 6);

    char *rest = tw_test_repeat_lines("1", 3000);
    const char *resume[] = {"resume", part, "--lang", "en", NULL};
    r = tw_test_cli_run(rest, resume);
    free(rest);
    CHECK_INT(r.code, 0);
    char line[160];
    snprintf(line, sizeof line, "Resuming the game saved in %s (%d actions already played)", part, played);
    CHECK_CONTAINS(r.out, line);
    CHECK_CONTAINS(r.out, "You are player 1; your partner, player 2");
    CHECK_CONTAINS(r.out, "is kept and marked as finished");
    tw_test_cli_free(&r);
    check_same_actions(whole, part);

    /* resuming the finished game shows how it ended */
    r = tw_test_cli_run("", resume);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "This game is finished");
    CHECK(strstr(r.out, "Victory") || strstr(r.out, "Defeat"));
    tw_test_cli_free(&r);
}

/* Reads the players of a saved record: 1 when it has them, 0 when not, -1
 * when it cannot be loaded. */
static int saved_players(const char *path, tw_fox_players *out)
{
    tw_fox_record rec;
    tw_fox_state state;
    if (load_fox(path, &rec, &state) != 0)
        return -1;
    int has = rec.has_players;
    *out = rec.players;
    tw_fox_record_free(&rec);
    return has;
}

/* Rewrites a save as an earlier version wrote it: without "players". */
static void strip_players(const char *path)
{
    tw_fox_record rec;
    tw_fox_state state;
    if (load_fox(path, &rec, &state) != 0)
        return;
    rec.has_players = 0;
    CHECK_INT(tw_fox_record_save(&rec, path), TW_OK);
    tw_fox_record_free(&rec);
    tw_diag diag;
    char *text = tw_read_file(path, NULL, &diag);
    CHECK(text && !strstr(text, "\"players\""));
    free(text);
}

/* Writes an earlier version's players file (seat counted from 1). */
static void write_players_file(const char *path, int hotseat, int seat, const char *partner)
{
    char text[256];
    int n = snprintf(text, sizeof text,
                     "{\n  \"format\": \"trickwood-fox-players\",\n  \"version\": 1,\n  \"hotseat\": %s,\n"
                     "  \"seat\": %d,\n  \"partner\": \"%s\"\n}\n",
                     hotseat ? "true" : "false", seat, partner);
    if (tw_write_file_atomic(path, text, (size_t)n) != TW_OK)
        tw_test_fail(__FILE__, __LINE__, "cannot write %s", path);
}

/* The line (from 1) of the first occurrence of needle in text, 0 if none. */
static int line_of(const char *text, const char *needle)
{
    const char *at = strstr(text, needle);
    if (!at)
        return 0;
    int line = 1;
    for (const char *p = text; p < at; p++)
        line += *p == '\n';
    return line;
}

TEST(fox_cli_hotseat_resume_remembers_the_players)
{
    tw_test_scratch_xdg("xdg-fox-hot-resume");
    char whole[512], part[512];
    tmp_path(whole, sizeof whole, "fox-hot-whole.json");
    tmp_path(part, sizeof part, "fox-hot-part.json");
    const char *whole_args[] = {"fox", "--hotseat", "--seed", "8", "--lang", "en", "--save", whole, NULL};
    tw_test_cli_result r;
    play_ones(whole_args, whole, 1, 0, &r);
    tw_test_cli_free(&r);
    const char *args[] = {"fox", "--hotseat", "--seed", "8", "--lang", "en", "--save", part, NULL};
    r = tw_test_cli_run("\n1\n1\n\nquit\n", args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "The game is saved in");
    tw_test_cli_free(&r);
    /* who plays is in the save itself: no file beside it */
    char players[512];
    tmp_path(players, sizeof players, "fox-hot-part.players.json");
    CHECK(access(players, F_OK) != 0);
    tw_fox_players saved;
    REQUIRE(saved_players(part, &saved) == 1);
    CHECK_INT(saved.hotseat, 1);
    char *rest = tw_test_repeat_lines("1", 3000);
    const char *resume[] = {"resume", part, "--lang", "en", NULL};
    r = tw_test_cli_run(rest, resume);
    free(rest);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Two players share this screen");
    CHECK_CONTAINS(r.out, "only: press Enter to see your hand");
    tw_test_cli_free(&r);
    check_same_actions(whole, part);
    CHECK(access(players, F_OK) != 0);
    /* the players can be changed when resuming: now with the partner, seat 2 */
    const char *change[] = {"resume", part, "--seat", "2", "--lang", "en", NULL};
    r = tw_test_cli_run("", change);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "You are player 2; your partner, player 1");
    tw_test_cli_free(&r);
    REQUIRE(saved_players(part, &saved) == 1);
    CHECK_INT(saved.hotseat, 0);
    CHECK_INT(saved.seat, 1);
    CHECK_STR(saved.partner, "rule");
}

TEST(fox_cli_players_are_saved_in_the_record)
{
    tw_test_scratch_xdg("xdg-fox-players");
    char save[512], copy[512], side[512];
    tmp_path(save, sizeof save, "fox-players.json");
    tmp_path(copy, sizeof copy, "fox-players-copy.json");
    tmp_path(side, sizeof side, "fox-players.players.json");
    const char *args[] = {"fox", "--seat", "2", "--partner", "random", "--seed", "9", "--lang", "en", "--save", save,
                          "--record", copy, NULL};
    tw_test_cli_result r = tw_test_cli_run("1\nquit\n", args);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "You are player 2; your partner, player 1, is the built-in random partner");
    tw_test_cli_free(&r);
    CHECK(access(side, F_OK) != 0);
    tw_fox_players saved;
    REQUIRE(saved_players(save, &saved) == 1);
    CHECK_INT(saved.hotseat, 0);
    CHECK_INT(saved.seat, 1);
    CHECK_STR(saved.partner, "random");
    /* the record copy carries them too */
    REQUIRE(saved_players(copy, &saved) == 1);
    CHECK_INT(saved.seat, 1);
    /* resuming, with no players file anywhere, keeps seat and partner */
    const char *resume[] = {"resume", save, "--lang", "fr", NULL};
    r = tw_test_cli_run("quitter\n", resume);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Vous êtes le joueur 2 ; votre partenaire, le joueur 1, est le partenaire intégré");
    CHECK(!strstr(r.out, "version précédente"));
    tw_test_cli_free(&r);
    CHECK(access(side, F_OK) != 0);
    /* a stale players file beside a save that has players is not read, and goes */
    write_players_file(side, 1, 1, "rule");
    r = tw_test_cli_run("quitter\n", resume);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Vous êtes le joueur 2 ;");
    tw_test_cli_free(&r);
    CHECK(access(side, F_OK) != 0);
}

TEST(fox_cli_old_save_resumes_with_its_players_file)
{
    tw_test_scratch_xdg("xdg-fox-old-save");
    char save[512], side[512];
    tmp_path(save, sizeof save, "fox-old.json");
    tmp_path(side, sizeof side, "fox-old.players.json");
    const char *args[] = {"fox", "--seed", "10", "--lang", "en", "--save", save, NULL};
    tw_test_cli_result r = tw_test_cli_run("1\nquit\n", args);
    CHECK_INT(r.code, 0);
    tw_test_cli_free(&r);
    strip_players(save);
    /* no players anywhere: player 1 with the rule partner */
    const char *resume[] = {"resume", save, "--lang", "en", NULL};
    r = tw_test_cli_run("quit\n", resume);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "You are player 1; your partner, player 2, is the built-in rule-based partner");
    tw_test_cli_free(&r);
    /* an earlier version's players file is reported with its place when broken */
    strip_players(save);
    const char *bad = "{\n  \"format\": \"trickwood-fox-players\",\n  \"version\": 1,\n  \"seat\": 5\n}\n";
    REQUIRE(tw_write_file_atomic(side, bad, strlen(bad)) == TW_OK);
    r = tw_test_cli_run("", resume);
    CHECK_INT(r.code, 1);
    char where[600];
    snprintf(where, sizeof where, "%s:4: field 'seat'", side);
    CHECK_CONTAINS(r.err, where);
    tw_test_cli_free(&r);
    CHECK(access(side, F_OK) == 0);
    /* and used when good: then the save takes the players and the file goes */
    write_players_file(side, 0, 2, "random");
    r = tw_test_cli_run("quit\n", resume);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "You are player 2; your partner, player 1, is the built-in random partner");
    CHECK_CONTAINS(r.out, "the file of an earlier version");
    CHECK_CONTAINS(r.out, side);
    tw_test_cli_free(&r);
    CHECK(access(side, F_OK) != 0);
    tw_fox_players saved;
    REQUIRE(saved_players(save, &saved) == 1);
    CHECK_INT(saved.seat, 1);
    CHECK_STR(saved.partner, "random");
    r = tw_test_cli_run("quit\n", resume);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "You are player 2; your partner, player 1, is the built-in random partner");
    CHECK(!strstr(r.out, "earlier version"));
    tw_test_cli_free(&r);
}

/* The autosave of an earlier version, with its players file, moves into
 * the folder of saves together: resuming it keeps who plays. */
TEST(fox_cli_old_autosave_moves_with_its_players_file)
{
    const char *xdg = tw_test_tmp("xdg-fox-old-autosave");
    char dir[512], save[600], side[600];
    snprintf(dir, sizeof dir, "%s", xdg);
    setenv("XDG_DATA_HOME", dir, 1);
    snprintf(save, sizeof save, "%s/trickwood/foxduet-save.json", dir);
    snprintf(side, sizeof side, "%s/trickwood/foxduet-save.players.json", dir);
    const char *args[] = {"fox", "--seed", "10", "--lang", "en", "--save", save, NULL};
    tw_test_cli_result r = tw_test_cli_run("1\nquit\n", args);
    CHECK_INT(r.code, 0);
    tw_test_cli_free(&r);
    strip_players(save);
    write_players_file(side, 0, 2, "random");
    const char *resume[] = {"resume", "--lang", "en", NULL};
    r = tw_test_cli_run("quit\n", resume);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "The game saved by an earlier version in");
    CHECK_CONTAINS(r.out, "You are player 2; your partner, player 1, is the built-in random partner");
    CHECK_CONTAINS(r.out, "the file of an earlier version");
    CHECK_CONTAINS(r.out, "/trickwood/saves/foxduet-level1-seed10-");
    tw_test_cli_free(&r);
    CHECK(access(save, F_OK) != 0 && access(side, F_OK) != 0);
}

TEST(fox_cli_bad_players_in_a_save_are_reported)
{
    tw_test_scratch_xdg("xdg-fox-bad-players");
    char save[512];
    tmp_path(save, sizeof save, "fox-bad-players.json");
    const char *args[] = {"fox", "--seed", "11", "--lang", "en", "--save", save, NULL};
    tw_test_cli_result r = tw_test_cli_run("1\nquit\n", args);
    CHECK_INT(r.code, 0);
    tw_test_cli_free(&r);
    tw_diag diag;
    char *text = tw_read_file(save, NULL, &diag);
    REQUIRE(text != NULL);
    static const struct {
        const char *from, *to, *field;
    } cases[] = {
        {"\"seat\": 0", "\"seat\": 5", "players.seat"},
        {"\"partner\": \"rule\"", "\"partner\": \"open-hands\"", "players.partner"},
        {"\"hotseat\": false", "\"hotseat\": 0", "players.hotseat"},
    };
    const char *resume[] = {"resume", save, "--lang", "en", NULL};
    const char *replay[] = {"replay", save, "--auto", "--lang", "en", NULL};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *at = strstr(text, cases[i].from);
        REQUIRE(at != NULL);
        char bad[8192];
        REQUIRE(strlen(text) + 32 < sizeof bad);
        snprintf(bad, sizeof bad, "%.*s%s%s", (int)(at - text), text, cases[i].to, at + strlen(cases[i].from));
        REQUIRE(tw_write_file_atomic(save, bad, strlen(bad)) == TW_OK);
        char where[700];
        snprintf(where, sizeof where, "%s:%d: field '%s'", save, line_of(text, cases[i].from), cases[i].field);
        r = tw_test_cli_run("1\n", resume);
        CHECK_INT(r.code, 1);
        CHECK_CONTAINS(r.err, where);
        CHECK(!strstr(r.out, "Resuming"));
        tw_test_cli_free(&r);
        r = tw_test_cli_run("", replay);
        CHECK_INT(r.code, 1);
        CHECK_CONTAINS(r.err, where);
        tw_test_cli_free(&r);
        /* the bad save is left as it was */
        char *now = tw_read_file(save, NULL, &diag);
        CHECK(now && strcmp(now, bad) == 0);
        free(now);
    }
    free(text);
}

TEST(fox_cli_record_replays_to_same_result)
{
    tw_test_scratch_xdg("xdg-fox-record");
    char save[512], record[512], events[512];
    tmp_path(save, sizeof save, "fox-rec-save.json");
    tmp_path(record, sizeof record, "fox-rec.json");
    tmp_path(events, sizeof events, "fox-events.jsonl");
    char *input = tw_test_repeat_lines("2\n1", 3000); /* other choices now and then; 1 where 2 is no choice */
    const char *args[] = {"fox", "--seed", "21", "--level", "3", "--lang", "en", "--save", save, "--record", record,
                          "--events", events, NULL};
    tw_test_cli_result game = tw_test_cli_run(input, args);
    free(input);
    CHECK_INT(game.code, 0);
    REQUIRE(game.out != NULL);
    const char *result = strstr(game.out, "Victory in round");
    if (!result)
        result = strstr(game.out, "Defeat");
    REQUIRE(result != NULL);
    char line[200];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(result, "\n"), result);
    CHECK_CONTAINS(game.out, "Game record: ");
    CHECK_CONTAINS(game.out, record);
    CHECK_CONTAINS(game.out, "Event log: ");
    check_same_actions(save, record);

    const char *replay[] = {"replay", record, "--auto", "--lang", "en", NULL};
    tw_test_cli_result rep = tw_test_cli_run("", replay);
    CHECK_INT(rep.code, 0);
    CHECK_CONTAINS(rep.out, line);
    CHECK_CONTAINS(rep.out, "Step 1 of ");
    CHECK_CONTAINS(rep.out, "[play ");
    CHECK_CONTAINS(rep.out, "Player 1's hand (");
    CHECK_CONTAINS(rep.out, "End of the record.");
    CHECK(!strstr(rep.out, "Enter: next step"));
    tw_test_cli_free(&rep);
    /* stepping with piped Enter presses, then q stops */
    const char *step[] = {"replay", record, "--lang", "en", NULL};
    rep = tw_test_cli_run("\n\nq\n", step);
    CHECK_INT(rep.code, 0);
    CHECK_CONTAINS(rep.out, "Enter: next step");
    CHECK_CONTAINS(rep.out, "Replay stopped at step 3 of");
    CHECK(!strstr(rep.out, line));
    tw_test_cli_free(&rep);

    /* the event log is the record's full log, one JSON object per line */
    tw_diag diag;
    char *text = tw_read_file(events, NULL, &diag);
    REQUIRE(text != NULL);
    tw_fox_record rec;
    tw_fox_state end;
    if (load_fox(record, &rec, &end) == 0) {
        tw_buf expected = {0};
        CHECK_INT(tw_fox_record_event_log(&rec, -1, &expected), TW_OK);
        CHECK(expected.data && strcmp(expected.data, text) == 0);
        tw_buf_free(&expected);
        tw_fox_record_free(&rec);
    }
    int lines = 0, bad = 0;
    for (char *p = text; *p;) {
        char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        json_error_t jerr;
        json_t *v = json_loadb(p, n, 0, &jerr);
        if (!v || !json_is_object(v))
            bad++;
        json_decref(v);
        lines++;
        p += n + (nl ? 1 : 0);
    }
    CHECK(lines > 100);
    CHECK_INT(bad, 0);
    free(text);
    tw_test_cli_free(&game);
}

/* Writes a board file whose space `bad` (0..10) has `squares` squares;
 * each space is on its own line, line 8 + index. */
static void write_board(const char *path, int bad, int squares, int reconstructed)
{
    tw_buf b = {0};
    tw_buf_printf(&b, "{\n  \"format\": \"trickwood-board\",\n  \"version\": 1,\n  \"id\": \"test-board\",\n"
                      "  \"name\": {\"en\": \"Test board\", \"fr\": \"Plateau d'essai\"},\n"
                      "  \"reconstructed\": %s,\n  \"spaces\": [\n",
                  reconstructed ? "true" : "false");
    for (int i = 0; i < TW_FOX_SPACES; i++)
        tw_buf_printf(&b, "    {\"space\": %d, \"squares\": %d, \"plus\": %s}%s\n", i - 5, i == bad ? squares : 1,
                      i % 2 ? "true" : "false", i + 1 < TW_FOX_SPACES ? "," : "");
    tw_buf_printf(&b, "  ]\n}\n");
    if (!b.data || tw_write_file_atomic(path, b.data, b.len) != TW_OK)
        tw_test_fail(__FILE__, __LINE__, "cannot write %s", path);
    tw_buf_free(&b);
}

TEST(fox_cli_board_files)
{
    tw_test_scratch_xdg("xdg-fox-board");
    char bad[512], good[512], save[512], never[512];
    tmp_path(bad, sizeof bad, "bad-board.json");
    tmp_path(good, sizeof good, "good-board.json");
    tmp_path(save, sizeof save, "fox-board.json");
    tmp_path(never, sizeof never, "fox-never.json");
    /* a bad value: refused with file, line and field before anything starts */
    write_board(bad, 3, 12, 0);
    const char *args[] = {"fox", "--board", bad, "--lang", "en", "--save", never, NULL};
    tw_test_cli_result r = tw_test_cli_run("1\n", args);
    CHECK_INT(r.code, 1);
    char where[600];
    snprintf(where, sizeof where, "%s:11:", bad);
    CHECK_CONTAINS(r.err, where);
    CHECK_CONTAINS(r.err, "spaces[3].squares");
    CHECK(!strstr(r.out, "New game"));
    CHECK(access(never, F_OK) != 0);
    tw_test_cli_free(&r);
    /* not JSON at all, and a file that does not exist */
    const char *broken = "{\n  \"format\": \"trickwood-board\",\n  \"version\": 1,\n  oops\n}\n";
    REQUIRE(tw_write_file_atomic(bad, broken, strlen(broken)) == TW_OK);
    r = tw_test_cli_run("1\n", args);
    CHECK_INT(r.code, 1);
    snprintf(where, sizeof where, "%s:4", bad);
    CHECK_CONTAINS(r.err, where);
    tw_test_cli_free(&r);
    const char *missing[] = {"fox", "--board", tw_test_tmp("no-such-board.json"), "--lang", "en", NULL};
    r = tw_test_cli_run("1\n", missing);
    CHECK_INT(r.code, 1);
    CHECK_CONTAINS(r.err, "no-such-board.json");
    tw_test_cli_free(&r);

    /* a good board that is not a reconstruction: no such notice; the record
     * embeds it, so the replay works once the file is gone */
    write_board(good, 0, 2, 0);
    const char *play[] = {"fox", "--board", good, "--seed", "4", "--lang", "en", "--save", save, NULL};
    r = tw_test_cli_run("1\n1\n1\n", play);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Board: Test board\n");
    CHECK(!strstr(r.out, "reconstruction"));
    tw_test_cli_free(&r);
    CHECK_INT(unlink(good), 0);
    const char *replay[] = {"replay", save, "--auto", "--lang", "fr", NULL};
    r = tw_test_cli_run("", replay);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "Plateau : Plateau d'essai");
    CHECK_CONTAINS(r.out, "Fin de l'enregistrement.");
    tw_test_cli_free(&r);
}

/* Sets a file's modification time (seconds since the epoch). */
static void set_mtime(const char *path, long seconds)
{
    struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
    CHECK_INT(utimensat(AT_FDCWD, path, times, 0), 0);
}

TEST(fox_cli_resume_and_replay_find_the_game)
{
    const char *xdg = tw_test_tmp("xdg-fox-both");
    char dir[512], nw[600], fox[600], line[700];
    snprintf(dir, sizeof dir, "%s", xdg);
    setenv("XDG_DATA_HOME", dir, 1);
    /* nothing saved yet: the folder of saves is named */
    const char *resume[] = {"resume", "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("", resume);
    CHECK_INT(r.code, 1);
    CHECK_CONTAINS(r.err, "no saved game in");
    CHECK_CONTAINS(r.err, "trickwood/saves");
    tw_test_cli_free(&r);
    /* one game of each, in the folder of saves */
    const char *northwood[] = {"northwood", "--seed", "4", "--lang", "en", NULL};
    r = tw_test_cli_run("1\n1\nquit\n", northwood);
    CHECK_INT(r.code, 0);
    REQUIRE(tw_test_line_after(r.out, "The game is saved in ", nw, sizeof nw));
    tw_test_cli_free(&r);
    const char *foxgame[] = {"fox", "--seed", "4", "--lang", "en", NULL};
    r = tw_test_cli_run("1\nquit\n", foxgame);
    CHECK_INT(r.code, 0);
    REQUIRE(tw_test_line_after(r.out, "The game is saved in ", fox, sizeof fox));
    CHECK_CONTAINS(fox, "/trickwood/saves/foxduet-level1-seed4-");
    tw_test_cli_free(&r);
    REQUIRE(access(nw, R_OK) == 0 && access(fox, R_OK) == 0);
    CHECK(tw_cli_ui_of_file(nw) == &tw_nw_cli_ui);
    CHECK(tw_cli_ui_of_file(fox) == &tw_fox_cli_ui);

    /* without a file, the list comes newest first: Enter takes it */
    set_mtime(nw, 2000000000L);
    set_mtime(fox, 1900000000L);
    r = tw_test_cli_run("\nquit\n", resume);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "For Northwood!");
    snprintf(line, sizeof line, "Resuming the game saved in %s", nw);
    CHECK_CONTAINS(r.out, line);
    tw_test_cli_free(&r);
    set_mtime(fox, 2100000000L);
    r = tw_test_cli_run("1\nquit\n", resume);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "The Fox in the Forest Duet");
    snprintf(line, sizeof line, "Resuming the game saved in %s", fox);
    CHECK_CONTAINS(r.out, line);
    tw_test_cli_free(&r);

    /* with a file, its "game" field decides */
    const char *resume_nw[] = {"resume", nw, "--lang", "en", NULL};
    r = tw_test_cli_run("quit\n", resume_nw);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "For Northwood!");
    CHECK(!strstr(r.out, "Fox in the Forest"));
    tw_test_cli_free(&r);
    const char *bad_partner[] = {"resume", fox, "--partner", "nobody", "--lang", "en", NULL};
    r = tw_test_cli_run("", bad_partner);
    CHECK_INT(r.code, 2);
    CHECK_CONTAINS(r.err, "--partner takes rule, random or strong, not 'nobody'");
    tw_test_cli_free(&r);
    const char *resume_fox[] = {"resume", "--lang", "en", fox, NULL};
    r = tw_test_cli_run("quit\n", resume_fox);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "The Fox in the Forest Duet");
    tw_test_cli_free(&r);
    const char *replay_nw[] = {"replay", nw, "--auto", "--lang", "en", NULL};
    r = tw_test_cli_run("", replay_nw);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "[visit ");
    tw_test_cli_free(&r);
    const char *replay_fox[] = {"replay", "--lang", "en", "--auto", fox, NULL};
    r = tw_test_cli_run("", replay_fox);
    CHECK_INT(r.code, 0);
    CHECK_CONTAINS(r.out, "[play ");
    CHECK_CONTAINS(r.out, "End of the record.");
    tw_test_cli_free(&r);
    /* a file of neither game names the file, its line and both games */
    char other[512];
    tmp_path(other, sizeof other, "not-a-record.json");
    const char *junk = "{\n  \"format\": \"trickwood-record\",\n  \"version\": 1,\n  \"game\": \"chess\"\n}\n";
    REQUIRE(tw_write_file_atomic(other, junk, strlen(junk)) == TW_OK);
    const char *replay_other[] = {"replay", other, "--auto", "--lang", "en", NULL};
    r = tw_test_cli_run("", replay_other);
    CHECK_INT(r.code, 1);
    CHECK_CONTAINS(r.err, "not-a-record.json:4");
    tw_test_cli_free(&r);
}

TEST(fox_cli_bad_options)
{
    tw_test_scratch_xdg("xdg-fox-options");
    static const struct {
        const char *args[4];
        const char *message;
    } cases[] = {
        {{"fox", "--level", "4", NULL}, "--level takes 1, 2 or 3, not '4'"},
        {{"fox", "--seat", "3", NULL}, "--seat takes 1 or 2, not '3'"},
        {{"fox", "--partner", "genius", NULL}, "--partner takes rule, random or strong, not 'genius'"},
        {{"fox", "--seed", "x1", NULL}, "--seed takes a whole number"},
        {{"fox", "--board", NULL, NULL}, "option --board needs a value"},
        {{"fox", "--fast", NULL, NULL}, "unknown option '--fast'"},
        {{"fox", "extra", NULL, NULL}, "unexpected argument 'extra'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *args[8] = {cases[i].args[0], "--lang", "en"};
        int n = 3;
        for (int k = 1; k < 4 && cases[i].args[k]; k++)
            args[n++] = cases[i].args[k];
        args[n] = NULL;
        tw_test_cli_result r = tw_test_cli_run("", args);
        CHECK_INT(r.code, 2);
        CHECK_CONTAINS(r.err, cases[i].message);
        CHECK_CONTAINS(r.err, "fox [OPTIONS]");
        tw_test_cli_free(&r);
    }
}

TEST(fox_cli_random_partner_and_symbols)
{
    tw_test_scratch_xdg("xdg-fox-random");
    char save[512];
    tmp_path(save, sizeof save, "fox-random.json");
    char *old = getenv("LC_ALL") ? strdup(getenv("LC_ALL")) : NULL;
    setenv("LC_ALL", "en_US.UTF-8", 1);
    const char *args[] = {"fox", "--partner", "random", "--seed", "6", "--lang", "en", "--save", save, NULL};
    tw_test_cli_result r;
    int score = play_ones(args, save, 0, 0, &r);
    REQUIRE(r.out != NULL);
    CHECK_CONTAINS(r.out, "built-in random partner");
    CHECK_CONTAINS(r.out, "\xe2\x97\x8f");       /* the team token */
    CHECK(has_non_ascii(r.out));
    CHECK(!strstr(r.out, "\033["));               /* no colours off a terminal */
    check_result_lines(r.out, score);
    tw_test_cli_free(&r);
    if (old)
        setenv("LC_ALL", old, 1);
    else
        unsetenv("LC_ALL");
    free(old);
    /* the card forms, with and without colours */
    tw_cli cli;
    memset(&cli, 0, sizeof cli);
    char card[64];
    tw_fox_cli_card(&cli, TW_FOX_CARD(TW_FOX_ROSES, 7), card, sizeof card);
    CHECK_STR(card, "7R");
    tw_fox_cli_card_long(&cli, TW_FOX_CARD(TW_FOX_ROSES, 7), card, sizeof card);
    CHECK_STR(card, "7R Roses (Gift, 0 footprints)");
    tw_fox_cli_card_long(&cli, TW_FOX_CARD(TW_FOX_STARS, 10), card, sizeof card);
    CHECK_STR(card, "10S Stars (3 footprints)");
    cli.lang = TW_LANG_FR;
    tw_fox_cli_card_long(&cli, TW_FOX_CARD(TW_FOX_DOVES, 1), card, sizeof card);
    CHECK_STR(card, "1D Colombes (Musicien, 0 empreinte)");
    cli.term.color = 1;
    tw_fox_cli_card(&cli, TW_FOX_CARD(TW_FOX_ROSES, 7), card, sizeof card);
    CHECK_CONTAINS(card, "\033[31m7R");
}

TEST(fox_cli_message_table_complete)
{
    CHECK_INT(tw_msg_table_check(tw_fox_cli_table, FX_T_COUNT), -1);
    const tw_msg *help[] = {&tw_fox_cli_fox_help, &tw_cli_resume_help, &tw_cli_replay_help};
    for (int i = 0; i < 3; i++)
        CHECK_INT(tw_msg_table_check(help[i], 1), -1);
    const char *args[] = {"help", "--lang", "en", NULL};
    tw_test_cli_result r = tw_test_cli_run("", args);
    CHECK_CONTAINS(r.out, "fox [OPTIONS]");
    CHECK_CONTAINS(r.out, "--hotseat");
    CHECK_CONTAINS(r.out, "of either game");
    tw_test_cli_free(&r);
}

/* --strict-look-back (the rulebook's rule that no player looks at earlier
 * tricks): the screen is cleared (on a pipe, a separator) before the news
 * of each trick's end, so each cleared screen tells the end of one trick
 * only; without it nothing is cleared. resume takes the flag too. */
TEST(fox_cli_strict_look_back)
{
    tw_test_scratch_xdg("xdg-fox-strict");
    char save[512];
    tmp_path(save, sizeof save, "fox-strict.json");
    char *input = tw_test_repeat_lines("1", 60);
    const char *strict[] = {"fox", "--seed", "3", "--lang", "en", "--save", save, "--strict-look-back", NULL};
    tw_test_cli_result r = tw_test_cli_run(input, strict);
    const char *bar = "\n========================================================================\n";
    int cleared = count_of(r.out, bar), won = count_of(r.out, " wins trick ") + count_of(r.out, " win trick ");
    CHECK(cleared >= 10);
    CHECK(won >= 10);
    /* after each clearing, the end of the trick that was on the screen, and at
     * most the next one (a trick won stays on the screen while its winner
     * decides what its Gazelle or Musician does) */
    for (const char *p = r.out ? strstr(r.out, bar) : NULL; p; p = strstr(p + 1, bar)) {
        const char *next = strstr(p + 1, bar);
        int in_chunk = 0;
        for (const char *w = strstr(p, " trick "); w && (!next || w < next); w = strstr(w + 1, " trick "))
            in_chunk += w - p >= 4 && (strncmp(w - 4, "wins", 4) == 0 || strncmp(w - 4, " win", 4) == 0);
        CHECK(in_chunk <= 2);
    }
    tw_test_cli_free(&r);
    free(input);
    /* without the flag: the same game, cut after a few tricks (the save stays to resume) */
    const char *loose[] = {"fox", "--seed", "3", "--lang", "en", "--save", save, NULL};
    input = tw_test_repeat_lines("1", 12);
    r = tw_test_cli_run(input, loose);
    free(input);
    CHECK_INT(count_of(r.out, bar), 0);
    CHECK(count_of(r.out, " wins trick ") + count_of(r.out, " win trick ") >= 3);
    tw_test_cli_free(&r);
    const char *resume[] = {"resume", save, "--strict-look-back", "--lang", "fr", NULL};
    input = tw_test_repeat_lines("1", 40);
    r = tw_test_cli_run(input, resume);
    free(input);
    CHECK_CONTAINS(r.out, bar);
    tw_test_cli_free(&r);
    const char *help[] = {"help", "--lang", "fr", NULL};
    r = tw_test_cli_run("", help);
    CHECK_CONTAINS(r.out, "--strict-look-back         la règle du livret");
    tw_test_cli_free(&r);
}
