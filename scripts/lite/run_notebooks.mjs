// Run notebooks' code cells on Pyodide in Node, from a Pyodide distribution made by
// scripts/build_lite.py (the site's build/lite/static/pyodide/), without the network.
//
//   node scripts/lite/run_notebooks.mjs PYODIDE_DIR NOTEBOOK_DIR NOTEBOOK.ipynb...
//
// Loads every package of PYODIDE_DIR/pyodide-lock.json (as the site's kernel does at start), mounts
// NOTEBOOK_DIR at /notebooks (the working directory), runs scripts/lite/run_cells.py there and prints
// its JSON on stdout, with the packages loaded and any attempt to reach the network. Any fetch of
// a URL that is not a local file fails, so a package missing from the distribution shows up as an
// error instead of a download from Pyodide's CDN.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, notebookDir, ...notebooks] = process.argv.slice(2);
if (!pyodideDir || !notebookDir || notebooks.length === 0) {
  console.error("usage: node run_notebooks.mjs PYODIDE_DIR NOTEBOOK_DIR NOTEBOOK.ipynb...");
  process.exit(2);
}

const attempts = [];
const localFetch = globalThis.fetch;
globalThis.fetch = async (url, ...rest) => {
  const text = String(url instanceof Request ? url.url : url);
  if (/^(https?|wss?):/i.test(text)) {
    attempts.push(text);
    throw new Error(`network blocked in this test: ${text}`);
  }
  return localFetch(url, ...rest);
};

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(pyodideDir);
const { loadPyodide } = await import(pathToFileURL(join(dist, "pyodide.mjs")).href);
const lock = JSON.parse(readFileSync(join(dist, "pyodide-lock.json"), "utf8"));
const packages = Object.keys(lock.packages);

const log = [];
const pyodide = await loadPyodide({
  indexURL: dist + "/",
  packageBaseUrl: dist + "/",
  stdout: (line) => log.push(line),
  stderr: (line) => log.push(line),
});
await pyodide.loadPackage(packages, { messageCallback: (line) => log.push(line), errorCallback: (line) => log.push(line) });

pyodide.FS.mkdirTree("/notebooks");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(notebookDir) }, "/notebooks");
pyodide.FS.writeFile("/tmp/run_cells.py", readFileSync(join(here, "run_cells.py"), "utf8"));
const report = await pyodide.runPythonAsync(`
import os, sys
sys.path.insert(0, "/tmp")
os.chdir("/notebooks")
import run_cells
run_cells.run(${JSON.stringify(notebooks)})
`);
const result = JSON.parse(report);
result.packages = packages;
result.network_attempts = attempts;
result.log = log;
process.stdout.write(JSON.stringify(result) + "\n");
