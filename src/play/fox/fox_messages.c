/* Every text the Fox in the Forest Duet terminal game shows, in English and
 * French, in our own words. Card codes typed by the players (7R) and the
 * record notation (play 7R) are the same in both languages. */
#include "play/fox/fox_cli.h"

const tw_msg tw_fox_cli_fox_help = {{
    "  fox [OPTIONS]                  play The Fox in the Forest Duet (two players, one team)\n"
    "      --level 1|2|3              difficulty (default: 1)\n"
    "      --seed N                   the deal, 0 to 2^53-1 (default: from the clock, shown on screen)\n"
    "      --seat 1|2                 your seat (default: 1); the built-in partner takes the other\n"
    "      --partner rule|random|strong the built-in partner (default: rule)\n"
    "      --hotseat                  two people share this screen instead of the built-in partner\n"
    "      --strict-look-back         the rulebook's rule: no looking at earlier tricks (on a terminal the\n"
    "                                 screen and its scrollback are cleared when a trick ends)\n"
    "      --board FILE               play on another board file\n"
    "      --save FILE                autosave here after every action\n"
    "                                 (default: a new file of its own in $XDG_DATA_HOME/trickwood/saves/)\n"
    "      --record FILE              also write the game record here after every action\n"
    "      --events FILE              write the event log (JSON lines) here after every action\n",
    "  fox [OPTIONS]                  jouer au Renard des Bois : Duo (deux joueurs, une équipe)\n"
    "      --level 1|2|3              difficulté (par défaut : 1)\n"
    "      --seed N                   la donne, de 0 à 2^53-1 (par défaut : selon l'horloge, affichée)\n"
    "      --seat 1|2                 votre place (par défaut : 1) ; le partenaire intégré prend l'autre\n"
    "      --partner rule|random|strong le partenaire intégré (par défaut : rule, à règles ; random, au hasard ;\n"
    "                                 strong, qui cherche parmi les donnes possibles)\n"
    "      --hotseat                  deux personnes partagent cet écran, sans partenaire intégré\n"
    "      --strict-look-back         la règle du livret : pas de regard sur les plis passés (sur un terminal,\n"
    "                                 l'écran et son historique sont effacés à la fin de chaque pli)\n"
    "      --board FICHIER            jouer sur un autre fichier de plateau\n"
    "      --save FICHIER             sauvegarde automatique ici après chaque action\n"
    "                                 (par défaut : un nouveau fichier dans $XDG_DATA_HOME/trickwood/saves/)\n"
    "      --record FICHIER           écrire aussi l'enregistrement de la partie ici après chaque action\n"
    "      --events FICHIER           écrire le journal des événements (lignes JSON) ici après chaque action\n",
}};

const tw_msg tw_fox_cli_table[FX_T_COUNT] = {
    [FX_T_GAME_NAME] = {{"The Fox in the Forest Duet", "Le Renard des Bois : Duo"}},

    [FX_T_YOU_SUBJ] = {{"You", "Vous"}},
    [FX_T_YOU_OBJ] = {{"you", "vous"}},
    [FX_T_PARTNER_SUBJ] = {{"Your partner", "Votre partenaire"}},
    [FX_T_PARTNER_OBJ] = {{"your partner", "votre partenaire"}},
    [FX_T_PLAYER_SUBJ] = {{"Player %d", "Le joueur %d"}},
    [FX_T_PLAYER_OBJ] = {{"player %d", "le joueur %d"}},
    [FX_T_YOURSELF] = {{"yourself", "vous-même"}},
    [FX_T_THEMSELF] = {{"themself", "lui-même"}},
    [FX_T_TO_YOU] = {{"to you", "à vous"}},
    [FX_T_TO_PARTNER] = {{"to your partner", "à votre partenaire"}},
    [FX_T_TO_PLAYER] = {{"to player %d", "au joueur %d"}},
    [FX_T_TO_YOURSELF] = {{"to yourself", "à vous-même"}},
    [FX_T_TO_THEMSELF] = {{"to themself", "à lui-même"}},
    [FX_T_PLAYER_N] = {{"player %d", "joueur %d"}},
    [FX_T_TAG_YOU] = {{" (you)", " (vous)"}},
    [FX_T_TAG_PARTNER] = {{" (partner)", " (partenaire)"}},
    [FX_T_FOOTPRINT_ONE] = {{"%d footprint", "%d empreinte"}},
    [FX_T_FOOTPRINT_MANY] = {{"%d footprints", "%d empreintes"}},
    [FX_T_SPACE_ONE] = {{"%d space", "%d case"}},
    [FX_T_SPACE_MANY] = {{"%d spaces", "%d cases"}},
    [FX_T_CARD_LONG] = {{"%s %s (%s)", "%s %s (%s)"}},
    [FX_T_CARD_LONG_ABILITY] = {{"%s %s (%s, %s)", "%s %s (%s, %s)"}},
    [FX_T_PARTNER_RULE] = {{"rule-based", "à règles"}},
    [FX_T_PARTNER_RANDOM] = {{"random", "au hasard"}},
    [FX_T_PARTNER_STRONG] = {{"searching", "chercheur"}},

    [FX_T_HEADER] = {{"%s | level %d | seed %llu | round %d of 3 | trick %d of 11",
                      "%s | niveau %d | graine %llu | manche %d sur 3 | pli %d sur 11"}},
    [FX_T_BOARD_LINE] = {{"Board: %s%s\n", "Plateau : %s%s\n"}},
    [FX_T_BOARD_RECONSTRUCTED] = {{" - a reconstruction, not the printed layout (type board for the note)",
                                   " - une reconstitution, pas la disposition imprimée (tapez plateau pour la note)"}},
    [FX_T_BOARD_SOURCED] = {{" (type board for where its layout comes from)",
                             " (tapez plateau pour l'origine de sa disposition)"}},
    [FX_T_ROW_SPACE] = {{"space", "case"}},
    [FX_T_ROW_PATH] = {{"path", "sentier"}},
    [FX_T_ROW_GEMS] = {{"gems", "gemmes"}},
    [FX_T_END_LEFT] = {{"%s toward %s%s", "%s vers %s%s"}},
    [FX_T_END_RIGHT] = {{"toward %s%s %s", "vers %s%s %s"}},
    [FX_T_LEGEND] = {{"  %s team token  %s forest token  gems on each slot, + marks a (+) slot\n",
                      "  %s jeton d'équipe  %s jeton forêt  gemmes de chaque emplacement, + : icône (+)\n"}},
    [FX_T_FOREST_LINE] = {{"Forest tokens left: %d of %d | gems still to collect: %d on the board (%d collected)\n",
                           "Jetons forêt restants : %d sur %d | gemmes à collecter : %d sur le plateau (collectées : %d)\n"}},
    [FX_T_STATUS_COMPACT] = {{"Forest tokens %d/%d | gems: %d to collect, %d collected | decree %s, trump %s %s\n",
                              "Jetons forêt %d/%d | gemmes à prendre : %d, prises : %d | décret %s, atout %s %s\n"}},
    [FX_T_DECREE_LINE] = {{"Decree card: %s | trump: %s %s\n", "Carte décret : %s | atout : %s %s\n"}},
    [FX_T_TRICK_EMPTY_YOU] = {{"Trick %d of 11: you lead.\n", "Pli %d sur 11 : vous ouvrez.\n"}},
    [FX_T_TRICK_EMPTY_OTHER] = {{"Trick %d of 11: %s leads.\n", "Pli %d sur 11 : %s ouvre.\n"}},
    [FX_T_TRICK_HEAD] = {{"Trick %d of 11: %s\n", "Pli %d sur 11 : %s\n"}},
    [FX_T_LED_YOU] = {{"you led %s", "vous avez entamé %s"}},
    [FX_T_LED_OTHER] = {{"%s led %s", "%s a entamé %s"}},
    [FX_T_FOLLOWED_YOU] = {{"you followed with %s", "vous avez suivi avec %s"}},
    [FX_T_FOLLOWED_OTHER] = {{"%s followed with %s", "%s a suivi avec %s"}},
    [FX_T_TRICK_WINNER] = {{"  It is won by %s.\n", "  Il est remporté par %s.\n"}},
    [FX_T_OTHER_HOLDS] = {{"%s holds %s.\n", "%s a %s en main.\n"}},
    [FX_T_OTHER_HOLDS_SHORT] = {{"%s: %s\n", "%s : %s\n"}}, /* compact, after the trick on its line */
    [FX_T_OTHER_KNOWN] = {{"  Among them, you know of: %s\n", "  Parmi elles, vous connaissez : %s\n"}},
    [FX_T_HAND_TITLE] = {{"Your hand (%s, [n] = footprints):\n", "Votre main (%s, [n] = empreintes) :\n"}},
    [FX_T_HAND_OF] = {{"Player %d's hand (%s, [n] = footprints):\n",
                       "Main du joueur %d (%s, [n] = empreintes) :\n"}},
    [FX_T_NO_CARDS] = {{"  (no cards)\n", "  (aucune carte)\n"}},
    [FX_T_BETWEEN_ROUNDS] = {{"Round %d is over: before the next deal, a forest token goes on one end.\n",
                              "La manche %d est finie : avant la donne suivante, un jeton forêt va à une extrémité.\n"}},

    [FX_T_Q_LEAD] = {{"You lead trick %d: which card do you play?", "Vous ouvrez le pli %d : quelle carte jouez-vous ?"}},
    [FX_T_Q_FOLLOW] = {{"Follow %s: which card do you play? (a %s card if you have one)",
                        "Suivez %s : quelle carte jouez-vous ? (une carte %s si vous en avez)"}},
    [FX_T_Q_FOLLOW_FREE] = {{"Follow %s: the Royal Heir was led, so any card may follow. Which one?",
                             "Suivez %s : le Prince/Princesse a ouvert, toute carte peut suivre. Laquelle ?"}},
    [FX_T_Q_FOX_TARGET] = {{"Your Foxes: who may swap a hand card for the decree card %s?",
                            "Vos Renards : qui peut échanger une carte de sa main contre la carte décret %s ?"}},
    [FX_T_Q_FOX_EXCHANGE] = {{"You may swap one of your cards for the decree card %s; the new decree's suit becomes trump.",
                              "Échanger une carte contre le décret %s ? Sa couleur deviendra l'atout."}},
    [FX_T_Q_GIFT_FIRST] = {{"Your Gift: which card do you give? (%s gives you one back, unseen for now)",
                            "Votre Présent : quelle carte donnez-vous ? (%s vous en donne une en retour, cachée pour l'instant)"}},
    [FX_T_Q_GIFT_SECOND] = {{"The Gift: %s has already picked a card for you, unseen. Which card do you give?",
                             "Le Présent : %s a déjà choisi une carte pour vous, cachée. Quelle carte donnez-vous ?"}},
    [FX_T_Q_IGNORE] = {{"You take the trick and a Gazelle is in it: ignore some footprints?",
                        "Vous remportez le pli et il contient une Gazelle : ignorer des empreintes ?"}},
    [FX_T_Q_DIRECTION] = {{"You take the trick and a Musician is in it: which way does the token go (%s)?",
                           "Vous remportez le pli et il contient un Musicien : dans quel sens va le jeton (%s) ?"}},
    [FX_T_Q_FOREST] = {{"End of round %d: which end of the path gets a forest token?",
                        "Fin de la manche %d : quelle extrémité du sentier reçoit un jeton forêt ?"}},
    [FX_T_HINT] = {{"  (a number, a card such as 7R, hint, undo, cards, help, rules, board or quit)\n",
                    "  (un numéro, une carte comme 7R, indice, annuler, cartes, aide, règles, plateau ou quitter)\n"}},
    [FX_T_CARDS_TITLE] = {{"The abilities of the odd ranks (every suit):\n",
                           "Les capacités des rangs impairs (dans chaque couleur) :\n"}},
    [FX_T_H_ACTION] = {{"Hint: %s\n", "Conseil : %s\n"}},
    [FX_T_H_ODDS] = {{"  Estimated chance that the team wins the game: %d%% ± %d (%d sampled deals of the hidden cards)\n",
                      "  Chance estimée que l'équipe gagne la partie : %d %% ± %d (%d donnes simulées des cartes cachées)\n"}},

    [FX_T_L_PLAY] = {{"Play %s", "Jouer %s"}},
    [FX_T_L_PLAY_TAKES] = {{"Play %s - the trick goes %s", "Jouer %s - le pli va %s"}},
    [FX_T_L_PLAY_TAKES_SHORT] = {{"Play %s, trick %s", "Jouer %s, pli %s"}},
    [FX_T_L_FOX_SELF] = {{"Name yourself: you may swap one of your cards for the decree",
                          "Vous désigner : vous pourrez échanger une de vos cartes contre le décret"}},
    [FX_T_L_FOX_OTHER] = {{"Name %s: they may swap one of their cards for the decree",
                           "Désigner %s : il pourra échanger une de ses cartes contre le décret"}},
    [FX_T_L_KEEP] = {{"Keep the decree card %s (trump stays %s)", "Garder la carte décret %s (l'atout reste %s)"}},
    [FX_T_L_EXCHANGE] = {{"Swap %s for the decree card (trump becomes %s)",
                          "Échanger %s contre la carte décret (l'atout devient %s)"}},
    [FX_T_L_EXCHANGE_SAME] = {{"Swap %s for the decree card (trump stays %s)",
                               "Échanger %s contre la carte décret (l'atout reste %s)"}},
    /* compact: the question says what a swap does; the suit in brackets is trump after it */
    [FX_T_L_KEEP_SHORT] = {{"Keep %s (%s)", "Garder %s (%s)"}},
    [FX_T_L_EXCHANGE_SHORT] = {{"Swap %s (%s)", "Échanger %s (%s)"}},
    [FX_T_L_GIFT] = {{"Give %s", "Donner %s"}},
    [FX_T_L_IGNORE_NONE] = {{"Count every footprint: %s%s", "Compter toutes les empreintes : %s%s"}},
    [FX_T_L_IGNORE_ONE] = {{"Ignore the footprints of %s: %s%s", "Ignorer les empreintes de %s : %s%s"}},
    [FX_T_L_IGNORE_BOTH] = {{"Ignore the footprints of both cards: %s%s",
                             "Ignorer les empreintes des deux cartes : %s%s"}},
    [FX_T_L_TOWARD_YOU] = {{"Move toward you (%s)%s", "Avancer vers vous (%s)%s"}},
    [FX_T_L_TOWARD_OTHER] = {{"Move toward %s (%s)%s", "Avancer vers %s (%s)%s"}},
    [FX_T_L_FOREST] = {{"Cover space %d, at the end toward %s", "Couvrir la case %d, à l'extrémité vers %s"}},
    [FX_T_L_FOREST_MOVED] = {{"The end toward %s: the team token stands on space %d, so space %d is covered instead",
                              "L'extrémité vers %s : le jeton d'équipe est sur la case %d, la case %d est donc couverte à la place"}},
    [FX_T_O_LAND] = {{" - lands on space %d", " - arrive sur la case %d"}},
    [FX_T_O_COLLECT] = {{" - lands on space %d and collects a gem", " - arrive sur la case %d et collecte une gemme"}},
    [FX_T_O_WIN] = {{" - collects the last gem: the game is won!",
                     " - collecte la dernière gemme : la partie est gagnée !"}},
    [FX_T_O_OFF] = {{" - runs off the path: a forest token is placed and the token goes back to the start",
                     " - sort du sentier : un jeton forêt est posé et le jeton revient au départ"}},
    [FX_T_O_LOST] = {{" - runs off the path with no forest token left: the game is lost",
                      " - sort du sentier sans jeton forêt restant : la partie est perdue"}},
    [FX_T_O_DIRECTION_NEXT] = {{" (you choose the direction next)", " (vous choisirez ensuite le sens)"}},

    [FX_T_E_NOT_IN_HAND] = {{"%s is not in your hand", "%s n'est pas dans votre main"}},
    [FX_T_E_FOLLOW] = {{"you must follow suit: you hold a %s card", "vous devez fournir : vous avez une carte %s"}},
    [FX_T_E_NOT_NOW] = {{"'%s' cannot be chosen now", "« %s » ne peut pas être choisi maintenant"}},

    [FX_T_N_ROUND_START] = {{"Round %d - dealer: %s, first lead: %s.\n",
                             "Manche %d - donneur : %s, premier à ouvrir : %s.\n"}},
    [FX_T_N_DECREE] = {{"The decree card is %s: trump is %s.\n", "La carte décret est %s : l'atout est %s.\n"}},
    [FX_T_N_PLAY_YOU] = {{"You play %s.\n", "Vous jouez %s.\n"}},
    [FX_T_N_PLAY_OTHER] = {{"%s plays %s.\n", "%s joue %s.\n"}},
    [FX_T_N_FOX_YOU] = {{"You give the decree swap %s.\n", "Vous confiez l'échange du décret %s.\n"}},
    [FX_T_N_FOX_OTHER] = {{"%s gives the decree swap %s.\n", "%s confie l'échange du décret %s.\n"}},
    [FX_T_N_KEEP_YOU] = {{"You keep the decree card as it is.\n", "Vous gardez la carte décret telle quelle.\n"}},
    [FX_T_N_KEEP_OTHER] = {{"%s keeps the decree card as it is.\n", "%s garde la carte décret telle quelle.\n"}},
    [FX_T_N_EXCHANGE_YOU] = {{"You swap %s for the decree card %s: trump is now %s.\n",
                              "Vous échangez %s contre la carte décret %s : l'atout est maintenant %s.\n"}},
    [FX_T_N_EXCHANGE_OTHER] = {{"%s swaps %s for the decree card %s: trump is now %s.\n",
                                "%s échange %s contre la carte décret %s : l'atout est maintenant %s.\n"}},
    [FX_T_N_GIFT_PICK_YOU] = {{"You pick %s to give.\n", "Vous choisissez de donner %s.\n"}},
    [FX_T_N_GIFT_PICK_OTHER] = {{"%s has picked a card to give.\n", "%s a choisi une carte à donner.\n"}},
    [FX_T_N_GIFT_PICK_SEEN] = {{"%s picks %s to give.\n", "%s choisit de donner %s.\n"}},
    [FX_T_N_RECEIVE_YOU] = {{"You receive %s.\n", "Vous recevez %s.\n"}},
    [FX_T_N_RECEIVE_OTHER] = {{"%s receives %s.\n", "%s reçoit %s.\n"}},
    [FX_T_N_WON_YOU] = {{"You win trick %d with %s.\n", "Vous remportez le pli %d avec %s.\n"}},
    [FX_T_N_WON_OTHER] = {{"%s wins trick %d with %s.\n", "%s remporte le pli %d avec %s.\n"}},
    [FX_T_N_IGNORE_NONE_YOU] = {{"You count every footprint.\n", "Vous comptez toutes les empreintes.\n"}},
    [FX_T_N_IGNORE_NONE_OTHER] = {{"%s counts every footprint.\n", "%s compte toutes les empreintes.\n"}},
    [FX_T_N_IGNORE_YOU] = {{"You ignore the footprints of %s.\n", "Vous ignorez les empreintes de %s.\n"}},
    [FX_T_N_IGNORE_OTHER] = {{"%s ignores the footprints of %s.\n", "%s ignore les empreintes de %s.\n"}},
    [FX_T_N_DIRECTION_YOU] = {{"You send the token toward %s.\n", "Vous envoyez le jeton vers %s.\n"}},
    [FX_T_N_DIRECTION_OTHER] = {{"%s sends the token toward %s.\n", "%s envoie le jeton vers %s.\n"}},
    [FX_T_N_TOKEN] = {{"The team token moves %s toward %s: from space %d to space %d.\n",
                       "Le jeton d'équipe avance de %s vers %s : de la case %d à la case %d.\n"}},
    [FX_T_N_TOKEN_STAYS] = {{"The team token stays on space %d (no footprints to count).\n",
                             "Le jeton d'équipe reste sur la case %d (aucune empreinte à compter).\n"}},
    [FX_T_N_OFF_PATH] = {{"The team token runs off the path at the end toward %s!\n",
                          "Le jeton d'équipe sort du sentier à l'extrémité vers %s !\n"}},
    [FX_T_N_FOREST_SIDE_YOU] = {{"You put the forest token at the end toward %s.\n",
                                 "Vous posez le jeton forêt à l'extrémité vers %s.\n"}},
    [FX_T_N_FOREST_SIDE_OTHER] = {{"%s chose the end toward %s for the forest token.\n",
                                   "%s a choisi l'extrémité vers %s pour le jeton forêt.\n"}},
    [FX_T_N_FOREST] = {{"A forest token now covers space %d (%d left).\n",
                        "Un jeton forêt couvre maintenant la case %d (il en reste %d).\n"}},
    [FX_T_N_RESET] = {{"The team token goes back to the start space.\n",
                       "Le jeton d'équipe revient sur la case de départ.\n"}},
    [FX_T_N_SLIDE] = {{"Gems slide from space %d to space %d: %d.\n",
                       "Des gemmes glissent de la case %d à la case %d : %d.\n"}},
    [FX_T_N_COLLECT] = {{"A gem is collected on space %d: %d left on the board.\n",
                         "Une gemme est collectée sur la case %d : il en reste %d sur le plateau.\n"}},
    [FX_T_N_NO_GEM] = {{"No gem on space %d.\n", "Pas de gemme sur la case %d.\n"}},
    [FX_T_N_ROUND_END] = {{"End of round %d: %s on the board, %s left.\n",
                           "Fin de la manche %d : %s sur le plateau, il reste %s.\n"}},
    [FX_T_GEMS_ONE] = {{"%d gem", "%d gemme"}},
    [FX_T_GEMS_MANY] = {{"%d gems", "%d gemmes"}},
    [FX_T_TOKENS_ONE] = {{"%d forest token", "%d jeton forêt"}},
    [FX_T_TOKENS_MANY] = {{"%d forest tokens", "%d jetons forêt"}},
    [FX_T_N_GEMS_ADDED] = {{"The (+) slots each get a gem, on spaces %s.\n",
                            "Les emplacements (+) reçoivent chacun une gemme, sur les cases %s.\n"}},
    [FX_T_N_GAME_WON] = {{"The last gem is collected: the team wins!\n",
                          "La dernière gemme est collectée : l'équipe gagne !\n"}},
    [FX_T_N_GAME_LOST_PATH] = {{"No forest token was left: the team is lost in the forest.\n",
                                "Il ne restait aucun jeton forêt : l'équipe est perdue dans la forêt.\n"}},
    [FX_T_N_GAME_LOST_TIME] = {{"Round 3 is over with gems still on the board: time is up.\n",
                                "La manche 3 est finie et des gemmes restent sur le plateau : le temps est écoulé.\n"}},
    [FX_T_AND] = {{" and ", " et "}},

    [FX_T_RESULT_WON] = {{"Victory in round %d: every gem is collected!\n",
                          "Victoire dans la manche %d : toutes les gemmes sont collectées !\n"}},
    [FX_T_RESULT_SCORE] = {{"Score: %d = %d (level %d) + %d (cards still in hand) + %d (won before round 3) + %d (forest tokens left x 3)\n",
                            "Score : %d = %d (niveau %d) + %d (cartes encore en main) + %d (victoire avant la manche 3) + %d (jetons forêt restants x 3)\n"}},
    [FX_T_RESULT_LOST_PATH] = {{"Defeat in round %d: the team got lost in the forest (%s left on the board).\n",
                                "Défaite dans la manche %d : l'équipe s'est perdue dans la forêt (il restait %s).\n"}},
    [FX_T_RESULT_LOST_TIME] = {{"Defeat: time ran out after round %d with %s left on the board.\n",
                                "Défaite : le temps s'est écoulé après la manche %d, avec %s sur le plateau.\n"}},
    [FX_T_RULES] = {{
        "\nHOW TO PLAY THE FOX IN THE FOREST DUET (two players, one team)\n"
        "\n"
        "Goal\n"
        "  Gems lie on the slots beside a forest path of 11 spaces, numbered -5 to 5.\n"
        "  Together, collect every gem before round 3 is over, without getting lost\n"
        "  off the ends of the path. Player 1's end is on the left (-5), player 2's\n"
        "  end on the right (5); the team token starts in the middle (0).\n"
        "\n"
        "Cards\n"
        "  30 cards in three suits, Doves, Roses and Stars, ranked 1 to 10. Each rank\n"
        "  has footprints, the distance the team token moves:\n"
        "    rank        1  2  3  4  5  6  7  8  9  10\n"
        "    footprints  0  3  2  1  1  2  0  2  0  3\n"
        "  Odd ranks also have an ability (below).\n"
        "\n"
        "A round\n"
        "  Each player is dealt 11 cards. One more card is turned face up: the decree.\n"
        "  Its suit is trump for the round. A round has 11 tricks; the player who did\n"
        "  not deal leads the first one, then whoever won a trick leads the next.\n"
        "\n"
        "A trick\n"
        "  The leader plays any card. The other player must play a card of the led\n"
        "  suit when they have one, else any card. The higher trump wins; with no\n"
        "  trump in the trick, the higher card of the led suit wins. The team token\n"
        "  then moves toward the winner's end by the footprints of both cards.\n"
        "\n"
        "Forest tokens and gems\n"
        "  A move that would go past the last open space of an end puts a forest\n"
        "  token on that space (its gems slide one slot toward the middle) and sends\n"
        "  the team token back to the start. With no forest token left, the team is\n"
        "  lost and the game ends. After every other trick, the team collects one\n"
        "  gem from the slot beside the token's space, even when the token did not\n"
        "  move. Collecting the last gem wins at once.\n"
        "\n"
        "Between rounds\n"
        "  After rounds 1 and 2, each (+) slot gets one more gem, and a forest token\n"
        "  (if any is left) covers the last open space of the end the team chooses.\n"
        "  The token stays where it is, and new cards are dealt.\n"
        "\n"
        "Score of a win\n"
        "  10, 20 or 30 points by level, +1 for each card still in hand, +10 for a\n"
        "  win before round 3, +3 for each forest token left.\n"
        "\n"
        "Abilities of the odd ranks\n",
        "\nCOMMENT JOUER AU RENARD DES BOIS : DUO (deux joueurs, une équipe)\n"
        "\n"
        "But\n"
        "  Des gemmes attendent sur les emplacements d'un sentier forestier de 11 cases,\n"
        "  numérotées de -5 à 5. Ensemble, collectez-les toutes avant la fin de la\n"
        "  manche 3, sans vous perdre au-delà des extrémités du sentier. L'extrémité\n"
        "  du joueur 1 est à gauche (-5), celle du joueur 2 à droite (5) ; le jeton\n"
        "  d'équipe part du milieu (0).\n"
        "\n"
        "Cartes\n"
        "  30 cartes en trois couleurs, Colombes, Roses et Étoiles, de rang 1 à 10.\n"
        "  Chaque rang porte des empreintes, la distance que parcourt le jeton :\n"
        "    rang        1  2  3  4  5  6  7  8  9  10\n"
        "    empreintes  0  3  2  1  1  2  0  2  0  3\n"
        "  Les rangs impairs ont aussi une capacité (plus bas).\n"
        "\n"
        "Une manche\n"
        "  Chaque joueur reçoit 11 cartes. Une carte de plus est retournée : le décret.\n"
        "  Sa couleur est l'atout de la manche. Une manche compte 11 plis ; le joueur\n"
        "  qui n'a pas donné ouvre le premier, puis le gagnant de chaque pli ouvre le\n"
        "  suivant.\n"
        "\n"
        "Un pli\n"
        "  Celui qui ouvre joue n'importe quelle carte. L'autre doit jouer une carte\n"
        "  de la couleur demandée s'il en a, sinon n'importe laquelle. Le plus haut\n"
        "  atout gagne ; sans atout dans le pli, la plus haute carte de la couleur\n"
        "  demandée gagne. Le jeton d'équipe avance alors vers l'extrémité du gagnant\n"
        "  d'autant de cases que les empreintes des deux cartes.\n"
        "\n"
        "Jetons forêt et gemmes\n"
        "  Un déplacement qui dépasserait la dernière case libre d'une extrémité pose\n"
        "  un jeton forêt sur cette case (ses gemmes glissent d'un emplacement vers le\n"
        "  milieu) et renvoie le jeton d'équipe au départ. Sans jeton forêt restant,\n"
        "  l'équipe est perdue et la partie s'arrête. Après chaque autre pli, l'équipe\n"
        "  collecte une gemme de l'emplacement de la case du jeton, même s'il n'a pas\n"
        "  bougé. Collecter la dernière gemme fait gagner tout de suite.\n"
        "\n"
        "Entre les manches\n"
        "  Après les manches 1 et 2, chaque emplacement (+) reçoit une gemme, et un\n"
        "  jeton forêt (s'il en reste) couvre la dernière case libre de l'extrémité\n"
        "  choisie par l'équipe. Le jeton reste où il est, puis on redistribue.\n"
        "\n"
        "Score d'une victoire\n"
        "  10, 20 ou 30 points selon le niveau, +1 par carte encore en main, +10 pour\n"
        "  une victoire avant la manche 3, +3 par jeton forêt restant.\n"
        "\n"
        "Capacités des rangs impairs\n"}},
    [FX_T_RULES_TAIL] = {{
        "\n"
        "Talking\n"
        "  During a round, tell your partner nothing about your cards or your plans.\n"
        "\n"
        "Answering\n"
        "  Type the number of a choice, or a card such as 7R (to play, give or swap\n"
        "  it), or the record notation: play 7R, fox self, fox partner, keep,\n"
        "  exchange 3D, gift 5S, ignore none, ignore 5D, direction toward-winner,\n"
        "  direction toward-partner, forest left, forest right.\n"
        "  cards lists the abilities of the odd ranks.\n"
        "  hint gives the strong partner's advice (from what you can see), help or ?\n"
        "  shows this page, board shows the board's note, quit saves and leaves\n"
        "  (so does the end of the input); trickwood resume goes on later. When\n"
        "  there is only one choice, Enter takes it.\n"
        "  undo takes back your last decision (and the partner's after it) as long\n"
        "  as no card was shown to either player since: a card played, given,\n"
        "  exchanged or dealt stands.\n",
        "\n"
        "Communication\n"
        "  Pendant une manche, ne dites rien à votre partenaire de vos cartes ni de\n"
        "  vos intentions.\n"
        "\n"
        "Répondre\n"
        "  Tapez le numéro d'un choix, ou une carte comme 7R (pour la jouer, la donner\n"
        "  ou l'échanger ; lettres D ou C Colombes, R Roses, S ou E Étoiles), ou la\n"
        "  notation des enregistrements, en français : jouer 7R, renard soi,\n"
        "  renard partenaire, garder, échanger 3C, donner 5E, ignorer aucune,\n"
        "  ignorer 5C, direction vers-gagnant, direction vers-partenaire,\n"
        "  forêt gauche, forêt droite ; ou en anglais : play 7R, fox self, keep,\n"
        "  exchange 3D, gift 5S, ignore none, direction toward-winner, forest left.\n"
        "  cartes montre les capacités des rangs impairs.\n"
        "  indice donne le conseil du partenaire fort (d'après ce que vous voyez),\n"
        "  aide ou ? affiche cette page, plateau affiche la note du plateau, quitter\n"
        "  enregistre et sort (la fin de l'entrée aussi) ; trickwood resume reprend.\n"
        "  Quand il n'y a qu'un choix, Entrée le prend.\n"
        "  annuler reprend votre dernière décision (et celles du partenaire qui ont\n"
        "  suivi) tant qu'aucune carte n'a été montrée à l'un des joueurs depuis :\n"
        "  une carte jouée, donnée, échangée ou distribuée est acquise.\n"}},

    [FX_T_NEW_GAME] = {{"New game: %s, level %d, seed %llu (play the same deal again with --seed %llu).\n",
                        "Nouvelle partie : %s, niveau %d, graine %llu (rejouez la même donne avec --seed %llu).\n"}},
    [FX_T_SEATS_PARTNER] = {{"You are player %d; your partner, player %d, is the built-in %s partner.\n",
                             "Vous êtes le joueur %d ; votre partenaire, le joueur %d, est le partenaire intégré %s.\n"}},
    [FX_T_SEATS_HOTSEAT] = {{"Two players share this screen: pass it over when asked, and look away from the other's hand.\n",
                             "Deux joueurs partagent cet écran : passez-le quand c'est demandé, sans regarder la main de l'autre.\n"}},
    [FX_T_BOARD_NOTE] = {{"Board %s: %s Load another board file with --board FILE.\n",
                          "Plateau %s : %s Chargez un autre fichier de plateau avec --board FICHIER.\n"}},
    [FX_T_SAVE_AT] = {{"The game is saved after every action in %s\n",
                       "La partie est enregistrée après chaque action dans %s\n"}},
    [FX_T_RECORD_AT] = {{"Game record: %s (watch it again with: %s replay %s)\n",
                         "Enregistrement de la partie : %s (pour la revoir : %s replay %s)\n"}},
    [FX_T_FINISHED_SAVED] = {{"The autosave %s is kept and marked as finished.\n",
                              "La sauvegarde automatique %s est conservée et marquée comme terminée.\n"}},
    [FX_T_NO_SAVE] = {{"no saved game in %s", "pas de partie enregistrée dans %s"}},
    [FX_T_ABOUT_SETUP] = {{"level %d", "niveau %d"}},
    [FX_T_ABOUT_PROGRESS] = {{"round %d, trick %d", "manche %d, pli %d"}},
    [FX_T_ABOUT_OVER] = {{"finished in round %d", "terminée à la manche %d"}},
    [FX_T_HISTORY_SCORE] = {{"score %d, ended in round %d", "score %d, fin à la manche %d"}},
    [FX_T_HISTORY_BOARD] = {{", board %s", ", plateau %s"}},
    [FX_T_BAD_SEED] = {{"--seed takes a whole number from 0 to %llu, not '%s'",
                        "--seed attend un nombre entier de 0 à %llu, pas « %s »"}},
    [FX_T_BAD_LEVEL] = {{"--level takes 1, 2 or 3, not '%s'", "--level attend 1, 2 ou 3, pas « %s »"}},
    [FX_T_BAD_SEAT] = {{"--seat takes 1 or 2, not '%s'", "--seat attend 1 ou 2, pas « %s »"}},
    [FX_T_BAD_PARTNER] = {{"--partner takes rule, random or strong, not '%s'",
                           "--partner attend rule, random ou strong, pas « %s »"}},
    [FX_T_SINCE] = {{"What happened:\n", "Ce qui s'est passé :\n"}},
    [FX_T_HIDE] = {{"Player %d: press Enter to hide your hand, then pass the screen to player %d.",
                    "Joueur %d : appuyez sur Entrée pour cacher votre main, puis passez l'écran au joueur %d."}},
    [FX_T_HANDOVER] = {{"Player %d's turn. Player %d only: press Enter to see your hand.",
                        "Au tour du joueur %d. Joueur %d seulement : appuyez sur Entrée pour voir votre main."}},
    [FX_T_SETUP_FAILED] = {{"this board and level cannot start a game", "ce plateau et ce niveau ne permettent pas de commencer"}},
    [FX_T_PLAYERS_FILE_USED] = {{"Who plays comes from %s, the file of an earlier version; from now on the save keeps it.\n",
                                 "Qui joue vient de %s, le fichier d'une version précédente ; désormais la sauvegarde le garde.\n"}},

    [FX_T_REPLAY_TITLE] = {{"Replay of %s: %d actions.\n", "Revue de %s : %d actions.\n"}},
    [FX_T_REPLAY_STEP] = {{"Step %d of %d, %s: %s [%s]\n", "Étape %d sur %d, %s : %s [%s]\n"}},
    [FX_T_REPLAY_WAIT] = {{"Enter: next step, b: back, round N, trick N, step N, a: to the end, q: stop, help",
                           "Entrée : étape suivante, b : retour, manche N, pli N, etape N, a : jusqu'au bout, q : arrêter, aide"}},
    [FX_T_REPLAY_STOPPED] = {{"Replay stopped at step %d of %d.\n", "Revue arrêtée à l'étape %d sur %d.\n"}},

    [FX_T_A_TITLE] = {{"Analysis of %s: %d decisions with a real choice, %d sampled deals each (as many as a hint).\n"
                       "Each decision is judged from the view of the player who made it (their hand, the table,\n"
                       "never the partner's hand). The percentages estimate the team's chance of winning the game.\n",
                       "Analyse de %s : %d décisions avec un vrai choix, %d donnes simulées chacune (autant qu'un conseil).\n"
                       "Chaque décision est jugée depuis ce que voyait le joueur qui l'a prise (sa main, la table,\n"
                       "jamais la main du partenaire). Les pourcentages estiment la chance de l'équipe de gagner.\n"}},
    [FX_T_A_NOT_OVER] = {{"(This game is not finished; the analysis covers the moves played so far.)\n",
                          "(Cette partie n'est pas finie ; l'analyse porte sur les coups déjà joués.)\n"}},
    [FX_T_A_ITEM] = {{"\n%d. Step %d, round %d, trick %d: player %d chose\n     %s  (%d%% ± %d)\n"
                      "   A better choice was\n     %s  (%d%% ± %d)\n",
                      "\n%d. Étape %d, manche %d, pli %d : le joueur %d a choisi\n     %s  (%d %% ± %d)\n"
                      "   Un meilleur choix était\n     %s  (%d %% ± %d)\n"}},
    [FX_T_A_NONE] = {{"\nNo decision stands out: each was within %d points (or the margins) of the strong bot's move.\n",
                      "\nAucune décision ne ressort : chacune était à moins de %d points (ou des marges) du coup du robot fort.\n"}},
};

/* A Fox message in a language. */
const char *tw_fox_cli_text(tw_lang lang, tw_fox_text_id id)
{
    if ((int)id < 0 || id >= FX_T_COUNT)
        return "";
    return tw_msg_get(&tw_fox_cli_table[id], lang);
}
