/* `trickwood northwood`: a new For Northwood! game from its options
 * (setup, medal, added characters), played by the loop of play.h with the
 * game's terminal table (nw_play.c). */
#include <stdlib.h>
#include <string.h>

#include "play/northwood/nw_cli.h"
#include "play/play.h"

#define T(id) tw_nw_cli_text(cli->lang, (id))
#define G(id) tw_text(cli->lang, (id))

#define MAX_CHARACTER_FILES 16

/* Parses a medal name (English keys, French names too). */
static int parse_medal(const char *text)
{
    int medal = tw_nw_medal_from_key(text);
    if (medal >= TW_NW_MEDAL_BRONZE)
        return medal;
    if (strcmp(text, "argent") == 0)
        return TW_NW_MEDAL_SILVER;
    if (strcmp(text, "or") == 0)
        return TW_NW_MEDAL_GOLD;
    return -1;
}

/* Options of `northwood`. */
typedef struct {
    tw_nw_config config;
    int seed_given;
    const char *characters[MAX_CHARACTER_FILES];
    int ncharacters;
    const char *save;
    const char *record;
    const char *events;
    const char *challenge; /* --challenge N|ID|FILE */
} nw_options;

/* The heading of a challenge's game: its name and its text. */
static const tw_msg challenge_heading = {{"Challenge %s: %s\n%s\n", "Défi %s : %s\n%s\n"}};

/* One option of `northwood` (the returns of tw_cli_text_option). */
static int nw_option(tw_cli *cli, void *ctx, const char *usage, int argc, char **argv, int *i)
{
    nw_options *o = ctx;
    const char *v = NULL;
    int got;
    if (strcmp(argv[*i], "--intro") == 0 || strcmp(argv[*i], "--full") == 0) {
        o->config.setup = strcmp(argv[*i], "--full") == 0 ? TW_NW_SETUP_FULL : TW_NW_SETUP_INTRO;
        return 1;
    }
    if ((got = tw_cli_opt_value(argc, argv, i, "--medal", &v)) != 0) {
        if (got < 0)
            return -tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--medal");
        int medal = parse_medal(v);
        if (medal < 0)
            return -tw_cli_usage_error(cli, usage, T(NW_T_BAD_MEDAL), v);
        o->config.medal = (tw_nw_medal)medal;
        return 1;
    }
    if ((got = tw_cli_opt_value(argc, argv, i, "--variant", &v)) != 0) {
        if (got < 0)
            return -tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--variant");
        int variant = tw_nw_variant_from_key(v);
        if (variant < 0)
            return -tw_cli_usage_error(cli, usage, T(NW_T_BAD_VARIANT), v);
        o->config.variant = (tw_nw_variant)variant;
        return 1;
    }
    if (strcmp(argv[*i], "--expert") == 0) {
        o->config.expert = 1;
        return 1;
    }
    if ((got = tw_cli_opt_value(argc, argv, i, "--challenge", &v)) != 0) {
        if (got < 0)
            return -tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--challenge");
        o->challenge = v;
        return 1;
    }
    if ((got = tw_cli_opt_value(argc, argv, i, "--characters", &v)) == 0)
        return 0;
    if (got < 0)
        return -tw_cli_usage_error(cli, usage, G(TW_T_MISSING_VALUE), "--characters");
    if (o->ncharacters < MAX_CHARACTER_FILES)
        o->characters[o->ncharacters++] = v;
    return 1;
}

/* Loads the default characters and the user's files. Returns 0 or an exit
 * code; *extra_from is where the user's characters start. */
static int load_catalog(tw_cli *cli, const nw_options *o, tw_nw_catalog *catalog, int *extra_from)
{
    tw_diag diag;
    if (tw_nw_catalog_load_default(catalog, &diag) != TW_OK) {
        tw_cli_report_diag(cli, &diag);
        return TW_EXIT_FAIL;
    }
    *extra_from = catalog->count;
    for (int i = 0; i < o->ncharacters; i++)
        if (tw_nw_catalog_add_file(catalog, o->characters[i], &diag) != TW_OK) {
            tw_cli_report_diag(cli, &diag);
            return TW_EXIT_FAIL;
        }
    return 0;
}

/* Loads the challenge of --challenge (a shipped one's number or id, or a
 * file), takes its setup and goal and shows its name and text. Returns 0
 * or an exit code. */
static int load_challenge(tw_cli *cli, nw_options *o, const tw_nw_catalog *catalog, tw_nw_challenge *challenge)
{
    tw_diag diag;
    if (!challenge)
        return TW_EXIT_FAIL;
    if (tw_nw_challenge_find(challenge, catalog, o->challenge, &diag) != TW_OK) {
        tw_cli_report_diag(cli, &diag);
        return TW_EXIT_FAIL;
    }
    o->config.setup = challenge->setup;
    o->config.medal = challenge->medal;
    o->config.variant = challenge->variant;
    o->config.expert = challenge->expert;
    int lang = cli->lang == TW_LANG_FR ? 1 : 0;
    tw_cli_printf(cli, tw_msg_get(&challenge_heading, cli->lang), challenge->id, challenge->name[lang],
                  challenge->text[lang]);
    return 0;
}

/* For the full deal: says how many characters of each suit it deals
 * from, and refuses when a suit has fewer than 3. Returns 0 or an exit
 * code. */
static int check_full_deal(tw_cli *cli, const tw_nw_catalog *catalog)
{
    char counts[256] = "";
    for (int suit = 0; suit < TW_NW_SUITS; suit++) {
        int n = tw_nw_catalog_suit_count(catalog, suit);
        size_t len = strlen(counts);
        snprintf(counts + len, sizeof counts - len, "%s%s %d", suit ? ", " : "", tw_nw_cli_suit_name(cli, suit), n);
    }
    tw_cli_printf(cli, T(NW_T_FULL_KNOWN), catalog->count, counts);
    for (int suit = 0; suit < TW_NW_SUITS; suit++) {
        int n = tw_nw_catalog_suit_count(catalog, suit);
        if (n < 3) {
            tw_cli_errorf(cli, T(NW_T_FULL_REFUSED), tw_nw_cli_suit_name(cli, suit), n);
            return TW_EXIT_FAIL;
        }
    }
    return 0;
}

/* Starts the match of a new game: the record, then the match, which
 * fails when the characters cannot fill the setup. Returns 0 or an exit
 * code. */
static int start_match(tw_cli_session *ss, const nw_options *o, const tw_nw_catalog *catalog, int extra_from,
                       const tw_nw_challenge *challenge)
{
    tw_cli *cli = ss->cli;
    tw_diag diag;
    ss->seed = o->config.seed;
    if (tw_nw_record_init(tw_nw_cli_record(ss), catalog, extra_from, &o->config) != TW_OK)
        return TW_EXIT_FAIL;
    if (challenge)
        tw_nw_record_set_challenge(tw_nw_cli_record(ss), challenge);
    if (tw_cli_session_start(ss, &diag) != 0) {
        tw_cli_errorf(cli, T(NW_T_SETUP_FAILED), T(o->config.setup == TW_NW_SETUP_FULL ? NW_T_SETUP_FULL : NW_T_SETUP_INTRO));
        return TW_EXIT_FAIL;
    }
    return 0;
}

/* `trickwood northwood`: starts a new game. */
int tw_cli_northwood(tw_cli *cli, int argc, char **argv)
{
    nw_options o;
    memset(&o, 0, sizeof o);
    o.config.setup = TW_NW_SETUP_INTRO;
    o.config.medal = TW_NW_MEDAL_BRONZE;
    o.config.offer_finish = 1; /* a person plays: decided visits may be finished */
    const tw_cli_text_opt files[] = {{"--save", &o.save}, {"--record", &o.record}, {"--events", &o.events}, {NULL, NULL}};
    const tw_cli_args args = {tw_msg_get(&tw_nw_cli_northwood_help, cli->lang), T(NW_T_BAD_SEED), &o.config.seed,
                              &o.seed_given, files, nw_option, &o, NULL};
    int code = tw_cli_read_args(cli, &args, argc, argv);
    if (code)
        return code;
    tw_cli_setup_term(cli);
    tw_cli_wrap_begin(cli);
    if (!o.seed_given)
        o.config.seed = tw_cli_clock_seed();
    tw_cli_session *ss = tw_cli_session_new(cli, &tw_nw_cli_ui);
    tw_nw_catalog *catalog = calloc(1, sizeof *catalog);
    if (!ss || !catalog) {
        tw_cli_session_free(ss);
        free(catalog);
        return TW_EXIT_FAIL;
    }
    int extra_from = 0;
    tw_nw_challenge *challenge = o.challenge ? calloc(1, sizeof *challenge) : NULL;
    code = load_catalog(cli, &o, catalog, &extra_from);
    if (!code && o.challenge)
        code = load_challenge(cli, &o, catalog, challenge);
    if (!code && o.config.setup == TW_NW_SETUP_FULL)
        code = check_full_deal(cli, catalog);
    if (!code)
        code = tw_cli_session_paths(ss, o.save, o.record, o.events);
    if (!code)
        code = start_match(ss, &o, catalog, extra_from, challenge);
    if (!code) {
        tw_cli_printf(cli, T(NW_T_NEW_GAME), (unsigned long long)o.config.seed, (unsigned long long)o.config.seed);
        code = tw_cli_play_new(ss);
    }
    tw_cli_session_free(ss);
    free(catalog);
    free(challenge);
    return code;
}
