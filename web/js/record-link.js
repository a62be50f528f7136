// A game record carried in a link: the record's JSON, compressed
// (deflate, the browser's CompressionStream) and written in base64url
// after "#/replay-link/1." (1: this way of writing it). Nothing leaves
// the browser: the address's fragment is never sent to a server.

const PREFIX = '#/replay-link/1.';
// Longest link text read, and longest record it may unpack to: a whole
// game's record is a few kilobytes.
const MAX_LINK = 200000;
const MAX_RECORD = 1000000;

// Bytes through a (de)compression stream.
async function through(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

// The fragment (from "#") of the link that opens this record's replay.
export async function recordLink(record) {
  if (typeof CompressionStream !== 'function') throw new Error('no CompressionStream');
  const packed = await through(new TextEncoder().encode(JSON.stringify(record)), new CompressionStream('deflate-raw'));
  let bin = '';
  for (const b of packed) bin += String.fromCharCode(b);
  return PREFIX + btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// The record a link's data (what follows "#/replay-link/") carries;
// throws with a message when it carries none.
export async function recordFromLink(data) {
  const m = /^1\.([A-Za-z0-9_-]+)$/.exec(data || '');
  if (!m || m[1].length > MAX_LINK) throw new Error('the link is cut or was changed');
  if (typeof DecompressionStream !== 'function') throw new Error('this browser cannot unpack it (no DecompressionStream)');
  const b64 = m[1].replace(/-/g, '+').replace(/_/g, '/');
  let bin;
  try { bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)); } catch (e) { throw new Error('the link is cut or was changed'); }
  let bytes;
  try {
    bytes = await through(Uint8Array.from(bin, (c) => c.charCodeAt(0)), new DecompressionStream('deflate-raw'));
  } catch (e) {
    throw new Error('the link is cut or was changed');
  }
  if (bytes.length > MAX_RECORD) throw new Error('the record is too large');
  let record;
  try { record = JSON.parse(new TextDecoder().decode(bytes)); } catch (e) { throw new Error('the record is not JSON'); }
  if (!record || typeof record !== 'object' || Array.isArray(record)) throw new Error('the record is not a game record');
  return record;
}
