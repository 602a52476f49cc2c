// Bundle the site's app with esbuild, all from node_modules (package.json pins them), nothing
// fetched from a CDN at run time:
//  - sq-app.js (+ sq-app.css): the page's side, src/page.mjs: html-manager, the controls,
//    anywidget's front end, JupyterLite's drive answering /drive from IndexedDB;
//  - sq-python.js: the Web Worker, src/worker.mjs: JupyterLite's DriveFS for /drive.
//   node bundle.mjs <out folder> <src folder>   (run beside node_modules: lite/app_build.py)
import fs from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";

const [out, src] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
const plugins = [{
  name: "sq-app",
  setup(build) {
    // anywidget's npm build ends with an AMD define() of its factory: made an ES export.
    build.onLoad({ filter: /anywidget[\\/]dist[\\/]index\.js$/ }, (args) => {
      const text = fs.readFileSync(args.path, "utf8");
      const fixed = text.replace(/define\(\["@jupyter-widgets\/base"\],\s*widget_default\);?/,
                                 "export default widget_default;");
      if (fixed === text) throw new Error("anywidget's define() not found: check its version");
      // It gives a model 2 s to load and bind its script, then rejects the model's `ready`: a
      // page error, and every later message from Python to that widget is dropped (its
      // `_handle_comm_msg` awaits `ready`). A page's first burst of models on a slow phone (or
      // a loaded 2-core CI: 6x CPU throttling is enough) takes longer than that; a script
      // that truly hangs still says so, after a minute.
      const patient = fixed.replace("AbortSignal.timeout(2e3).addEventListener",
                                    "AbortSignal.timeout(6e4).addEventListener");
      if (patient === fixed) throw new Error("anywidget's model timeout not found: check its version");
      return { contents: patient, loader: "js" };
    });
    // Font Awesome's icons in the one format every browser the site runs in reads (woff2):
    // its eot, svg, ttf and woff copies would only go into the offline copy, unread.
    build.onLoad({ filter: /font-awesome[\\/]css[\\/]font-awesome\.min\.css$/ }, (args) => {
      const text = fs.readFileSync(args.path, "utf8");
      const face = /@font-face\{[^}]*\}/;
      if (!face.test(text)) throw new Error("Font Awesome's @font-face not found: check its version");
      const fixed = text.replace(face, "@font-face{font-family:'FontAwesome';" +
        "src:url('../fonts/fontawesome-webfont.woff2?v=4.7.0') format('woff2');" +
        "font-weight:normal;font-style:normal}");
      return { contents: fixed, loader: "css", resolveDir: path.dirname(args.path) };
    });
    // ipywidgets 7's front ends, which html-manager bundles too: the page speaks only 8.
    build.onResolve({ filter: /^@jupyter-widgets\/(base7|controls7)(\/.*)?$/ }, (args) => ({
      path: args.path, namespace: "gone" }));
    build.onLoad({ filter: /.*/, namespace: "gone" }, (args) => ({
      contents: args.path.endsWith(".css") ? "" : "module.exports = {};",
      loader: args.path.endsWith(".css") ? "css" : "js" }));
  },
}];
const result = await esbuild.build({
  entryPoints: { "sq-app": path.join(src, "page.mjs"),
                 "sq-python": path.join(src, "worker.mjs") },
  bundle: true, format: "esm", minify: true, target: "es2022", outdir: out,
  loader: { ".woff": "file", ".woff2": "file", ".ttf": "file", ".eot": "file", ".svg": "file" },
  define: { "process.env.NODE_ENV": '"production"' },
  nodePaths: [path.join(here, "node_modules")], metafile: true, plugins, logLevel: "warning",
});
if (process.env.SQ_APP_META) fs.writeFileSync(process.env.SQ_APP_META, JSON.stringify(result.metafile));
for (const [file, info] of Object.entries(result.metafile.outputs)) {
  console.log(`${file}: ${(info.bytes / 1024).toFixed(0)} KiB`);
}
