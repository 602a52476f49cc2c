// The lean lesson page: Pyodide in the page, the widgets drawn by @jupyter-widgets/html-manager,
// Python's `comm` package joined to the manager by a small bridge (sq_lean_bridge.py). No
// JupyterLite, no kernel, no IPython: a comm message is one function call each way.
import * as base from "@jupyter-widgets/base";
import { HTMLManager } from "@jupyter-widgets/html-manager/lib/htmlmanager";
import "@jupyter-widgets/controls/css/widgets-base.css";
import "@jupyter-widgets/controls/css/labvariables.css";
import anywidgetFront from "anywidget";   // its AMD factory, made an ES export by bundle.mjs

const anywidget = anywidgetFront(base);
let serial = 0;
const newId = () => `lean-${Date.now().toString(36)}-${++serial}`;

// Messages to the page's widgets run in order, after the Python call that sent them returns:
// Python never waits on the manager, and a widget's view never runs inside Python's call.
const queue = [];
let flushing = false;
function later(task) {
  queue.push(task);
  if (!flushing) {
    flushing = true;
    queueMicrotask(() => {
      while (queue.length) {
        try { queue.shift()(); } catch (error) { console.error("sq_lean:", error); }
      }
      flushing = false;
    });
  }
}

let bridge = null;        // Python's sq_lean_bridge
let parentId = null;      // the page's message Python is handling now (widgets' echo updates)
const comms = new Map();

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
    parentId = msgId;
    try {
      bridge.receive(msgType, this.comm_id, JSON.stringify({ ...extra, data: data ?? {} }), views);
    } catch (error) {
      console.error("sq_lean: Python failed on a widget message", error);
    } finally {
      parentId = null;
    }
    const status = callbacks?.iopub?.status;
    if (status) later(() => status({ content: { execution_state: "idle" }, parent_header: { msg_id: msgId } }));
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

class LeanManager extends HTMLManager {
  async _create_comm(targetName, modelId, data, metadata, buffers) {
    const comm = new PageComm(modelId || newId(), targetName);
    if (data || metadata) comm.open(data, undefined, metadata, buffers);
    return comm;
  }
  _get_comm_info() { return Promise.resolve({}); }
}

const manager = new LeanManager({
  loader: (name) => (name === "anywidget" ? Promise.resolve(anywidget)
    : Promise.reject(new Error(`sq_lean: no front end for ${name}`))),
});

// Python -> page: called synchronously from PageComm.publish_msg.
function toPage(msgType, commId, content, metadata, buffers) {
  const msg = {
    header: { msg_id: newId(), msg_type: msgType },
    parent_header: parentId ? { msg_id: parentId } : {},
    content: JSON.parse(content),
    metadata: JSON.parse(metadata),
    buffers: Array.from(buffers || [], (b) => new DataView(b.buffer, b.byteOffset, b.byteLength)),
  };
  later(() => {
    if (msgType === "comm_open") {
      manager.handle_comm_open(new PageComm(commId, msg.content.target_name), msg);
    } else if (msgType === "comm_msg") {
      comms.get(commId)?._deliver(msg);
    } else if (msgType === "comm_close") {
      const comm = comms.get(commId);
      comms.delete(commId);
      comm?._onClose?.(msg);
    }
  });
}

function showView(modelId) {
  later(async () => {
    const model = await manager.get_model(modelId);
    const view = manager.create_view(model);
    const el = document.createElement("div");
    el.className = "sq-lean-output jupyter-widgets";
    document.getElementById("app").appendChild(el);
    await manager.display_view(view, el);
  });
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = new Uint8Array(await response.arrayBuffer());
  if (body[0] !== 0x1f || body[1] !== 0x8b) return body;   // a server already unzipped it
  const plain = new Blob([body]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(plain).arrayBuffer());
}

// The snapshot as the site's loader gets it (lite/sq-pyodide.mjs): kept unpacked in Cache
// Storage after the first page; else `lean.snapshot`, which a host serving precompressed copies
// sends as its .br with Content-Encoding (any other host: an empty file), else the .gz copy.
async function snapshotBytes(here, info) {
  const url = new URL("pyodide/lean.snapshot", here).href;
  const cache = globalThis.caches ? await caches.open(`sq-lean-${info.id}`).catch(() => null)
    : null;
  const kept = cache && await cache.match(url);
  if (kept) return new Uint8Array(await kept.arrayBuffer());
  let bytes = null;
  try {
    const response = await fetch(url);
    const body = response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
    if (body && body.length === info.bytes) bytes = body;
  } catch (error) { /* the .gz copy */ }
  bytes = bytes || await fetchBytes(url + ".gz");
  if (cache) cache.put(url, new Response(bytes)).catch((e) => console.warn("sq_lean:", e));
  return bytes;
}

// Pyodide from the build's memory snapshot (lite/lean/warm.py's imports done), the packages'
// zip put back on the path and sq_edu's wheel loaded again (it reads its own files). Private
// snapshot options of Pyodide, as lite/sq-pyodide.mjs uses them (the Pyodide pin is exact).
async function restore(here, loadPyodide, options, info, mark) {
  const asm = import(new URL("pyodide/pyodide.asm.mjs", here).href);
  const [snapshot, zip, { default: createPyodideModule }] = await Promise.all([
    snapshotBytes(here, info), fetchBytes(new URL("pyodide/sq-site.zip", here).href), asm]);
  mark("snapshot fetched");
  const heap = snapshot.length - new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
  let api;
  const create = async (settings) => {
    const module = await createPyodideModule(settings);
    api = module.API;
    while (module.HEAP8.length < heap) module._malloc(1 << 20);
    module.FS.writeFile("/lib/sq-site.zip", zip);
    return module;
  };
  return loadPyodide({
    ...options, packages: ["sq-edu"], _loadSnapshot: snapshot, createPyodideModule: create,
    _snapshotDeserializer: (named) => ("public" in named
      ? (named.public ? api.public_api[named.public] : api.public_api) : api[named.api]),
  });
}

/** Start Python, run the lesson notebook's code cells, draw what the last one returns. */
export async function start(config, mark = () => {}) {
  const here = new URL(".", location.href);
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", here).href);
  mark("pyodide.mjs");
  const options = { indexURL: new URL("pyodide/", here).href, packages: config.packages };
  const py = config.snapshot ? await restore(here, loadPyodide, options, config.snapshot, mark)
    : await loadPyodide(options);
  mark("python ready");
  const query = location.search.slice(1, 4001);
  py.globals.set("_sq_query", query);
  py.runPython([
    "import os, random",
    "os.environ['QUERY_STRING'] = __import__('urllib.parse').parse.unquote(_sq_query)",
    "os.environ.setdefault('SQ_EDU_PROGRESS_DIR', '/home/pyodide/sq_edu/progress')",
    "random.seed()",
  ].join("\n"));
  bridge = py.pyimport("sq_lean_bridge");
  bridge.install(toPage, showView);
  const scope = py.toPy({});
  for (const cell of config.cells) {
    const value = py.runPython(cell, { globals: scope });
    if (value !== undefined && value !== null && typeof value === "object" && value.type) {
      bridge.show(value);
      value.destroy();
    }
  }
  mark("cells run");
  window.sqLean = { py, manager };
  return { py, manager };
}
