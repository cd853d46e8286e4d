//! How many cases each property test runs.

use proptest::test_runner::Config as ProptestConfig;

/// Cases per property: `BAGH_PROPTEST_CASES` (`make test` sets 256), or 64
/// when unset. A value that is not a number is an error, not a silent default.
pub fn config() -> ProptestConfig {
    let cases = match std::env::var("BAGH_PROPTEST_CASES") {
        Ok(text) => text.trim().parse().unwrap_or_else(|_| {
            panic!("BAGH_PROPTEST_CASES must be a number of cases, not {text:?}")
        }),
        Err(_) => 64,
    };
    ProptestConfig::with_cases(cases)
}
