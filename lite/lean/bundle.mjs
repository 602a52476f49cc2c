// Bundle src/lean.mjs with esbuild: html-manager, controls and anywidget's front end, all from
// node_modules (package.json pins them), nothing fetched from a CDN at run time.
//   node bundle.mjs <out folder>
import fs from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";

const [out] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
const plugins = [{
  name: "lean",
  setup(build) {
    // anywidget's npm build ends with an AMD define() of its factory: made an ES export.
    build.onLoad({ filter: /anywidget[\\/]dist[\\/]index\.js$/ }, (args) => {
      const text = fs.readFileSync(args.path, "utf8");
      const fixed = text.replace(/define\(\["@jupyter-widgets\/base"\],\s*widget_default\);?/,
                                 "export default widget_default;");
      if (fixed === text) throw new Error("anywidget's define() not found: check its version");
      return { contents: fixed, loader: "js" };
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
  entryPoints: { lean: path.join(here, "src", "lean.mjs") },
  bundle: true, format: "esm", minify: true, target: "es2022", outdir: out,
  loader: { ".woff": "file", ".woff2": "file", ".ttf": "file", ".eot": "file", ".svg": "file" },
  define: { "process.env.NODE_ENV": '"production"' },
  metafile: true, plugins, logLevel: "warning",
});
if (process.env.LEAN_META) fs.writeFileSync(process.env.LEAN_META, JSON.stringify(result.metafile));
for (const [file, info] of Object.entries(result.metafile.outputs)) {
  console.log(`${file}: ${(info.bytes / 1024).toFixed(0)} KiB`);
}
