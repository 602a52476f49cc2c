// The site's Pyodide loader (the kernel's `pyodideUrl`): Pyodide's own loadPyodide, started
// from the build's memory snapshot, in which IPython, the widgets and sq_edu are already
// imported (lite/snapshot.mjs). The other packages come as one zip on sys.path instead of
// 30 wheels unpacked by Python. If anything here fails, Pyodide starts the ordinary way.
import { loadPyodide as loadPlain } from "./pyodide.mjs";
import createPyodideModule from "./pyodide.asm.mjs";

async function fetchBytes(name) {
  const response = await fetch(new URL(name, import.meta.url));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  const body = new Uint8Array(await response.arrayBuffer());
  if (body[0] !== 0x1f || body[1] !== 0x8b) return body;   // a server already unzipped it
  const plain = new Blob([body]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(plain).arrayBuffer());
}

// The snapshot unzipped is kept in the browser's Cache Storage, named by the build's snapshot:
// a page opened again reads it there rather than unzipping 17 MB again.
const CACHE = "sq_edu-snapshot-@SNAPSHOT_ID@";   // lite/snapshot.py writes the build's id
const PYODIDE = "@PYODIDE_VERSION@";   // the Pyodide the snapshot was made with

async function snapshotBytes() {
  const url = new URL("sq_edu.snapshot", import.meta.url).href;
  const cache = globalThis.caches ? await caches.open(CACHE).catch(() => null) : null;
  const kept = cache && await cache.match(url);
  if (kept) return new Uint8Array(await kept.arrayBuffer());
  const bytes = await (await precompressed(url) || fetchBytes("sq_edu.snapshot.gz"));
  if (cache) keep(cache, url, bytes);   // not awaited: the page goes on meanwhile
  return bytes;
}

// The snapshot as a host that serves the build's precompressed copies sends it: the name
// without .gz, `sq_edu.snapshot.br` with `Content-Encoding: br` (nginx brotli_static, Caddy
// precompressed, the Apache rules of docs/site.md), unpacked by the browser itself. Any other
// host sends the empty file of that name (or a 404, or a page of its own): then null, and the
// gzip copy.
const SNAPSHOT_BYTES = @SNAPSHOT_BYTES@;   // its size unpacked (lite/snapshot.py)

async function precompressed(url) {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const body = new Uint8Array(await response.arrayBuffer());
    return body.length === SNAPSHOT_BYTES ? body : null;
  } catch (error) {
    return null;
  }
}

async function keep(cache, url, bytes) {
  try {
    await cache.put(url, new Response(bytes));   // the Response has its own copy
    for (const name of await caches.keys()) {
      if (name.startsWith("sq_edu-snapshot-") && name !== CACHE) await caches.delete(name);
    }
  } catch (error) {   // e.g. no room: the next page unzips again
    console.warn("sq_edu: the unzipped snapshot could not be kept:", error);
  }
}

// Named in the site's package list only so that the kernel does not install them as it starts
// (lite/slim.py, NAMED_NOT_SHIPPED): not shipped, so Pyodide must not load them.
const NOT_SHIPPED = ["jedi"];

export async function loadPyodide(options) {
  try {
    return await loadFromSnapshot(options);
  } catch (error) {   // no snapshot, or one from another Pyodide build
    console.warn("sq_edu: the Pyodide snapshot did not load, starting the ordinary way:", error);
    const packages = (options.packages || []).filter((name) => !NOT_SHIPPED.includes(name));
    return loadPlain({ ...options, packages });
  }
}

// Private parts of Pyodide (snapshot options, module internals): the Pyodide pin is exact
// (lite/browser.txt) and tests/site/test_loader_names.py fails naming any that has gone.
async function loadFromSnapshot(options) {
  const [snapshot, packages] = await Promise.all([snapshotBytes(), fetchBytes("sq-site.zip")]);
  // The restored memory must fit: grow the new module's memory to the snapshot's size first
  // (this Pyodide build ignores INITIAL_MEMORY), and put the packages' zip where it was.
  const heap = snapshot.length - new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
  let api;
  const create = async (settings) => {
    const module = await createPyodideModule(settings);
    api = module.API;
    while (module.HEAP8.length < heap) module._malloc(1 << 20);
    module.FS.writeFile("/lib/sq-site.zip", packages);
    return module;
  };
  const pyodide = await loadPlain({
    ...options, packages: ["sq-edu"], _loadSnapshot: snapshot, createPyodideModule: create,
    // the functions of this Pyodide that the snapshot names (lite/snapshot.mjs)
    _snapshotDeserializer: (named) => ("public" in named
      ? (named.public ? api.public_api[named.public] : api.public_api)
      : api[named.api]),
  });
  if (pyodide.version !== PYODIDE) throw new Error(`Pyodide ${pyodide.version}, not ${PYODIDE}`);
  pyodide.runPython("import random; random.seed()");  // not the snapshot's random sequence
  return pyodide;
}
