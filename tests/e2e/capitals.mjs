// "No capital letter mid-sentence": every player-visible text, in English
// and French, is read from its table (the web app's i18n.js, help.js and
// tutorial.js, the message
// tables of the C sources: each {{"English", "French"}} pair and each
// bilingual array of names and texts, the {en, fr} texts of the data files:
// characters, challenges, boards, tutorial scripts; the rules shipped with
// the program, data/rules/*.md) and every word that
// starts with a capital right after a lower-case word of the same
// sentence is reported, unless it is a proper name: the words of the
// characters' names taken from the data (and their plurals: "the Barons
// of Claws"), and the short list NAMES below.
// Used by the browser test "texts: no capital letter mid-sentence"; run
// alone (`node tests/e2e/capitals.mjs`) it prints what it finds.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;

// Proper names besides the data's character names: the games and the
// program, the suits of both games, the Duet's odd cards, the site and
// the browsers named in texts, the languages' names in English, the keys
// named as on the keyboard. A button or a page is named in quotes instead
// ("Wait", « Attendre »).
export const NAMES = new Set([
  'Trickwood', 'For', 'Northwood', 'Les', 'Fiefs', 'Norbois', 'The', 'Fox', 'Forest', 'Duet', 'Renard', 'Forêt',
  'Doves', 'Roses', 'Stars', 'Colombes', 'Étoiles', 'Claws', 'Flowers', 'Leaves', 'Eyes', 'Griffes', 'Fleurs', 'Feuilles', 'Yeux',
  'Musician', 'Foxes', 'Gazelle', 'Gazelles', 'Gift', 'Royal', 'Heir', 'Musicien', 'Renards', 'Présent', 'Prince', 'Princesse',
  'Bois', 'Duo', 'Board', 'Game', 'Arena', 'WebAssembly', 'PostgreSQL', 'SQLite', 'Firefox', 'Chrome', 'Edge', 'Safari', 'English', 'French',
  // the keyboard's keys, named as on the keys
  'Enter', 'Entrée', 'Tab', 'Space', 'Espace', 'Home', 'End', 'Fin',
]);

// Lower-case words after which French elides with an apostrophe (l'Étoile).
const ELIDED = new Set(['l', 'd', 'j', 'qu', 'n', 's', 'c', 'm', 't', 'jusqu', 'lorsqu', 'puisqu']);

// The words of the characters' names and the Duet's card names, from the data.
export function dataNames() {
  const names = new Set();
  const cat = JSON.parse(readFileSync(join(ROOT, 'data/characters.json'), 'utf8'));
  for (const c of cat.characters) for (const v of Object.values(c.name)) for (const w of v.split(/[\s']+/)) names.add(w);
  return names;
}

// The places (line, column) and words of capitals after a lower-case word
// of the same sentence in text, the allowed names left out.
export function midSentenceCapitals(text, allowed) {
  const found = [];
  // words, with the characters between them
  const re = /[\p{L}][\p{L}\p{M}]*/gu;
  let prev = null;
  let m;
  while ((m = re.exec(text))) {
    const word = m[0];
    const gap = prev ? text.slice(prev.end, m.index) : null;
    const lowerPrev = prev && /^[\p{Ll}]+$/u.test(prev.word);
    // joined only by spaces, or by an elision's apostrophe
    const sameSentence = gap !== null && (/^[ \u00a0\u202f]+$/.test(gap) || (/^['’]$/.test(gap) && ELIDED.has(prev.word)));
    const capital = /^\p{Lu}/u.test(word) && (/\p{Ll}/u.test(word) || !/^[A-Z]$/.test(word));
    // a word right after a backquote, a dash or a slash is a name or code
    const code = /[`$\-/_.=]$/.test(text.slice(0, m.index)) || /^[`\-/_=]/.test(text.slice(m.index + word.length));
    // a placeholder (%s, {name}) is no word of the sentence
    const mark = prev && /[%{]$/.test(text.slice(0, prev.end - prev.word.length));
    const name = allowed.has(word) || (/[sx]$/.test(word) && allowed.has(word.slice(0, -1)));
    if (lowerPrev && sameSentence && capital && !code && !mark && !name && !(word.length > 1 && word === word.toUpperCase())) {
      found.push(prev.word + ' ' + word);
    }
    prev = { word, end: m.index + word.length };
  }
  return found;
}

// The C string literals of a source file's text, comments removed:
// [{value, line, start, end}], adjacent literals joined into one.
function cLiterals(src) {
  const out = [];
  let i = 0;
  let line = 1;
  let last = null;
  const esc = { n: '\n', t: '\t', '"': '"', '\\': '\\', "'": "'", r: '\r', '0': '\0' };
  while (i < src.length) {
    const ch = src[i];
    if (ch === '\n') { line++; i++; continue; }
    if (src.startsWith('//', i)) { while (i < src.length && src[i] !== '\n') i++; continue; }
    if (src.startsWith('/*', i)) {
      const e = src.indexOf('*/', i + 2);
      for (let k = i; k < e; k++) if (src[k] === '\n') line++;
      i = e + 2;
      continue;
    }
    if (ch === "'") { i += src[i + 1] === '\\' ? 4 : 3; last = null; continue; }
    if (ch === '"') {
      let v = '';
      const start = i;
      i++;
      while (i < src.length && src[i] !== '"') {
        if (src[i] === '\\') {
          const n = src[i + 1];
          if (n === 'x') {
            const hex = /^[0-9a-fA-F]+/.exec(src.slice(i + 2))[0];
            v += '\u0001'; // a byte given in hex: never a letter here
            i += 2 + hex.length;
            continue;
          }
          v += esc[n] !== undefined ? esc[n] : n;
          i += 2;
          continue;
        }
        v += src[i++];
      }
      i++;
      // joined to the literal before when only blanks lie between
      if (last && /^\s*$/.test(src.slice(last.end, start))) {
        last.value += v;
        last.end = i;
      } else {
        last = { value: v, line, start, end: i };
        out.push(last);
      }
      continue;
    }
    if (!/\s/.test(ch)) last = null;
    i++;
  }
  return out;
}

// Whether a C literal is a player-visible text of a message table: one of
// an English/French pair {{"...", "..."}} or of a two-language array
// [2][N] = {{...}, {...}} (the literal lies inside double braces).
function inMessageTable(src, lit) {
  // the nearest unclosed braces before the literal
  let depth = 0;
  let k = lit.start - 1;
  const opens = [];
  for (; k >= 0 && opens.length < 2; k--) {
    const c = src[k];
    if (c === '}') depth++;
    else if (c === '{') { if (depth) depth--; else opens.push(k); }
    else if (c === ';') break;
  }
  if (opens.length < 2) return false;
  // the line that opens the table: a tw_msg, or an array of two languages
  const head = src.slice(src.lastIndexOf('\n', opens[1]) + 1, opens[1] + 1);
  const declared = src.slice(Math.max(0, src.lastIndexOf(';', opens[1]) + 1), opens[1] + 1);
  return /tw_msg/.test(declared) || /\[2\]/.test(declared) || /^\s*\[[A-Z_0-9]+\]\s*=\s*\{\{?/.test(head) ||
    /^\s*\{\{/.test(head) || /tw_msg/.test(src.slice(Math.max(0, opens[1] - 400), opens[1]));
}

// Every .c file under dir.
function cFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...cFiles(p));
    else if (name.endsWith('.c')) out.push(p);
  }
  return out;
}

// The texts of the C message tables: [{where, text}].
export function cTexts() {
  const out = [];
  for (const file of cFiles(join(ROOT, 'src'))) {
    const src = readFileSync(file, 'utf8');
    for (const lit of cLiterals(src)) {
      if (!/\p{Ll}{2,} /u.test(lit.value) && !/^\p{Lu}\p{Ll}+$/u.test(lit.value)) continue; // words, not codes
      if (!inMessageTable(src, lit)) continue;
      out.push({ where: relative(ROOT, file) + ':' + lit.line, text: lit.value });
    }
  }
  return out;
}

// The {en, fr} texts of the data files (characters, challenges, boards,
// tutorial scripts): [{where, text}].
export function dataTexts() {
  const out = [];
  const walk = (v, where) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, where + '[' + i + ']'));
    else if (v && typeof v === 'object') {
      if (typeof v.en === 'string' && typeof v.fr === 'string') {
        out.push({ where: where + '.en', text: v.en });
        out.push({ where: where + '.fr', text: v.fr });
      }
      for (const [k, x] of Object.entries(v)) walk(x, where + '.' + k);
    }
  };
  const files = ['data/characters.json', 'web/tutorial/northwood.json', 'web/tutorial/fox.json'];
  for (const dir of ['data/challenges', 'data/boards']) {
    for (const name of readdirSync(join(ROOT, dir))) if (name.endsWith('.json')) files.push(dir + '/' + name);
  }
  for (const f of files) walk(JSON.parse(readFileSync(join(ROOT, f), 'utf8')), f);
  return out;
}

// The rules shipped with the program (data/rules/GAME.LANG.md), a text a
// paragraph, code spans left out: [{where, text}].
export function rulesTexts() {
  const out = [];
  for (const name of readdirSync(join(ROOT, 'data/rules'))) {
    if (!name.endsWith('.md')) continue;
    const lines = readFileSync(join(ROOT, 'data/rules', name), 'utf8').split('\n');
    lines.forEach((l, i) => {
      const text = l.replace(/`[^`]*`/g, '`x`').replace(/^\s*(#+|[-*]|\d+\.|>)\s*/, '').replace(/\*\*|__|\*/g, '');
      if (text.trim()) out.push({ where: 'data/rules/' + name + ':' + (i + 1), text });
    });
  }
  return out;
}

// The web app's tables: [{where, text}] from i18n.js's English and French.
export async function webTexts() {
  const src = readFileSync(join(ROOT, 'web/js/i18n.js'), 'utf8');
  const { TABLES_FOR_TESTS } = await import('data:text/javascript,' + encodeURIComponent(src));
  const out = [];
  for (const lang of ['en', 'fr']) {
    for (const [k, v] of Object.entries(TABLES_FOR_TESTS[lang])) out.push({ where: 'web/js/i18n.js ' + lang + '.' + k, text: v });
  }
  return out;
}

// The other tables of the web app, written in its scripts: the help page's
// (help.js) and the tutorial coach's words (tutorial.js): each quoted
// text of words: [{where, text}].
export function webScriptTexts() {
  const out = [];
  for (const name of ['help.js', 'tutorial.js']) {
    const src = readFileSync(join(ROOT, 'web/js', name), 'utf8');
    const re = /'((?:[^'\\\n]|\\.)*)'/g;
    let m;
    while ((m = re.exec(src))) {
      const text = m[1].replace(/\\(.)/g, '$1');
      if (!/\p{Ll}{2,} \p{L}/u.test(text)) continue;
      out.push({ where: 'web/js/' + name + ':' + (src.slice(0, m.index).split('\n').length), text });
    }
  }
  return out;
}

// Every finding: [{where, words}], and how many texts were read.
export async function findings() {
  const allowed = new Set([...NAMES, ...dataNames()]);
  const texts = [...(await webTexts()), ...webScriptTexts(), ...cTexts(), ...dataTexts(), ...rulesTexts()];
  const out = [];
  for (const { where, text } of texts) {
    const words = midSentenceCapitals(text, allowed);
    if (words.length) out.push({ where, words, text });
  }
  return { found: out, texts: texts.length, fromC: texts.filter((x) => /^src\//.test(x.where)).length };
}

if (process.argv[1] && process.argv[1].endsWith('capitals.mjs')) {
  const { found, texts, fromC } = await findings();
  for (const f of found) console.log(f.where + ': ' + f.words.join(', ') + '\n    ' + JSON.stringify(f.text.slice(0, 160)));
  console.log(found.length + ' texts with a capital mid-sentence, of ' + texts + ' read (' + fromC + ' from the C tables)');
}
