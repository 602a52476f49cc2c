// The site's Pyodide loader (the pages' worker imports it, lite/app/src/worker.mjs): Pyodide's
// own loadPyodide, started from the build's memory snapshot, in which the widgets and sq_edu
// are already imported (lite/snapshot.mjs). The other packages come as one zip on sys.path
// instead of wheels unpacked by Python. If anything here fails, Pyodide starts the ordinary way, from
// its own deflated standard library and the wheels (fetched only then: lite/offline.py).
import { loadPyodide as loadPlain } from "./pyodide.mjs";
import createPyodideModule from "./pyodide.asm.mjs";

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
  const bytes = await precompressed(url, PACKED[name]) || await brotliCopy(name);
  if (bytes.length !== PACKED[name]) throw new Error(`${name}: ${bytes.length} bytes`);
  if (cache) fetched.push([cache, url, bytes]);
  return bytes;
}

// What a first page fetched waits to be kept until its cells have run (`keepFetched`): copying
// the snapshot into the cache took 0.1 s of that page's start.
const fetched = [];

/** Keep what this page fetched for the next pages (the worker calls it once the page's
 * cells have run), one file after the other. */
export async function keepFetched() {
  for (const [cache, url, bytes] of fetched.splice(0)) await keep(cache, url, bytes);
}

// The file as a host that serves the build's precompressed copies sends it: `x.br` (or `x.gz`)
// for `x`, with its Content-Encoding (nginx brotli_static/gzip_static, Caddy precompressed,
// the Apache rules of docs/site.md), unpacked by the browser itself. Any other host sends the
// empty file of that name (or a 404, or a page of its own): then null, and `brotliCopy`.
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

// The brotli copy `x.br` as a file, as any host sends it (GitHub Pages, Netlify, Cloudflare
// Pages: none serves it for `x`), unpacked here as it comes by a WebAssembly brotli decoder
// (npm brotli-dec-wasm, ../brotli/, 0.1 MiB, fetched only then): the snapshot's gzip copy was
// 2.2 MiB more. A host that sends `x.br` with `Content-Encoding: br` gets it unpacked by the
// browser already.
async function brotliCopy(name) {
  const response = await fetch(new URL(`${name}.br`, import.meta.url));
  if (!response.ok) throw new Error(`${name}.br: HTTP ${response.status}`);
  if (response.headers.get("Content-Encoding") === "br") {
    return new Uint8Array(await response.arrayBuffer());
  }
  const brotli = await brotliDecoder();
  const stream = new brotli.DecompressStream();
  const bytes = new Uint8Array(PACKED[name]);
  let length = 0, done = false;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    let input = read.value, code;
    do {
      const result = stream.decompress(input, 1 << 20);
      const out = result.buf;
      if (length + out.length > bytes.length) throw new Error(`${name}.br: too long`);
      bytes.set(out, length);
      length += out.length;
      code = result.code;
      input = input.subarray(result.input_offset);
      result.free();
    } while (code === brotli.BrotliStreamResultCode.NeedsMoreOutput);
    done = code === brotli.BrotliStreamResultCode.ResultSuccess;
  }
  stream.free();
  if (!done) throw new Error(`${name}.br: the brotli stream ended early`);
  return bytes.subarray(0, length);
}

let decoder = null;
function brotliDecoder() {
  decoder ??= import("../brotli/brotli_dec_wasm.js").then(async (brotli) => {
    await brotli.default();   // its WebAssembly, beside it
    return brotli;
  });
  return decoder;
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

// sq_edu's stored zip (lite/slim.py: nothing compressed inside) unpacked into `folder` here:
// Pyodide's unpackArchive (Python's zipfile) took 0.19 s of every page's start, this a few ms.
function unpackStoredZip(FS, zip, folder) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;   // the end of central directory record, at most a comment before
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("sq-edu.zip is not a zip");
  const names = new TextDecoder();
  let at = view.getUint32(end + 16, true);
  for (let count = view.getUint16(end + 10, true); count > 0; count--) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("sq-edu.zip: a bad directory");
    const size = view.getUint32(at + 20, true), local = view.getUint32(at + 42, true);
    const nameLength = view.getUint16(at + 28, true);
    const name = names.decode(zip.subarray(at + 46, at + 46 + nameLength));
    if (view.getUint16(at + 10, true) !== 0 || name.startsWith("/") || name.includes("..")) {
      throw new Error(`sq-edu.zip: ${name} is compressed or outside the folder`);
    }
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const path = `${folder}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    if (name.endsWith("/")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    FS.writeFile(path, zip.subarray(start, start + size));
  }
}

// Private parts of Pyodide (snapshot options, module internals): the Pyodide pin is exact
// (lite/browser.txt) and tests/site/test_loader_names.py fails naming any that has gone.
async function loadFromSnapshot(options) {
  // Pyodide fetches and compiles its WebAssembly and starts its module while these come: it is
  // handed an empty snapshot of the right size now, filled before the restore.
  const snapshot = new Uint8Array(PACKED["sq_edu.snapshot"]);
  const files = Promise.all([
    packedBytes("sq_edu.snapshot").then((bytes) => { snapshot.set(bytes); }),
    ...["sq-site.zip", "sq-stdlib.zip", "sq-edu.zip"].map(packedBytes),
  ]).finally(() => { decoder = null; });   // its memory (the largest file's size) let go
  files.catch(() => {});   // a failure is met where they are awaited
  let api;
  const create = async (settings) => {
    const module = await createPyodideModule(settings);
    api = module.API;
    const [, packages, stdlib] = await files;
    // The restored memory must fit: grow the new module's memory to the snapshot's size
    // (this Pyodide build ignores INITIAL_MEMORY). The zips go where the snapshot's Python
    // read them: its standard library over the empty one Pyodide put there.
    const memory = snapshot.subarray(new Uint32Array(snapshot.buffer, 0, 2)[1]);
    unmaskStaticData(memory, module.HEAP8);
    while (module.HEAP8.length < memory.length) module._malloc(1 << 20);
    module.FS.writeFile("/lib/sq-site.zip", packages);
    const stdlibZip = module.FS.readdir("/lib").find((name) => /^python\d+\.zip$/.test(name));
    if (!stdlibZip) throw new Error("Pyodide wrote no standard library zip into /lib");
    module.FS.writeFile(`/lib/${stdlibZip}`, stdlib);
    return module;
  };
  const pyodide = await loadPlain({
    ...options, packages: [], _loadSnapshot: snapshot, createPyodideModule: create,
    // nothing: the standard library comes with `files` ("install-stdlib" writes an empty one)
    stdLibURL: "data:application/zip,",
    // the functions of this Pyodide that the snapshot names (lite/snapshot.mjs)
    _snapshotDeserializer: (named) => ("public" in named
      ? (named.public ? api.public_api[named.public] : api.public_api)
      : api[named.api]),
  });
  if (pyodide.version !== PYODIDE) throw new Error(`Pyodide ${pyodide.version}, not ${PYODIDE}`);
  // sq_edu's files where its wheel put them when the snapshot was made (its modules are in the
  // restored memory; its lessons, catalogues and scripts are read from there).
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  unpackStoredZip(pyodide.FS, (await files)[3], sitePackages);
  pyodide.runPython("import random; random.seed()");  // not the snapshot's random sequence
  return pyodide;
}
