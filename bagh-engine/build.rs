//! Writes the guide's pages for the `guide` module's rustdoc, their links
//! made to work there (`guide_links.rs`).

include!("guide_links.rs");

fn main() -> Result<(), Box<dyn Error>> {
    write_guide(&[
        ("engine.md", "crate::guide::engine"),
        ("network.md", "crate::guide::network"),
    ])
}
