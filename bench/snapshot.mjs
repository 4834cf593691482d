// Make a Pyodide memory snapshot for bench/boot.py's --snapshot page (an experiment, not shipped):
// Python started and initialised once here, its memory saved gzipped, so a page restoring it skips
// the interpreter's start. Pyodide's snapshot options (`_makeSnapshot`, `_loadSnapshot`) are private.
//
//   node bench/snapshot.mjs <pyodide folder> <out.bin.gz>
import { loadPyodide } from "pyodide";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const [indexURL, target] = process.argv.slice(2);
if (!indexURL || !target) {
  console.error("usage: node bench/snapshot.mjs <pyodide folder> <out.bin.gz>");
  process.exit(2);
}
const pyodide = await loadPyodide({ indexURL: indexURL.endsWith("/") ? indexURL : `${indexURL}/`, _makeSnapshot: true });
const snapshot = pyodide.makeMemorySnapshot();
const packed = gzipSync(snapshot, { level: 6 });
writeFileSync(target, packed);
console.log(`${target}: ${snapshot.length} bytes of memory, ${packed.length} gzipped`);
