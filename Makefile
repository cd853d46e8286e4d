# The two commands of the README: `make demo` and `make test`.
# Everything they need is installed here, from a fresh clone.

CARGO ?= cargo
# Property-test cases per invariant in `make test`; raise it for a deeper run,
# e.g. `make test BAGH_PROPTEST_CASES=5000`.
BAGH_PROPTEST_CASES ?= 256
export BAGH_PROPTEST_CASES

.PHONY: demo test test-rust lint docs perft-slow bench

demo:
	$(CARGO) run --release --quiet -p bagh-core --example demo

test: lint test-rust docs

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --all-features -- -D warnings

test-rust:
	$(CARGO) test --workspace --all-features

docs:
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --workspace --all-features --no-deps

# The perft figures marked slow in tests/perft (depths 7 and 8 from the start).
perft-slow:
	$(CARGO) test --release -p bagh-core --test perft_suites -- --ignored

# Speed: perft(7) against the C yardstick, side by side.
bench:
	bash benchmarks/perft_vs_yardstick.sh
