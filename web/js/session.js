// One seat at one game on the server: loads the seat's state, sends
// actions (with the version they were chosen at), asks for hints, and
// listens to the server's event stream for changes made by the partner or
// by a bot. Holds only what the server sent to this seat.

import { api, gamePath } from './api.js';
import { LOCAL, onLocalChange } from './local.js';

export class GameSession {
  // id: game id; token: this seat's secret; onChange(state, events, prev)
  // is called whenever a new state arrived (events: what this seat's last
  // action caused, or [] when the change came from elsewhere).
  constructor(id, token, onChange, onError) {
    this.id = id;
    this.token = token;
    this.onChange = onChange;
    this.onError = onError;
    this.state = null;
    this.busy = false;
    this.source = null;
    this.closed = false;
    this.loading = null;
    this.missed = false;
    this.asked = 0;   // state requests sent
    this.shown = 0;   // the latest of them whose reply was taken
  }

  // The current state as this seat sees it.
  fetchState() {
    return api('GET', gamePath(this.id, 'state'), undefined, this.token);
  }

  // Fetches the current state and reports it. A reply that comes after
  // the reply to a later request is old and left out; any other is the
  // game as it is now, also with a lower version (an undo, maybe taken
  // in another tab or window).
  async load(events) {
    if (this.closed) return null;
    const asked = ++this.asked;
    const st = await this.fetchState();
    if (this.closed) return null;
    if (asked < this.shown) return this.state;
    this.shown = asked;
    // A state of another seat (a table played at one screen) starts
    // afresh: the earlier state, and the events of the other seat's
    // action, which may tell what only that seat saw, are not this seat's.
    const otherSeat = !!this.state && this.state.seat !== st.seat;
    const prev = otherSeat ? null : this.state;
    // The same state again (an update for our own action): nothing to draw.
    if (prev && (!events || !events.length) && JSON.stringify(st) === JSON.stringify(prev)) return prev;
    this.state = st;
    this.onChange(st, otherSeat ? [] : (events || []), prev);
    return st;
  }

  // Loads again unless a load is already running; used by the event
  // stream so that bursts of updates cost one request.
  refresh() {
    if (this.loading) { this.again = true; return this.loading; }
    this.loading = this.load([]).catch((e) => this.onError(e)).finally(() => {
      this.loading = null;
      if (this.again) { this.again = false; this.refresh(); }
    });
    return this.loading;
  }

  // Sends one action in notation; resolves with the server's events after
  // the new state was loaded. A stale version reloads the state and throws.
  async act(action) {
    if (this.busy || !this.state) return null;
    this.busy = true;
    try {
      const res = await api('POST', gamePath(this.id, 'actions'),
        { action, version: this.state.version }, this.token);
      const events = (res && res.events) || [];
      await this.load(events);
      return res;
    } catch (e) {
      if (e.code === 'conflict' || e.status === 409) {
        try { await this.load([]); } catch (e2) { /* reported below */ }
      }
      throw e;
    } finally {
      this.busy = false;
      // Something may have changed while our request was running.
      if (this.missed) { this.missed = false; this.refresh(); }
    }
  }

  // Takes back this seat's last decision (the server refuses when a card
  // was shown since, or between two players); resolves with the server's
  // reply after the older state was loaded and reported with the reply's
  // events (an "undo" event saying what was taken back).
  async undo() {
    if (this.busy || !this.state) return null;
    this.busy = true;
    try {
      const res = await api('POST', gamePath(this.id, 'undo'), { version: this.state.version }, this.token);
      this.state = null; // the version goes back: the older state is the one to keep
      await this.load((res && res.events) || []);
      return res;
    } catch (e) {
      if (e.code === 'conflict') {
        try { await this.load([]); } catch (e2) { /* reported below */ }
      }
      throw e;
    } finally {
      this.busy = false;
      if (this.missed) { this.missed = false; this.refresh(); }
    }
  }

  // Asks the server's strong bot for advice from this seat's view.
  hint() {
    return api('GET', gamePath(this.id, 'hint'), undefined, this.token);
  }

  // Opens the event stream: every "update" loads the state again. With
  // the engine in the page, the changes come from this browser's other
  // tabs instead.
  listen() {
    if (this.source || this.closed) return;
    if (LOCAL) {
      const stop = onLocalChange(this.id, () => {
        if (this.busy) { this.missed = true; return; }
        this.refresh();
      });
      this.source = { close: stop };
      return;
    }
    if (typeof EventSource === 'undefined') return;
    const url = gamePath(this.id, 'events') + '?token=' + encodeURIComponent(this.token);
    const src = new EventSource(url);
    this.source = src;
    // Any change (an action, a partner joining, a bot taking a seat) sends
    // an update; the state is then loaded again.
    src.addEventListener('update', () => {
      if (this.busy) { this.missed = true; return; } // act() reloads after
      this.refresh();
    });
    // After a dropped connection the browser reconnects by itself, and the
    // server starts every stream with an update, so nothing is missed.
    // After an answer that is not a stream (the server's 503 when its
    // streams are all taken) the browser gives up for good: the page then
    // tries again itself, waiting longer each time (5 s, 10 s... 1 min),
    // and loads the state at each try so nothing is missed meanwhile.
    // The page's <html data-stream> tells how the stream is: "open", or
    // "retrying" while the page waits to try again.
    src.addEventListener('open', () => { this.retryMs = 0; document.documentElement.dataset.stream = 'open'; });
    src.addEventListener('error', () => {
      if (src.readyState !== EventSource.CLOSED || this.closed || this.source !== src) return;
      document.documentElement.dataset.stream = 'retrying';
      this.source = null;
      this.retryMs = Math.min(60000, this.retryMs ? this.retryMs * 2 : 5000);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        if (this.closed) return;
        this.refresh();
        this.listen();
      }, this.retryMs);
    });
  }

  // Stops listening; later answers are ignored.
  close() {
    this.closed = true;
    if (this.retryTimer) { clearTimeout(this.retryTimer); this.retryTimer = null; }
    if (this.source) { this.source.close(); this.source = null; }
  }
}

// Both seats of a table played at one screen (the static site's Duet with
// a friend): the state is always fetched for the seat to act. When the
// seat changes, the screen must hand over (handover is set until
// tookOver() is called); load() then reports the new seat's state with
// no earlier state and no events.
export class HotseatSession extends GameSession {
  constructor(id, tokens, onChange, onError) {
    super(id, tokens[0], onChange, onError);
    this.tokens = tokens;
    this.handover = false;
  }

  // The state for the seat to act (the current seat's once over).
  async fetchState() {
    let st = await super.fetchState();
    const next = st && !st.over ? st.to_act : -1;
    if ((next === 0 || next === 1) && next !== st.seat) {
      this.token = this.tokens[next];
      this.handover = true;
      st = await super.fetchState();
    }
    return st;
  }

  // The screen showed the new seat's cards.
  tookOver() {
    this.handover = false;
  }
}
