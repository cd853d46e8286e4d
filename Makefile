# bagh's tasks. `make` alone lists them (`make help`); the two of the README
# are `make demo` and `make test`, which install what they need from a fresh
# clone. A target's one-line help is the `## ` line right above it, and a
# `##@ ` line starts a group of the list. The design studies (measurements of
# what was tried and not kept) have their own Makefile: `make -C research help`.

CARGO ?= cargo
# Property-test cases per invariant in `make test`; raise it for a deeper run,
# e.g. `make test BAGH_PROPTEST_CASES=5000`.
BAGH_PROPTEST_CASES ?= 256
export BAGH_PROPTEST_CASES

.DEFAULT_GOAL := help
.PHONY: help demo test check test-rust test-python lint docs perft-slow bench bench-python .venv

##@ Start

## List the targets with their one-line help (the default)
help:
	@awk '/^##@ /{printf "\n%s\n", substr($$0, 5); next} \
	    /^## /{help = substr($$0, 4); next} \
	    /^[a-zA-Z0-9_.-]+:/ && help != "" {split($$0, t, ":"); printf "  %-22s %s\n", t[1], help} \
	    {help = ""}' $(firstword $(MAKEFILE_LIST))
	@echo
	@echo "Variables (NAME=value after the target) are described above each target in the Makefile."

## Play a game in Rust and run examples/quickstart.py in Python
demo: .venv
	$(CARGO) run --release --quiet -p bagh-core --example demo
	$(PY) examples/quickstart.py

# The example notebooks run again in a Jupyter kernel, their outputs stored
# in place (what a reader sees before running them): after a change to what
# they show. learn.ipynb trains for a long time, so NOTEBOOKS names the ones
# to run. nbclient and ipykernel are not test extras: only this target needs them.
NOTEBOOKS ?= examples/tour.ipynb
.PHONY: notebooks
## Run the example notebooks again and store their outputs (NOTEBOOKS: examples/tour.ipynb)
notebooks: .venv
	$(PY) -m pip install --quiet 'nbclient>=0.10' 'ipykernel>=6.29'
	$(PY) examples/run_notebooks.py $(NOTEBOOKS)

##@ Tests and checks

## Every test: Rust, Python, C, Node, WebAssembly, the browser board and a short fuzzing run
test: test-rust test-python test-c test-node test-wasm test-browser fuzz-smoke

# Everything CI checks (.ci/run): the tests, then formatting, clippy and the
# documentation build (a separate target, so that `make test` stays the
# tests), then `make -C research check`.
.PHONY: check
## What CI checks: `make test`, `make lint`, then the design studies' checks
check: test lint
	$(MAKE) --no-print-directory -C research check

# The libraries and binaries that the C, Node and browser tests use, built
# with the features of `cargo test --workspace --all-features` (the test
# targets bring in the dev-dependencies' features), so that after
# `test-rust` this compiles only the C and Node libraries themselves
# instead of the whole dependency tree once more for each of them.
# The design studies (bagh-research) are linted, not tested, here.
TEST_BUILD := build --workspace --exclude bagh-research --all-features --profile test --lib --bins --tests

## Formatting, clippy (every crate, the studies too) and the documentation build
lint: docs
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --all-features -- -D warnings

## The Rust documentation, warnings as errors
docs:
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --workspace --all-features --no-deps

# The tests under cargo-nextest, which runs the tests of every binary side by
# side (cargo test runs one binary at a time: a binary of two long tests
# leaves a core idle), then the doc tests, which nextest does not run.
## The Rust tests (cargo-nextest, then the doc tests)
test-rust: cargo-nextest
	$(CARGO) nextest run --workspace --exclude bagh-research --all-features
	$(CARGO) test --workspace --exclude bagh-research --all-features --doc

.PHONY: cargo-nextest
cargo-nextest:
	@command -v cargo-nextest >/dev/null || $(CARGO) install cargo-nextest --locked

# pytest over tests/python (PYTEST_WORKERS processes, pytest-xdist: one a
# core by default), the stubs against the compiled module, and the Python
# sources type-checked against the stubs.
PYTEST_WORKERS ?= auto
# mypy checks the browser tests apart: they have a conftest.py of their own,
# as tests/python has.
## The Python tests, the stubs checked against the module, mypy --strict
test-python: .venv
	$(PY) -m pytest -q -n $(PYTEST_WORKERS) tests/python
	$(PY) -m mypy.stubtest bagh._bagh
	$(PY) -m mypy --strict tests/python examples/quickstart.py benchmarks/random_games.py benchmarks/placement_probes.py benchmarks/engine_strength.py benchmarks/rl_throughput.py benchmarks/baghchal_package.py benchmarks/bindings.py benchmarks/rl_agents.py benchmarks/engine_bindings.py benchmarks/wasm_chromium.py training/*.py
	$(PY) -m mypy --strict bagh-web/tests/browser/*.py
	$(PY) training/train_eval.py --self-test
	$(PY) training/train_eval.py --self-test --width 256
	$(PY) training/train_agent.py --self-test

# `bagh serve` in headless Chromium (bagh-web/tests/browser): Debian's chromium
# and chromium-driver are installed when missing, where apt-get can; the test
# says it is skipped, and why, where they cannot be. Screenshots go to
# target/screenshots/. The static board (make web-static) is tested too
# where the WebAssembly toolchain installs, its games in Node first.
.PHONY: test-browser chromium
## The board of `bagh serve` in headless Chromium
test-browser: .venv chromium
	$(CARGO) $(TEST_BUILD)
	@if sh bagh-wasm/toolchain.sh $(WASM_BINDGEN_VERSION) $(WASM_TOOLS); then $(MAKE) --no-print-directory web-static && \
	    $(NODE) --test bagh-web/tests/browser/wasm_games.test.mjs bagh-web/tests/browser/wasm_puzzles.test.mjs; \
	else echo "the static board's browser test will be skipped: the WebAssembly toolchain could not be installed"; fi
	BAGH_BIN=target/debug/bagh BAGH_SCREENSHOTS=target/screenshots $(PY) -m pytest -q -rs bagh-web/tests/browser

chromium:
	@if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's chromium and chromium-driver for the browser test"; \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium chromium-driver >/dev/null 2>&1 || \
	    { apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium chromium-driver >/dev/null 2>&1; } || \
	    echo "chromium could not be installed: the browser test will be skipped"; \
	else echo "no apt-get as root here: install chromium and chromium-driver for the browser test"; fi

# The perft figures marked slow in tests/perft (depths 7 and 8 from the start).
## The slow perft figures (depths 7 and 8 from the start)
perft-slow:
	$(CARGO) test --release -p bagh-core --test perft_suites -- --ignored

##@ Front ends

# The Python side: a virtualenv with the bagh package installed from the
# abi3 wheel that `maturin build --release` makes (the file a user gets from
# PyPI, so the tests check what is published), its test extras and, where
# it installs, the ray extra (without it the Ray tests say they are skipped,
# and why). Rebuilt when a source changes.
VENV := .venv
PY := $(VENV)/bin/python
WHEELS := target/wheels
PY_SOURCES := pyproject.toml Cargo.toml Cargo.lock bagh-py/README.md $(shell find bagh-core/src bagh-core/Cargo.toml bagh-tablebase/src bagh-tablebase/Cargo.toml bagh-engine/src bagh-engine/networks bagh-engine/Cargo.toml bagh-rl/src bagh-rl/Cargo.toml bagh-py -type f \( -name '*.rs' -o -name '*.py' -o -name '*.pyi' -o -name '*.bnn' -o -name 'Cargo.toml' \) 2>/dev/null)

## The Python package built and installed in .venv with its test extras (and ray where it installs)
.venv: $(VENV)/.installed

$(VENV)/.installed: $(PY_SOURCES)
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip 'maturin>=1.9.4,<2'
	rm -f $(WHEELS)/bagh-*.whl
	$(VENV)/bin/maturin build --release --quiet --out $(WHEELS)
	$(PY) -m pip install --quiet "$$(ls $(WHEELS)/bagh-*-abi3-*.whl)[test]"
	$(PY) -m pip install --quiet "$$(ls $(WHEELS)/bagh-*-abi3-*.whl)[ray]" || \
	    echo "the ray extra could not be installed: the tests of bagh.rl.ray will be skipped"
	$(PY) -m pip install --quiet --force-reinstall --no-deps $(WHEELS)/bagh-*-abi3-*.whl
	touch $@

# --- Node addon (bagh-node) ---
# The Node-API addon, copied to bagh-node/bagh.node, which
# `require('./bagh-node')` loads. `make node` builds it with the optimised
# `test` profile and TEST_BUILD's features, which shares what `cargo test
# --workspace --all-features` has built; the benchmark builds it with `release`
# (about a fifth faster, and the profile the other bindings are measured with).
NODE ?= node
NODE_PROFILE ?= test
NODE_ADDON := bagh-node/bagh.node
NODE_LIBRARY := target/$(if $(filter test,$(NODE_PROFILE)),debug,$(NODE_PROFILE))/libbagh_node$(if $(filter Darwin,$(shell uname -s)),.dylib,.so)

.PHONY: node test-node bench-node
## The Node addon, as bagh-node/bagh.node (NODE_PROFILE=release for speed)
node:
	$(CARGO) $(if $(filter test,$(NODE_PROFILE)),$(TEST_BUILD),build -p bagh-node --profile $(NODE_PROFILE)) --quiet
	cp $(NODE_LIBRARY) $(NODE_ADDON)

# The addon's tests (bagh-node/test/*.test.js) with node's own test runner.
## The Node addon's tests
test-node: node
	$(NODE) --test bagh-node/test/*.test.js

# --- C ABI (bagh-c) ---
# libbagh (.so and .a), bagh.h (cbindgen) and bagh.hpp, bagh.pc; docs/c.md.

# Where `make c` installs: $(PREFIX)/lib, $(PREFIX)/include, $(PREFIX)/lib/pkgconfig.
PREFIX ?= $(CURDIR)/target/c-prefix
# The cargo profile of the installed library; `make test-c` installs its test build.
C_PROFILE ?= release
C_PROFILE_DIR = $(if $(filter release,$(C_PROFILE)),release,debug)
# The system libraries a Rust static library needs on Linux
# (`cargo rustc -p bagh-c --crate-type staticlib -- --print native-static-libs`).
C_NATIVE_LIBS := -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc
C_VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
C_TEST_DIR := target/c-tests
C_FLAGS := -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -g -Ibagh-c/include
CXX_FLAGS := -std=c++17 -Wall -Wextra -Werror -g -Ibagh-c/include
C_SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer
C_TESTS := test_rules test_tables_engine test_threads test_search
# valgrind runs one thread at a time; --fair-sched=yes hands the lock round
# in turn, so that a thread that raises a stop is not starved by a searching
# one (without it, test_search's infinite analysis ran on for over 30 s).
VALGRIND := valgrind --quiet --fair-sched=yes --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite --show-possibly-lost=no

.PHONY: c c-lib c-header test-c bench-c

c-lib:
	$(CARGO) $(if $(filter test,$(C_PROFILE)),$(TEST_BUILD),build -p bagh-c --profile $(C_PROFILE))

## The C library, headers and pkg-config file, installed into PREFIX (target/c-prefix)
c: c-lib
	install -d $(PREFIX)/lib/pkgconfig $(PREFIX)/include
	install -m 644 target/$(C_PROFILE_DIR)/libbagh.a $(PREFIX)/lib/libbagh.a
	install -m 755 target/$(C_PROFILE_DIR)/libbagh.so $(PREFIX)/lib/libbagh.so
	install -m 644 bagh-c/include/bagh.h bagh-c/include/bagh.hpp $(PREFIX)/include/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(C_VERSION)|' \
	    -e 's|@NATIVE_STATIC_LIBS@|$(C_NATIVE_LIBS)|' bagh-c/bagh.pc.in > $(PREFIX)/lib/pkgconfig/bagh.pc

## Regenerate bagh-c/include/bagh.h with cbindgen
c-header:
	BAGH_C_WRITE_HEADER=1 $(CARGO) test -p bagh-c --test header

# The C and C++ tests and the example, under ASan+UBSan, then under valgrind,
# then the example and the C and C++ programs of docs/c.md and the README
# built from the installed prefix through pkg-config.
## The C and C++ tests under ASan+UBSan and valgrind, and the docs' C programs
test-c:
	$(MAKE) --no-print-directory c-lib C_PROFILE=test
	mkdir -p $(C_TEST_DIR)
	set -e; lib=target/debug/libbagh.a; \
	for t in $(C_TESTS); do \
	    $(CC) $(C_FLAGS) $(C_SANITIZE) bagh-c/tests/c/$$t.c $$lib $(C_NATIVE_LIBS) -o $(C_TEST_DIR)/$$t-asan; \
	    $(CC) $(C_FLAGS) bagh-c/tests/c/$$t.c $$lib $(C_NATIVE_LIBS) -o $(C_TEST_DIR)/$$t; \
	done; \
	$(CXX) $(CXX_FLAGS) $(C_SANITIZE) bagh-c/tests/c/test_wrapper.cpp $$lib $(C_NATIVE_LIBS) -o $(C_TEST_DIR)/test_wrapper-asan; \
	$(CXX) $(CXX_FLAGS) bagh-c/tests/c/test_wrapper.cpp $$lib $(C_NATIVE_LIBS) -o $(C_TEST_DIR)/test_wrapper; \
	$(CC) $(C_FLAGS) $(C_SANITIZE) examples/c/random_game.c $$lib $(C_NATIVE_LIBS) -o $(C_TEST_DIR)/random_game-asan; \
	$(CC) $(C_FLAGS) examples/c/random_game.c $$lib $(C_NATIVE_LIBS) -o $(C_TEST_DIR)/random_game
	set -e; export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1; \
	for t in $(C_TESTS) test_wrapper; do $(C_TEST_DIR)/$$t-asan; done; \
	$(C_TEST_DIR)/random_game-asan 7 > /dev/null
	set -e; for t in $(C_TESTS) test_wrapper; do $(VALGRIND) $(C_TEST_DIR)/$$t; done; \
	$(VALGRIND) $(C_TEST_DIR)/random_game 7 > /dev/null
	rm -rf $(C_TEST_DIR)/prefix
	$(MAKE) --no-print-directory c C_PROFILE=test PREFIX=$(CURDIR)/$(C_TEST_DIR)/prefix
	set -e; export PKG_CONFIG_PATH=$(CURDIR)/$(C_TEST_DIR)/prefix/lib/pkgconfig; \
	libdir=$$(pkg-config --variable=libdir bagh); \
	$(CC) -std=c11 -Wall -Werror examples/c/random_game.c $$(pkg-config --cflags --libs bagh) \
	    -Wl,-rpath,$$libdir -o $(C_TEST_DIR)/random_game-installed; \
	$(C_TEST_DIR)/random_game-installed 3 | tail -1; \
	awk '/^```c$$/{on=1;next} /^```$$/{on=0} on' docs/c.md > $(C_TEST_DIR)/docs_example.c; \
	awk '/^```cpp$$/{on=1;next} /^```$$/{on=0} on' docs/c.md > $(C_TEST_DIR)/docs_example.cpp; \
	$(CC) -std=c11 -Wall -Werror $(C_TEST_DIR)/docs_example.c $$(pkg-config --cflags --libs bagh) \
	    -Wl,-rpath,$$libdir -o $(C_TEST_DIR)/docs_example_c; \
	$(CXX) -std=c++17 -Wall -Werror $(C_TEST_DIR)/docs_example.cpp $$(pkg-config --cflags --libs bagh) \
	    -Wl,-rpath,$$libdir -o $(C_TEST_DIR)/docs_example_cpp; \
	$(C_TEST_DIR)/docs_example_c | tail -1; $(C_TEST_DIR)/docs_example_cpp | tail -1; \
	awk '/^```c$$/{on=1;next} /^```$$/{on=0} on' README.md > $(C_TEST_DIR)/readme_example.c; \
	awk '/^```cpp$$/{on=1;next} /^```$$/{on=0} on' README.md > $(C_TEST_DIR)/readme_example.cpp; \
	$(CC) -std=c11 -Wall -Werror $(C_TEST_DIR)/readme_example.c $$(pkg-config --cflags --libs bagh) \
	    -Wl,-rpath,$$libdir -o $(C_TEST_DIR)/readme_example_c; \
	$(CXX) -std=c++17 -Wall -Werror $(C_TEST_DIR)/readme_example.cpp $$(pkg-config --cflags --libs bagh) \
	    -Wl,-rpath,$$libdir -o $(C_TEST_DIR)/readme_example_cpp; \
	$(C_TEST_DIR)/readme_example_c; $(C_TEST_DIR)/readme_example_cpp

##@ Tables

# Tablebases, built with the `bagh` command line into target/tablebases/<id>
# and resumed if interrupted, e.g. `make solve SOLVE_RULES=two-tigers SOLVE_THREADS=2`.
# SOLVE_RULES is a preset id; SOLVE_THREADS 0 uses one thread per core.
SOLVE_RULES ?= bagh-chal
SOLVE_THREADS ?= 0
SOLVE_DIR = target/tablebases/$(SOLVE_RULES)
BAGH = $(CARGO) run --release --quiet -p bagh-cli --bin bagh --

# The movement table only: every position with no goats in hand.
.PHONY: solve
## The movement table of SOLVE_RULES (bagh-chal) in target/tablebases/<id>
solve:
	$(BAGH) build $(SOLVE_RULES) --movement-only --threads $(SOLVE_THREADS) --dir $(SOLVE_DIR)

# The whole game: the movement table, then the placement layers on top of it;
# then docs/tablebase-<id>.md, with the placement layers checked against the
# alpha-beta search on 100 random positions.
.PHONY: solve-game
## The whole game's tables of SOLVE_RULES, and their report docs/tablebase-<id>.md
solve-game:
	$(BAGH) build $(SOLVE_RULES) --threads $(SOLVE_THREADS) --dir $(SOLVE_DIR)
	$(BAGH) report $(SOLVE_DIR) --check 100 --out docs/tablebase-$(SOLVE_RULES).md

# The whole game of SOLVE_RULES in one compressed file (target/tablebases/<id>-compressed,
# from the full tables of `make solve-game`), then every entry compared with the
# full tables (`bagh verify --against`). With ALTERNATE_LAYERS=1, every other
# placement layer only, into target/tablebases/<id>-compressed-alternate-layers;
# with LEAVE_OUT=16,19, every layer but those, into
# target/tablebases/<id>-compressed-without-16-19. The sizes of its sections:
# `make -C research compressed-sizes`.
COMPRESSED_DIR = $(SOLVE_DIR)-compressed$(if $(ALTERNATE_LAYERS),-alternate-layers)$(if $(LEAVE_OUT),-without-$(subst $(COMMA),-,$(LEAVE_OUT)))
COMMA := ,
.PHONY: compress-game
## The compressed file of SOLVE_RULES' tables, verified entry by entry against them
compress-game:
	$(BAGH) compress $(SOLVE_DIR) $(COMPRESSED_DIR) --threads $(SOLVE_THREADS) $(if $(ALTERNATE_LAYERS),--alternate-layers) $(if $(LEAVE_OUT),--leave-out $(LEAVE_OUT))
	$(BAGH) verify $(COMPRESSED_DIR) --against $(SOLVE_DIR) --threads $(SOLVE_THREADS)

# The data package of RULES: a wheel bagh-tables-<id> in target/tables-packages holding
# the compressed file of `make compress-game SOLVE_RULES=<id>` (or of TABLES_DIR, which
# must store every layer the package does); pip install it, then
# bagh.Tablebase.default("<id>") and bagh.Engine(tablebase="default") open it.
# A file larger than PART_BYTES is written in parts, one wheel each
# (bagh-tables-<id> requires bagh-tables-<id>-part1, ...), so that every
# wheel fits a package registry's usual 100 MB limit for one file.
# PACKAGE_LEAVE_OUT names placement layers the package leaves out (a probe
# searches one ply more through them): 16 for bagh-chal, whose file then takes
# 299.5 MB instead of 317.6 (docs/tablebase.md, "Data packages"), and for its
# blocked-loses variant, whose file of every layer is within 10 KB of bagh-chal's;
# empty for every layer.
RULES ?= bagh-chal
TABLES_DIR ?= target/tablebases/$(RULES)-compressed
PART_BYTES ?= 95000000
PACKAGE_LEAVE_OUT ?= $(if $(filter bagh-chal bagh-chal-blocked-loses,$(RULES)),16)
.PHONY: tables-package
## The data package (wheels) of RULES' compressed tables in target/tables-packages
tables-package:
	rm -rf target/tables-packages/$(RULES)-files
	$(BAGH) compress $(TABLES_DIR) target/tables-packages/$(RULES)-files --part-bytes $(PART_BYTES) $(if $(PACKAGE_LEAVE_OUT),--leave-out $(PACKAGE_LEAVE_OUT)) --quiet
	python3 bagh-py/tables/make_wheel.py target/tables-packages/$(RULES)-files $(RULES) target/tables-packages

##@ Training

# The evaluation network of RULES from its tables (target/tablebases/<id>,
# `make solve-game`): `bagh datagen` positions, then training/train_eval.py
# (numpy, one thread, seeded), writing the shipped weights and their check
# file in bagh-engine/networks/ and the training report in
# training/logs/<id>.json. The same tables give the same weights and check
# file. TRAIN_WIDTH=256 trains a network with a wider accumulator, which the
# engine reads too (more accurate, no stronger; the shipped networks are 128
# wide). TRAIN_INPUTS=116 (the default) gives the network the goats under
# attack as well as the board, as every shipped network has them;
# TRAIN_INPUTS=91 the board alone.
TRAIN_POSITIONS ?= 12000000
TRAIN_WIDTH ?= 128
TRAIN_INPUTS ?= 116
TRAIN_EPOCHS ?= 40
.PHONY: train-eval
## The evaluation network of RULES from its tables (the shipped weights)
train-eval: .venv
	$(CARGO) build --release --quiet -p bagh-cli
	target/release/bagh datagen --tables target/tablebases/$(RULES) --out target/datagen/$(RULES) --positions $(TRAIN_POSITIONS) --seed 1 --quiet
	$(PY) training/train_eval.py --data target/datagen/$(RULES) --epochs $(TRAIN_EPOCHS) --width $(TRAIN_WIDTH) --inputs $(TRAIN_INPUTS) --seed 1 --threads 1 --out bagh-engine/networks/$(RULES).bnn --check bagh-engine/networks/$(RULES).check --report training/logs/$(RULES).json

# The baseline agent of docs/rl.md: self-play with bagh.rl.MCTS and a numpy
# network for AGENT_MINUTES, scored against the tables every 10 minutes;
# writes target/agent/{agent.npz,curve.json,curve.md}. AGENT_VALUE=tables
# takes the value targets from the tables (the committed agent),
# AGENT_VALUE=result from the self-play games' results.
AGENT_MINUTES ?= 60
AGENT_VALUE ?= tables
.PHONY: train-agent
## The baseline agent of docs/rl.md: MCTS self-play for AGENT_MINUTES
train-agent: .venv
	$(PY) training/train_agent.py --tables $(AGENT_TABLES) --out target/agent --minutes $(AGENT_MINUTES) --value $(AGENT_VALUE)

# A committed baseline agent (training/agents) scored in the same run as
# the reference rows, on AGENT_TABLES (bagh-chal; AGENT_TABLES=target/tablebases/two-tigers
# AGENT_CHECKPOINT=training/agents/two-tigers-baseline.npz for the other
# table of docs/rl.md).
AGENT_CHECKPOINT ?= training/agents/bagh-chal-baseline.npz
.PHONY: evaluate-agent
## A committed agent (AGENT_CHECKPOINT) scored against the tables beside the reference rows
evaluate-agent: .venv
	$(PY) benchmarks/rl_agents.py $(AGENT_TABLES) --agent $(AGENT_CHECKPOINT)

# The same training with its self-play on WORKERS workers of a Ray cluster of
# this run's own (the learner in this process) for MINUTES; writes
# target/agent-ray-WORKERS/{agent.npz,curve.json,curve.md,checkpoint.npz}, the curve
# with each worker's games. See docs/rl.md, "Scaling out with Ray".
WORKERS ?= 2
MINUTES ?= $(AGENT_MINUTES)
.PHONY: train-agent-ray
## The baseline agent's training with self-play on WORKERS Ray workers for MINUTES
train-agent-ray: .venv
	$(PY) training/train_agent.py --tables $(AGENT_TABLES) --out target/agent-ray-$(WORKERS) --minutes $(MINUTES) --value $(AGENT_VALUE) --ray local --workers $(WORKERS)

##@ Benchmarks (the figures of docs/benchmarks/)

# Speed: perft(7) against the C yardstick, side by side.
## Move generation: perft(7) against a C yardstick
bench:
	bash benchmarks/perft_vs_yardstick.sh

# Tablebase probes per second, one thread against two, on the tables of
# target/tablebases/bagh-chal (`make solve-game`), or a small rule set without them.
.PHONY: bench-tablebase
## Tablebase probes per second, one thread against two
bench-tablebase:
	$(CARGO) bench -p bagh-tablebase --bench probes -- $(CURDIR)/target/tablebases/bagh-chal

# Probe times of the compressed file against the full tables, one thread, side by side;
# with the file without placement layer 16 too where it has been made (the data
# package's: `bagh compress $(SOLVE_DIR)-compressed $(SOLVE_DIR)-compressed-without-16 --leave-out 16`).
.PHONY: bench-compressed
## Probe times of the compressed file against the full tables
bench-compressed:
	$(CARGO) bench -p bagh-tablebase --bench compressed_probes -- $(CURDIR)/$(SOLVE_DIR) $(CURDIR)/$(SOLVE_DIR)-compressed $(addprefix $(CURDIR)/,$(wildcard $(SOLVE_DIR)-compressed-without-16))

# Search speed of the engine: nodes per second at fixed depths (the
# throughput line of each benchmark).
.PHONY: bench-engine
## Engine search speed in Rust: nodes per second at fixed depths
bench-engine:
	$(CARGO) bench -p bagh-engine --bench search

# Nodes per second and the time to each depth, through Python, medians of 5 runs.
.PHONY: engine-speed
## Engine search speed through Python: nodes per second, time to each depth
engine-speed: .venv
	$(PY) benchmarks/engine_strength.py speed

# The engine's moves judged by the tables (target/tablebases/<id>, `make solve-game`):
# the share of critical positions of held-out random games where it keeps the value.
JUDGE_RULES ?= bagh-chal
JUDGE_POSITIONS ?= 1000
JUDGE_NODES ?= 20000
.PHONY: judge-engine
## The engine's moves judged by the tables on held-out critical positions
judge-engine:
	$(CARGO) run --release --quiet -p bagh-engine --example judge -- target/tablebases/$(JUDGE_RULES) $(JUDGE_POSITIONS) $(JUDGE_NODES)

# Whole games against two perfect opponents (the tables), the start and
# JUDGE_OPENINGS openings, the engine at STRENGTH_TIME seconds a move without
# tables, with the movement table, with both (benchmarks/engine_strength.py).
JUDGE_OPENINGS ?= 50
STRENGTH_TIME ?= 0.1
.PHONY: engine-strength
## Whole games of the engine against perfect players (the tables)
engine-strength: .venv
	$(PY) benchmarks/engine_strength.py perfect target/tablebases/$(JUDGE_RULES) --openings $(JUDGE_OPENINGS) --time $(STRENGTH_TIME)

# Games against the `baghchal` package's Engine(depth=5), BAGHCHAL_GAMES a side.
BAGHCHAL_GAMES ?= 100
.PHONY: versus-baghchal
## Games of the engine against the baghchal package's engine
versus-baghchal: .venv
	$(PY) benchmarks/engine_strength.py baghchal --games $(BAGHCHAL_GAMES) --time $(STRENGTH_TIME)

# Engine nodes per second through the command line (Rust), Python and Node,
# side by side: benchmarks/engine_bindings.py.
.PHONY: bench-engine-bindings
## Engine nodes per second through the command line, Python and Node
bench-engine-bindings: .venv
	$(CARGO) build --release --quiet -p bagh-cli
	$(MAKE) --no-print-directory node NODE_PROFILE=release
	$(PY) benchmarks/engine_bindings.py

# Speed from Python: random games against the baghchal package (installed into .venv).
## Random games per second from Python, against the baghchal package
bench-python: .venv
	$(PY) benchmarks/random_games.py

# Random games per second through the C ABI: one line, `c <games> <plies> <seconds>`.
BENCH_C_SECONDS ?= 3
## Random games per second through the C ABI
bench-c:
	$(CARGO) build -p bagh-c --release
	mkdir -p $(C_TEST_DIR)
	$(CC) -std=c11 -D_DEFAULT_SOURCE -O2 -Ibagh-c/include benchmarks/random_games.c \
	    target/release/libbagh.a $(C_NATIVE_LIBS) -o $(C_TEST_DIR)/random_games
	$(C_TEST_DIR)/random_games $(BENCH_C_SECONDS)

# Random games per second through the addon: `node <games> <plies> <seconds>`.
BENCH_SECONDS ?= 3
## Random games per second through the Node addon
bench-node:
	$(MAKE) --no-print-directory node NODE_PROFILE=release
	$(NODE) benchmarks/random_games.js $(BENCH_SECONDS)

# Plies per second of one random-game loop through Rust, Python, C and Node,
# side by side (benchmarks/bindings.py): medians of BENCH_ROUNDS runs.
BENCH_ROUNDS ?= 5
.PHONY: bench-bindings
## One random-game loop through Rust, Python, C and Node, side by side
bench-bindings: .venv
	$(CARGO) build --release --quiet -p bagh-core --example random_games
	$(MAKE) --no-print-directory bench-c BENCH_C_SECONDS=0.1
	$(MAKE) --no-print-directory node NODE_PROFILE=release
	$(PY) benchmarks/bindings.py --seconds $(BENCH_SECONDS) --rounds $(BENCH_ROUNDS)

# bagh.rl: VecEnv steps (one thread, two, and a pure-Python environment over
# baghchal), MCTS simulations and probe_many labels per second, medians of 5 runs.
.PHONY: bench-rl
## bagh.rl throughput: VecEnv steps, MCTS simulations, probe_many labels
bench-rl: .venv
	$(PY) benchmarks/rl_throughput.py

# The reference rows of bagh.rl.evaluate (random play, engine levels) on the
# bagh-chal tables (`make solve-game`; the compressed ones serve as well).
AGENT_TABLES ?= target/tablebases/bagh-chal
.PHONY: bench-agents
## The reference rows of bagh.rl.evaluate (random play, engine levels)
bench-agents: .venv
	$(PY) benchmarks/rl_agents.py $(AGENT_TABLES)

# Self-play on Ray (benchmarks/rl_ray.py): positions per second with 1 and 2
# workers side by side, the learner's time per round, the weight broadcast
# and the object store, and the projection to N nodes.
.PHONY: bench-ray
## Self-play on a Ray cluster: 1 and 2 workers, the learner, broadcast and object store
bench-ray: .venv
	$(PY) benchmarks/rl_ray.py

##@ Testing in depth

# --- Fuzzing ---
# Coverage-guided fuzzing with cargo-fuzz (docs/testing.md). cargo-fuzz
# passes nightly-only flags, so it runs on the stable compiler with
# RUSTC_BOOTSTRAP=1 (inside fuzz/run.sh). `make fuzz` runs every target for
# FUZZ_SECONDS and prints executions, exec/s and coverage per target;
# `make fuzz-smoke` (part of `make test`) builds every target and runs each
# for FUZZ_SMOKE_SECONDS, two targets at a time (FUZZ_JOBS).
# FUZZ_SANITIZER is address (ASan) or none.
# The deep runs are optimised with overflow checks on; the smoke build is
# unoptimised (overflow checks too), half the compile time of an optimised one.
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 3
FUZZ_SANITIZER ?= address
FUZZ_BUILD_FLAGS ?= --release --debug-assertions
FUZZ_SMOKE_BUILD_FLAGS ?= --dev

.PHONY: fuzz fuzz-smoke cargo-fuzz

# Unoptimised (--debug): it only drives cargo and libFuzzer, so its own
# speed never shows, and it compiles in about half the time.
cargo-fuzz:
	@command -v cargo-fuzz >/dev/null || $(CARGO) install cargo-fuzz --locked --debug

## Every fuzz target for FUZZ_SECONDS (60)
fuzz: cargo-fuzz
	FUZZ_BUILD_FLAGS="$(FUZZ_BUILD_FLAGS)" bash fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_SANITIZER)

## Every fuzz target built and run for FUZZ_SMOKE_SECONDS (3; part of `make test`)
fuzz-smoke: cargo-fuzz
	FUZZ_FRESH=1 FUZZ_JOBS=2 FUZZ_BUILD_FLAGS="$(FUZZ_SMOKE_BUILD_FLAGS)" bash fuzz/run.sh $(FUZZ_SMOKE_SECONDS) $(FUZZ_SANITIZER)
# --- end of Fuzzing ---

# --- Mutation testing ---
# cargo-mutants over the rules code of bagh-core (.cargo/mutants.toml lists
# the files): each mutant is built with the `mutants` profile and the crate's
# tests run under nextest. About an hour and a half on 2 cores with
# MUTANTS_JOBS=2; not part of `make test`.
# The outcome goes to target/mutants/mutants.out (missed.txt lists survivors);
# MUTANTS_FLAGS=--iterate skips the mutants a previous run caught.
MUTANTS_FLAGS ?=
MUTANTS_JOBS ?= 2
.PHONY: mutants
## Mutation testing of bagh-core's rules with cargo-mutants (about 1.5 h)
mutants:
	@command -v cargo-mutants >/dev/null || $(CARGO) install cargo-mutants --locked
	@command -v cargo-nextest >/dev/null || $(CARGO) install cargo-nextest --locked
	BAGH_PROPTEST_CASES=64 $(CARGO) mutants --jobs $(MUTANTS_JOBS) --output target/mutants $(MUTANTS_FLAGS)
# --- end of Mutation testing ---

##@ Packages
# --- Packages for the registries ---
# What `cargo publish`, PyPI and npm would receive, checked without
# publishing. The crates for crates.io are packaged together, so that each
# is resolved against the others as packaged (cargo's local overlay) before
# any is on crates.io; PACKAGE_VERIFY=1 also builds each packaged crate
# (minutes). The working tree is packaged as it is (--allow-dirty). The
# tests stay in the repository (they read its files): cargo says so for
# each, "ignoring test ... not included in the published package".
PACKAGE_CRATES := bagh-core bagh-tablebase bagh-engine bagh-rl bagh-web bagh-cli
PACKAGE_VERIFY ?=
.PHONY: package
## Check the crates, the Python sdist and wheel, and the Node package for their registries (publishes nothing)
package: .venv
	@for crate in $(PACKAGE_CRATES); do \
	  files=$$($(CARGO) package --quiet --allow-dirty --list -p $$crate) || exit 1; \
	  echo "$$crate: $$(echo "$$files" | grep -v '^src/' | tr '\n' ' ')and $$(echo "$$files" | grep -c '^src/') files in src/"; \
	done
	$(CARGO) package --allow-dirty $(if $(PACKAGE_VERIFY),,--no-verify) $(addprefix -p ,$(PACKAGE_CRATES))
	@ls -l $(foreach crate,$(PACKAGE_CRATES),target/package/$(crate)-*.crate)
	rm -f $(WHEELS)/bagh-*.tar.gz
	$(VENV)/bin/maturin sdist --out $(WHEELS)
	$(PY) -m pip install --quiet 'twine>=6.1'
	$(PY) -m twine check --strict $(WHEELS)/bagh-*.tar.gz $(WHEELS)/bagh-*-abi3-*.whl
	cd bagh-node && npm pack --dry-run
# --- end of Packages for the registries ---

##@ WebAssembly
# --- WebAssembly (bagh-wasm) ---
# bagh-wasm compiled to wasm32-unknown-unknown, then wasm-bindgen writes the
# raw bindings twice, for Node (CommonJS) and for browsers and bundlers (an
# ES module), wasm-opt makes each .wasm smaller and faster, and
# bagh-wasm/js/build.js adds the JavaScript layer, the type declarations
# and a package.json to each (docs/wasm.md). bagh-wasm/toolchain.sh installs
# what is missing (Debian's rustc-web, cargo-web, rust-web-src, lld and
# binaryen where apt-get runs as root; wasm-bindgen-cli from crates.io, once, into
# target/tools) or says what is needed. The build has its own target
# directory, so that Debian's cargo and rustup's never share artefacts.
WASM_BINDGEN_VERSION := $(shell sed -n '/^name = "wasm-bindgen"$$/{n;s/^version = "\(.*\)"$$/\1/p;}' Cargo.lock)
WASM_TOOLS := $(CURDIR)/target/tools
WASM_TARGET_DIR := target/wasm-pkg
# Without reference types: with them wasm-bindgen keeps JavaScript values in
# an externref table, which Debian's wasm-opt (binaryen 108) cannot read
# back; without them it keeps them in a JavaScript array, and wasm-opt -O3
# pays in size and in speed (docs/wasm.md). With SIMD (simd128): the
# evaluation network's kernel is written for it, and every current browser
# runs it (Safari from 16.4, Node from 16.4).
WASM_CARGO := RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR=$(WASM_TARGET_DIR) \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=-reference-types,+simd128" /usr/bin/cargo
WASM_BUILT := $(WASM_TARGET_DIR)/wasm32-unknown-unknown/release/bagh_wasm.wasm
WASM_PKG := bagh-wasm/pkg
# The features of the build (rustc's defaults for wasm32, and SIMD), which wasm-opt must accept.
WASM_OPT_FLAGS := -O3 --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-multivalue --enable-simd

# WASM_ENGINE=0 builds the rules alone, without the engine and its networks.
WASM_ENGINE ?= 1

.PHONY: wasm test-wasm
## The WebAssembly packages: bagh-wasm/pkg/node (CommonJS) and bagh-wasm/pkg/web (ES module)
wasm:
	@sh bagh-wasm/toolchain.sh $(WASM_BINDGEN_VERSION) $(WASM_TOOLS)
	$(WASM_CARGO) build --quiet --release -Z build-std=std,panic_abort --target wasm32-unknown-unknown -p bagh-wasm \
	    $(if $(filter 0,$(WASM_ENGINE)),--no-default-features)
	rm -rf $(WASM_PKG)/node $(WASM_PKG)/web
	$(WASM_TOOLS)/bin/wasm-bindgen --target nodejs --out-dir $(WASM_PKG)/node $(WASM_BUILT)
	$(WASM_TOOLS)/bin/wasm-bindgen --target web --out-dir $(WASM_PKG)/web $(WASM_BUILT)
	set -e; for pkg in node web; do \
	    wasm-opt $(WASM_OPT_FLAGS) $(WASM_PKG)/$$pkg/bagh_wasm_bg.wasm -o $(WASM_PKG)/$$pkg/bagh_wasm_bg.wasm; done
	$(NODE) bagh-wasm/js/build.js $(C_VERSION)
	@echo "bagh_wasm_bg.wasm: $$(wc -c < $(WASM_PKG)/web/bagh_wasm_bg.wasm) bytes, $$(gzip -9 -c $(WASM_PKG)/web/bagh_wasm_bg.wasm | wc -c) gzipped"

# The packages' tests (bagh-wasm/test/*.test.js) with node's own test
# runner; some compare with the addon (`make node`). Skipped, with the
# reason, where the toolchain cannot be installed.
## The WebAssembly packages' tests (skipped where the toolchain cannot be installed)
test-wasm: node
	@if sh bagh-wasm/toolchain.sh $(WASM_BINDGEN_VERSION) $(WASM_TOOLS); then \
	    $(MAKE) --no-print-directory wasm && $(NODE) --test bagh-wasm/test/*.test.js; \
	else echo "test-wasm skipped: the toolchain above could not be installed"; fi
# --- end of WebAssembly ---

# --- The board as static files (bagh-web) ---
# The page of `bagh serve` with the WebAssembly back end: its modules,
# bagh-wasm/pkg/web (make wasm), a config.js that names the back end and the
# puzzles, and the committed puzzle file. Any static file server serves the
# directory (docs/web.md).
WEB_STATIC := target/web-static
WEB_PUZZLES := bagh-web/puzzles/bagh-chal.json

.PHONY: web-static
## The board as static files in target/web-static/: WebAssembly in Web Workers, no server
web-static: wasm
	rm -rf $(WEB_STATIC)
	mkdir -p $(WEB_STATIC)/pkg
	cp bagh-web/assets/index.html bagh-web/assets/style.css bagh-web/assets/*.js $(WEB_STATIC)/
	cp -r $(WASM_PKG)/web $(WEB_STATIC)/pkg/web
	@if [ -f $(WEB_PUZZLES) ]; then cp $(WEB_PUZZLES) $(WEB_STATIC)/puzzles.json; puzzles="'puzzles.json'"; \
	else puzzles=null; fi; \
	printf "%s\n" "// Written by make web-static: the WebAssembly back end and its puzzles." \
	    "export const backend = 'wasm';" "export const puzzles = $$puzzles;" > $(WEB_STATIC)/config.js
	@echo "$(WEB_STATIC): $$(du -sh $(WEB_STATIC) | cut -f1); serve it with any static file server, e.g. python3 -m http.server -d $(WEB_STATIC)"
# --- end of the board as static files ---

# --- WebAssembly against native (benchmarks/wasm.js) ---
# perft(6) from the bagh-chal start, the engine's nodes per second (one
# thread) and the .wasm's size, raw and gzipped: the wasm package and the
# release addon side by side in one Node process, medians of
# BENCH_WASM_RUNS runs (docs/benchmarks/wasm.md). Then the same engine
# searches in headless Chromium (the web package in a page on 127.0.0.1)
# against the addon, alternating, and both engines' best moves compared.
BENCH_WASM_RUNS ?= 5
.PHONY: bench-wasm
## WebAssembly against native in one run: perft(6), engine nodes per second (Node and Chromium), the .wasm's size
bench-wasm: wasm
	$(MAKE) --no-print-directory node NODE_PROFILE=release
	$(NODE) benchmarks/wasm.js $(BENCH_WASM_RUNS)
	$(PY) benchmarks/wasm_chromium.py $(BENCH_WASM_RUNS)
# --- end of WebAssembly against native ---
