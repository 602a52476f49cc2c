// The site's Pyodide loader (the pages' worker imports it, lite/app/src/worker.mjs): Pyodide's
// own loadPyodide, started from the build's memory snapshot, in which the widgets and sq_edu
// are already imported (lite/snapshot.mjs). The other packages come as one zip on sys.path
// instead of wheels unpacked by Python. If anything here fails, Pyodide starts the ordinary way, from
// its own deflated standard library and the wheels (fetched only then: lite/offline.py).
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

// The snapshot and the stored zips, unzipped, are kept in the browser's Cache Storage, named by
// the build: a page opened again (or offline) reads them there rather than unzipping again.
const CACHE = "sq_edu-snapshot-@SNAPSHOT_ID@";   // lite/snapshot.py writes the build's id
const PYODIDE = "@PYODIDE_VERSION@";   // the Pyodide the snapshot was made with

// Files sent as their precompressed copies, and their sizes unpacked (lite/snapshot.py): the
// snapshot, the packages' zip and the standard library, the zips stored uncompressed inside.
const PACKED = @PACKED_SIZES@;

async function packedBytes(name) {
  const url = new URL(name, import.meta.url).href;
  const cache = globalThis.caches ? await caches.open(CACHE).catch(() => null) : null;
  const kept = cache && await cache.match(url);
  if (kept) return new Uint8Array(await kept.arrayBuffer());
  const bytes = await (await precompressed(url, PACKED[name]) || fetchBytes(`${name}.gz`));
  if (bytes.length !== PACKED[name]) throw new Error(`${name}: ${bytes.length} bytes`);
  if (cache) keep(cache, url, bytes);   // not awaited: the page goes on meanwhile
  return bytes;
}

// The file as a host that serves the build's precompressed copies sends it: the name without
// .gz, `x.br` with `Content-Encoding: br` (nginx brotli_static, Caddy precompressed, the Apache
// rules of docs/site.md), unpacked by the browser itself. Any other host sends the empty file
// of that name (or a 404, or a page of its own): then null, and the gzip copy.
async function precompressed(url, size) {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const body = new Uint8Array(await response.arrayBuffer());
    return body.length === size ? body : null;
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

export async function loadPyodide(options) {
  try {
    return await loadFromSnapshot(options);
  } catch (error) {   // no snapshot, or one from another Pyodide build
    console.warn("sq_edu: the Pyodide snapshot did not load, starting the ordinary way:", error);
    return loadPlain(options);
  }
}

// Pyodide's static data (pyodide.asm.wasm's data segments), XORed out of the snapshot by the
// build (lite/snapshot.mjs: it compresses to nothing then), XORed back from the new module's
// memory, which holds it before the restore. Its checksum first: different bytes there (another
// Pyodide, another start) would corrupt the restored memory; then the plain start instead.
const STATIC_DATA = @STATIC_DATA@;

function unmaskStaticData(memory, fresh) {
  let sum = 0x811c9dc5;   // FNV-1a, as the build's
  for (const [start, end] of STATIC_DATA.ranges) {
    for (let k = start; k < end; k++) sum = Math.imul(sum ^ (fresh[k] & 255), 16777619);
  }
  if (sum >>> 0 !== STATIC_DATA.sum) throw new Error("Pyodide's static data is not the build's");
  for (const [start, end] of STATIC_DATA.ranges) {
    for (let k = start; k < end; k++) memory[k] ^= fresh[k];
  }
}

// Private parts of Pyodide (snapshot options, module internals): the Pyodide pin is exact
// (lite/browser.txt) and tests/site/test_loader_names.py fails naming any that has gone.
async function loadFromSnapshot(options) {
  const [snapshot, packages, stdlib, sqEdu] = await Promise.all(
    ["sq_edu.snapshot", "sq-site.zip", "sq-stdlib.zip", "sq-edu.zip"].map(packedBytes));
  // The restored memory must fit: grow the new module's memory to the snapshot's size first
  // (this Pyodide build ignores INITIAL_MEMORY), and put the packages' zip where it was.
  const memory = snapshot.subarray(new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1]);
  const heap = memory.length;
  let api;
  const create = async (settings) => {
    const module = await createPyodideModule(settings);
    api = module.API;
    unmaskStaticData(memory, module.HEAP8);
    while (module.HEAP8.length < heap) module._malloc(1 << 20);
    module.FS.writeFile("/lib/sq-site.zip", packages);
    return module;
  };
  // Pyodide fetches its standard library itself: handed the bytes fetched above (the
  // snapshot's Python has this zip's directory, so its own deflated one would not do).
  const stdLibURL = URL.createObjectURL(new Blob([stdlib]));
  const pyodide = await loadPlain({
    ...options, packages: [], _loadSnapshot: snapshot, createPyodideModule: create,
    stdLibURL,
    // the functions of this Pyodide that the snapshot names (lite/snapshot.mjs)
    _snapshotDeserializer: (named) => ("public" in named
      ? (named.public ? api.public_api[named.public] : api.public_api)
      : api[named.api]),
  }).finally(() => URL.revokeObjectURL(stdLibURL));
  if (pyodide.version !== PYODIDE) throw new Error(`Pyodide ${pyodide.version}, not ${PYODIDE}`);
  // sq_edu's files where its wheel put them when the snapshot was made (its modules are in the
  // restored memory; its lessons, catalogues and scripts are read from there).
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(sqEdu, "zip", { extractDir: sitePackages });
  pyodide.runPython("import random; random.seed()");  // not the snapshot's random sequence
  return pyodide;
}
