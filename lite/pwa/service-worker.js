// The site's one service worker (lite/offline.py builds it with Workbox's injectManifest).
//
// One worker per scope: JupyterLite's own worker (renamed jupyterlite-service-worker.js) keeps
// /drive, the learners' progress, and answers every other GET itself; a second worker beside
// it would fight it for the same pages. So this worker imports JupyterLite's, and puts in front
// of its fetch handler:
//  - Workbox's precache of the whole site, filled in the background only when a page asks
//    (sq-offline.js, once the lesson is on the screen), never as the worker installs; a file a
//    page fetches before that (Pyodide, the packages' zip) is kept as it arrives, so the
//    background fill does not download it a second time;
//  - JupyterLite's and the widgets' bundles (names with their content's hash): hundreds of
//    them, of which a page loads a fifth; kept as a page fetches them, never fetched for the
//    precache (tests/site/test_site_offline.py opens every page offline after one online);
//  - a lock across the browser's tabs (Web Locks) that the pages' Python takes around
//    reading, merging and writing a learner's progress file (sq_edu/pages/tab_lock.py).
"use strict";

importScripts("workbox/workbox-sw.js");
workbox.setConfig({ modulePathPrefix: "workbox/", debug: false });
const { PrecacheController } = workbox.precaching;

// The precache's requests carry a header: a server's log (and the tests) can tell them from
// the pages' own. And each waits while a page of the site is starting (see pagesStarted).
const marked = {
  requestWillFetch: async ({ request }) => {
    await pagesStarted();
    const headers = new Headers(request.headers);
    headers.set("X-SQ-Precache", "1");
    return new Request(request, { headers });
  },
};
const precache = new PrecacheController({ cacheName: "sq-edu-site", plugins: [marked] });
const bundles = new PrecacheController({ cacheName: "sq-edu-bundles" });   // never install()ed
const ON_DEMAND = /^(build|extensions)\/.*\.[0-9a-f]{7,20}\.js$/;
const MANIFEST = self.__WB_MANIFEST;
precache.addToCacheList(MANIFEST.filter((entry) => !ON_DEMAND.test(entry.url)));
bundles.addToCacheList(MANIFEST.filter((entry) => ON_DEMAND.test(entry.url)));

// JupyterLite's worker, its fetch handler kept aside to run after ours.
const addListener = self.addEventListener.bind(self);
let jupyterLiteFetch = null;
self.addEventListener = (type, listener, options) => {
  if (type === "fetch") jupyterLiteFetch = listener;
  else addListener(type, listener, options);
};
try {
  importScripts("jupyterlite-service-worker.js");
} finally {
  self.addEventListener = addListener;
}

addListener("activate", (event) => {   // drop files of old builds
  precache.activate(event);
  bundles.activate(event);
});

addListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin === location.origin && url.pathname.endsWith("/sq-edu-lock")) {
    event.respondWith(lockRequest(event.request));
    return;
  }
  const [controller, key] = event.request.method === "GET" ? cacheKeyFor(url) : [];
  if (key) {
    event.respondWith(keptOrFetched(event, controller, key));
  } else if (jupyterLiteFetch) {
    jupyterLiteFetch(event);
  }
});

// The precached copy of a site file, whatever its query (`equations.html?lang=ru`,
// `repl/index.html?code=...`): the precache holds one build's files, named by revision.
// (JupyterLite's /api/drive is no file: it never matches and goes on to JupyterLite.)
function cacheKeyFor(url) {
  if (url.origin !== location.origin) return [];
  const path = url.origin + (url.pathname.endsWith("/") ? url.pathname + "index.html"
                                                       : url.pathname);
  for (const controller of [precache, bundles]) {
    const key = controller.getCacheKeyForURL(path);
    if (key) return [controller, key];
  }
  return [];
}

// The kept copy; else the network, and the answer kept under the build's name of the file (the
// precache's fill then finds it there and does not fetch it again). (Not named `fromCache`:
// JupyterLite's worker, imported above, declares a global function of that name.)
async function keptOrFetched(event, controller, key) {
  const cache = await caches.open(controller.strategy.cacheName);
  const kept = await cache.match(key);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.status === 200 && response.type === "basic" && !response.redirected) {
    event.waitUntil(cache.put(key, response.clone()).catch(() => {}));   // e.g. no room
  }
  return response;
}

// The background fill gives way to a page that is starting: a dashboard opened while the fill
// ran (the next lesson, opened at once) waited up to 1.7 s longer for its first files, the
// fill's downloads and cache writes competing with the page's own. Each page says so as it
// starts ("sq-page-starting", lite/page.html) and again once it is shown ("sq-precache",
// sq-offline.js); meanwhile the fill waits before its next file. A page closed before it was
// shown, or never shown, holds it back no longer than STARTING_MS.
const STARTING_MS = 60000;
const starting = new Map();   // client id -> when it said it was starting

async function pagesStarted() {
  for (;;) {
    for (const [id, since] of starting) {
      if (Date.now() - since > STARTING_MS || !(await self.clients.get(id))) starting.delete(id);
    }
    if (starting.size === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Filling the precache: asked by every page once it is shown; one run at a time.
let filling = null;

addListener("message", (event) => {
  const kind = event.data && event.data.type;
  const client = event.source;
  if (kind === "sq-page-starting" && client) starting.set(client.id, Date.now());
  if (kind !== "sq-precache") return;
  if (client) starting.delete(client.id);
  filling = filling || fill(event).finally(() => { filling = null; });
  event.waitUntil(filling.then((report) => client && client.postMessage(report)));
});

async function fill(event) {
  // Workbox stores what it fetches only inside an "install" event: this run is that install,
  // moved to after the page is shown (the files already cached are not fetched again).
  const asInstall = { type: "install", waitUntil: (promise) => event.waitUntil(promise) };
  try {
    const { updatedURLs } = await precache.install(asInstall);
    return { type: "sq-precached", ok: true, fetched: updatedURLs.length,
             files: precache.getCachedURLs().length };
  } catch (error) {   // offline half-way, or no room: the next page tries again
    return { type: "sq-precached", ok: false, error: String(error) };
  }
}

// The lock across tabs. The pages' Python blocks on a synchronous request here (the only way
// its thread can wait): "acquire" is answered once the Web Lock named after the file is held,
// "release" lets it go. A tab closed in between loses its lock after HOLD_MS; a lock not
// granted in WAIT_MS is answered "busy" (the page then saves without it, never frozen).
const WAIT_MS = 10000;
const HOLD_MS = 30000;
const held = new Map();

async function lockRequest(request) {
  let asked;
  try {
    asked = await request.json();
  } catch (error) {
    return new Response("bad request", { status: 400 });
  }
  const { op, name, token } = asked || {};
  if (typeof name !== "string" || typeof token !== "string") {
    return new Response("bad request", { status: 400 });
  }
  if (op === "release") {
    const release = held.get(token);
    if (release) release();
    return new Response(release ? "released" : "not held");
  }
  return new Promise((answer) => {
    navigator.locks.request("sq-edu:" + name, { signal: AbortSignal.timeout(WAIT_MS) },
      () => new Promise((release) => {
        const timer = setTimeout(release, HOLD_MS);
        held.set(token, () => { clearTimeout(timer); held.delete(token); release(); });
        answer(new Response("held"));
      }))
      .catch(() => answer(new Response("busy", { status: 503 })));
  });
}
