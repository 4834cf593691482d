// Game Night Central's service worker: the whole app (runtime, Python tree, CSS, icons) is precached
// with Workbox so the site starts offline after the first visit. tools/build_site.py writes the build's
// file list into the manifest below, each file with the hash of its content as its revision and its
// integrity: a new deployment changes this file, the browser installs the new worker in the background,
// and it downloads only the files whose hash changed. It waits until the page asks it to take over
// (the player pressed "Reload"), so a match or a puzzle in progress is never interrupted.
// tools/build_site.py writes these scripts into the built worker in place of this call: the browser's
// look for a new version then fetches this one file, not also each import its HTTP cache lacks.
importScripts(
  "./vendor/workbox/workbox-core.prod.js",
  "./vendor/workbox/workbox-routing.prod.js",
  "./vendor/workbox/workbox-strategies.prod.js",
  "./vendor/workbox/workbox-precaching.prod.js"
);

const BUILD = "__GNC_BUILD__"; // a hash of the file list below: the version shown in the settings
const MANIFEST = self.__WB_MANIFEST;

workbox.core.setCacheNameDetails({ prefix: "gnc" });
// Revalidate with the HTTP cache instead of bypassing it: on the first visit the page has just
// downloaded the same files, so installing costs a 304 per file rather than 14 MB again. The integrity
// of each entry still checks every byte, so a half-deployed site is never cached.
workbox.precaching.addPlugins([
  { requestWillFetch: ({ request }) => new Request(request, { cache: "no-cache" }) },
]);
// Invitation links carry a query (?stun=…) and a hash: any query on a precached path serves that file.
workbox.precaching.precacheAndRoute(MANIFEST, { ignoreURLParametersMatching: [/.*/] });
workbox.precaching.cleanupOutdatedCaches();

// The first install takes control of the page at once (it runs the same build the page came from), so
// the site already works offline after the first visit. Later versions wait for SKIP_WAITING.
workbox.core.clientsClaim();

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "SKIP_WAITING") self.skipWaiting();
  if (type === "GNC_VERSION" && event.ports[0]) event.ports[0].postMessage({ build: BUILD });
});

// Workbox removes outdated entries from its own cache. Any other "gnc-" cache of this scope is a
// leftover of an older version of the app: delete it. (Caches belong to the origin, which other sites
// on the same GitHub Pages host share: never touch a cache without our prefix and scope.)
self.addEventListener("activate", (event) => {
  const keep = workbox.core.cacheNames.precache;
  const ours = (name) => name.startsWith("gnc-") && name.endsWith(self.registration.scope);
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((n) => ours(n) && n !== keep).map((n) => caches.delete(n))))
  );
});
