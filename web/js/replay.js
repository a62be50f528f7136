// The step-by-step replay of one finished game: from the history
// (#/replay/<id>/<step>) or from a link that carries the whole record
// (#/replay-link/<data>, read-only: it opens in any browser, the static
// site included, and stores nothing). A note can be kept on any step of a
// game of the history (the record's "notes", docs/formats.md); the
// replay shows the note of the step shown, and offers the record as a
// file and as a link.

import { t } from './i18n.js';
import { el, clear, toast } from './ui.js';
import { api } from './api.js';
import { gameOf } from './games.js';
import { gameScreen } from './table.js';
import { analysisHref } from './links.js';
import { hintAbout } from './settings.js';
import { recordLink, recordFromLink } from './record-link.js';

// Longest note, in characters (TW_NOTE_MAX_CHARS of trickwood/notes.h).
export const NOTE_MAX = 280;

// Why a note's text is refused (a text key), or null: one line of at
// most NOTE_MAX characters without control characters, as the engine
// checks it.
export function noteProblem(text) {
  if ([...text].length > NOTE_MAX) return 'replay_note_too_long';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) return 'replay_note_one_line';
  return null;
}

// The note at a step of a record's notes, or null.
function noteAt(notes, step) {
  const n = (notes || []).find((x) => x.step === step);
  return n ? n.text : null;
}

// A link that saves a finished game's record as a file, the same record
// `trickwood replay` reads and `--record` writes.
export function recordDownload(info, id) {
  const text = JSON.stringify(info.record, null, 2) + '\n';
  const href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const name = 'trickwood-' + (info.game || (info.record && info.record.game) || 'game') + '-' + id + '.json';
  return el('a', { class: 'button small secondary', href, download: name, 'data-testid': 'replay-download' }, t('replay_download'));
}

// The replay of one finished game: #/replay/<id>/<step>; with link set
// ({record}), the read-only replay of a record opened from a link.
export function replayPage(main, id, startStep, link) {
  let alive = true;
  const fromLink = !!link;
  let noteStatus = null; // {step, text} of the last note kept or refused
  let noteOpen = false; // whether the note field is unfolded
  let info = null;
  let step = Number.isInteger(startStep) && startStep >= 0 ? startStep : 0;
  let steps = null;
  let frame = null;
  let timer = null;
  let screen = null;
  let board = null;
  let hint = null; // {step, text} of the hint asked at a step
  const fakeSession = { state: null, token: null };
  const views = new Map(); // step -> the view after it, as the server sent it
  let before = null; // the view before the step shown (its action is named from it)

  // Asks the hint at the step shown, worked out from the view of the
  // player to act there (GET /api/history/<id>/hint?step=K).
  async function askHint() {
    const at = step;
    hint = { step: at, text: t('hint_busy') };
    draw();
    try {
      const h = await api('GET', '/api/history/' + encodeURIComponent(id) + '/hint?step=' + at);
      if (!alive || step !== at) return;
      const kind = gameOf((info && info.game) || frame.game);
      const text = kind.hintText(h, (frame && frame.view) || {});
      hint = { step: at, text: kind.seats === 2 ? t('replay_hint_who', { n: h.seat + 1, text }) : text, about: hintAbout(h.meaning) };
    } catch (e) {
      if (!alive || step !== at) return;
      hint = { step: at, text: t('error_prefix', { msg: e.message }) };
    }
    draw();
  }

  // One step of the replay from the server (kept: steps are asked again
  // when moving back and forth).
  async function frameAt(k) {
    if (views.has(k)) return views.get(k);
    const res = fromLink
      ? await api('POST', '/api/records/replay', { record: link.record, step: k })
      : await api('GET', '/api/history/' + encodeURIComponent(id) + '/replay?step=' + k);
    views.set(res.step ?? k, res);
    return res;
  }

  async function show(k) {
    try {
      const res = await frameAt(k);
      if (!alive) return;
      const at = res.step ?? k;
      // The action of a step is named as the player saw it: with the
      // table before it (a substitute's name, a card's owner).
      const prev = at > 0 ? await frameAt(at - 1) : null;
      if (!alive) return;
      frame = res;
      before = prev ? prev.view : null;
      step = at;
      steps = res.steps ?? steps;
      draw();
    } catch (e) {
      toast(t('error_prefix', { msg: e.message }), 'error');
      stop();
    }
  }

  function stop() {
    if (timer) { clearInterval(timer); timer = null; }
  }

  function draw() {
    if (!frame) return;
    const game = (info && info.game) || frame.game || 'northwood';
    const kind = gameOf(game);
    // Replays show seat 0's side of the table (with both hands for the Duet).
    const st = { id, game, seat: 0, version: step, over: false, legal: [], view: frame.view || {}, partner: { kind: 'human' } };
    fakeSession.state = st;
    const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.replay : null;
    clear(main);
    const who = kind.seats === 2 && frame.seat !== null && frame.seat !== undefined ? t('replay_player', { n: frame.seat + 1 }) + ' · ' : '';
    const label = frame.action
      ? who + t('replay_action', { action: kind.actionLabel(frame.action, before || {}) })
      : t('replay_start');
    const btn = (key, name, target, disabled) => el('button', {
      type: 'button', class: 'button secondary', 'data-replay': name, 'data-testid': 'replay-' + name, disabled,
      onclick: () => { stop(); show(target); } }, t(key));
    const last = steps !== null ? steps : step;
    const controls = el('div', { class: 'replay-controls', role: 'group', 'aria-label': t('replay_title') },
      btn('replay_first', 'first', 0, step <= 0),
      btn('replay_prev', 'prev', step - 1, step <= 0),
      el('button', { type: 'button', class: 'button', 'data-replay': 'play', 'data-testid': 'replay-play', disabled: step >= last,
        onclick: () => {
          if (timer) { stop(); draw(); return; }
          timer = setInterval(() => {
            if (step >= last) { stop(); draw(); return; }
            show(step + 1);
          }, 700);
          draw();
        } }, t(timer ? 'replay_pause' : 'replay_play')),
      btn('replay_next', 'next', step + 1, step >= last),
      btn('replay_last', 'last', last, step >= last));
    // Jumps to where a part of the game begins (visits; rounds and tricks).
    const actions = (info && info.record && Array.isArray(info.record.actions)) ? info.record.actions : [];
    const jumps = kind.replayJumps ? kind.replayJumps(actions, frame.view || {}) : [];
    const jumpRows = jumps.filter((j) => j.targets.length).map((j) => el('div', {
      class: 'replay-jumps', role: 'group', 'aria-label': t(j.key), 'data-testid': 'replay-jumps-' + j.name },
    el('span', { class: 'muted' }, t(j.key), ' '),
    j.targets.map((x) => el('button', {
      type: 'button', class: 'button small secondary' + (x.step === step ? ' current' : ''),
      'data-replay': j.name + '-' + x.n, 'data-testid': 'replay-' + j.name + '-' + x.n, 'data-step': x.step,
      'aria-label': t('replay_jump_to', { what: t(j.key), n: x.n }),
      onclick: () => { stop(); show(x.step); } }, String(x.n)))));
    const hintHere = hint && hint.step === step ? hint.text : '';
    const aboutHere = hint && hint.step === step ? hint.about : null;
    // Compact, so that the table below fits a laptop's window: the title
    // and its links on one line, the step buttons, the jumps and the hint
    // on the next (wrapping on narrow screens), then the step shown.
    main.append(
      el('div', { class: 'replay-head' },
        el('h1', {}, t(fromLink ? 'replay_link_title' : 'replay_title'), ' · ', t(kind.nameKey)),
        el('span', {}, fromLink
          ? el('a', { href: '#/' }, '← ', t('nav_home'))
          : [el('a', { href: '#/history' }, '← ', t('replay_back')), ' · ',
            el('a', { href: analysisHref(id), 'data-testid': 'replay-analysis-link' }, t('an_title'))], ' ',
        info && info.record ? recordDownload(info, id || 'shared') : null, ' ',
        info && info.record ? shareButton(info.record) : null)),
      el('div', { class: 'replay-bar' },
        controls,
        ...jumpRows,
        fromLink ? null : el('button', { type: 'button', class: 'button secondary', 'data-replay': 'hint', 'data-testid': 'replay-hint-button',
          disabled: step >= last, onclick: () => { stop(); askHint(); } }, t('replay_hint')),
        noteControl()),
      el('p', { class: 'hint-box', 'aria-live': 'polite', 'data-testid': 'replay-hint' }, hintHere, aboutHere || null),
      el('p', { class: 'prompt', 'data-testid': 'replay-step', 'aria-live': 'polite' }, t('replay_step', { k: step, n: last }), ' · ', label));
    const note = noteShown();
    if (note) main.appendChild(note);
    board = el('div', { class: 'replay-board' });
    main.appendChild(board);
    screen = gameScreen(board, fakeSession, kind, { readOnly: true, gameId: id });
    screen.render(st, []);
    if (focusKey) {
      const again = main.querySelector('[data-replay="' + focusKey + '"]');
      if (again && !again.disabled) again.focus();
    }
  }

  // The note of the step shown, if any.
  function noteShown() {
    const text = noteAt(info && info.record ? info.record.notes : null, step);
    return text ? el('p', { class: 'replay-note', 'data-testid': 'replay-note' }, el('strong', {}, t('replay_note'), ' '), text) : null;
  }

  // In the history's replay, the field that keeps, changes or (left
  // empty) removes the note of the step shown: folded into one button of
  // the bar until opened, so that the table still fits the window.
  function noteControl() {
    if (fromLink) return null;
    const text = noteAt(info && info.record ? info.record.notes : null, step);
    const status = noteStatus && noteStatus.step === step ? noteStatus.text : '';
    const input = el('input', { type: 'text', id: 'replay-note-input', 'data-testid': 'replay-note-input', 'data-replay': 'note-input',
      value: text || '', maxlength: NOTE_MAX * 2, size: 40 });
    const form = el('form', { class: 'replay-note-form', 'data-testid': 'replay-note-form',
      onsubmit: (e) => { e.preventDefault(); stop(); keepNote(step, input.value.trim()); } },
    el('label', { for: 'replay-note-input' }, t('replay_note_label'), ' '), input, ' ',
    el('button', { type: 'submit', class: 'button small secondary', 'data-testid': 'replay-note-save', 'data-replay': 'note-save' }, t('replay_note_save')),
    ' ', el('span', { class: 'muted', role: 'status', 'aria-live': 'polite', 'data-testid': 'replay-note-status' }, status));
    const box = el('details', { class: 'replay-note-box', open: noteOpen },
      el('summary', { class: 'button small secondary', 'data-testid': 'replay-note-open', 'data-replay': 'note-open' }, t(text ? 'replay_note_edit' : 'replay_note_add')),
      form);
    box.addEventListener('toggle', () => { noteOpen = box.open; });
    return box;
  }

  // Keeps (or, empty, removes) the note at a step of the history's game.
  async function keepNote(at, text) {
    const problem = text ? noteProblem(text) : null;
    if (problem) {
      noteStatus = { step: at, text: t(problem, { n: NOTE_MAX }) };
      draw();
      return;
    }
    try {
      const res = await api('POST', '/api/history/' + encodeURIComponent(id) + '/notes', { step: at, text });
      if (!alive) return;
      if (info && info.record) info.record.notes = res.notes;
      noteStatus = { step: at, text: t(text ? 'replay_note_saved' : 'replay_note_removed') };
    } catch (e) {
      if (!alive) return;
      noteStatus = { step: at, text: t('error_prefix', { msg: e.message }) };
    }
    if (step === at) draw();
  }

  function onKey(e) {
    const typing = e.target && (e.target.tagName === 'INPUT' || e.target.tagName === 'TEXTAREA');
    if (typing) return;
    if (e.key === 'ArrowRight' && steps !== null && step < steps) { stop(); show(step + 1); }
    else if (e.key === 'ArrowLeft' && step > 0) { stop(); show(step - 1); }
    else if (e.key === 'Home' && step > 0) { e.preventDefault(); stop(); show(0); }
    else if (e.key === 'End' && steps !== null && step < steps) { e.preventDefault(); stop(); show(steps); }
  }
  document.addEventListener('keydown', onKey);

  clear(main).appendChild(el('p', { class: 'muted' }, t('loading')));
  const loaded = fromLink ? Promise.resolve({ game: link.record.game, record: link.record })
    : api('GET', '/api/history/' + encodeURIComponent(id));
  loaded.then((res) => {
    if (!alive) return;
    info = res;
    show(step);
  }).catch((e) => {
    clear(main).appendChild(el('div', { class: 'panel error', role: 'alert' }, t('error_prefix', { msg: e.message }),
      el('p', {}, fromLink ? el('a', { href: '#/' }, t('nav_home')) : el('a', { href: '#/history' }, t('replay_back')))));
  });
  return {
    destroy() { alive = false; stop(); document.removeEventListener('keydown', onKey); },
    rerender() { draw(); },
  };
}

// The button that makes the link of a replay (the whole record, notes
// included, compressed into the address) and copies it; the link is also
// shown, selected, for browsers that may not copy.
function shareButton(record) {
  const out = el('span', { class: 'share-out' });
  const button = el('button', { type: 'button', class: 'button small secondary', 'data-testid': 'replay-share',
    onclick: async () => {
      let url;
      try {
        url = location.href.split('#')[0] + (await recordLink(record));
      } catch (e) {
        clear(out).append(el('span', { role: 'status', 'data-testid': 'replay-share-status' }, t('replay_share_failed')));
        return;
      }
      const field = el('input', { type: 'text', readonly: true, value: url, size: 30, 'aria-label': t('replay_share'),
        'data-testid': 'replay-share-url' });
      let copied = false;
      try {
        if (navigator.clipboard) { await navigator.clipboard.writeText(url); copied = true; }
      } catch (e) { copied = false; }
      clear(out).append(field, ' ', el('span', { class: 'muted', role: 'status', 'data-testid': 'replay-share-status' },
        t(copied ? 'replay_share_copied' : 'replay_share_select')));
      field.focus();
      field.select();
    } }, t('replay_share'));
  return el('span', {}, button, ' ', out);
}

// The replay of a record carried by a link: #/replay-link/<data>.
export function replayLinkPage(main, data) {
  let page = null;
  let alive = true;
  clear(main).appendChild(el('p', { class: 'muted' }, t('loading')));
  recordFromLink(data).then((record) => {
    if (!alive) return;
    page = replayPage(main, null, 0, { record });
  }).catch((e) => {
    if (!alive) return;
    clear(main).appendChild(el('div', { class: 'panel error', role: 'alert', 'data-testid': 'replay-link-error' },
      t('replay_link_bad', { msg: e.message }), el('p', {}, el('a', { href: '#/' }, t('nav_home')))));
  });
  return {
    destroy() { alive = false; if (page) page.destroy(); },
    rerender() { if (page) page.rerender(); },
  };
}
