// Herald's service worker. It caches only the hashed build files under /assets/: their names change with
// their content, so a cached copy can never be stale. Everything else (the page, the API, uploads, exports)
// goes straight to the network, so the worker can never serve an old app or old data.
const CACHE_PREFIX = 'herald-assets-';
const CACHE_NAME = `${CACHE_PREFIX}v1`;

self.addEventListener('install', () => {
  // A new worker takes over at once; it serves nothing that the previous one could have got wrong.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/assets/')) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      const cached = await cache.match(request);
      if (cached) return cached;
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })(),
  );
});
