// Precompile a zip of Python modules for Pyodide's own interpreter: every .py becomes a .pyc (an
// unchecked-hash pyc, as `compileall --invalidation-mode unchecked-hash` writes) in its place, so the
// page never compiles those modules again at start-up. Pyodide ships its standard library as sources,
// and compiling the ~200 modules Python and PyScript import at start-up took most of the boot
// (docs/performance.md). Only Pyodide's interpreter (same version, same magic number) can write them.
//
//   node tools/precompile.mjs <in.zip> <out.zip> [where]
//
// ``where`` is the path the page imports the zip from (tracebacks name it); by default, the standard
// library's place on Pyodide's own path. tools/build_site.py compiles the app's package this way too.
//
// Other files are kept as they are; entries keep their order and timestamps, so the same input gives
// the same bytes (the service worker's content hash stays put across builds).
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";

const [source, target, location] = process.argv.slice(2);
if (!source || !target) {
  console.error("usage: node tools/precompile.mjs <in.zip> <out.zip> [where]");
  process.exit(2);
}
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(source));
pyodide.globals.set("location", location ?? null);
const report = pyodide.runPython(`
import importlib._bootstrap_external as bootstrap
import importlib.util
import sys
import zipfile

# Name the code by where the page imports it from, as compiling there would (tracebacks, warnings).
where = location or next(path for path in sys.path if path.endswith(".zip"))

compiled = kept = 0
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w") as out:
    for info in src.infolist():
        data = src.read(info)
        if not info.filename.endswith(".py"):
            out.writestr(info, data, compress_type=info.compress_type)
            kept += 1
            continue
        code = compile(data, f"{where}/{info.filename}", "exec", dont_inherit=True)
        pyc = bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
        entry.external_attr = info.external_attr
        out.writestr(entry, bytes(pyc), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
        compiled += 1
f"{compiled} modules compiled, {kept} other entries kept"
`);
writeFileSync(target, pyodide.FS.readFile("/tmp/out.zip"));
console.error(`${source}: ${report}`);
