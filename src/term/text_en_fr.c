/* Message tables: the lookup, the table check and the game-independent
 * messages in English and French. */
#include "term/text.h"

#include <stdio.h>
#include <string.h>

/* Picks a language, falling back to English. */
const char *tw_msg_get(const tw_msg *msg, tw_lang lang)
{
    const char *text = (lang == TW_LANG_FR) ? msg->text[TW_LANG_FR] : msg->text[TW_LANG_EN];
    return text ? text : (msg->text[TW_LANG_EN] ? msg->text[TW_LANG_EN] : "");
}

/* Writes the printf conversions of fmt (e.g. "sdld") into out. */
static void conversions(const char *fmt, char *out, size_t size)
{
    size_t n = 0;
    for (const char *p = fmt; *p; p++) {
        if (*p != '%')
            continue;
        p++;
        if (*p == '%')
            continue;
        while (*p && strchr("-+ #0123456789.*", *p))
            p++;
        while (*p && strchr("hlLqjzt", *p)) {
            if (n + 1 < size)
                out[n++] = *p;
            p++;
        }
        if (!*p)
            break;
        if (n + 1 < size)
            out[n++] = *p;
    }
    out[n] = '\0';
}

/* Checks that each entry has both languages with matching conversions. */
int tw_msg_table_check(const tw_msg *table, int count)
{
    for (int i = 0; i < count; i++) {
        const char *en = table[i].text[TW_LANG_EN], *fr = table[i].text[TW_LANG_FR];
        if (!en || !fr)
            return i;
        char a[64], b[64];
        conversions(en, a, sizeof a);
        conversions(fr, b, sizeof b);
        if (strcmp(a, b) != 0)
            return i;
    }
    return -1;
}

const tw_msg tw_text_table[TW_T_COUNT] = {
    [TW_T_USAGE_HEAD] = {{"Usage: trickwood COMMAND [OPTIONS]\n",
                          "Utilisation : trickwood COMMANDE [OPTIONS]\n"}},
    [TW_T_COMMANDS] = {{"Commands:\n", "Commandes :\n"}},
    [TW_T_UNKNOWN_COMMAND] = {{"unknown command '%s'", "commande inconnue « %s »"}},
    [TW_T_SEE_HELP] = {{"Run '%s help' to see the commands and their options.\n",
                        "Lancez « %s help » pour voir les commandes et leurs options.\n"}},
    [TW_T_MISSING_VALUE] = {{"option %s needs a value", "l'option %s attend une valeur"}},
    [TW_T_UNKNOWN_OPTION] = {{"unknown option '%s'", "option inconnue « %s »"}},
    [TW_T_UNKNOWN_GAME] = {{"%s: field 'game': \"%s\" is not a game this program plays; it plays %s",
                            "%s : champ 'game' : « %s » n'est pas un jeu de ce programme ; il joue à %s"}},
    [TW_T_OR] = {{" or ", " ou "}},
    [TW_T_EXTRA_ARGUMENT] = {{"unexpected argument '%s'", "argument inattendu « %s »"}},
    [TW_T_MISSING_ARGUMENT] = {{"missing argument: %s", "argument manquant : %s"}},
    [TW_T_BAD_LANG] = {{"--lang takes en or fr, not '%s'", "--lang attend en ou fr, pas « %s »"}},
    [TW_T_DISPLAY_OPTIONS] =
        {{"Display options (every game command):\n"
          "  --lang en|fr     language (default: from LC_ALL/LANG, French when it starts with fr)\n"
          "  --ascii          letters instead of UTF-8 symbols\n"
          "  --no-color       no colours (they are only used on a terminal, never with NO_COLOR)\n"
          "  --compact        the short screen of an 80x24 terminal (automatic on a terminal\n"
          "                   smaller than 100x40)\n"
          "  --width N        wrap lines at N columns (default: the terminal's width; 80 with\n"
          "                   --compact; none when the output is not a terminal)\n",
          "Options d'affichage (toutes les commandes de jeu) :\n"
          "  --lang en|fr     langue (par défaut : selon LC_ALL/LANG, français s'il commence par fr)\n"
          "  --ascii          des lettres au lieu des symboles UTF-8\n"
          "  --no-color       sans couleurs (seulement sur un terminal, jamais avec NO_COLOR)\n"
          "  --compact        l'écran court d'un terminal de 80x24 (automatique sur un terminal\n"
          "                   de moins de 100x40)\n"
          "  --width N        couper les lignes à N colonnes (par défaut : la largeur du terminal ;\n"
          "                   80 avec --compact ; aucune quand la sortie n'est pas un terminal)\n"}},
    [TW_T_BAD_WIDTH] = {{"--width takes a number of columns from %d to %d, not '%s'",
                         "--width attend un nombre de colonnes de %d à %d, pas « %s »"}},
    [TW_T_ASK_ONE] = {{"Your choice (1, or Enter)?", "Votre choix (1, ou Entrée) ?"}},
    [TW_T_RESUMING_ONE] = {{"Resuming the game saved in %s (%d action already played).\n",
                            "Reprise de la partie enregistrée dans %s (%d action déjà jouée).\n"}},
    [TW_T_CARDS_ONE] = {{"%d card", "%d carte"}},
    [TW_T_CARDS_MANY] = {{"%d cards", "%d cartes"}},
    [TW_T_STARS_ONE] = {{"%d star", "%d étoile"}},
    [TW_T_STARS_MANY] = {{"%d stars", "%d étoiles"}},
    [TW_T_NOT_A_CHOICE] = {{"%s is not a choice: answer 1 to %d", "%s n'est pas un choix : répondez de 1 à %d"}},
    [TW_T_NOT_UNDERSTOOD] = {{"'%s' is not understood: answer 1 to %d, or type help",
                              "« %s » n'est pas compris : répondez de 1 à %d, ou tapez aide"}},
    [TW_T_EMPTY_ANSWER] = {{"answer with a number from 1 to %d (or type help)",
                            "répondez par un nombre de 1 à %d (ou tapez aide)"}},
    [TW_T_ASK] = {{"Your choice (1-%d)?", "Votre choix (1-%d) ?"}},
    [TW_T_EOF_SAVED] = {{"\nEnd of input: the game is saved in %s\n",
                         "\nFin de l'entrée : la partie est enregistrée dans %s\n"}},
    [TW_T_QUIT_SAVED] = {{"The game is saved in %s\n", "La partie est enregistrée dans %s\n"}},
    [TW_T_INTERRUPT_SAVED] = {{"\nInterrupted (Ctrl-C): the game is saved in %s\n",
                               "\nInterrompu (Ctrl-C) : la partie est enregistrée dans %s\n"}},
    [TW_T_RESUME_HINT] = {{"Continue it with: %s resume %s\n",
                           "Pour la reprendre : %s resume %s\n"}},
    [TW_T_SAVE_FAILED] = {{"warning: could not write %s", "attention : impossible d'écrire %s"}},
    [TW_T_NO_SAVE_DIR] = {{"no save folder: set XDG_DATA_HOME or HOME, or give --save FILE",
                           "pas de dossier de sauvegarde : définissez XDG_DATA_HOME ou HOME, ou donnez --save FICHIER"}},
    [TW_T_ERROR_PREFIX] = {{"trickwood: ", "trickwood : "}},
    [TW_T_EVENTS_AT] = {{"Event log: %s\n", "Journal des événements : %s\n"}},
    [TW_T_RESUMING] = {{"Resuming the game saved in %s (%d actions already played).\n",
                        "Reprise de la partie enregistrée dans %s (%d actions déjà jouées).\n"}},
    [TW_T_RESUME_FINISHED] = {{"This game is finished; here is how it ended.\n",
                               "Cette partie est terminée ; voici comment elle s'est finie.\n"}},
    [TW_T_REPLAY_END] = {{"End of the record.\n", "Fin de l'enregistrement.\n"}},
    [TW_T_SAVES_TITLE] = {{"Saved games, newest first (in %s):\n",
                           "Parties enregistrées, la plus récente d'abord (dans %s) :\n"}},
    [TW_T_FINISHED_TITLE] = {{"Finished games, newest first (in %s):\n",
                              "Parties terminées, la plus récente d'abord (dans %s) :\n"}},
    [TW_T_SAVES_ITEM] = {{"%3d. %s | %s | seed %llu\n       last played %s | %s\n       %s\n",
                          "%3d. %s | %s | graine %llu\n       jouée le %s | %s\n       %s\n"}},
    [TW_T_SAVES_NONE] = {{"No game here yet.\n", "Aucune partie ici pour l'instant.\n"}},
    [TW_T_SAVES_UNREADABLE] = {{"Files of the folder that could not be read (%d):\n",
                                "Fichiers du dossier qui n'ont pas pu être lus (%d) :\n"}},
    [TW_T_SAVE_NOT_FILE] = {{"not a regular file", "pas un fichier ordinaire"}},
    [TW_T_SAVE_NO_GAME] = {{"field 'game': names no game of this program (\"northwood\" or \"foxduet\")",
                            "champ 'game' : ne nomme aucun jeu de ce programme (« northwood » ou « foxduet »)"}},
    [TW_T_SAVES_HOW] = {{"Continue one with: %s resume (it asks which), or %s resume FILE\n",
                         "Pour en reprendre une : %s resume (qui demande laquelle), ou %s resume FICHIER\n"}},
    [TW_T_NO_SAVES] = {{"no saved game in %s: start one with %s northwood or %s fox",
                        "aucune partie enregistrée dans %s : commencez-en une avec %s northwood ou %s fox"}},
    [TW_T_PICK_SAVE] = {{"Which game (1-%d, Enter: the newest)?", "Quelle partie (1-%d, Entrée : la plus récente) ?"}},
    [TW_T_PICK_NEWEST] = {{"No answer: resuming the newest game, %s\n",
                           "Pas de réponse : reprise de la partie la plus récente, %s\n"}},
    [TW_T_PICK_AGAIN] = {{"  answer 1 to %d, Enter for the newest, or quit\n",
                          "  répondez de 1 à %d, Entrée pour la plus récente, ou quitter\n"}},
    [TW_T_MIGRATED] = {{"The game saved by an earlier version in %s is now %s\n",
                        "La partie enregistrée par une version précédente dans %s est maintenant %s\n"}},
    [TW_T_REPLACE_ASK] = {{"%s holds an unfinished game (%s, %s, seed %llu, %s).\n"
                           "Start the new game in its place, losing that one?",
                           "%s contient une partie en cours (%s, %s, graine %llu, %s).\n"
                           "Commencer la nouvelle partie à sa place, en perdant celle-ci ?"}},
    [TW_T_REPLACE_REFUSED] = {{"the unfinished game in %s is kept: give another --save FILE, or continue it with "
                               "%s resume %s",
                               "la partie en cours dans %s est gardée : donnez un autre --save FICHIER, ou reprenez-la "
                               "avec %s resume %s"}},
    [TW_T_YES_NO] = {{" (yes/no)", " (oui/non)"}},
    [TW_T_DELETE_ASK] = {{"Delete this game for good?", "Supprimer cette partie pour de bon ?"}},
    [TW_T_DELETE_KEPT] = {{"Nothing deleted.\n", "Rien n'est supprimé.\n"}},
    [TW_T_DELETED] = {{"Deleted %s\n", "Supprimé : %s\n"}},
    [TW_T_SEE_SAVES] = {{"The saved games are listed by: %s saves\n",
                         "La liste des parties enregistrées : %s saves\n"}},
    [TW_T_UNDO_NONE] = {{"Nothing to take back: a hidden card was shown since your last decision (or you have made none yet), so it stands.",
                         "Rien à annuler : une carte cachée a été montrée depuis votre dernière décision (ou vous n'en avez pas encore pris), elle est acquise."}},
    [TW_T_UNDO_DONE] = {{"Taken back: %s\n", "Annulé : %s\n"}},
    [TW_T_REPLAY_HELP] = {{"Moving in a replay:\n"
                           "  Enter, f or next     the next step\n"
                           "  b or back            the step before\n"
                           "  step N               step N\n"
                           "  visit N              For Northwood!: the start of visit N (1 to 8)\n"
                           "  round N              the Duet: the start of round N\n"
                           "  trick N              the Duet: trick N of the round shown (1 to 11)\n"
                           "  note TEXT            a note on the step shown, kept in the file (note alone removes it)\n"
                           "  a                    run to the end without waiting\n"
                           "  q                    stop\n",
                           "Se déplacer dans une relecture :\n"
                           "  Entrée, f ou suivant l'étape suivante\n"
                           "  b ou retour          l'étape précédente\n"
                           "  etape N              l'étape N\n"
                           "  visite N             Les Fiefs de Norbois : le début de la N-ième visite (1 à 8)\n"
                           "  manche N             Renard des Bois : le début de la manche N\n"
                           "  pli N                Renard des Bois : le pli N de la manche affichée (1 à 11)\n"
                           "  note TEXTE           une note sur l'étape affichée, gardée dans le fichier (note seul l'efface)\n"
                           "  a                    aller jusqu'au bout sans attendre\n"
                           "  q                    arrêter\n"}},
    [TW_T_REPLAY_NO_STEP] = {{"'%s': this record has no such step", "« %s » : cet enregistrement n'a pas cette étape"}},
    [TW_T_REPLAY_UNKNOWN] = {{"'%s' is not a replay command (help lists them)",
                              "« %s » n'est pas une commande de relecture (aide les liste)"}},
    [TW_T_REPLAY_NOTE] = {{"  Note: %s\n", "  Note : %s\n"}},
    [TW_T_REPLAY_NOTE_SAVED] = {{"Note on step %d saved in %s.\n", "Note de l'étape %d enregistrée dans %s.\n"}},
    [TW_T_REPLAY_NOTE_REMOVED] = {{"Note on step %d removed from %s.\n", "Note de l'étape %d retirée de %s.\n"}},
    [TW_T_REPLAY_NOTE_FAILED] = {{"The note could not be saved in %s.\n", "La note n'a pas pu être enregistrée dans %s.\n"}},
    [TW_T_NOTE_TOO_LONG] = {{"A note holds at most %d characters.\n", "Une note tient en %d caractères au plus.\n"}},
    [TW_T_NOTE_ONE_LINE] = {{"A note is one line of text, without control characters.\n",
                             "Une note est une ligne de texte, sans caractère de contrôle.\n"}},
    [TW_T_DELETE_RANGE] = {{"--delete takes a number of the list, 1 to %d, not '%s'",
                            "--delete attend un numéro de la liste, de 1 à %d, pas « %s »"}},
};

/* Whether a count takes the singular in this language. */
int tw_lang_singular(tw_lang lang, int n)
{
    int size = n < 0 ? -n : n;
    return lang == TW_LANG_FR ? size <= 1 : size == 1;
}

/* A count with its noun: one[0] is the singular, one[1] the plural. */
char *tw_msg_count(const tw_msg *one, tw_lang lang, int n, char *out, size_t size)
{
    snprintf(out, size, tw_msg_get(tw_lang_singular(lang, n) ? &one[0] : &one[1], lang), n);
    return out;
}

/* "1 card", "3 cards". */
char *tw_text_count(tw_lang lang, int n, tw_text_id one, char *out, size_t size)
{
    if ((int)one < 0 || one + 1 >= TW_T_COUNT) {
        snprintf(out, size, "%d", n);
        return out;
    }
    return tw_msg_count(&tw_text_table[one], lang, n, out, size);
}

/* A game-independent message. */
const char *tw_text(tw_lang lang, tw_text_id id)
{
    if ((int)id < 0 || id >= TW_T_COUNT)
        return "";
    return tw_msg_get(&tw_text_table[id], lang);
}
