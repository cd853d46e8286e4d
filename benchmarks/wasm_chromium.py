"""WebAssembly in headless Chromium against the native Node addon, side by
side in one run: the engine's nodes per second (one thread) on the searches
of benchmarks/wasm.js, and whether both play the same best move at the same
node count.

    make bench-wasm                                  # builds both packages first
    .venv/bin/python benchmarks/wasm_chromium.py [runs]   # 5 runs

The searches are benchmarks/wasm_workload.mjs, one ES module that the page
and Node both load: a page under target/bench-wasm-chromium/ imports it with
bagh-wasm/pkg/web, served by Python's http.server on 127.0.0.1, and a Node
process imports it with the release addon (bagh-node) and the wasm package
for Node. The runs alternate (native, Chromium, wasm in Node), so that a
slower stretch of a shared machine falls on all three. Times are the wall
clock around each analysis, on every side: a page has no CPU clock.

Prints a Markdown table (medians and ranges, and Chromium's speed as a share
of native's), then the best moves compared.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "target" / "bench-wasm-chromium"
WORKLOAD = ROOT / "benchmarks" / "wasm_workload.mjs"
WEB_PKG = ROOT / "bagh-wasm" / "pkg" / "web"
# The plies of the seeded game whose positions the best moves are compared
# at (the workload's three and a few more, placement and movement).
STRENGTH_PLIES = [0, 6, 12, 22, 30, 40, 50]

PAGE = """<!doctype html>
<meta charset="utf-8">
<title>bagh: WebAssembly benchmark</title>
<script type="module" src="bench.mjs"></script>
"""

# The page's module: the web package and the shared workload; the driver
# calls window.bench(rules, plies).
PAGE_MODULE = """import init from './pkg/index.js';
import * as workload from './wasm_workload.mjs';

const lib = await init();
const clock = () => performance.now() / 1000;
window.workload = { NODES: workload.NODES, RULES: workload.RULES, PLIES: workload.PLIES };
window.bench = (rules, plies) =>
  workload.search(lib, workload.positions(lib, plies ?? workload.PLIES), rules, workload.NODES, clock);
window.benchReady = true;
"""

# Node's side: one process for the whole run, which reads a request a line
# ({"lib": "native" | "wasm", "rules", "plies"}) and answers the search's
# result a line.
NODE_SIDE = """import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const root = process.argv[1];
const require = createRequire(root + '/');
const libs = { native: require(root + '/bagh-node'), wasm: require(root + '/bagh-wasm/pkg/node') };
const workload = await import(pathToFileURL(root + '/benchmarks/wasm_workload.mjs').href);
const clock = () => performance.now() / 1000;
console.log(JSON.stringify({ NODES: workload.NODES, RULES: workload.RULES, PLIES: workload.PLIES }));
for await (const line of createInterface({ input: process.stdin })) {
  const { lib, rules, plies } = JSON.parse(line);
  const boards = workload.positions(libs[lib], plies ?? workload.PLIES);
  console.log(JSON.stringify(await workload.search(libs[lib], boards, rules, workload.NODES, clock)));
}
"""


def fail(message: str) -> None:
    print(f"benchmarks/wasm_chromium.py: {message}", file=sys.stderr)
    sys.exit(2)


def write_site() -> None:
    """The page, its module, the web package and the workload under SITE."""
    if not (WEB_PKG / "index.js").is_file():
        fail("bagh-wasm/pkg/web is missing; run `make wasm` first")
    if not (ROOT / "bagh-node" / "bagh.node").is_file():
        fail("bagh-node/bagh.node is missing; run `make node NODE_PROFILE=release` first")
    if SITE.exists():
        shutil.rmtree(SITE)
    shutil.copytree(WEB_PKG, SITE / "pkg")
    shutil.copy(WORKLOAD, SITE / "wasm_workload.mjs")
    (SITE / "index.html").write_text(PAGE)
    (SITE / "bench.mjs").write_text(PAGE_MODULE)


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class NodeSide:
    """The Node process that runs the workload on the addon or on the wasm package."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            ["node", "--input-type=module", "-e", NODE_SIDE, str(ROOT)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.workload: dict[str, Any] = self.read()

    def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            fail("the Node process ended early (see its error above)")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def search(self, lib: str, rules: str, plies: list[int] | None = None) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"lib": lib, "rules": rules, "plies": plies}) + "\n")
        self.process.stdin.flush()
        return self.read()

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


def chromium() -> Any:
    """Headless Chromium through chromedriver, as the browser tests start it."""
    from selenium import webdriver

    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not browser or not driver:
        fail("Chromium or chromedriver is missing: install Debian's chromium and chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = str(browser)
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver))


def page_search(driver: Any, rules: str, plies: list[int] | None = None) -> dict[str, Any]:
    script = "const done = arguments[arguments.length - 1];" \
        "window.bench(arguments[0], arguments[1]).then(done, (e) => done({error: String(e)}));"
    answer: dict[str, Any] = driver.execute_async_script(script, rules, plies)
    if "error" in answer:
        fail(f"the page's search failed: {answer['error']}")
    return answer


def summary(rates: list[float]) -> str:
    return f"{statistics.median(rates) / 1e6:.2f} M/s ({min(rates) / 1e6:.2f}-{max(rates) / 1e6:.2f})"


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    if runs < 1:
        fail("usage: benchmarks/wasm_chromium.py [runs >= 1]")
    write_site()
    release = ROOT / "target" / "release" / "libbagh_node.so"
    addon = ROOT / "bagh-node" / "bagh.node"
    if not release.is_file() or release.read_bytes() != addon.read_bytes():
        print("warning: bagh-node/bagh.node is not the release build (make node NODE_PROFILE=release)", file=sys.stderr)
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    node = NodeSide()
    driver = chromium()
    load_before = os.getloadavg()
    try:
        driver.set_script_timeout(600)
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/")
        ready: Any = None
        for _ in range(600):
            ready = driver.execute_script("return window.benchReady === true;")
            if ready:
                break
            time.sleep(0.1)
        if ready is not True:
            fail(f"the page did not load the package: {driver.get_log('browser')}")
        if driver.execute_script("return window.workload;") != node.workload:
            fail("the page and Node read different workloads")
        version = driver.capabilities.get("browserVersion", "?")
        rules = node.workload["RULES"]
        sides = ("native", "chromium", "node-wasm")
        rates: dict[str, dict[str, list[float]]] = {r: {s: [] for s in sides} for r in rules}
        for _ in range(runs):
            for kind, rule in rules.items():
                for side in sides:
                    if side == "chromium":
                        result = page_search(driver, rule)
                    else:
                        result = node.search("native" if side == "native" else "wasm", rule)
                    rates[kind][side].append(result["nodes"] / result["seconds"])
        # Equal moves at equal nodes: the same analyses, native and in the page.
        compared = []
        for kind, rule in rules.items():
            native = node.search("native", rule, STRENGTH_PLIES)["answers"]
            page = page_search(driver, rule, STRENGTH_PLIES)["answers"]
            compared += [(kind, ply, n, p) for ply, n, p in zip(STRENGTH_PLIES, native, page)]
    finally:
        driver.quit()
        node.close()
        server.shutdown()
    load_after = os.getloadavg()

    nodes = node.workload["NODES"]
    positions = len(node.workload["PLIES"])
    print(f"Chromium {version}, {runs} runs, medians (ranges), wall clock; "
          f"load average {load_before[0]:.1f} before, {load_after[0]:.1f} after")
    print()
    # The fastest runs' ratio too: on a loaded machine the wall clock counts
    # time spent waiting for a core, which the fastest run holds least of.
    print("| engine, one thread, nodes per second | Chromium (wasm) | native | Chromium's speed, of native's: "
          "medians, fastest runs | wasm in Node |")
    print("|---|---|---|---|---|")
    for kind in rules:
        r = rates[kind]
        share = statistics.median(r["chromium"]) / statistics.median(r["native"])
        best = max(r["chromium"]) / max(r["native"])
        what = "with the network" if kind == "network" else "classic evaluation (no network)"
        print(f"| {what}, {positions} positions x {nodes} nodes | {summary(r['chromium'])} | "
              f"{summary(r['native'])} | {100 * share:.0f}%, {100 * best:.0f}% | {summary(r['node-wasm'])} |")
    print()
    same = [c for c in compared if c[2] == c[3]]
    print(f"best moves at {nodes} nodes, Chromium against native: {len(same)} of {len(compared)} analyses identical "
          "(best move, score, depth, nodes)")
    for kind, ply, n, p in compared:
        mark = "same" if n == p else "DIFFERENT"
        print(f"  {kind}, ply {ply}: native {n['bestMove']} {n['score']} d{n['depth']}; "
              f"Chromium {p['bestMove']} {p['score']} d{p['depth']}: {mark}")
    if len(same) != len(compared):
        sys.exit(1)


if __name__ == "__main__":
    main()
