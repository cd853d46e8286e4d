//! Writes the guide's pages for the `guide` module's rustdoc, their links
//! made to work there (`guide_links.rs`).

include!("guide_links.rs");

fn main() -> Result<(), Box<dyn Error>> {
    write_guide(&[
        ("rules.md", "crate::guide::rules"),
        ("notation.md", "crate::guide::notation"),
        ("records.md", "crate::guide::records"),
        ("json.md", "crate::guide::json"),
    ])
}
