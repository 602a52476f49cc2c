// The site's one service worker (lite/offline.py builds it with Workbox's injectManifest):
//  - /drive, the learners' storage: a page's Python (a Web Worker, lite/app/src/worker.mjs)
//    asks for its files with synchronous requests to `api/drive`; they go here to the page
//    that started that Python (a BroadcastChannel), which answers from IndexedDB (the protocol
//    of JupyterLite's DriveFS, which the site's pages used before: the same store, the same
//    messages);
//  - Workbox's precache of the whole site, filled in the background only when a page asks
//    (sq-offline.js, once the lesson is on the screen), never as the worker installs; a file a
//    page fetches before that (Pyodide, the packages' zip) is kept as it arrives, so the
//    background fill does not download it a second time;
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
precache.addToCacheList(self.__WB_MANIFEST);
const addListener = self.addEventListener.bind(self);

// A new build's worker takes over at once, and the pages open now too: /drive must be carried
// for them (a page's Python started while no worker controls it keeps progress in memory only).
addListener("install", () => self.skipWaiting());
// The cache of the site's JupyterLite version for its bundles: unused now. (JupyterLite's own
// "precache" stays: another app of the same origin may use that name.)
const OLD_CACHES = ["sq-edu-bundles"];
addListener("activate", (event) => {
  precache.activate(event);   // drops files of old builds
  event.waitUntil(Promise.all([self.clients.claim(),
                               ...OLD_CACHES.map((name) => caches.delete(name))]));
});

addListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== location.origin) return;
  if (url.pathname.endsWith("/sq-edu-lock")) {
    event.respondWith(lockRequest(event.request));
    return;
  }
  if (url.pathname.endsWith("/api/drive")) {
    event.respondWith(driveRequest(event.request, url));
    return;
  }
  const key = event.request.method === "GET" ? cacheKeyFor(url) : null;
  if (key) event.respondWith(keptOrFetched(event, key));
});

// /drive: the request goes to the pages (its `browsingContextId` names the one whose Python
// asked), the first answer of that page back to the asking Python. A page that never answers
// (closed meanwhile) leaves its Python with an error after DRIVE_MS, never waiting for ever.
const DRIVE_MS = 30000;
const drive = new BroadcastChannel("/sw-api.v1");

async function driveRequest(request, url) {
  let asked;
  try {
    asked = await request.json();
  } catch (error) {
    return new Response("bad request", { status: 400 });
  }
  if (!asked || typeof asked !== "object" || typeof asked.browsingContextId !== "string") {
    return new Response("bad request", { status: 400 });
  }
  const requestId = String(asked.requestId || crypto.randomUUID());
  const answered = new Promise((resolve) => {
    const timer = setTimeout(() => {
      drive.removeEventListener("message", listen);
      resolve(new Response("no answer", { status: 504 }));
    }, DRIVE_MS);
    const listen = (event) => {
      const answer = event.data || {};
      if (answer.browsingContextId !== asked.browsingContextId ||
          answer.requestId !== requestId || !("response" in answer)) return;
      clearTimeout(timer);
      drive.removeEventListener("message", listen);
      resolve(answer.failed ? new Response("failed", { status: 404 })
        : new Response(JSON.stringify(answer.response)));
    };
    drive.addEventListener("message", listen);
  });
  drive.postMessage({ ...asked, requestId, pathname: url.pathname });
  return answered;
}

// The precached copy of a site file, whatever its query (`equations.html?lang=ru`): the
// precache holds one build's files, named by revision.
function cacheKeyFor(url) {
  const path = url.origin + (url.pathname.endsWith("/") ? url.pathname + "index.html"
                                                       : url.pathname);
  return precache.getCacheKeyForURL(path) || null;
}

// The kept copy; else the network, and the answer kept under the build's name of the file (the
// precache's fill then finds it there and does not fetch it again).
async function keptOrFetched(event, key) {
  const cache = await caches.open(precache.strategy.cacheName);
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
