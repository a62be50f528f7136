// The help page (#/help): how the web app works and a short reminder of
// each game's rules, in English and French, in our own words.

import { t, lang } from './i18n.js';
import { el, clear } from './ui.js';
import { tutorialLink } from './tutorial.js';

const HELP = {
  en: [
    ['h2', 'Playing with mouse, finger or keyboard'],
    ['p', 'Everything you may do right now is highlighted: cards in your hand lift up, fiefs and allies get a coloured frame, and the other choices appear as buttons under the prompt. Click or tap one to play it.'],
    ['p', 'With the keyboard, Tab moves between choices and Enter or Space picks one. The first twelve choices carry a small key (1 to 9, then 0, - and =): press it to pick that choice straight away. U takes back your last decision and H asks for a hint. In a replay the arrow keys step back and forth, and Home and End go to the start and the end. Every card has a spoken name for screen readers.'],
    ['p', 'The "Hint" button asks the strong bot what it would do from what you can see, and how likely it thinks success is. The suggested choice gets a dashed outline.'],
    ['p', 'On a phone the status bar stays at the top and your hand, with the prompt and the statement or the trick, at the bottom; the board and the log scroll between them. A tap on a card plays it. With the setting "Play my only legal card by itself" (start page, or under "What happened"), a card that is your only possible play goes on its own after a short pause; Wait keeps it for you to play.'],
    ['p', 'This page is a reminder. The full rules of both games, with examples, and every card with its ability are behind the "Rules" button: in the header, under each game on the start page, and in the status bar of a table, where they open over the game without stopping it.'],
    ['h2', 'For Northwood!'],
    ['p', 'You visit the eight fiefs one at a time. The number on a fief is its target: the visit must end with exactly that many cards in your score pile. The ruler of the visited fief gives the trump suit and turns up statements from the deck; you answer each with a card from your hand. Follow the statement\'s suit if you can. Your answer wins (and goes to the score pile) when it is higher in the same suit, or a trump against a non-trump statement.'],
    ['p', 'Before each statement you may use one ally\'s ability; each ally helps once per visit. Hover, focus or tap a fief or an ally to read its ability. A ruler you won over may stand in for an ally at the start of a visit. The visit ends when your hand or the deck runs out. Stars of the friendly fiefs add up to the medal: 16 for bronze, 18 for silver, 20 for gold.'],
    ['p', 'The full setup adds the twelve crown characters (a Prince, a Lady and a Baron of each suit), marked with a small crown. Some ask more of you: draw another card or stop, which way the visit moves, which used ally gets ready again, swap or pass. An armed Baron of Eyes is shown under the prompt until your next answer.'],
    ['p', 'How each of the 24 characters fares as a starting ally, a ruler and a substitute, over 10,000 full-deal games of the strong bot at a lighter search effort, is in the file docs/characters.md of Trickwood (with the command that makes the table again).'],
    ['p', 'Once nothing can change whether a visit hits its target, the prompt says so and a button finishes the visit at once with that outcome; you may also play it out.'],
    ['h2', 'The Fox in the Forest Duet'],
    ['p', 'Two players work together. Each trick moves the team token along the path toward the winner\'s end by the footprints on both cards. Ending a trick on a space whose slot holds gems picks one up. Walking off an end costs a forest token and sends the token back to the start. Collect every gem before the end of round three.'],
    ['p', 'Odd cards have abilities: Musician (1), Foxes (3), Gazelle (5), Gift (7) and Royal Heir (9). When one needs a decision, the player who must decide sees the question; the other sees a waiting message.'],
    ['p', 'To play with a friend, open a table with "A friend" as partner and send the link shown on the game page. When your friend opens it, they take the other seat. You can give the open seat to the bot at any time. Your partner\'s cards are never sent to your browser: you only see how many they hold.'],
    ['h2', 'History'],
    ['p', 'Every finished game is kept on the server. The "History" page lists them with their results, draws a chart of your results over time and replays any game step by step (arrow keys work too).'],
  ],
  fr: [
    ['h2', 'Jouer à la souris, au doigt ou au clavier'],
    ['p', 'Tout ce que vous pouvez faire maintenant est mis en évidence : les cartes jouables de votre main se soulèvent, les fiefs et alliés utilisables reçoivent un cadre coloré, et les autres choix sont des boutons sous la consigne. Cliquez ou touchez pour jouer.'],
    ['p', 'Au clavier, Tab passe d\'un choix à l\'autre et Entrée ou Espace le valide. Les douze premiers choix portent une petite touche (1 à 9, puis 0, - et =) : appuyez dessus pour choisir directement. U reprend votre dernière décision et H demande un conseil. Dans un rejeu, les flèches avancent et reculent d\'un pas, Début et Fin vont au début et à la fin. Chaque carte a un nom lisible par les lecteurs d\'écran.'],
    ['p', 'Le bouton « Conseil » demande au robot fort ce qu\'il jouerait d\'après ce que vous voyez, et ses chances de réussite. Le choix conseillé est entouré de pointillés.'],
    ['p', 'Sur un téléphone, la barre d\'état reste en haut, et votre main, avec la consigne et la déclaration ou le pli, en bas ; le plateau et le déroulement de la partie défilent entre les deux. Toucher une carte la joue. Avec le réglage « Jouer d\'office ma seule carte possible » (page d\'accueil, ou sous « Déroulement »), une carte qui est votre seul coup possible part d\'elle-même après une courte pause ; Attendre la garde pour que vous la jouiez.'],
    ['p', 'Cette page est un aide-mémoire. Les règles complètes des deux jeux, avec des exemples, et chaque carte avec sa capacité sont derrière le bouton « Règles » : dans l\'en-tête, sous chaque jeu sur la page d\'accueil, et dans la barre d\'état d\'une table, où elles s\'ouvrent par-dessus la partie sans l\'arrêter.'],
    ['h2', 'Les Fiefs de Norbois !'],
    ['p', 'Vous visitez les huit fiefs un par un. Le nombre d\'un fief est sa cible : la visite doit finir avec exactement ce nombre de cartes dans votre pile de score. Le chef du fief visité fixe l\'atout et retourne des déclarations depuis la pioche ; vous répondez à chacune avec une carte de votre main, en fournissant la couleur si possible. Votre réponse l\'emporte (et va sur la pile de score) si elle est plus forte dans la même couleur, ou si c\'est un atout contre une déclaration qui n\'en est pas.'],
    ['p', 'Avant chaque déclaration, vous pouvez utiliser la capacité d\'un allié ; chaque allié aide une fois par visite. Survolez, sélectionnez ou touchez un fief ou un allié pour lire sa capacité. Un chef rallié peut remplacer un allié au début d\'une visite. La visite s\'arrête quand votre main ou la pioche est vide. Les étoiles des fiefs alliés donnent la médaille : 16 pour le bronze, 18 pour l\'argent, 20 pour l\'or.'],
    ['p', 'La donne complète ajoute les douze personnages couronne (un Prince, une Dame et un Baron de chaque couleur), marqués d\'une petite couronne. Certains vous demandent plus : piocher encore ou s\'arrêter, de quel côté part la visite, quel allié utilisé redevient prêt, échanger ou passer. Un Baron des Yeux en attente est signalé sous la consigne jusqu\'à votre prochaine réponse.'],
    ['p', 'Comment chacun des 24 personnages s\'en sort comme allié de départ, chef et remplaçant, sur 10 000 parties en donne complète du robot fort à effort de recherche réduit, se trouve dans le fichier docs/characters.md de Trickwood (avec la commande qui refait le tableau).'],
    ['p', 'Dès que plus rien ne peut changer si une visite atteint sa cible, la consigne le dit et un bouton termine aussitôt la visite avec cette issue ; vous pouvez aussi la jouer jusqu\'au bout.'],
    ['h2', 'Le Renard des Bois : Duo'],
    ['p', 'Deux joueurs coopèrent. Chaque pli fait avancer le jeton d\'équipe vers l\'extrémité du gagnant d\'autant de cases que d\'empreintes sur les deux cartes. Finir un pli sur une case dont l\'emplacement a des gemmes en ramasse une. Sortir du sentier coûte un jeton forêt et renvoie le jeton au départ. Ramassez toutes les gemmes avant la fin de la troisième manche.'],
    ['p', 'Les cartes impaires ont des capacités : Musicien (1), Renards (3), Gazelle (5), Présent (7) et Prince/Princesse (9). Quand l\'une demande une décision, le joueur concerné voit la question ; l\'autre voit un message d\'attente.'],
    ['p', 'Pour jouer avec un ami, ouvrez une table avec « Un ami » comme partenaire et envoyez-lui le lien affiché sur la page de jeu. En l\'ouvrant, il prend l\'autre place. Vous pouvez confier la place libre au robot à tout moment. Les cartes de votre partenaire ne sont jamais envoyées à votre navigateur : vous voyez seulement combien il en a.'],
    ['h2', 'Historique'],
    ['p', 'Chaque partie terminée est gardée sur le serveur. La page « Historique » les liste avec leurs résultats, trace un graphique de vos résultats au fil du temps et rejoue n\'importe quelle partie pas à pas (les flèches du clavier fonctionnent aussi).'],
  ],
};

// Shows the help page in the current language.
export function helpPage(main) {
  function render() {
    const blocks = HELP[lang()] || HELP.en;
    clear(main).append(el('article', { class: 'panel help' }, el('h1', {}, t('help_title')),
      el('p', { class: 'row' }, tutorialLink('northwood'), tutorialLink('foxduet')),
      blocks.map(([tag, text]) => el(tag, {}, text))));
  }
  render();
  return { destroy() {}, rerender: render };
}
