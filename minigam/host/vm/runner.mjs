// Runs Python code inside the real MicroPython VM (WebAssembly) under Node.
//
// Usage: node --no-liftoff runner.mjs JOB.json RESULT.json
//
// JOB.json:    {"files": {"/vm/path.py": {"text": "source"} or {"b64": "..."}, ...}, "code": "python source",
//               "heapsize": bytes or null}
// RESULT.json: {"ok": true} or {"ok": false, "type": "ImportError", "message": "..."}
//
// The VM's stdout and stderr stream to this process's stdout and stderr, line
// by line, so a run killed by a timeout still shows what it printed.
// Driven by minigam/host/vm/__init__.py; see its docstring.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const [jobPath, resultPath] = process.argv.slice(2);
if (!jobPath || !resultPath) {
  process.stderr.write("usage: node runner.mjs JOB.json RESULT.json\n");
  process.exit(2);
}

function finish(result) {
  writeFileSync(resultPath, JSON.stringify(result));
}

const job = JSON.parse(readFileSync(jobPath, "utf8"));
// Resolve the npm package from the repository's node_modules (cwd) first.
const require = createRequire(process.cwd() + "/");
let entry;
try {
  entry = require.resolve("@micropython/micropython-webassembly-pyscript/micropython.mjs");
} catch (err) {
  finish({ ok: false, type: "VMUnavailable",
           message: "npm package @micropython/micropython-webassembly-pyscript not found " +
                    "(run `make setup` or `npm install`): " + err.message });
  process.exit(0);
}
const { loadMicroPython } = await import(pathToFileURL(entry).href);

const options = {
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
  linebuffer: true,
};
if (job.heapsize) options.heapsize = job.heapsize;
const mp = await loadMicroPython(options);

function makeDirs(path) {
  const parts = path.split("/").filter((p) => p.length > 0);
  let cur = "";
  for (const part of parts.slice(0, -1)) {
    cur += "/" + part;
    try { mp.FS.mkdir(cur); } catch (err) { /* exists */ }
  }
}

for (const [path, data] of Object.entries(job.files || {})) {
  makeDirs(path);
  mp.FS.writeFile(path, data.b64 !== undefined ? Buffer.from(data.b64, "base64") : data.text);
}

let result;
try {
  mp.runPython("import sys\nif '/' not in sys.path:\n    sys.path.insert(0, '/')\n");
  mp.runPython(job.code);
  result = { ok: true };
} catch (err) {
  if (err && err.type !== undefined) {
    result = { ok: false, type: String(err.type), message: String(err.message) };
  } else {
    result = { ok: false, type: "JSError", message: String(err && err.stack || err) };
  }
}
// Flush a last partial line (the line buffer holds it until a newline).
for (const [buf, stream] of [["_stdoutBuffer", process.stdout], ["_stderrBuffer", process.stderr]]) {
  const pending = mp._module[buf];
  if (pending && pending.length) stream.write(new TextDecoder().decode(new Uint8Array(pending)));
}
finish(result);
