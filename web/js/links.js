// The links of the pages a game has besides its table (#/replay,
// #/analysis): written once, for the table, the history and the analysis
// page, and importing nothing, so that any page may link to another.

// The link that opens the replay of game id at a step.
export function replayHref(id, step) {
  return '#/replay/' + encodeURIComponent(id) + '/' + step;
}

// The link of a game's analysis page.
export function analysisHref(id) {
  return '#/analysis/' + encodeURIComponent(id);
}
