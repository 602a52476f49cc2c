// Make the site's Pyodide memory snapshot, in Node at build time:
//   node lite/snapshot.mjs <pyodide folder> <warm.py> <snapshot file>
// Pyodide starts with sq_edu loaded and the packages' zip (sq-site.zip) on sys.path, runs
// warm.py (the imports every page makes), and writes its memory to <snapshot file>. A page
// restores that memory instead of starting Python and importing IPython and the widgets again
// (sq-pyodide.mjs), which was most of its load time.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [folder, warm, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: folder + path.sep, _makeSnapshot: true, packages: ["sq-edu"],
});
pyodide.FS.writeFile("/lib/sq-site.zip", fs.readFileSync(path.join(folder, "sq-site.zip")));
pyodide.runPython(fs.readFileSync(warm, "utf8"));

// The kernel's Python holds a few of Pyodide's own JavaScript functions; the snapshot names
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
fs.writeFileSync(out, pyodide.makeMemorySnapshot({ serializer }));
