/* `trickwood serve`: reads the options, opens the database and rebuilds
 * the games in progress, listens (loopback by default), starts the HTTP
 * daemon and waits for SIGINT or SIGTERM to stop cleanly. */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <netdb.h>
#include <netinet/in.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "trickwood/paths.h"
#include "cli/commands.h"
#include "term/cli.h"
#include "play/history_cli.h"
#include "server/server.h"

const tw_msg tw_srv_serve_help = {{
    "  serve [OPTIONS]                play in the browser: the web app and its JSON API on one port\n"
    "      --port N                   port to listen on (default 8080; 0 picks a free one)\n"
    "      --host ADDRESS             address to listen on (default 127.0.0.1: this machine only)\n"
    "      --allow-host NAME          also answer requests for this name (Host header; repeatable): the\n"
    "                                 loopback names and the listen address are always answered\n"
    "      --db FILE|URI              SQLite file for games and history (default in ~/.local/share/trickwood),\n"
    "                                 or a PostgreSQL database (postgresql://...): several servers may share it\n"
    "      --web DIR                  folder of the web app (default: web/ beside data/)\n"
    "      --max-connections N        open connections in all (default 512)\n"
    "      --max-per-client N         open connections from one address (default 32)\n"
    "      --timeout SECONDS          a request's head must come whole, and its body never pause, within this (default 10)\n"
    "      --create-rate N            games one address may create per minute (default 60; 0: no limit)\n"
    "      --create-rate-total N      games all addresses together may create per minute (default 600; 0: no limit)\n"
    "      --hint-rate N              hints one address may ask per minute, all its seats together (default 300; 0: no limit)\n"
    "      --hint-rate-seat N         hints one seat of a game may ask per minute (default 60; 0: no limit)\n"
    "      --hint-burst-seat N        hints one seat may ask in a row before that pace applies (default: five\n"
    "                                 minutes' worth, 300: a whole game's without a pause; at least --hint-rate-seat)\n"
    "      --workers N                threads that compute hints and bots (default: cores - 1, at least 1)\n"
    "      --archive-after DAYS       archive unfinished games nobody played this long (default 30; 0: never)\n"
    "      --archive-unjoined-after DAYS  the same for tables whose second seat is still open (default 1)\n"
    "      --delete-archived-after DAYS   delete archived games this long after (default 0: never; finished games stay)\n"
    "      --max-loaded N             games kept in memory at most (default 2000)\n"
    "      --body-time SECONDS        a request's body must come whole within this of its head (default 10; 0: no limit)\n"
    "      --max-streams N            event streams open in all (default 256, at most 3/4 of --max-connections)\n"
    "      --max-streams-per-client N event streams open from one address (default 8, at most --max-per-client)\n"
    "      --max-bodies N             request bodies over 8 KiB coming in at once, in all (default 64, at most 1/8 of\n"
    "                                 --max-connections); smaller ones are waited for before the request is served\n"
    "      --max-bodies-per-client N  the same from one address (default 4, at most --max-per-client)\n",
    "  serve [OPTIONS]                jouer dans le navigateur : l'appli web et son API JSON sur un seul port\n"
    "      --port N                   port d'écoute (8080 par défaut ; 0 en choisit un libre)\n"
    "      --host ADRESSE             adresse d'écoute (127.0.0.1 par défaut : cette machine seulement)\n"
    "      --allow-host NOM           répondre aussi aux requêtes pour ce nom (en-tête Host ; répétable) :\n"
    "                                 les noms de boucle locale et l'adresse d'écoute le sont toujours\n"
    "      --db FICHIER|URI           fichier SQLite des parties et de l'historique (par défaut dans ~/.local/share/trickwood),\n"
    "                                 ou une base PostgreSQL (postgresql://...) : plusieurs serveurs peuvent la partager\n"
    "      --web DOSSIER              dossier de l'appli web (par défaut : web/ à côté de data/)\n"
    "      --max-connections N        connexions ouvertes en tout (512 par défaut)\n"
    "      --max-per-client N         connexions ouvertes depuis une même adresse (32 par défaut)\n"
    "      --timeout SECONDES         délai pour recevoir l'en-tête entier d'une requête, et pause maximale de son corps (10 par défaut)\n"
    "      --create-rate N            parties qu'une adresse peut créer par minute (60 par défaut ; 0 : sans limite)\n"
    "      --create-rate-total N      parties que toutes les adresses ensemble peuvent créer par minute (600 par défaut ; 0 : sans limite)\n"
    "      --hint-rate N              conseils qu'une adresse peut demander par minute, toutes ses places ensemble (300 par défaut ; 0 : sans limite)\n"
    "      --hint-rate-seat N         conseils qu'une place d'une partie peut demander par minute (60 par défaut ; 0 : sans limite)\n"
    "      --hint-burst-seat N        conseils qu'une place peut demander d'affilée avant que ce rythme s'applique\n"
    "                                 (par défaut cinq minutes de ce rythme, 300 : ceux d'une partie entière sans\n"
    "                                 pause ; au moins --hint-rate-seat)\n"
    "      --workers N                fils qui calculent conseils et robots (par défaut : cœurs - 1, au moins 1)\n"
    "      --archive-after JOURS      archiver les parties non finies où personne n'a joué depuis ce temps (30 par défaut ; 0 : jamais)\n"
    "      --archive-unjoined-after JOURS  de même pour les tables dont la seconde place est encore libre (1 par défaut)\n"
    "      --delete-archived-after JOURS   supprimer les parties archivées ce temps après (0 par défaut : jamais ; les parties finies restent)\n"
    "      --max-loaded N             parties gardées en mémoire au plus (2000 par défaut)\n"
    "      --body-time SECONDES       délai pour recevoir le corps entier d'une requête après son en-tête (10 par défaut ; 0 : sans limite)\n"
    "      --max-streams N            flux d'événements ouverts en tout (256 par défaut, au plus 3/4 de --max-connections)\n"
    "      --max-streams-per-client N flux d'événements ouverts depuis une même adresse (8 par défaut, au plus --max-per-client)\n"
    "      --max-bodies N             corps de requête de plus de 8 Kio reçus à la fois, en tout (64 par défaut, au plus 1/8\n"
    "                                 de --max-connections) ; les plus petits sont attendus avant de servir la requête\n"
    "      --max-bodies-per-client N  de même depuis une même adresse (4 par défaut, au plus --max-per-client)\n",
}};

typedef enum {
    SV_SERVING = 0,
    SV_STOPPED,
    SV_RESTORED,
    SV_NO_WEB,
    SV_DB,
    SV_BAD_PORT,
    SV_CANNOT_LISTEN,
    SV_NO_DB_DIR,
    SV_START_FAILED,
    SV_CANNOT_START,
    SV_BAD_NUMBER,
    SV_ARCHIVED,
    SV_BAD_HOST,
    SV_MADE_PRIVATE,
    SV_NOT_PRIVATE,
    SV_TOO_MANY_HOSTS,
    SV_COUNT
} sv_text_id;

/* The command's messages, in English and French. */
const tw_msg tw_srv_texts[SV_COUNT] = {
    [SV_SERVING] = {{"Trickwood is serving on http://%s:%d/\n", "Trickwood est en ligne sur http://%s:%d/\n"}},
    [SV_STOPPED] = {{"Trickwood has stopped.\n", "Trickwood s'est arrêté.\n"}},
    [SV_RESTORED] = {{"Games in progress taken up again: %d\n", "Parties en cours reprises : %d\n"}},
    [SV_NO_WEB] = {{"The web app's files were not found (%s); only the API is served. Give --web DIR.\n",
                    "Les fichiers de l'appli web sont introuvables (%s) ; seule l'API est servie. Indiquez --web DOSSIER.\n"}},
    [SV_DB] = {{"Games are stored in %s\n", "Les parties sont enregistrées dans %s\n"}},
    [SV_BAD_PORT] = {{"--port takes a number from 0 to 65535, not %s", "--port attend un nombre de 0 à 65535, pas %s"}},
    [SV_CANNOT_LISTEN] = {{"cannot listen on %s port %s: %s", "impossible d'écouter sur %s port %s : %s"}},
    [SV_NO_DB_DIR] = {{"no folder for the database: set HOME or give --db FILE",
                       "pas de dossier pour la base : définissez HOME ou indiquez --db FICHIER"}},
    [SV_START_FAILED] = {{"the web server could not start", "le serveur web n'a pas pu démarrer"}},
    [SV_CANNOT_START] = {{"cannot start: %s", "démarrage impossible : %s"}},
    [SV_BAD_NUMBER] = {{"%s takes a whole number from %u to %u, not %s",
                        "%s attend un nombre entier de %u à %u, pas %s"}},
    [SV_MADE_PRIVATE] = {{"trickwood: warning: the database's files were readable by other users, and they hold the "
                           "seat tokens; they are now readable by you only (0600): %s\n",
                           "trickwood : attention : les fichiers de la base étaient lisibles par d'autres "
                           "utilisateurs, et ils contiennent les jetons des places ; seul vous pouvez désormais "
                           "les lire (0600) : %s\n"}},
    [SV_NOT_PRIVATE] = {{"trickwood: warning: the database's files are readable by other users, and they hold the "
                          "seat tokens, but their mode could not be changed: %s\n",
                          "trickwood : attention : les fichiers de la base sont lisibles par d'autres utilisateurs, "
                          "et ils contiennent les jetons des places, mais leur mode n'a pas pu être changé : %s\n"}},
    [SV_BAD_HOST] = {{"--allow-host takes a host name (letters, digits, '-' and '.') or an IP address, without a "
                       "port, not \"%s\"",
                       "--allow-host attend un nom d'hôte (lettres, chiffres, « - » et « . ») ou une adresse IP, "
                       "sans port, pas « %s »"}},
    [SV_TOO_MANY_HOSTS] = {{"--allow-host is given too often: the server answers to %d names at most",
                            "--allow-host est donné trop souvent : le serveur répond à %d noms au plus"}},
    [SV_ARCHIVED] = {{"Games archived (nobody played them for too long): %d\n",
                      "Parties archivées (personne n'y a joué depuis trop longtemps) : %d\n"}},
};

/* A message of this command in the player's language. */
static const char *sv(const tw_cli *cli, sv_text_id id)
{
    return tw_msg_get(&tw_srv_texts[id], cli->lang);
}

const int tw_srv_text_count = SV_COUNT;

/* The options that set limits (LIMIT_NAMES below). */
#define LIMIT_OPTIONS 18

/* The command's options. */
typedef struct {
    const char *port;
    const char *host;
    const char *db;
    const char *web;
    const char *limit_text[LIMIT_OPTIONS]; /* the limit options as given, in LIMIT_NAMES order */
    const char *allow[TW_SRV_MAX_HOSTS]; /* --allow-host names, in order */
    int allow_count;
} serve_options;

/* The options that set limits, their ranges and where they go. */
static const struct {
    const char *name;
    unsigned lo, hi;
    size_t offset;
} LIMIT_NAMES[LIMIT_OPTIONS] = {
    {"--max-connections", 1, 100000, offsetof(tw_srv_limits, max_connections)},
    {"--max-per-client", 1, 100000, offsetof(tw_srv_limits, max_per_client)},
    {"--timeout", 1, 3600, offsetof(tw_srv_limits, timeout)},
    {"--create-rate", 0, 1000000, offsetof(tw_srv_limits, create_per_minute)},
    {"--hint-rate", 0, 1000000, offsetof(tw_srv_limits, hints_per_minute)},
    {"--hint-rate-seat", 0, 1000000, offsetof(tw_srv_limits, hints_per_seat)},
    {"--hint-burst-seat", 0, 1000000, offsetof(tw_srv_limits, hint_burst_seat)},
    {"--workers", 1, 256, offsetof(tw_srv_limits, workers)},
    {"--archive-after", 0, 36500, offsetof(tw_srv_limits, archive_days)},
    {"--archive-unjoined-after", 0, 36500, offsetof(tw_srv_limits, unjoined_days)},
    {"--max-loaded", 1, 10000000, offsetof(tw_srv_limits, max_loaded)},
    {"--body-time", 0, 3600, offsetof(tw_srv_limits, body_seconds)},
    {"--max-streams", 1, 100000, offsetof(tw_srv_limits, max_streams)},
    {"--max-streams-per-client", 1, 100000, offsetof(tw_srv_limits, streams_per_client)},
    {"--create-rate-total", 0, 10000000, offsetof(tw_srv_limits, create_total_per_minute)},
    {"--delete-archived-after", 0, 36500, offsetof(tw_srv_limits, delete_days)},
    {"--max-bodies", 1, 100000, offsetof(tw_srv_limits, max_bodies)},
    {"--max-bodies-per-client", 1, 100000, offsetof(tw_srv_limits, bodies_per_client)},
};

/* Reads the limit options given into limits (the rest keep their
 * defaults); returns 0 or an exit code. */
static int parse_limits(tw_cli *cli, const serve_options *o, tw_srv_limits *limits)
{
    const char *usage = tw_msg_get(&tw_srv_serve_help, cli->lang);
    tw_srv_limits_default(limits);
    for (int k = 0; k < LIMIT_OPTIONS; k++) {
        const char *text = o->limit_text[k];
        if (!text)
            continue;
        char *end = NULL;
        unsigned long v = strtoul(text, &end, 10);
        if (!*text || *end || text[0] == '-' || v < LIMIT_NAMES[k].lo || v > LIMIT_NAMES[k].hi) {
            char msg[300];
            snprintf(msg, sizeof msg, sv(cli, SV_BAD_NUMBER), LIMIT_NAMES[k].name, LIMIT_NAMES[k].lo,
                     LIMIT_NAMES[k].hi, text);
            return tw_cli_usage_error(cli, usage, "%s", msg);
        }
        *(unsigned *)(void *)((char *)limits + LIMIT_NAMES[k].offset) = (unsigned)v;
    }
    if (limits->max_per_client > limits->max_connections)
        limits->max_per_client = limits->max_connections;
    /* Event streams hold their connection: at most three quarters of
     * the connections in all, so a quarter stays for short requests
     * (and at most an address's connections). */
    unsigned streams = limits->max_connections * 3 / 4;
    if (limits->max_streams > streams)
        limits->max_streams = streams ? streams : 1;
    if (limits->streams_per_client > limits->max_per_client)
        limits->streams_per_client = limits->max_per_client;
    /* Large bodies coming in hold theirs too: at most an eighth, so that
     * streams and bodies together leave an eighth for short requests
     * (and heads, which give their slot up while the server is full). */
    unsigned bodies = limits->max_connections / 8;
    if (limits->max_bodies > bodies)
        limits->max_bodies = bodies ? bodies : 1;
    if (limits->bodies_per_client > limits->max_per_client)
        limits->bodies_per_client = limits->max_per_client;
    return 0;
}

/* The names the server answers to: the defaults for the listen address,
 * and each --allow-host; returns 0 or an exit code. */
static int parse_hosts(tw_cli *cli, const serve_options *o, tw_srv_hosts *hosts)
{
    tw_srv_hosts_default(hosts, o->host);
    for (int i = 0; i < o->allow_count; i++) {
        if (hosts->count == TW_SRV_MAX_HOSTS)
            return tw_cli_usage_error(cli, tw_msg_get(&tw_srv_serve_help, cli->lang), sv(cli, SV_TOO_MANY_HOSTS),
                                      TW_SRV_MAX_HOSTS);
        if (tw_srv_hosts_add(hosts, o->allow[i]) != 0)
            return tw_cli_usage_error(cli, tw_msg_get(&tw_srv_serve_help, cli->lang), sv(cli, SV_BAD_HOST),
                                      o->allow[i]);
    }
    return 0;
}

/* Reads the options; returns 0 or an exit code. */
static int parse_options(tw_cli *cli, int argc, char **argv, serve_options *o)
{
    const char *usage = tw_msg_get(&tw_srv_serve_help, cli->lang);
    static const char *const names[] = {"--port", "--host", "--db", "--web"};
    for (int i = 1; i < argc; i++) {
        int shown = tw_cli_display_option(cli, argc, argv, &i);
        if (shown < 0)
            return TW_EXIT_USAGE;
        if (shown > 0)
            continue;
        const char **slots[] = {&o->port, &o->host, &o->db, &o->web};
        int matched = 0;
        for (int k = 0; k < 4 && !matched; k++) {
            int got = tw_cli_opt_value(argc, argv, &i, names[k], slots[k]);
            if (got < 0)
                return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), names[k]);
            matched = got > 0;
        }
        const char *name = NULL;
        int got_name = matched ? 0 : tw_cli_opt_value(argc, argv, &i, "--allow-host", &name);
        if (got_name < 0)
            return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), "--allow-host");
        if (got_name > 0) {
            if (o->allow_count == TW_SRV_MAX_HOSTS)
                return tw_cli_usage_error(cli, usage, sv(cli, SV_TOO_MANY_HOSTS), TW_SRV_MAX_HOSTS);
            o->allow[o->allow_count++] = name;
            matched = 1;
        }
        for (int k = 0; k < LIMIT_OPTIONS && !matched; k++) {
            int got = tw_cli_opt_value(argc, argv, &i, LIMIT_NAMES[k].name, &o->limit_text[k]);
            if (got < 0)
                return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_MISSING_VALUE), LIMIT_NAMES[k].name);
            matched = got > 0;
        }
        if (!matched)
            return tw_cli_usage_error(cli, usage, tw_text(cli->lang, TW_T_UNKNOWN_OPTION), argv[i]);
    }
    if (!o->port)
        o->port = "8080";
    if (!o->host)
        o->host = "127.0.0.1";
    char *end = NULL;
    long port = strtol(o->port, &end, 10);
    if (!*o->port || *end || port < 0 || port > 65535)
        return tw_cli_usage_error(cli, usage, sv(cli, SV_BAD_PORT), o->port);
    return 0;
}

/* Opens a listening socket on host:port. Returns it and the port it got,
 * or -1 with a reason in why. */
static int listen_on(const char *host, const char *port, int *bound_port, char *why, size_t why_size)
{
    struct addrinfo hints, *found = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    int rc = getaddrinfo(host, port, &hints, &found);
    if (rc != 0) {
        snprintf(why, why_size, "%s", gai_strerror(rc));
        return -1;
    }
    int fd = -1;
    snprintf(why, why_size, "no usable address");
    for (struct addrinfo *a = found; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0)
            continue;
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, a->ai_addr, a->ai_addrlen) != 0 || listen(fd, SOMAXCONN) != 0) {
            snprintf(why, why_size, "%s", strerror(errno));
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(found);
    if (fd < 0)
        return -1;
    struct sockaddr_storage addr;
    socklen_t len = sizeof addr;
    *bound_port = 0;
    if (getsockname(fd, (struct sockaddr *)&addr, &len) == 0)
        *bound_port = addr.ss_family == AF_INET6 ? ntohs(((struct sockaddr_in6 *)&addr)->sin6_port)
                                                 : ntohs(((struct sockaddr_in *)&addr)->sin_port);
    return fd;
}

/* Finds the web app's folder: --web, else web/ beside the data folder.
 * Leaves srv->web_dir empty (and says so) when there is none. */
static void find_web_dir(tw_cli *cli, tw_srv *srv, const char *given)
{
    char wanted[1100];
    if (given)
        snprintf(wanted, sizeof wanted, "%s", given);
    else
        snprintf(wanted, sizeof wanted, "%s/../web", tw_data_dir());
    char real[PATH_MAX];
    char index[PATH_MAX + 16];
    srv->web_dir[0] = '\0';
    if (realpath(wanted, real) && strlen(real) < sizeof srv->web_dir) {
        snprintf(index, sizeof index, "%s/index.html", real);
        if (access(index, R_OK) == 0) {
            snprintf(srv->web_dir, sizeof srv->web_dir, "%s", real);
            return;
        }
    }
    fprintf(cli->err, sv(cli, SV_NO_WEB), wanted);
}

/* Stops the worker pool, frees the limiters, the games and the server
 * (storage is closed before). */
static void release_server(tw_srv *srv)
{
    tw_srv_pool_stop(srv->pool);
    srv->pool = NULL;
    tw_srv_rate_free(srv->create_rate);
    tw_srv_rate_free(srv->hint_rate);
    tw_srv_rate_free(srv->seat_hint_rate);
    tw_srv_rate_free(srv->create_total);
    tw_srv_tally_free(srv->streams);
    tw_srv_tally_free(srv->bodies);
    tw_srv_free(srv);
    free(srv);
}

/* Prints the address the way a browser takes it (IPv6 in brackets). */
static void print_serving(tw_cli *cli, const char *host, int port)
{
    char shown[300];
    if (strchr(host, ':'))
        snprintf(shown, sizeof shown, "[%s]", host);
    else
        snprintf(shown, sizeof shown, "%s", host);
    fprintf(cli->out, sv(cli, SV_SERVING), shown, port);
    fflush(cli->out);
}

int tw_cli_serve(tw_cli *cli, int argc, char **argv)
{
    serve_options o;
    memset(&o, 0, sizeof o);
    int code = parse_options(cli, argc, argv, &o);
    if (code)
        return code;
    char db_path[1100];
    if (o.db) {
        snprintf(db_path, sizeof db_path, "%s", o.db);
        if (!tw_sql_is_uri(db_path)) /* a PostgreSQL database is no file */
            tw_path_make_parent(db_path); /* a failure shows when opening */
    } else if (tw_path_save_file("trickwood.db", 1, db_path, sizeof db_path) != 0) {
        tw_cli_errorf(cli, "%s", sv(cli, SV_NO_DB_DIR));
        return TW_EXIT_FAIL;
    }
    tw_srv *srv = calloc(1, sizeof *srv);
    char err[600];
    if (!srv)
        return TW_EXIT_FAIL;
    code = parse_limits(cli, &o, &srv->limits);
    if (!code)
        code = parse_hosts(cli, &o, &srv->hosts);
    if (code) {
        free(srv);
        return code;
    }
    srv->create_rate = tw_srv_rate_new(srv->limits.create_per_minute);
    srv->hint_rate = tw_srv_rate_new(srv->limits.hints_per_minute);
    srv->seat_hint_rate = tw_srv_rate_new_burst(srv->limits.hints_per_seat, srv->limits.hint_burst_seat
                                                                                 ? srv->limits.hint_burst_seat
                                                                                 : 5 * srv->limits.hints_per_seat);
    srv->pool = tw_srv_pool_start(srv->limits.workers, srv->limits.queue);
    srv->streams = tw_srv_tally_new(srv->limits.streams_per_client, srv->limits.max_streams);
    srv->create_total = tw_srv_rate_new(srv->limits.create_total_per_minute);
    srv->bodies = tw_srv_tally_new(srv->limits.bodies_per_client, srv->limits.max_bodies);
    if (!srv->create_rate || !srv->hint_rate || !srv->seat_hint_rate || !srv->pool || !srv->streams ||
        !srv->create_total || !srv->bodies) {
        tw_cli_errorf(cli, "%s", sv(cli, SV_START_FAILED));
        tw_srv_rate_free(srv->create_rate);
        tw_srv_rate_free(srv->hint_rate);
    tw_srv_rate_free(srv->seat_hint_rate);
        tw_srv_tally_free(srv->streams);
        tw_srv_tally_free(srv->bodies);
        tw_srv_rate_free(srv->create_total);
        tw_srv_pool_stop(srv->pool);
        free(srv);
        return TW_EXIT_FAIL;
    }
    char fixed[4000], failed[4000];
    fixed[0] = failed[0] = '\0';
    if (!tw_sql_is_uri(db_path) && tw_srv_store_private(db_path, fixed, sizeof fixed, failed, sizeof failed) > 0)
        fprintf(cli->err, sv(cli, SV_MADE_PRIVATE), fixed);
    if (failed[0])
        fprintf(cli->err, sv(cli, SV_NOT_PRIVATE), failed);
    if (tw_srv_init(srv, err, sizeof err) != 0 || tw_srv_store_open(&srv->store, db_path, err, sizeof err) != 0) {
        tw_cli_errorf(cli, sv(cli, SV_CANNOT_START), err);
        release_server(srv);
        return TW_EXIT_FAIL;
    }
    if (!o.db) /* the terminal's finished games not in the history yet */
        tw_cli_history_import(cli, db_path);
    find_web_dir(cli, srv, o.web);
    int port = 0;
    int fd = listen_on(o.host, o.port, &port, err, sizeof err);
    if (fd < 0) {
        tw_cli_errorf(cli, sv(cli, SV_CANNOT_LISTEN), o.host, o.port, err);
        tw_srv_store_close(&srv->store);
        release_server(srv);
        return TW_EXIT_FAIL;
    }
    int archived = tw_srv_sweep(srv); /* before the count: archived games are not in progress */
    int restored = tw_srv_restore(srv, cli->err);
    /* Threads started from here on inherit the blocked signals, so only
     * sigwait() below sees SIGINT and SIGTERM. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    tw_srv_http *daemon = tw_srv_sweeper_start(srv) == 0 ? tw_srv_http_start(srv, fd) : NULL;
    if (!daemon) {
        tw_cli_errorf(cli, "%s", sv(cli, SV_START_FAILED));
        close(fd);
        code = TW_EXIT_FAIL;
    } else {
        fprintf(cli->out, sv(cli, SV_DB), db_path);
        if (archived > 0)
            fprintf(cli->out, sv(cli, SV_ARCHIVED), archived);
        if (restored > 0)
            fprintf(cli->out, sv(cli, SV_RESTORED), restored);
        print_serving(cli, o.host, port);
        int sig = 0;
        while (sigwait(&stop, &sig) != 0)
            ;
        tw_srv_pool_cancel(srv->pool); /* waiting hints are dropped, not thought through */
        tw_srv_http_stop(srv, daemon); /* closes the listening socket too */
        fprintf(cli->out, "%s", sv(cli, SV_STOPPED));
        fflush(cli->out);
    }
    pthread_sigmask(SIG_UNBLOCK, &stop, NULL);
    tw_srv_sweeper_stop(srv);
    tw_srv_pool_stop(srv->pool);
    srv->pool = NULL;
    tw_srv_store_close(&srv->store);
    release_server(srv);
    return code;
}
