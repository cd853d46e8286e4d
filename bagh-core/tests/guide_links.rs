//! The build script's rewriting of the guide's links for rustdoc
//! (`guide_links.rs`), on small pages written for the purpose. The expected
//! pages are written by hand from the rules stated at the top of that file:
//! a page of the guide becomes its module, another file its text, addresses
//! and anchors stay, code is left alone.

// `write_guide` is the build scripts' entry point; these tests need only the rewriting.
#![allow(dead_code)]

include!("../guide_links.rs");

const PAGES: &[(&str, &str)] = &[
    ("rules.md", "crate::guide::rules"),
    ("notation.md", "crate::guide::notation"),
];

#[test]
fn a_link_to_a_page_of_the_guide_becomes_a_link_to_its_module() {
    assert_eq!(
        rustdoc_links(
            "as [notation.md](notation.md) describes; [the board](./rules.md#the-board).\n",
            PAGES
        ),
        "as [notation.md](crate::guide::notation) describes; [the board](crate::guide::rules#the-board).\n"
    );
}

#[test]
fn a_link_to_another_file_becomes_its_text() {
    assert_eq!(
        rustdoc_links(
            "Figures: [benchmarks](benchmarks/rules.md#perft), suites ([tests/perft](../tests/perft)).\n",
            PAGES
        ),
        "Figures: benchmarks, suites (tests/perft).\n"
    );
}

#[test]
fn addresses_and_anchors_on_the_page_stay() {
    let page = "[a](https://example.org/rules.md), [b](#counting-moves-perft), [c](mailto:x@example.org)\n";
    assert_eq!(rustdoc_links(page, PAGES), page);
}

#[test]
fn code_is_left_alone() {
    let page = "Text `[a](rules.md)` here.\n\n```rust\nlet s = \"[a](rules.md)\";\n```\n\n[after](rules.md)\n";
    assert_eq!(
        rustdoc_links(page, PAGES),
        "Text `[a](rules.md)` here.\n\n```rust\nlet s = \"[a](rules.md)\";\n```\n\n[after](crate::guide::rules)\n"
    );
}

#[test]
fn brackets_that_open_no_link_stay() {
    let page =
        "| weights [inputs][W], biases [W] | i16 |\n[a lone bracket\n\nnext](rules.md) paragraph\n";
    assert_eq!(
        rustdoc_links(page, PAGES),
        "| weights [inputs][W], biases [W] | i16 |\n[a lone bracket\n\nnext](rules.md) paragraph\n"
    );
}

#[test]
fn link_text_may_wrap_and_hold_code_and_brackets() {
    assert_eq!(
        rustdoc_links(
            "see [the\nrules](rules.md), [`Game`](records.md), [a [b] c](notation.md)\n",
            PAGES
        ),
        "see [the\nrules](crate::guide::rules), `Game`, [a [b] c](crate::guide::notation)\n"
    );
}
