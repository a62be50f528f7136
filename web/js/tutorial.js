// The tutorials (#/tutorial/northwood, #/tutorial/fox): a real game dealt
// from the fixed seed of the script web/tutorial/<name>.json (the same
// script the terminal's `trickwood tutorial` reads), played on the usual
// table with a coach beside it. For each decision the script names the
// actions the lesson expects (found by the game's version, so undo and a
// reload land on their step), what to say, and why any other legal action
// is not the lesson's: such an action is explained in the coach and not
// sent. After the last step the game goes on as a real one. The start
// page offers the tutorials (tutorialLinks) and, to a browser that never
// played, a first-run offer (tutorialOffer), remembered in localStorage.

import { t, lang } from './i18n.js';
import { el, clear, toast } from './ui.js';
import { api, saveToken, tokenFor } from './api.js';
import { GameSession } from './session.js';
import { gameScreen } from './table.js';
import { gameOf } from './games.js';

// The tutorials by their address name, with the web API's game name.
export const TUTORIALS = [
  { name: 'northwood', game: 'northwood', nameKey: 'nw_name' },
  { name: 'fox', game: 'foxduet', nameKey: 'fox_name' },
];

// The coach's own words (the lessons are in the scripts).
const WORDS = {
  en: {
    step: 'Step {n} of {of}', loading: 'Dealing the tutorial…',
    not_lesson: 'Not this one', wait: 'Your partner is playing.',
    done: 'Tutorial over', restart: 'Start the tutorial again', leave: 'Leave the tutorial',
    link: 'Tutorial: {game}', offer_title: 'New to these games?',
    offer_body: 'A guided first deal teaches either game in a few minutes, then lets you play it out.',
    offer_no: 'No, thanks', failed: 'The tutorial could not start: {msg}',
  },
  fr: {
    step: 'Étape {n} sur {of}', loading: 'Distribution du tutoriel…',
    not_lesson: 'Pas celle-ci', wait: 'Votre partenaire joue.',
    done: 'Tutoriel terminé', restart: 'Recommencer le tutoriel', leave: 'Quitter le tutoriel',
    link: 'Tutoriel : {game}', offer_title: 'Vous découvrez ces jeux ?',
    offer_body: 'Une première donne guidée apprend l\'un ou l\'autre jeu en quelques minutes, puis vous laisse le finir.',
    offer_no: 'Non merci', failed: 'Le tutoriel n\'a pas pu démarrer : {msg}',
  },
};

// A coach word in the current language, its {marks} filled.
function w(key, params) {
  const text = (WORDS[lang()] || WORDS.en)[key] || WORDS.en[key];
  return text.replace(/\{(\w+)\}/g, (m, k) => (params && params[k] !== undefined ? String(params[k]) : m));
}

// A script text {en, fr} in the current language.
function say(text) {
  return text ? text[lang()] || text.en : '';
}

const OFFERED = 'tw.tutorial.offered';
const gameKey = (name) => 'tw.tutorial.' + name;

function stored(key) {
  try { return localStorage.getItem(key); } catch (e) { return null; }
}
function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
  } catch (e) { /* private mode: nothing kept */ }
}

// The start page's link to each tutorial, for a game's start card.
export function tutorialLink(game) {
  const tut = TUTORIALS.find((x) => x.game === game);
  return el('a', { class: 'button secondary', href: '#/tutorial/' + tut.name, 'data-testid': 'tutorial-' + tut.name },
    w('link', { game: t(tut.nameKey) }));
}

// The first-run offer of the tutorials: shown until the player takes a
// tutorial or declines (null once answered, or when games were played).
export function tutorialOffer(playedBefore) {
  if (playedBefore || stored(OFFERED)) return null;
  const box = el('section', { class: 'panel notice tutorial-offer', 'data-testid': 'tutorial-offer' },
    el('h2', {}, w('offer_title')), el('p', {}, w('offer_body')),
    el('p', { class: 'row' },
      TUTORIALS.map((tut) => el('a', { class: 'button primary', href: '#/tutorial/' + tut.name,
        'data-testid': 'tutorial-offer-' + tut.name }, w('link', { game: t(tut.nameKey) }))),
      el('button', { type: 'button', class: 'button secondary', 'data-testid': 'tutorial-offer-no',
        onclick: () => { store(OFFERED, '1'); box.remove(); } }, w('offer_no'))));
  return box;
}

// Loads the stylesheet of the coach once.
function coachStyle() {
  if (document.querySelector('link[data-tutorial-css]')) return;
  document.head.appendChild(el('link', { rel: 'stylesheet', href: 'css/tutorial.css', 'data-tutorial-css': '1' }));
}

// The script of a tutorial (fetched once per page).
const scripts = new Map();
function scriptOf(name) {
  if (!scripts.has(name)) {
    scripts.set(name, fetch('tutorial/' + name + '.json').then((r) => {
      if (!r.ok) throw new Error('tutorial/' + name + '.json: ' + r.status);
      return r.json();
    }).catch((e) => { scripts.delete(name); throw e; }));
  }
  return scripts.get(name);
}

// A seat whose actions go through the coach first: an action the step
// does not expect is explained and not sent.
class CoachedSession extends GameSession {
  constructor(id, token, onChange, onError, coach) {
    super(id, token, onChange, onError);
    this.coach = coach;
  }

  act(action) {
    if (this.state && !this.coach.allows(this.state, action)) return Promise.resolve(null);
    return super.act(action);
  }
}

// The coach: the panel beside the table, and the judge of each action.
class Coach {
  constructor(script, main, restart) {
    this.script = script;
    this.main = main;
    this.restart = restart;
    this.wrong = null; // {version, action, text} of the last refused action
    this.state = null;
    this.game = gameOf(script.game);
    // A <details>: the player may fold it to its heading (to see more of
    // the table on a phone); a wrong move opens it again.
    this.folded = false;
    this.node = el('details', { class: 'tutorial-coach', 'data-testid': 'tutorial-coach', 'aria-live': 'polite', open: true });
    this.node.addEventListener('toggle', () => { this.folded = !this.node.open; });
  }

  // The step at a state (null past the end, or at the partner's turn).
  stepOf(st) {
    return st && !st.over ? this.script.steps.find((s) => s.at === st.version) || null : null;
  }

  // Whether the lesson takes the action; if not, says why.
  allows(st, action) {
    const step = this.stepOf(st);
    if (!step || step.do.includes(action)) {
      this.wrong = null;
      return true;
    }
    const why = (step.why && step.why[action]) || step.wrong;
    this.wrong = { version: st.version, action, text: say(why) };
    this.folded = false;
    this.draw();
    const node = this.node.querySelector('[data-testid=tutorial-why]');
    if (node && node.scrollIntoView) node.scrollIntoView({ block: 'nearest' });
    return false;
  }

  // Whether the script is over at this state.
  over(st) {
    const last = this.script.steps[this.script.steps.length - 1];
    return !!st && (st.over || st.version > last.at);
  }

  // Fills the panel for the current state.
  draw() {
    const st = this.state;
    const steps = this.script.steps;
    const step = this.stepOf(st);
    const index = step ? steps.indexOf(step) : -1;
    const wrong = this.wrong && st && this.wrong.version === st.version ? this.wrong : null;
    const view = (st && st.view) || {};
    // Only the parts there are: append() would write a missing one as "null".
    this.node.open = !this.folded;
    clear(this.node).append(...[
      el('summary', {}, el('h2', {}, say(this.script.title), ' ',
        el('span', { class: 'muted tutorial-count', 'data-testid': 'tutorial-step', 'data-step': String(index) },
          step ? w('step', { n: index + 1, of: steps.length }) : this.over(st) ? w('done') : ''))),
      el('p', { class: 'tutorial-say', 'data-testid': 'tutorial-say' },
        step ? say(step.say) : this.over(st) ? say(this.script.end) : w('wait')),
      wrong ? el('p', { class: 'tutorial-why', role: 'alert', 'data-testid': 'tutorial-why' },
        el('strong', {}, w('not_lesson') + ' (' + this.game.actionLabel(wrong.action, view) + ')'), ' ', wrong.text) : null,
      el('p', { class: 'tutorial-links' },
        el('button', { type: 'button', class: 'button secondary small', 'data-testid': 'tutorial-restart',
          onclick: this.restart }, w('restart')), ' ',
        el('a', { href: '#/', 'data-testid': 'tutorial-leave' }, w('leave'))),
    ].filter(Boolean));
  }

  // Puts the panel where it shows beside the hand: at the top of the side
  // column on a laptop; on a phone or a short window, at the top of the
  // dock that stays at the bottom of the window with the prompt and the
  // hand. Called after every drawing of the table.
  place() {
    const small = window.matchMedia('(max-width: 900px), (max-height: 600px)').matches;
    const box = this.main.querySelector(small ? '.table-dock' : '.table-side') || this.main.querySelector('.game');
    if (box && this.node.parentNode !== box) box.prepend(this.node);
    // The lesson's actions are marked on the table (a class only: no
    // redrawing).
    const step = this.stepOf(this.state);
    for (const node of this.main.querySelectorAll('[data-action]')) {
      const on = !!step && step.do.includes(node.getAttribute('data-action'));
      if (node.classList.contains('tutorial-expected') !== on) node.classList.toggle('tutorial-expected', on);
    }
  }
}

// The name of the tutorial whose game this browser keeps under id, or
// null: such a game opened at #/play/ID is shown with its coach.
export function tutorialOfGame(id) {
  const tut = TUTORIALS.find((x) => stored(gameKey(x.name)) === id);
  return tut ? tut.name : null;
}

// Creates the tutorial's game and keeps its id for this browser.
async function newTutorialGame(tut, script) {
  const res = await api('POST', '/api/games', { game: script.game, ...script.options, seed: script.seed });
  saveToken(res.id, res.token, res.game || script.game);
  store(gameKey(tut.name), res.id);
  return res.id;
}

// The tutorial page of one game.
export function tutorialPage(main, name) {
  const tut = TUTORIALS.find((x) => x.name === name) || TUTORIALS[0];
  store(OFFERED, '1');
  coachStyle();
  clear(main).appendChild(el('p', { class: 'muted' }, w('loading')));
  let session = null;
  let screen = null;
  let coach = null;
  let observer = null;
  let closed = false;

  const stop = () => {
    if (session) session.close();
    if (observer) observer.disconnect();
    session = screen = observer = null;
  };

  // Opens the tutorial's game (a new one when fresh is set, or when this
  // browser keeps none, or the one kept is gone) and mounts the table with
  // its coach. A finished one is shown as it ended, with the button that
  // deals the tutorial again.
  async function open(fresh) {
    stop();
    try {
      const script = await scriptOf(tut.name);
      let id = fresh ? null : stored(gameKey(tut.name));
      if (id && !tokenFor(id)) id = null;
      if (!id) id = await newTutorialGame(tut, script);
      if (closed) return;
      coach = new Coach(script, main, () => open(true));
      const onChange = (st, events, prev) => {
        coach.state = st;
        if (!screen) screen = gameScreen(main, session, coach.game, { gameId: id });
        screen.render(st, events, prev);
        coach.draw();
        coach.place();
      };
      const onError = (e) => toast(t('error_prefix', { msg: e.message }), 'error');
      session = new CoachedSession(id, tokenFor(id), onChange, onError, coach);
      // The table draws itself again on its own (a ruler picked before its
      // ally, a hint, a setting): the coach goes back beside it each time.
      observer = new MutationObserver(() => { if (coach) coach.place(); });
      observer.observe(main, { childList: true, subtree: true });
      await session.load([]);
    } catch (e) {
      if (!fresh && stored(gameKey(tut.name))) {
        store(gameKey(tut.name), null); // the kept game is gone (archived): deal a new one
        open(true);
        return;
      }
      clear(main).appendChild(el('div', { class: 'panel error', role: 'alert' },
        el('p', {}, w('failed', { msg: e && e.message ? e.message : String(e) })),
        el('p', {}, el('a', { href: '#/' }, t('nav_home')))));
    }
  }
  open(false);
  return {
    destroy() { closed = true; stop(); },
    rerender() { if (screen) screen.rerender(); if (coach) { coach.draw(); coach.place(); } },
  };
}
