// Make the site's Pyodide memory snapshot, in Node at build time:
//   node lite/snapshot.mjs <pyodide folder> <warm.py> <snapshot file>
// Pyodide starts with sq_edu loaded and the packages' zip (sq-site.zip) on sys.path, runs
// warm.py (the imports every page makes), and writes its memory to <snapshot file>. A page
// restores that memory instead of starting Python and importing the widgets and sq_edu again
// (sq-pyodide.mjs), which was most of its load time.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [folder, warm, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const { default: createPyodideModule } = await import(
  pathToFileURL(path.join(folder, "pyodide.asm.mjs")).href);
const MARGIN = 4096;   // bytes kept unmasked around what Pyodide's start changes
const FNV_START = 0x811c9dc5, FNV_PRIME = 16777619;   // the checksum (FNV-1a, the loader's)
let fresh;   // the new module's memory, as the page's loader sees it before the restore
const pyodide = await loadPyodide({
  indexURL: folder + path.sep, _makeSnapshot: true, packages: ["sq-edu"],
  stdLibURL: path.join(folder, "sq-stdlib.zip"),   // stored, as the page gets it (slim.py)
  // Python's -OO: no docstrings in the memory every first visit downloads (-0.6 MiB brotli,
  // -1.1 gzip), asserts off; the restored pages keep it (no page reads a docstring). No
  // column ranges in the code objects either (-0.4 MiB brotli, -0.6 gzip): the log's
  // tracebacks keep their line numbers, without the ^^^ under the failing expression.
  env: { PYTHONOPTIMIZE: "2", PYTHONNODEBUGRANGES: "1" },
  createPyodideModule: async (settings) => {
    const module = await createPyodideModule(settings);
    fresh = module.HEAP8.slice();
    return module;
  },
});
pyodide.FS.writeFile("/lib/sq-site.zip", fs.readFileSync(path.join(folder, "sq-site.zip")));
pyodide.runPython(fs.readFileSync(warm, "utf8"));
// warm.py left the modules it imported out of the zips (their code is in the memory): the page
// gets the zips as the snapshot's Python last read them.
fs.writeFileSync(path.join(folder, "sq-site.zip"), pyodide.FS.readFile("/lib/sq-site.zip"));
fs.writeFileSync(path.join(folder, "sq-stdlib.zip"), pyodide.FS.readFile(
  pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('.zip'))")));

// The page's Python holds a few of Pyodide's own JavaScript functions; the snapshot names
// them, and the page's loader hands over the new Pyodide's functions of those names.
function serializer(object) {
  if (object === pyodide) return { public: "" };
  for (const [kind, owner] of [["public", pyodide], ["api", pyodide._api]]) {
    for (const name of Object.getOwnPropertyNames(owner)) {
      if (owner[name] === object) return { [kind]: name };
    }
  }
  throw new Error(`the snapshot cannot carry the JavaScript object ${object}`);
}
// Pyodide snapshots only a fresh package registry; the page loads sq_edu's wheel again after
// restoring, so its files are there for the lessons and catalogues it reads.
for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
zeroFreeMemory(pyodide._module);
const snapshot = pyodide.makeMemorySnapshot({ serializer });
const memory = snapshot.subarray(new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1]);
fs.writeFileSync(`${out}.json`, JSON.stringify(maskStaticData(memory)));
fs.writeFileSync(out, snapshot);

// Memory malloc has free holds what was there before (freed objects, the warm-up's apps):
// zeroed, it compresses to nothing. malloc is asked for every free block of every size while
// it may not grow the memory; all are zeroed and freed again (-0.1 MiB gzip).
function zeroFreeMemory(module) {
  const limit = module._malloc_footprint_limit();
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const blocks = [];
  try {
    for (let size = 1 << 24; size >= 8; size >>= 1) {
      for (let block = module._malloc(size); block; block = module._malloc(size)) {
        module.HEAPU8.fill(0, block, block + size);
        blocks.push(block);
      }
    }
  } finally {
    for (const block of blocks) module._free(block);
    module._malloc_set_footprint_limit(limit);
  }
  module.HEAPU8.fill(0, module._sbrk(0));   // above the heap's top: never handed out now
}

// Pyodide's static data (pyodide.asm.wasm's data segments, 3 MiB) is in every page's memory
// before the snapshot is restored, and mostly unchanged in the snapshot: XORed out here, it is
// zeros that compress to nothing (-1.1 MiB brotli, -1.4 gzip), and the loader XORs it back
// from the new module's memory. Left out: the bytes Pyodide's start changes before the restore
// (they may differ from one start to the next), with a margin. Returns the ranges masked and
// a checksum of the static data there, which the loader checks before it unmasks.
function maskStaticData(memory) {
  const wasm = fs.readFileSync(path.join(folder, "pyodide.asm.wasm"));
  const pristine = new Uint8Array(fresh.length);
  let low = Infinity, high = 0;
  for (const [offset, bytes] of dataSegments(wasm)) {
    pristine.set(bytes, offset);
    low = Math.min(low, offset);
    high = Math.max(high, offset + bytes.length);
  }
  const ranges = [];
  let from = low;
  for (let k = low; k < high; k++) {
    if ((fresh[k] & 255) === pristine[k]) continue;
    if (k - MARGIN > from) ranges.push([from, k - MARGIN]);
    from = Math.max(from, k + MARGIN);
  }
  if (high > from) ranges.push([from, high]);
  let sum = FNV_START;
  for (const [start, end] of ranges) {
    for (let k = start; k < end; k++) {
      sum = Math.imul(sum ^ (fresh[k] & 255), FNV_PRIME);
      memory[k] ^= fresh[k];
    }
  }
  return { ranges, sum: sum >>> 0 };
}

// The (offset, bytes) of each active data segment of a wasm module (section 11).
function* dataSegments(wasm) {
  let at = 8;
  const leb = () => {
    let value = 0, shift = 0, byte;
    do { byte = wasm[at++]; value += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
    return value;
  };
  while (at < wasm.length) {
    const id = wasm[at++], size = leb(), end = at + size;
    if (id === 11) {
      for (let count = leb(); count > 0; count--) {
        if (leb() !== 0 || wasm[at++] !== 0x41) throw new Error("a data segment of another kind");
        const offset = leb();
        if (wasm[at++] !== 0x0b) throw new Error("a data segment offset of another kind");
        const length = leb();
        yield [offset, wasm.subarray(at, at + length)];
        at += length;
      }
    }
    at = end;
  }
}
