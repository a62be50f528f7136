/* Every text the For Northwood! terminal game shows, in English and
 * French, in our own words. Card codes typed by the player (7E) and the
 * record notation (visit 3) are the same in both languages. */
#include "play/northwood/nw_cli.h"

const tw_msg tw_nw_cli_northwood_help = {{
    "  northwood [OPTIONS]            play For Northwood! (solo)\n"
    "      --intro | --full           introductory deal (default) or full deal\n"
    "      --medal bronze|silver|gold the medal you aim for (default: bronze)\n"
    "      --variant hidden-stars     the first edition's scoring: three fiefs hide a star, win them all\n"
    "                                 (default: medals, the published scoring)\n"
    "      --expert                   the expert rule: also win the outer fiefs 0, 1, 6 and 7\n"
    "      --challenge N|ID|FILE      play a challenge (`trickwood challenges` lists them): its setup,\n"
    "                                 goal and limits replace the options above\n"
    "      --seed N                   the deal, 0 to 2^53-1 (default: from the clock, shown on screen)\n"
    "      --characters FILE          add the characters of a file (may be repeated)\n"
    "      --save FILE                autosave here after every action\n"
    "                                 (default: a new file of its own in $XDG_DATA_HOME/trickwood/saves/)\n"
    "      --record FILE              also write the game record here after every action\n"
    "      --events FILE              write the event log (JSON lines) here after every action\n",
    "  northwood [OPTIONS]            jouer aux Fiefs de Norbois ! (solo)\n"
    "      --intro | --full           donne d'initiation (par défaut) ou donne complète\n"
    "      --medal bronze|silver|gold la médaille visée (par défaut : bronze ; silver = argent, gold = or)\n"
    "      --variant hidden-stars     le décompte de la première édition : trois fiefs cachent une étoile,\n"
    "                                 gagnez-les tous (par défaut : medals, le décompte publié)\n"
    "      --expert                   la règle experte : gagner aussi les fiefs extérieurs 0, 1, 6 et 7\n"
    "      --challenge N|ID|FICHIER   jouer un défi (`trickwood challenges` les liste) : sa donne, son but\n"
    "                                 et ses limites remplacent les options ci-dessus\n"
    "      --seed N                   la donne, de 0 à 2^53-1 (par défaut : selon l'horloge, affichée)\n"
    "      --characters FICHIER       ajouter les personnages d'un fichier (répétable)\n"
    "      --save FICHIER             sauvegarde automatique ici après chaque action\n"
    "                                 (par défaut : un nouveau fichier dans $XDG_DATA_HOME/trickwood/saves/)\n"
    "      --record FICHIER           écrire aussi l'enregistrement de la partie ici après chaque action\n"
    "      --events FICHIER           écrire le journal des événements (lignes JSON) ici après chaque action\n",
}};

const tw_msg tw_nw_cli_table[NW_T_COUNT] = {
    [NW_T_GAME_NAME] = {{"For Northwood!", "Les Fiefs de Norbois !"}},
    [NW_T_SUIT_CLAWS] = {{"Claws", "Griffes"}},
    [NW_T_SUIT_FLOWERS] = {{"Flowers", "Fleurs"}},
    [NW_T_SUIT_LEAVES] = {{"Leaves", "Feuilles"}},
    [NW_T_SUIT_EYES] = {{"Eyes", "Yeux"}},
    [NW_T_MEDAL_NONE] = {{"none", "aucune"}},
    [NW_T_MEDAL_BRONZE] = {{"bronze", "bronze"}},
    [NW_T_MEDAL_SILVER] = {{"silver", "argent"}},
    [NW_T_MEDAL_GOLD] = {{"gold", "or"}},
    [NW_T_SETUP_INTRO] = {{"introductory deal", "donne d'initiation"}},
    [NW_T_SETUP_FULL] = {{"full deal", "donne complète"}},
    [NW_T_SETUP_INTRO_SHORT] = {{"intro deal", "initiation"}}, /* the compact header */
    [NW_T_SETUP_FULL_SHORT] = {{"full deal", "complète"}},
    [NW_T_PILE_HAND] = {{"your hand", "votre main"}},
    [NW_T_PILE_DECK] = {{"the deck", "la pioche"}},
    [NW_T_PILE_DISCARD] = {{"the discard pile", "la défausse"}},
    [NW_T_PILE_SCORE] = {{"the score pile", "la pile de score"}},

    [NW_T_HEADER] = {{"%s | seed %llu | %s | aiming for %s | stars: %d won, %d still possible",
                      "%s | graine %llu | %s | but : %s | étoiles gagnées : %d, encore possibles : %d"}},
    [NW_T_FIEFS_TITLE] = {{"Fiefs", "Fiefs"}},
    [NW_T_COL_FIEF] = {{"fief", "fief"}},
    [NW_T_COL_TARGET] = {{"target", "cible"}},
    [NW_T_COL_STARS] = {{"stars", "étoiles"}},
    [NW_T_COL_RULER] = {{"ruler", "chef"}},
    [NW_T_COL_STATUS] = {{"status", "état"}},
    [NW_T_ST_UNVISITED] = {{"unvisited", "pas encore visité"}},
    [NW_T_ST_VISITING] = {{"BEING VISITED", "EN VISITE"}},
    [NW_T_ST_FRIENDLY] = {{"friendly (may substitute)", "ami (peut remplacer un allié)"}},
    [NW_T_ST_FRIENDLY_SUB] = {{"friendly, substitute on slot %d", "ami, remplaçant à la place %d"}},
    [NW_T_ST_FRIENDLY_GONE] = {{"friendly (its ruler left after substituting)",
                                "ami (son chef est parti après un remplacement)"}},
    [NW_T_ST_LOST] = {{"lost", "perdu"}},
    [NW_T_STC_UNVISITED] = {{"neutral", "neutre"}},
    [NW_T_STC_VISITING] = {{"VISITING", "EN COURS"}},
    [NW_T_STC_FRIENDLY] = {{"friendly", "ami"}},
    [NW_T_STC_FRIENDLY_SUB] = {{"slot %d", "place %d"}},
    [NW_T_STC_FRIENDLY_GONE] = {{"used", "utilisé"}},
    [NW_T_STC_LOST] = {{"lost", "perdu"}},
    [NW_T_ALLIES_TITLE] = {{"Allies and substitutes (each acts once per visit)",
                            "Alliés et remplaçants (chacun agit une fois par visite)"}},
    [NW_T_SLOT] = {{"slot %d:", "place %d :"}},
    [NW_T_SUB_FOR] = {{"(substitute for %s)", "(remplace %s)"}},
    [NW_T_READY] = {{"ready", "prêt"}},
    [NW_T_USED] = {{"used", "utilisé"}},
    [NW_T_VISIT_LINE] = {{"Visiting fief %d, ruler %s | trump %s %s | score %d, target %d | deck %s\n",
                          "Visite du fief %d, chef %s | atout %s %s | score %d, cible %d | pioche %s\n"}},
    [NW_T_STATEMENT_LINE] = {{"The ruler says: %s\n", "Déclaration du chef : %s\n"}},
    [NW_T_KNOWN_DECK] = {{"Deck cards you know (position 1 is the top): %s\n",
                          "Cartes de la pioche que vous connaissez (la position 1 est le dessus) : %s\n"}},
    [NW_T_KNOWN_ITEM] = {{"%d: %s", "%d : %s"}},
    [NW_T_PILES_LINE] = {{"Discard pile (%d): top %s | score pile (%d): top %s | type piles to see them all\n",
                          "Défausse (%d) : dessus %s | pile de score (%d) : dessus %s | tapez piles pour tout voir\n"}},
    [NW_T_HAND] = {{"Your hand (%d): %s\n", "Votre main (%d) : %s\n"}},
    [NW_T_PILES_TITLE] = {{"Open piles, from bottom to top:\n", "Piles visibles, du dessous vers le dessus :\n"}},
    [NW_T_DISCARD_PILE] = {{"  discard pile (%d): %s\n", "  défausse (%d) : %s\n"}},
    [NW_T_SCORE_PILE] = {{"  score pile (%d): %s\n", "  pile de score (%d) : %s\n"}},
    [NW_T_EMPTY] = {{"(empty)", "(vide)"}},
    [NW_T_RESULT_STARS] = {{"Game over. Stars won: %d of 20.\n", "Partie terminée. Étoiles gagnées : %d sur 20.\n"}},
    [NW_T_RESULT_MEDAL] = {{"Medal reached: %s.\n", "Médaille obtenue : %s.\n"}},
    [NW_T_RESULT_WON] = {{"You aimed for %s: won!\n", "Objectif %s : gagné !\n"}},
    [NW_T_RESULT_LOST] = {{"You aimed for %s: not reached, the game is lost.\n",
                           "Objectif %s : pas atteint, la partie est perdue.\n"}},
    [NW_T_RESULT_STOPPED] = {{"You ended the game early, once your goal was out of reach.\n",
                              "Vous avez arrêté la partie, votre but étant hors d'atteinte.\n"}},
    [NW_T_RULES] = {{
        "\nHOW TO PLAY FOR NORTHWOOD! (solo)\n"
        "\n"
        "Goal\n"
        "  Eight fiefs, numbered 0 to 7, each have a ruler. A fief's target is its\n"
        "  number, and from left to right the fiefs are worth 4 3 2 1 1 2 3 4 stars.\n"
        "  You win a fief over by ending its visit with a score equal to its target,\n"
        "  no more and no less. Add up the stars of your friendly fiefs: 16 earns\n"
        "  bronze, 18 silver, 20 (all eight fiefs) gold.\n"
        "\n"
        "A visit\n"
        "  Pick any fief you have not visited yet. The suit of its ruler is trump\n"
        "  for the whole visit. Every visit starts from all 32 dialogue cards\n"
        "  shuffled together and a fresh hand of 8.\n"
        "\n"
        "Substitutes\n"
        "  Before the dialogues, each ruler you already won over may take the place\n"
        "  of one of your four allies, for this visit only. It leaves the game when\n"
        "  the visit ends, used or not; its fief keeps its stars.\n"
        "\n"
        "Dialogues\n"
        "  The ruler speaks first: the top card of the deck is turned face up on the\n"
        "  discard pile; that is the statement. You answer with a card from your\n"
        "  hand, and when you hold a card of the statement's suit you must answer\n"
        "  in that suit. Your answer scores when it beats the statement in the same\n"
        "  suit, or when it is a trump and the statement is not. A scoring answer\n"
        "  goes to the score pile, any other answer to the discard pile. Your score\n"
        "  is the number of cards in the score pile.\n"
        "\n"
        "Abilities\n"
        "  Before each statement you may call on one ready character (ally or\n"
        "  substitute); each acts once per visit. An ability that can be carried\n"
        "  out must be carried out in full; one that cannot does nothing. When\n"
        "  several cards move together you choose their order, one at a time, and\n"
        "  the last one chosen lands on top.\n"
        "\n"
        "End of a visit\n"
        "  After any dialogue or ability, the visit ends at once if your hand or the\n"
        "  deck is empty. Score equal to the target: the ruler becomes friendly.\n"
        "  Any other score: the fief is lost and its ruler leaves the game.\n"
        "\n"
        "Crown characters (full deal)\n"
        "  The full deal adds a Prince, a Lady and a Baron to each suit, marked\n"
        "  with a crown. Some of them ask more: draw another card or stop (Prince\n"
        "  of Claws), which way the visit moves (Prince of Leaves), which used ally\n"
        "  gets ready again (Lady of Leaves), swap or pass (Baron of Leaves). The\n"
        "  Baron of Eyes waits for your next answer: then you draw a card if its\n"
        "  value is even, or discard one if it is odd.\n"
        "  How each of the 24 characters fares as an ally, a ruler and a\n"
        "  substitute over 10,000 games of the strong bot (at a lighter search\n"
        "  effort): docs/characters.md.\n"
        "\n"
        "A decided visit\n"
        "  Once nothing can change whether a visit hits its target, the screen\n"
        "  says so and offers \"finish\": the visit ends at once with that outcome.\n"
        "  You may also play it out.\n"
        "\n"
        "Medals\n"
        "  You choose the medal you aim for when the game starts. Once it can no\n"
        "  longer be reached, you may end the game (the choice \"stop\").\n"
        "\n"
        "At every prompt\n"
        "  type the number of a choice, or a word: a card such as 7E (letters C\n"
        "  Claws, F Flowers, L Leaves, E Eyes), visit 3, activate 0, ally 2,\n"
        "  continue, pass, finish, stop; piles shows the discard and score piles\n"
        "  in full, cards lists every character on the table with its ability,\n"
        "  hint gives the strong bot's advice (from what you can see) with\n"
        "  its chances for the visit and the medal, help shows this page, quit\n"
        "  saves and leaves (continue later with: trickwood resume). When there is\n"
        "  only one choice, Enter takes it.\n"
        "  undo takes back your last decision, and again the one before, as long\n"
        "  as no hidden card was shown since (a statement, a card drawn or dealt,\n"
        "  a peek): what you have seen stays seen.\n\n",
        "\nCOMMENT JOUER AUX FIEFS DE NORBOIS ! (solo)\n"
        "\n"
        "But\n"
        "  Huit fiefs, numérotés de 0 à 7, ont chacun un chef. La cible d'un fief\n"
        "  est son numéro, et de gauche à droite les fiefs valent 4 3 2 1 1 2 3 4\n"
        "  étoiles. Pour rallier un fief, terminez sa visite avec un score égal à\n"
        "  sa cible, ni plus ni moins. Additionnez les étoiles de vos fiefs amis :\n"
        "  16 pour le bronze, 18 pour l'argent, 20 (les huit fiefs) pour l'or.\n"
        "\n"
        "Une visite\n"
        "  Choisissez un fief pas encore visité. La couleur de son chef est l'atout\n"
        "  pendant toute la visite. Chaque visite commence avec les 32 cartes\n"
        "  Dialogue mélangées ensemble et une nouvelle main de 8 cartes.\n"
        "\n"
        "Remplaçants\n"
        "  Avant les dialogues, chaque chef déjà rallié peut prendre la place d'un\n"
        "  de vos quatre alliés, pour cette visite seulement. Il quitte la partie à\n"
        "  la fin de la visite, qu'il ait servi ou non ; son fief garde ses étoiles.\n"
        "\n"
        "Dialogues\n"
        "  Le chef parle le premier : la carte du dessus de la pioche est retournée sur\n"
        "  la défausse, c'est sa déclaration. Vous répondez avec une carte de votre\n"
        "  main ; si vous avez une carte de la couleur de la déclaration, vous\n"
        "  devez répondre dans cette couleur. Votre réponse marque si elle bat la\n"
        "  déclaration dans la même couleur, ou si c'est un atout alors que la\n"
        "  déclaration n'en est pas un. Une réponse qui marque va sur la pile de\n"
        "  score, les autres sur la défausse. Votre score est le nombre de cartes\n"
        "  de la pile de score.\n"
        "\n"
        "Capacités\n"
        "  Avant chaque déclaration, vous pouvez faire appel à un personnage prêt\n"
        "  (allié ou remplaçant) ; chacun agit une fois par visite. Une capacité\n"
        "  réalisable doit être appliquée en entier ; sinon elle ne fait rien.\n"
        "  Quand plusieurs cartes bougent ensemble, vous choisissez leur ordre une\n"
        "  par une, et la dernière choisie finit sur le dessus.\n"
        "\n"
        "Fin de visite\n"
        "  Après un dialogue ou une capacité, la visite s'arrête aussitôt si votre\n"
        "  main ou la pioche est vide. Score égal à la cible : le chef devient ami.\n"
        "  Tout autre score : le fief est perdu et son chef quitte la partie.\n"
        "\n"
        "Personnages couronne (donne complète)\n"
        "  La donne complète ajoute à chaque couleur un Prince, une Dame et un\n"
        "  Baron, marqués d'une couronne. Certains demandent plus : piocher encore\n"
        "  ou s'arrêter (Prince des Griffes), de quel côté part la visite (Prince\n"
        "  des Feuilles), quel allié utilisé redevient prêt (Dame des Feuilles),\n"
        "  échanger ou passer (Baron des Feuilles). Le Baron des Yeux attend votre\n"
        "  prochaine réponse : vous piochez alors une carte si sa valeur est\n"
        "  paire, ou vous en défaussez une si elle est impaire.\n"
        "  Comment chacun des 24 personnages s'en sort comme allié, chef ou\n"
        "  remplaçant sur 10 000 parties du robot fort (à effort de recherche\n"
        "  réduit) : docs/characters.md.\n"
        "\n"
        "Une visite jouée d'avance\n"
        "  Dès que plus rien ne peut changer si une visite atteint sa cible,\n"
        "  l'écran le dit et propose « finish » : la visite se termine aussitôt\n"
        "  avec cette issue. Vous pouvez aussi la jouer jusqu'au bout.\n"
        "\n"
        "Médailles\n"
        "  Vous choisissez la médaille visée au début de la partie. Dès qu'elle est\n"
        "  hors d'atteinte, vous pouvez arrêter la partie (le choix « stop »).\n"
        "\n"
        "À chaque question\n"
        "  tapez le numéro d'un choix, ou un mot : une carte comme 7Y (lettres G\n"
        "  Griffes, F Fleurs, L Feuilles, Y Yeux ; les lettres anglaises C et E\n"
        "  marchent aussi), visiter 3, remplacer 3 0, commencer, activer 0,\n"
        "  poursuivre, répondre 7Y, choisir 7Y, nommer yeux, fief 4, allié 2,\n"
        "  continuer, passer, terminer, arrêter (les mots anglais des\n"
        "  enregistrements marchent aussi) ; piles montre la défausse et la pile\n"
        "  de score en entier, cartes montre chaque personnage en jeu et sa\n"
        "  capacité, indice donne le conseil du robot fort (d'après ce\n"
        "  que vous voyez) avec ses chances pour la visite et la médaille, aide\n"
        "  affiche cette page, quitter enregistre et sort (reprise avec :\n"
        "  trickwood resume). Quand il n'y a qu'un choix, Entrée le prend.\n"
        "  annuler reprend votre dernière décision, puis encore la précédente, tant\n"
        "  qu'aucune carte cachée n'a été montrée depuis (une déclaration, une\n"
        "  carte piochée ou distribuée, un coup d'œil) : ce qui a été vu reste vu.\n\n",
    }},

    [NW_T_CROWN_WORD] = {{"(crown)", "(couronne)"}},
    [NW_T_CROWN_LEGEND] = {{"%s marks a crown card (a character of the full game)\n",
                            "%s signale une carte couronne (un personnage du jeu complet)\n"}},
    [NW_T_TRIGGER_ARMED] = {{"%s waits for your next answer: if its value is even you draw a card, if it is odd you discard a card.\n",
                             "%s attend votre prochaine réponse : si sa valeur est paire vous piochez une carte, si elle est impaire vous en défaussez une.\n"}},
    [NW_T_DECIDED_HIT] = {{"This visit is decided: it will hit its target (%d) whatever happens. You may finish it now (finish) or play on.\n",
                           "Cette visite est jouée d'avance : elle atteindra sa cible (%d) quoi qu'il arrive. Vous pouvez la terminer maintenant (finish) ou continuer à jouer.\n"}},
    [NW_T_DECIDED_MISS] = {{"This visit is decided: it will miss its target (%d) whatever happens. You may finish it now (finish) or play on.\n",
                            "Cette visite est jouée d'avance : elle manquera sa cible (%d) quoi qu'il arrive. Vous pouvez la terminer maintenant (finish) ou continuer à jouer.\n"}},
    /* the compact layout's shorter lines (a screen of 24 rows) */
    [NW_T_TRIGGER_ARMED_SHORT] = {{"%s: even answer, you draw a card; odd, you discard one.\n",
                                   "%s : réponse paire, vous piochez ; impaire, vous défaussez.\n"}},
    [NW_T_DECIDED_HIT_SHORT] = {{"Decided: the visit hits its target (%d) whatever happens; finish ends it now.\n",
                                 "Jouée d'avance : cible (%d) atteinte quoi qu'il arrive (finish : terminer)\n"}},
    [NW_T_DECIDED_MISS_SHORT] = {{"Decided: the visit misses its target (%d) whatever happens; finish ends it now.\n",
                                  "Jouée d'avance : cible (%d) manquée quoi qu'il arrive (finish : terminer)\n"}},
    [NW_T_Q_RESPONSE_SHORT] = {{"Your answer to %s? (\"scores\": it wins a point)",
                                "Votre réponse à %s ? (« marque » : elle rapporte un point)"}},
    [NW_T_COPYING] = {{"%s, using the ability of %s", "%s, avec la capacité de %s"}},
    [NW_T_COPY_NOW] = {{"On this visit: the ability of %s.", "Pour cette visite : la capacité de %s."}},
    [NW_T_HEADER_COMPACT] = {{"%s | seed %llu | %s | %s | %d%s won, %d possible",
                              "%s | graine %llu | %s | %s | %d%s/%d possibles"}},
    [NW_T_SLOT_COMPACT] = {{"%d %s [%s]", "%d %s [%s]"}},
    /* the score pile holds as many cards as the score: its top card only */
    [NW_T_VISIT_COMPACT] = {{"Fief %d: trump %s %s | score %d/%d | deck %d | discard (%d) %s | scored %s\n",
                             "Fief %d : atout %s %s | score %d/%d | pioche %d | défausse (%d) %s | marqué %s\n"}},
    [NW_T_CARDS_TITLE] = {{"The characters on the table and what each does:\n",
                           "Les personnages en jeu et ce que fait chacun :\n"}},
    [NW_T_CARDS_FIEF] = {{"Fief %d, ruler %s (%s): %s", "Fief %d, chef %s (%s) : %s"}},
    [NW_T_CARDS_SLOT] = {{"Slot %d, %s: %s", "Place %d, %s : %s"}},
    [NW_T_CARDS_WAITING] = {{"Slot %d, %s (replaced on this visit): %s", "Place %d, %s (remplacé pour cette visite) : %s"}},

    [NW_T_Q_CHOOSE_FIEF] = {{"Which fief do you visit?", "Quel fief visitez-vous ?"}},
    [NW_T_Q_SUBSTITUTES] = {{"Bring in a friendly ruler in place of an ally, or start the dialogues?",
                             "Faire venir un chef ami à la place d'un allié, ou commencer les dialogues ?"}},
    [NW_T_Q_BEFORE] = {{"Call on a character before the ruler speaks?",
                        "Faire appel à un personnage avant que le chef ne parle ?"}},
    [NW_T_Q_RESPONSE] = {{"The ruler says %s. Your answer? (aid: \"scores\" marks the answers that win a point)",
                          "Le chef déclare %s. Votre réponse ? (aide : « marque » signale les réponses qui rapportent un point)"}},
    [NW_T_Q_CHOOSE_MOVE] = {{"%s: choose a card to put on %s (%d still to choose)",
                             "%s : choisissez une carte à mettre sur %s (encore %d à choisir)"}},
    [NW_T_Q_MOVE_ORDER] = {{"%s: choose the next card to put on %s (the last one chosen ends on top)",
                            "%s : choisissez la prochaine carte à mettre sur %s (la dernière choisie finit dessus)"}},
    [NW_T_Q_PAIR_FIRST] = {{"%s: choose a card of a pair adding up to %d",
                            "%s : choisissez une carte d'une paire dont la somme fait %d"}},
    [NW_T_Q_PAIR_SECOND] = {{"%s: choose the card that completes the pair with %s",
                             "%s : choisissez la carte qui complète la paire avec %s"}},
    [NW_T_Q_EXCHANGE] = {{"%s: the top card of the deck is %s; choose the hand card that takes its place",
                          "%s : la carte du dessus de la pioche est %s ; choisissez la carte de votre main qui prend sa place"}},
    [NW_T_Q_NAME_SUIT] = {{"%s: name a suit", "%s : nommez une couleur"}},
    [NW_T_Q_SWAP] = {{"%s: choose the fief whose ruler comes to this visit",
                      "%s : choisissez le fief dont le chef vient à cette visite"}},
    [NW_T_Q_GENERIC] = {{"%s: make your choice", "%s : faites votre choix"}},
    [NW_T_Q_CONTINUE] = {{"%s: no trump card (%s) drawn yet. Draw another card, or stop here?",
                          "%s : pas encore de carte d'atout (%s). Piocher une autre carte, ou s'arrêter là ?"}},
    [NW_T_Q_LOWEST] = {{"%s: which of your lowest cards (value %d) do you discard? You then draw %s.",
                        "%s : laquelle de vos cartes les plus faibles (valeur %d) défaussez-vous ? Vous piochez ensuite %s."}},
    [NW_T_Q_SEARCH] = {{"%s: which value do you search the deck for? Point at a hand card of that value (you keep it); then the deck is shuffled.",
                        "%s : quelle valeur cherchez-vous dans la pioche ? Désignez une carte de votre main de cette valeur (vous la gardez) ; la pioche est ensuite mélangée."}},
    [NW_T_Q_DUPLICATES] = {{"%s: which duplicate do you discard next? One card of each value stays in your hand (the last one discarded ends on top).",
                            "%s : quel double défaussez-vous maintenant ? Une carte de chaque valeur reste en main (la dernière défaussée finit dessus)."}},
    [NW_T_Q_HAND_COUNT] = {{"%s: you hold %s: which card of value %d do you discard?",
                            "%s : vous avez %s en main : quelle carte de valeur %d défaussez-vous ?"}},
    [NW_T_Q_VALUES] = {{"%s: every 1, 2 and 3 in your hand is discarded; which one goes next? (the last one chosen ends on top)",
                        "%s : tous vos 1, 2 et 3 sont défaussés ; lequel part maintenant ? (le dernier choisi finit dessus)"}},
    [NW_T_Q_REPEAT_MORE] = {{"%s: discard a card, then you draw one (rounds left after this one: %d)",
                             "%s : défaussez une carte, puis vous en piochez une (tours restants après celui-ci : %d)"}},
    [NW_T_Q_REPEAT_LAST] = {{"%s: discard a card, then you draw one (last round)",
                             "%s : défaussez une carte, puis vous en piochez une (dernier tour)"}},
    [NW_T_Q_SUM] = {{"%s: discard cards adding up to the two drawn cards' total; %d still to reach. Which card next?",
                     "%s : défaussez des cartes dont la somme égale celle des deux cartes piochées ; il reste %d. Quelle carte maintenant ?"}},
    [NW_T_Q_TRIGGER_ODD] = {{"%s: your answer was odd (%d): discard a card",
                             "%s : votre réponse était impaire (%d) : défaussez une carte"}},
    [NW_T_Q_MOVE_VISIT] = {{"%s: which way does the visit move? (to the nearest unvisited fief on that side)",
                            "%s : de quel côté la visite part-elle ? (vers le fief non visité le plus proche de ce côté)"}},
    [NW_T_Q_READY] = {{"%s: which used ally becomes ready again?", "%s : quel allié déjà utilisé redevient prêt ?"}},
    [NW_T_Q_SWAP_TOP] = {{"%s: the top card of %s is %s: swap a hand card of the same value with it, or pass?",
                          "%s : le dessus de %s est %s : l'échanger contre une carte de votre main de même valeur, ou passer ?"}},
    [NW_T_HINT] = {{"  (a number, or a word: a card such as 7E, hint, undo, cards, help, rules, piles, quit)\n",
                    "  (un nombre, ou un mot : une carte comme 7Y (G F L Y), indice, annuler, cartes, aide, règles, piles, quitter)\n"}},

    [NW_T_L_VISIT] = {{"Visit fief %d (target %d, %s, %s)", "Visiter le fief %d (cible %d, %s, %s)"}},
    [NW_T_L_SUBSTITUTE] = {{"Bring in %s (fief %d) in place of %s (slot %d): %s",
                            "%s (fief %d) remplace %s (place %d) : %s"}},
    [NW_T_L_SUBSTITUTE_AGAIN] = {{"Bring in %s (fief %d) in place of %s (slot %d)",
                                  "%s (fief %d) remplace %s (place %d)"}},
    [NW_T_L_BEGIN] = {{"Start the dialogues", "Commencer les dialogues"}},
    [NW_T_L_PROCEED] = {{"No ability: hear the statement", "Pas de capacité : écouter la déclaration"}},
    [NW_T_L_ACTIVATE] = {{"Use %s: %s", "Utiliser %s : %s"}},
    [NW_T_L_RESPOND_SCORES] = {{"Play %s - scores", "Jouer %s - marque"}},
    [NW_T_L_RESPOND_NO] = {{"Play %s - no point", "Jouer %s - aucun point"}},
    [NW_T_L_DISCARD] = {{"Discard %s", "Défausser %s"}},
    [NW_T_L_PICK_TO] = {{"Put %s on %s", "Mettre %s sur %s"}},
    [NW_T_L_EXCHANGE] = {{"Give %s for the top card of the deck", "Donner %s contre la carte du dessus de la pioche"}},
    [NW_T_L_NAME] = {{"Name %s %s", "Nommer %s %s"}},
    [NW_T_L_SWAP] = {{"Fief %d: bring %s to this visit (trump becomes %s)",
                      "Fief %d : faire venir %s à cette visite (l'atout devient %s)"}},
    [NW_T_L_STOP] = {{"Stop the game: %s is out of reach", "Arrêter la partie : %s est hors d'atteinte"}},
    [NW_T_L_ACTIVATE_COPY] = {{"Use %s as %s: %s", "Utiliser %s comme %s : %s"}},
    [NW_T_L_ACTIVATE_SHORT] = {{"Use %s", "Utiliser %s"}},
    [NW_T_L_ACTIVATE_COPY_SHORT] = {{"Use %s as %s", "Utiliser %s comme %s"}},
    [NW_T_L_CONTINUE] = {{"Draw another card", "Piocher une autre carte"}},
    [NW_T_L_STOP_DRAWING] = {{"Stop drawing", "Arrêter de piocher"}},
    [NW_T_L_PASS_SWAP] = {{"Pass: no swap", "Passer : pas d'échange"}},
    [NW_T_L_PASS] = {{"Pass", "Passer"}},
    [NW_T_L_LOWEST] = {{"Discard %s, then draw %s", "Défausser %s, puis piocher %s"}},
    [NW_T_L_SEARCH] = {{"Search the deck for every %d (you keep %s)", "Chercher tous les %d de la pioche (vous gardez %s)"}},
    [NW_T_L_SWAP_TOP] = {{"Swap %s for %s", "Échanger %s contre %s"}},
    [NW_T_L_MOVE_LEFT] = {{"Left: move the visit to fief %d (target %d, %s, trump %s)",
                           "À gauche : la visite passe au fief %d (cible %d, %s, atout %s)"}},
    [NW_T_L_MOVE_RIGHT] = {{"Right: move the visit to fief %d (target %d, %s, trump %s)",
                            "À droite : la visite passe au fief %d (cible %d, %s, atout %s)"}},
    [NW_T_L_READY] = {{"Make %s (slot %d) ready again: %s", "Permettre à %s (place %d) d'agir de nouveau : %s"}},
    [NW_T_L_FINISH_HIT] = {{"Finish this visit now: it will hit its target and the fief becomes friendly",
                            "Terminer la visite maintenant : cible atteinte, le fief devient ami"}},
    [NW_T_L_FINISH_MISS] = {{"Finish this visit now: it will miss its target and the fief is lost",
                             "Terminer la visite maintenant : cible manquée, le fief est perdu"}},
    [NW_T_L_THEN_DRAW] = {{" (even: then you draw a card)", " (paire : vous piochez ensuite une carte)"}},
    [NW_T_L_THEN_DISCARD] = {{" (odd: then you discard a card)", " (impaire : vous défaussez ensuite une carte)"}},

    [NW_T_E_NOT_IN_HAND] = {{"%s is not in your hand", "%s n'est pas dans votre main"}},
    [NW_T_E_FOLLOW] = {{"you must follow suit: you hold a %s card",
                        "vous devez suivre la couleur : vous avez en main la couleur %s"}},
    [NW_T_E_VISITED] = {{"fief %d was already visited", "le fief %d a déjà été visité"}},
    [NW_T_E_EXHAUSTED] = {{"the character on slot %d has already acted this visit",
                           "le personnage de la place %d a déjà agi pendant cette visite"}},
    [NW_T_E_NOT_CANDIDATE] = {{"%s cannot be chosen for this ability", "%s ne peut pas être choisi pour cette capacité"}},
    [NW_T_E_NOT_NOW] = {{"'%s' is not possible now", "« %s » n'est pas possible maintenant"}},
    [NW_T_E_STOP] = {{"you may stop only once the medal you aim for is out of reach",
                      "vous ne pouvez arrêter que lorsque la médaille visée est hors d'atteinte"}},
    [NW_T_E_FINISH] = {{"finish is offered only once the visit's outcome is certain",
                        "finish n'est proposé que lorsque l'issue de la visite est certaine"}},
    [NW_T_E_PASS] = {{"this choice cannot be passed", "ce choix ne peut pas être passé"}},

    [NW_T_N_VISIT] = {{"You visit fief %d (target %d): %s rules it, trump is %s.\n",
                       "Visite du fief %d (cible %d) : %s y règne, atout %s.\n"}},
    [NW_T_N_SUBSTITUTE] = {{"%s stands in for %s on slot %d for this visit.\n",
                            "%s remplace %s à la place %d pour cette visite.\n"}},
    [NW_T_N_ABILITY] = {{"You call on %s.\n", "Vous faites appel à %s.\n"}},
    [NW_T_N_MOVE] = {{"  %s moves: %s -> %s.\n", "  %s passe : %s -> %s.\n"}},
    [NW_T_N_PEEK] = {{"  You see %s in the deck, position %d from the top.\n",
                      "  Vous voyez %s dans la pioche, position %d depuis le dessus.\n"}},
    [NW_T_N_NAME] = {{"  You name %s.\n", "  Vous nommez %s.\n"}},
    [NW_T_N_SWAP] = {{"  %s now rules fief %d and %s moves to fief %d; trump is %s.\n",
                      "  %s règne désormais sur le fief %d et %s part au fief %d ; l'atout est %s.\n"}},
    [NW_T_N_RESPONSE_SCORES] = {{"You answer %s to %s: a point (score %d).\n",
                                 "Vous répondez %s à %s : un point (score %d).\n"}},
    [NW_T_N_RESPONSE_NO] = {{"You answer %s to %s: no point (score %d).\n",
                             "Vous répondez %s à %s : pas de point (score %d).\n"}},
    [NW_T_N_VISIT_WON] = {{"End of the visit to fief %d: score %d, target %d. %s is now friendly: +%s.\n",
                           "Fin de la visite du fief %d : score %d, cible %d. %s devient ami : +%s.\n"}},
    [NW_T_N_VISIT_LOST] = {{"End of the visit to fief %d: score %d, target %d. The fief is lost and %s leaves the game.\n",
                            "Fin de la visite du fief %d : score %d, cible %d. Le fief est perdu et %s quitte la partie.\n"}},
    [NW_T_N_SUB_LEAVES] = {{"%s leaves the game after substituting; fief %d keeps its stars.\n",
                            "%s quitte la partie après son remplacement ; le fief %d garde ses étoiles.\n"}},
    [NW_T_N_NEW_HAND] = {{"All the cards are shuffled together and you draw a new hand of 8.\n",
                          "Toutes les cartes sont mélangées et vous piochez une nouvelle main de 8.\n"}},
    [NW_T_N_DECK_SHUFFLED] = {{"  The deck is shuffled.\n", "  La pioche est mélangée.\n"}},
    [NW_T_N_VISIT_MOVE] = {{"  The visit moves from fief %d to fief %d (target %d): %s rules it, trump is %s.\n",
                            "  La visite passe du fief %d au fief %d (cible %d) : %s y règne, l'atout est %s.\n"}},
    [NW_T_N_READY] = {{"  %s (slot %d) is ready again.\n", "  %s (place %d) peut de nouveau agir.\n"}},
    [NW_T_N_TRIGGER_ARMED] = {{"  %s waits for your next answer.\n", "  %s attend la réponse.\n"}},
    [NW_T_N_TRIGGER_EVEN] = {{"  %s acts: your answer %s is even, you draw a card.\n",
                              "  %s agit : votre réponse %s est paire, vous piochez une carte.\n"}},
    [NW_T_N_TRIGGER_ODD] = {{"  %s acts: your answer %s is odd, you discard a card.\n",
                             "  %s agit : votre réponse %s est impaire, vous défaussez une carte.\n"}},
    [NW_T_N_TRIGGER_LOST] = {{"  The visit ended before %s could act.\n",
                              "  La visite s'est terminée avant que %s ait pu agir.\n"}},
    [NW_T_N_DECIDED_HIT] = {{"You finish the visit to fief %d: it was sure to hit its target.\n",
                             "Vous terminez la visite du fief %d : elle était sûre d'atteindre sa cible.\n"}},
    [NW_T_N_DECIDED_MISS] = {{"You finish the visit to fief %d: it could no longer hit its target.\n",
                              "Vous terminez la visite du fief %d : elle ne pouvait plus atteindre sa cible.\n"}},
    [NW_T_N_EARLY_WON] = {{"%s is now friendly: +%s.\n", "%s devient ami : +%s.\n"}},
    [NW_T_N_EARLY_LOST] = {{"The fief is lost and %s leaves the game.\n", "Le fief est perdu et %s quitte la partie.\n"}},

    [NW_T_NEW_GAME] = {{"New game, seed %llu (the same deal again: --seed %llu).\n",
                        "Nouvelle partie, graine %llu (même donne : --seed %llu).\n"}},
    [NW_T_FULL_KNOWN] = {{"Full deal: it uses the %d characters the engine knows (%s).\n",
                          "Donne complète : elle utilise les %d personnages connus (%s).\n"}},
    [NW_T_FULL_REFUSED] = {{"the full deal needs at least 3 characters of each suit, and %s has %d",
                            "la donne complète demande au moins 3 personnages par couleur, et %s n'en a que %d"}},
    [NW_T_SETUP_FAILED] = {{"the known characters cannot fill the %s (it needs 4 allies and 8 rulers)",
                            "les personnages connus ne suffisent pas pour la %s (il faut 4 alliés et 8 chefs)"}},
    [NW_T_NO_SAVE] = {{"no saved game in %s", "aucune partie enregistrée dans %s"}},
    [NW_T_BAD_SEED] = {{"--seed takes a whole number from 0 to %llu, not '%s'",
                        "--seed attend un nombre entier de 0 à %llu, pas « %s »"}},
    [NW_T_BAD_MEDAL] = {{"--medal takes bronze, silver or gold, not '%s'",
                         "--medal attend bronze, silver (argent) ou gold (or), pas « %s »"}},
    [NW_T_RECORD_AT] = {{"Game record: %s (watch it again: %s replay %s)\n",
                         "Enregistrement de la partie : %s (pour la revoir : %s replay %s)\n"}},
    [NW_T_SAVE_AT] = {{"Autosave: %s\n", "Sauvegarde automatique : %s\n"}},
    [NW_T_FINISHED_SAVED] = {{"The save %s is kept and marked as finished.\n",
                              "La sauvegarde %s est conservée et marquée comme terminée.\n"}},
    [NW_T_ABOUT_SETUP] = {{"%s, aiming for %s", "%s, but : %s"}},
    [NW_T_ABOUT_PROGRESS] = {{"visit %d of %d, %s", "visite %d sur %d, %s"}},
    [NW_T_ABOUT_OVER] = {{"finished, %s", "terminée, %s"}},
    [NW_T_STARS_WON_ONE] = {{"%d star won", "%d étoile gagnée"}},
    [NW_T_STARS_WON_MANY] = {{"%d stars won", "%d étoiles gagnées"}},
    [NW_T_HISTORY_SCORE] = {{"stars: %d, medal reached: %s", "étoiles : %d, médaille obtenue : %s"}},

    [NW_T_REPLAY_TITLE] = {{"Replay of %s: %d actions.\n", "Relecture de %s : %d actions.\n"}},
    [NW_T_REPLAY_STEP] = {{"Step %d of %d: %s   [%s]\n", "Étape %d sur %d : %s   [%s]\n"}},
    [NW_T_REPLAY_WAIT] = {{"Enter: next step, b: back, visit N, step N, a: run to the end, q: stop, help",
                           "Entrée : étape suivante, b : retour, visite N, etape N, a : aller jusqu'au bout, q : arrêter, aide"}},
    [NW_T_REPLAY_STOPPED] = {{"Replay stopped at step %d of %d.\n", "Relecture arrêtée à l'étape %d sur %d.\n"}},

    [NW_T_H_THINKING] = {{"Thinking over %d possible deals...\n", "Examen de %d donnes possibles...\n"}},
    [NW_T_H_ACTION] = {{"Hint: %s\n", "Conseil : %s\n"}},
    [NW_T_H_VISIT_ODDS] = {{"  Estimated chance of ending this visit on its target (%d): %d%% ± %d\n",
                            "  Chance estimée de finir cette visite sur sa cible (%d) : %d %% ± %d\n"}},
    [NW_T_H_FIEF_ODDS] = {{"  Estimated chance of hitting that fief's target with this hand: %d%% ± %d\n",
                           "  Chance estimée d'atteindre la cible de ce fief avec cette main : %d %% ± %d\n"}},
    [NW_T_H_MEDAL_ODDS] = {{"  Estimated chance of reaching the %s medal (%d stars): %d%% ± %d\n",
                            "  Chance estimée d'obtenir la médaille %s (%d étoiles) : %d %% ± %d\n"}},
    [NW_T_A_TITLE] = {{"Analysis of %s: %d decisions with a real choice, %d sampled deals per search.\n"
                       "The percentages estimate the chance of ending the visit on its target (choosing a fief:\n"
                       "of reaching the medal) if the strong bot's play follows; ± is the margin of the sampling\n"
                       "of unseen cards, not the estimate's own error. The better choice is the strong bot's,\n"
                       "the one a hint gives.\n",
                       "Analyse de %s : %d décisions avec un vrai choix, %d donnes simulées par recherche.\n"
                       "Les pourcentages estiment la chance de finir la visite sur sa cible (au choix du fief :\n"
                       "d'obtenir la médaille) si la suite est jouée comme le robot fort ; ± est la marge du\n"
                       "tirage des cartes cachées, pas l'erreur propre de l'estimation. Le meilleur choix est\n"
                       "celui du robot fort, celui que donne le conseil.\n"}},
    [NW_T_A_ITEM] = {{"\n%d. Step %d, fief %d (score %d, target %d): you chose\n     %s  (%d%%) ± %d\n"
                      "   A better choice was\n     %s  (%d%%) ± %d\n",
                      "\n%d. Étape %d, fief %d (score %d, cible %d) : vous avez choisi\n     %s  (%d %%) ± %d\n"
                      "   Un meilleur choix était\n     %s  (%d %%) ± %d\n"}},
    [NW_T_A_ITEM_FIEF] = {{"\n%d. Step %d, choosing where to go: you chose\n     %s  (target %d%% ± %d, medal %d%%)\n"
                           "   A better choice was\n     %s  (target %d%% ± %d, medal %d%%)\n",
                           "\n%d. Étape %d, choix du fief : vous avez choisi\n     %s  (cible %d %% ± %d, médaille %d %%)\n"
                           "   Un meilleur choix était\n     %s  (cible %d %% ± %d, médaille %d %%)\n"}},
    [NW_T_A_NONE] = {{"\nNo decision stands out: each was within %d points (or the margins) of the strong bot's move.\n",
                      "\nAucune décision ne ressort : chacune était à moins de %d points (ou des marges) du coup du robot fort.\n"}},
    [NW_T_A_RESULT] = {{"\nResult: %s (%s).\n", "\nRésultat : %s (%s).\n"}},
    [NW_T_GOAL_MEDAL] = {{"%s (%d%s)", "%s (%d%s)"}},
    [NW_T_GOAL_HIDDEN] = {{"the 3 hidden stars", "les 3 étoiles cachées"}},
    [NW_T_GOAL_EXPERT] = {{"%s + the outer fiefs 0, 1, 6, 7", "%s + les fiefs extérieurs 0, 1, 6, 7"}},
    [NW_T_HEADER_HIDDEN] = {{"%s | seed %llu | %s | aiming for %s | fiefs: %d friendly, %d lost",
                             "%s | graine %llu | %s | but : %s | fiefs : %d amicaux, %d perdus"}},
    [NW_T_HEADER_HIDDEN_COMPACT] = {{"%s | seed %llu | %s | %s | %d friendly, %d lost",
                                     "%s | graine %llu | %s | %s | %d amicaux, %d perdus"}},
    [NW_T_RESULT_HIDDEN] = {{"Game over. Hidden stars on friendly fiefs: %d of 3 (they were on fiefs %s).\n",
                             "Partie terminée. Étoiles cachées sur des fiefs amicaux : %d sur 3 (elles étaient sur "
                             "les fiefs %s).\n"}},
    [NW_T_H_GOAL_ODDS] = {{"  Estimated chance of reaching the goal (%s): %d%% ± %d\n",
                           "  Chance estimée d'atteindre le but (%s) : %d %% ± %d\n"}},
    [NW_T_BAD_VARIANT] = {{"--variant takes medals or hidden-stars, not '%s'",
                           "--variant attend medals ou hidden-stars, pas « %s »"}},
    [NW_T_STAR_HIDDEN] = {{"?", "?"}},
    [NW_T_HIDDEN_GAIN] = {{"a fief that may hold a hidden star", "un fief qui cache peut-être une étoile"}},
    [NW_T_A_NOT_OVER] = {{"(This game is not finished; the analysis covers the moves played so far.)\n",
                          "(Cette partie n'est pas finie ; l'analyse porte sur les coups déjà joués.)\n"}},
};

/* A Northwood message in the player's language. */
const char *tw_nw_cli_text(tw_lang lang, tw_nw_text_id id)
{
    if ((int)id < 0 || id >= NW_T_COUNT)
        return "";
    return tw_msg_get(&tw_nw_cli_table[id], lang);
}
