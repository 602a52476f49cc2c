// The app of a site page (app.html, in the dashboard page's `#app` frame): the widgets drawn by
// @jupyter-widgets/html-manager, their Python in a Web Worker (worker.mjs), joined by comm
// messages posted each way. No JupyterLite and no kernel: a message is one postMessage.
// The page also answers the worker's requests for /drive, the learners' storage (IndexedDB,
// the same store JupyterLite's REPL kept, so nothing a learner had is lost), which the site's
// service worker carries from the worker's synchronous requests to here.
import * as base from "@jupyter-widgets/base";
import { HTMLManager } from "@jupyter-widgets/html-manager/lib/htmlmanager";
import "@jupyter-widgets/controls/css/widgets-base.css";
import "@jupyter-widgets/controls/css/labvariables.css";
// The widgets' icons (a button's `icon="check"`): Font Awesome 4.7, as JupyterLab and Voila.
import "font-awesome/css/font-awesome.min.css";
import localforage from "localforage";
import { BrowserStorageDrive } from "@jupyterlite/services/lib/contents/drive.js";
import { DriveContentsProcessor } from "@jupyterlite/services/lib/contents/drivecontents.js";
import anywidgetFront from "anywidget";   // its AMD factory, made an ES export by bundle.mjs
import { drawFirst, progress, takeOver } from "./first.mjs";

// The learners' storage: the IndexedDB store the site's REPL used (lite/build.py named it).
const STORAGE_NAME = "sq-edu-progress";
const DRIVE_CHANNEL = "/sw-api.v1";   // the service worker's channel (lite/pwa/service-worker.js)

const anywidget = anywidgetFront(base);
let serial = 0;
const newId = () => `sq-${Date.now().toString(36)}-${++serial}`;
let worker = null;
const comms = new Map();
const idle = new Map();   // message id -> the widget's "idle" callback (ipywidgets' throttle)

class PageComm {
  constructor(commId, targetName) {
    this.comm_id = commId;
    this.target_name = targetName;
    this._onMsg = null;
    this._onClose = null;
    this._pending = [];
    comms.set(commId, this);
  }
  _toPython(msgType, data, callbacks, metadata, buffers, extra = {}) {
    const msgId = newId();
    const views = (buffers || []).map((b) => (b instanceof ArrayBuffer ? new Uint8Array(b)
      : new Uint8Array(b.buffer, b.byteOffset, b.byteLength)));
    const status = callbacks && callbacks.iopub && callbacks.iopub.status;
    if (status) idle.set(msgId, status);
    worker.postMessage({ type: "comm", msgType, commId: this.comm_id, msgId, buffers: views,
                         content: JSON.stringify({ ...extra, data: data ?? {} }) });
    return msgId;
  }
  open(data, callbacks, metadata, buffers) {
    return this._toPython("comm_open", data, callbacks, metadata, buffers,
                          { target_name: this.target_name });
  }
  send(data, callbacks, metadata, buffers) {
    return this._toPython("comm_msg", data, callbacks, metadata, buffers);
  }
  close(data, callbacks, metadata, buffers) {
    comms.delete(this.comm_id);
    return this._toPython("comm_close", data, callbacks, metadata, buffers);
  }
  // The manager sets the handler once the model's class is loaded (asynchronously); messages
  // Python sent before that wait here, in order, as a kernel connection holds them.
  _deliver(msg) {
    if (this._onMsg) this._onMsg(msg);
    else this._pending.push(msg);
  }
  on_msg(callback) {
    this._onMsg = callback;
    for (const msg of this._pending.splice(0)) callback(msg);
  }
  on_close(callback) { this._onClose = callback; }
}

class SiteManager extends HTMLManager {
  async _create_comm(targetName, modelId, data, metadata, buffers) {
    const comm = new PageComm(modelId || newId(), targetName);
    if (data || metadata) comm.open(data, undefined, metadata, buffers);
    return comm;
  }
  _get_comm_info() { return Promise.resolve({}); }
}

const manager = new SiteManager({
  loader: (name) => (name === "anywidget" ? Promise.resolve(anywidget)
    : Promise.reject(new Error(`sq_edu: no front end for ${name}`))),
});

// Python -> page: a widget's message, as a kernel connection hands it to the manager.
function fromPython(msgType, commId, content, metadata, parent, buffers) {
  const msg = {
    header: { msg_id: newId(), msg_type: msgType },
    parent_header: parent ? { msg_id: parent } : {},
    content: JSON.parse(content),
    metadata: JSON.parse(metadata),
    buffers: Array.from(buffers || [], (b) => new DataView(b.buffer, b.byteOffset, b.byteLength)),
  };
  if (msgType === "comm_open") {
    manager.handle_comm_open(new PageComm(commId, msg.content.target_name), msg)
      .catch((error) => console.error("sq_edu: a widget could not be made:", error));
  } else if (msgType === "comm_msg") {
    const comm = comms.get(commId);
    if (comm) comm._deliver(msg);
  } else if (msgType === "comm_close") {
    const comm = comms.get(commId);
    comms.delete(commId);
    if (comm && comm._onClose) comm._onClose(msg);
  }
}

async function showView(root, modelId) {
  const model = await manager.get_model(modelId);
  const view = await manager.create_view(model);
  const el = document.createElement("div");
  el.className = "sq-output jupyter-widgets widget-area";
  root.appendChild(el);
  await manager.display_view(view, el);
}

/** Draw a lesson's first screen from its saved widget state (lite/first_screen.py) into `el`
 * before Python starts; `start` hands it over to Python's app. */
export function firstScreen(el, data, words) {
  return drawFirst(manager, el, data, words);
}

// The drive's paths as JupyterLab's contents manager hands them over: no slash at either end
// (the worker's DriveFS asks for "/sq_edu/progress"; the store's keys are "sq_edu/progress").
const local = (path) => (typeof path === "string" ? path.replace(/^\/+|\/+$/g, "") : path);

function contentsOf(drive) {
  return {
    get: (path, options) => drive.get(local(path), options),
    save: (path, options) => drive.save(local(path), options),
    delete: (path) => drive.delete(local(path)),
    rename: (from, to) => drive.rename(local(from), local(to)),
    newUntitled: (options) => drive.newUntitled({ ...options, path: local(options.path) }),
  };
}

// The service worker hands each /drive request of this page's worker to every page of the site
// (a BroadcastChannel); this page answers its own, from the shared IndexedDB store. An answer
// always goes back: the worker waits for it synchronously. A failure is answered `failed`
// (the worker's Python gets an OSError, as from a disk).
function answerDrive(browsingContextId) {
  const drive = new BrowserStorageDrive({ localforage, storageName: STORAGE_NAME });
  const processor = new DriveContentsProcessor({ contentsManager: contentsOf(drive) });
  const channel = new BroadcastChannel(DRIVE_CHANNEL);
  channel.addEventListener("message", async (event) => {
    const { data, browsingContextId: asker, requestId, pathname } = event.data || {};
    if (asker !== browsingContextId || !String(pathname).includes("/api/drive")) return;
    try {
      const response = await processor.processDriveRequest(data);
      channel.postMessage({ response: response ?? null, browsingContextId, requestId });
    } catch (error) {
      console.warn("sq_edu: a storage request failed:", data && data.method, data && data.path,
                   String(error));
      channel.postMessage({ failed: true, response: null, browsingContextId, requestId });
    }
  });
}

/**
 * Draw the app of the page's Python into `root`. `python` is what app.html started before this
 * script loaded (so that Pyodide's start and this script's load overlap): the worker, the
 * messages it sent meanwhile, and the id its /drive requests carry ("" without a service
 * worker: /drive is in memory). Resolves once every cell has run; rejects with the reason if
 * Python could not start. `first`: the first screen drawn before (`firstScreen`), which
 * Python's app replaces once every cell has run and its views are drawn.
 */
export function start(root, { worker: started, early, browsingContextId, first = null }) {
  // Python asks for /drive only once restored, long after this script has loaded.
  if (browsingContextId) answerDrive(browsingContextId);
  worker = started;
  if (first) root.hidden = true;   // shown when it takes the first screen's place
  const asked = new Map();
  const shown = [];
  let ran = 0;
  const done = new Promise((resolve, reject) => {
    const handle = (message) => {
      if (message.type === "comms") {
        for (const { kind, id, content, metadata, buffers } of message.messages) {
          if (kind === "show") {
            shown.push(showView(root, id)
              .catch((error) => console.error("sq_edu: a widget could not be drawn:", error)));
          } else {
            fromPython(kind, id, content, metadata, message.parent, buffers);
          }
        }
      } else if (message.type === "idle") {
        const status = idle.get(message.msgId);
        idle.delete(message.msgId);
        if (status) status({ content: { execution_state: "idle" },
                             parent_header: { msg_id: message.msgId } });
      } else if (message.type === "progress") progress(first, message.step);
      else if (message.type === "started") resolve();
      else if (message.type === "failed") reject(new Error(message.error));
      else if (message.type === "ran") {
        const answer = asked.get(message.id);
        asked.delete(message.id);
        if (answer) answer(message);
      }
    };
    for (const event of early.splice(0)) {
      if (event.type === "error") reject(new Error(event.message || "worker"));
      else handle(event.data || {});
    }
    worker.addEventListener("message", (event) => handle(event.data || {}));
    worker.addEventListener("error", (event) => reject(new Error(event.message || "worker")));
  });
  // For the site's tests (tests/site): Python's printed output of `code` in this page.
  window.sqPython = (code) => new Promise((resolve, reject) => {
    const id = ++ran;
    asked.set(id, (message) => (message.error ? reject(new Error(message.error))
      : resolve(message.output)));
    worker.postMessage({ type: "run", id, code });
  });
  if (!first) return done;
  return done.then(() => Promise.all(shown)).then(() => takeOver(manager, first, root));
}
