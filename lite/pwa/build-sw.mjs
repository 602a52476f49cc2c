// Workbox's build step for the site's worker: node build-sw.mjs <options.json>
// The options (folders, patterns) come from lite/offline.py; prints what was precached.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const options = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const require = createRequire(options.modules + "/");
const { injectManifest } = require("workbox-build");
const { count, size, warnings } = await injectManifest({
  swSrc: options.swSrc,
  swDest: options.swDest,
  globDirectory: options.site,
  globPatterns: ["**/*"],
  globIgnores: options.ignore,
  maximumFileSizeToCacheInBytes: options.maxFileBytes,
});
console.log(JSON.stringify({ count, size, warnings }));
