// The static site's service worker (docs/site.md): after one visit it
// keeps every file of this version of the site (the page, its scripts,
// the WebAssembly engine and its data) in one cache named after the
// version, and answers from there, so the site opens and plays with no
// network. A new version is fetched whole into a cache of its own while
// the old one keeps serving; it takes over only when the player accepts
// it (the page asks) or when no page of the old version is open, so a
// page never mixes an old engine with new files. The file list and the
// version are written here by scripts/build-site.sh.
//
// Caches belong to the whole origin, not to a folder: the cache's name
// holds this copy's scope too, so that a new version only removes the
// caches of its own copy, never those of another copy of the site on the
// same host (say /trickwood/ and /trickwood-test/ on one static host).
'use strict';

const VERSION = '@VERSION@';
const FILES = @FILES@;
const PREFIX = 'trickwood ' + self.registration.scope + ' ';
const CACHE = PREFIX + VERSION;

self.addEventListener('install', (ev) => {
  ev.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })))));
});

self.addEventListener('activate', (ev) => {
  ev.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// The page asks the waiting version to take over once the player agreed.
self.addEventListener('message', (ev) => {
  if (ev.data === 'take-over') self.skipWaiting();
  if (ev.data === 'version' && ev.source) ev.source.postMessage({ version: VERSION });
});

self.addEventListener('fetch', (ev) => {
  const req = ev.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  ev.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // A page address (the site's folder, any #route) is the app's page.
    const key = req.mode === 'navigate' ? new URL('./', self.location.href).href : req;
    const hit = await cache.match(key, { ignoreSearch: req.mode === 'navigate' });
    if (hit) return hit;
    return fetch(req);
  })());
});
