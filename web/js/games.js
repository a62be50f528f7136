// The games of the web app, by the server's game name ("northwood",
// "foxduet"): each is the object that table.js draws its table with (see
// there) and the history pages word its games with: historyConfig(g) and
// historyResult(g) (a finished game's setup and result in words),
// chartValue(g), chartTitleKey, chartMax(values) and the optional chartRef
// (a reference line) for its chart.

import { northwoodGame } from './northwood.js';
import { foxGame } from './fox.js';

// Every game, in the order the pages list them.
export const GAMES = [northwoodGame, foxGame];

// The game object for a game name (For Northwood! when it is unknown).
export function gameOf(name) {
  return GAMES.find((g) => g.id === name) || northwoodGame;
}
