// Precompile a zip of Python modules for Pyodide's own interpreter: every .py becomes a .pyc (an
// unchecked-hash pyc, as `compileall --invalidation-mode unchecked-hash` writes) in its place, so the
// page never compiles those modules again at start-up. Pyodide ships its standard library as sources,
// and compiling the ~200 modules Python and PyScript import at start-up took most of the boot
// (docs/performance.md). Only Pyodide's interpreter (same version, same magic number) can write them.
//
//   node tools/precompile.mjs <in.zip> <out.zip> [where [module ...]]
//
// ``where`` is the path the page imports the zip from (tracebacks name it); by default, the standard
// library's place on Pyodide's own path. tools/build_site.py compiles the app's package this way too,
// naming the modules its start page imports: every class they make with ``@dataclass`` compiles its
// methods from generated source at import (``exec``), which no .pyc holds, so that generated source
// and its code are saved too, as DATACLASS_CODE in the zip (a dict, marshalled; py/main.py uses it).
//
// Other files are kept as they are; entries keep their order and timestamps, so the same input gives
// the same bytes (the service worker's content hash stays put across builds).
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";

const [source, target, location, ...modules] = process.argv.slice(2);
if (!source || !target) {
  console.error("usage: node tools/precompile.mjs <in.zip> <out.zip> [where]");
  process.exit(2);
}
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(source));
pyodide.globals.set("location", location ?? null);
pyodide.globals.set("modules", modules);
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
# The dataclasses' generated methods: import the start modules (from the sources) and keep what
# dataclasses compiles, keyed by its source text (the same class gives the same text in the page).
generated = {}
if modules:
    import dataclasses
    import importlib
    import marshal

    def recorded(text, globals=None, locals=None):
        generated[text] = compile(text, "<string>", "exec", dont_inherit=True)
        exec(generated[text], globals, locals)

    sys.path.insert(0, "/tmp/in.zip")
    dataclasses.exec = recorded
    try:
        for name in modules.to_py():
            importlib.import_module(name)
    finally:
        del dataclasses.exec
        sys.path.remove("/tmp/in.zip")
    with zipfile.ZipFile("/tmp/out.zip", "a") as out:
        entry = zipfile.ZipInfo("DATACLASS_CODE", date_time=(1980, 1, 1, 0, 0, 0))
        entry.external_attr = 0o644 << 16
        out.writestr(entry, marshal.dumps(generated), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
f"{compiled} modules compiled, {kept} other entries kept, {len(generated)} dataclasses' methods saved"
`);
writeFileSync(target, pyodide.FS.readFile("/tmp/out.zip"));
console.error(`${source}: ${report}`);
