// A site page's Python, in a Web Worker: Pyodide (from the build's memory snapshot, through the
// site's loader static/pyodide/sq-pyodide.mjs), the learners' storage mounted at /drive, and the
// widgets' comm messages to and from the page (page.mjs) by postMessage. A worker, not the
// page's own thread: Python waits synchronously here (the lock across tabs, /drive's requests
// answered by the page through the service worker), and a long callback never freezes the page.
import { DriveFS } from "@jupyterlite/services/lib/contents/drivefs.js";

const site = new URL(".", self.location.href);   // the worker lies at the site's root
let py = null;
let bridge = null;
let parentId = null;   // the page's message Python is handling now (widgets' echo updates)

const post = (message) => self.postMessage(message);

// Python -> page: a batch of messages in order, [kind, id, content, metadata, buffers] each
// (sq_page_bridge.flush).
function toPage(batch) {
  post({ type: "comms", parent: parentId, messages: Array.from(batch, (entry) => {
    const [kind, id, content, metadata, buffers] = entry;
    return { kind, id, content, metadata, buffers: Array.from(buffers, (b) => new Uint8Array(b)) };
  }) });
}

// Messages Python sent outside the worker's own calls (a timer, a callback) go once its turn
// is over.
let flushing = false;
function schedule() {
  if (flushing) return;
  flushing = true;
  queueMicrotask(() => {
    flushing = false;
    bridge.flush();
  });
}

// /drive: the storage the site's pages share (IndexedDB, kept by the page: page.mjs answers
// JupyterLite's drive requests as its REPL did, so learners keep what they had). Without a
// service worker to carry the requests, a folder in memory: the page says progress is not kept.
function mountDrive(pyodide, browsingContextId) {
  const { FS, PATH, ERRNO_CODES } = pyodide;
  FS.mkdirTree("/drive");
  if (!browsingContextId) return;
  const drive = new DriveFS({ FS, PATH, ERRNO_CODES, baseUrl: site.href, driveName: "",
                              mountpoint: "/drive", browsingContextId });
  FS.mount(drive, {}, "/drive");
}

async function start({ cells, packages, browsingContextId }) {
  // How far Python's start is, for the page's progress line (first.mjs, STEPS of them).
  post({ type: "progress", step: 1 });
  const loader = await import(new URL("static/pyodide/sq-pyodide.mjs", site).href);
  post({ type: "progress", step: 2 });
  py = await loader.loadPyodide({ indexURL: new URL("static/pyodide/", site).href, packages });
  post({ type: "progress", step: 3 });
  mountDrive(py, browsingContextId);
  bridge = py.pyimport("sq_page_bridge");
  bridge.install(toPage, schedule);
  const scope = py.toPy({});
  for (const cell of cells) {
    const value = await py.runPythonAsync(cell, { globals: scope });
    if (value !== undefined && value !== null && typeof value === "object" && value.type) {
      bridge.show(value);
      value.destroy();
    }
    bridge.flush();
  }
  scope.destroy();
  post({ type: "progress", step: 4 });
  loader.keepFetched();   // the files of a snapshot start, kept for the next pages
}

// For the site's tests: Python's printed output of `code` (the pages never send this).
async function run(code) {
  const printed = [];
  py.setStdout({ batched: (line) => printed.push(line) });
  try {
    const scope = py.toPy({});
    await py.runPythonAsync(code, { globals: scope });
    scope.destroy();
    bridge.flush();
  } finally {
    py.setStdout();
  }
  return printed.join("\n");
}

let ready = null;
self.addEventListener("message", async (event) => {
  const message = event.data || {};
  if (message.type === "start") {
    ready = start(message);
    try {
      await ready;
      post({ type: "started" });
    } catch (error) {
      console.error("sq_edu: the page's Python could not start:", error);
      post({ type: "failed", error: String(error && error.message || error) });
    }
    return;
  }
  await ready;
  if (message.type === "comm") {
    parentId = message.msgId;
    try {
      bridge.receive(message.msgType, message.commId, message.content, message.buffers || []);
      bridge.flush();   // its updates reach the page before its "idle", as from a kernel
    } catch (error) {   // a widget callback's error: logged, never shown to the child
      console.error("sq_edu: Python failed on a widget message:", error);
    } finally {
      parentId = null;
    }
    post({ type: "idle", msgId: message.msgId });
  } else if (message.type === "run") {
    try {
      post({ type: "ran", id: message.id, output: await run(message.code) });
    } catch (error) {
      post({ type: "ran", id: message.id, error: String(error && error.message || error) });
    }
  }
});
