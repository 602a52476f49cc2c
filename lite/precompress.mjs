// Precompress the built site for static hosts that serve `x.br` / `x.gz` in place of `x`
// (nginx gzip_static / brotli_static, Apache with the rules in docs/site.md, Caddy
// `precompressed`): brotli at its best setting and gzip -9, done once at build time instead of
// on every request. Files already compressed (zips, wheels, the snapshot, images, fonts) are
// left alone, as are files where compressing saves almost nothing.
//   node lite/precompress.mjs <site folder>
// Stand-ins: the named files (stored zips the page's loader reads whole, lite/slim.py) get a
// brotli copy with its largest window a browser reads (2^24), and are then emptied, as the
// snapshot (lite/snapshot.py): a host that serves precompressed copies sends the `.br`, any
// other sends 0 bytes for the name and the loader fetches the `.br` as a file and unpacks it
// (never the stored zip itself, several times larger).
//   node lite/precompress.mjs --stand-ins <file>...
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

if (process.argv[2] === "--stand-ins") {
  for (const file of process.argv.slice(3)) {
    const data = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(data, { params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
    fs.writeFileSync(file + ".br", br);
    fs.writeFileSync(file, "");
    console.log(`${path.basename(file)}: ${data.length} bytes, brotli ${br.length}`);
  }
  process.exit(0);
}

const TEXT = new Set([".js", ".mjs", ".css", ".html", ".json", ".wasm", ".svg", ".txt",
                      ".ipynb", ".ttf", ".ico", ".webmanifest"]);
const MIN_BYTES = 1024;
const [root] = process.argv.slice(2);
let before = 0, brotli = 0, gzip = 0;

function* files(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.has(path.extname(entry.name))) yield full;
  }
}

for (const file of files(root)) {
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  const gz = zlib.gzipSync(data, { level: 9 });
  if (gz.length > 0.9 * data.length) continue;   // not worth a second copy
  fs.writeFileSync(file + ".br", br);
  fs.writeFileSync(file + ".gz", gz);
  before += data.length; brotli += br.length; gzip += gz.length;
}
const mib = (n) => (n / 2 ** 20).toFixed(1);
console.log(`precompressed ${mib(before)} MiB: brotli ${mib(brotli)} MiB, gzip ${mib(gzip)} MiB`);
