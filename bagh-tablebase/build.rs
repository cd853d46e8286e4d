//! Writes the guide's page for the `guide` module's rustdoc, its links
//! made to work there (`guide_links.rs`).

include!("guide_links.rs");

fn main() -> Result<(), Box<dyn Error>> {
    write_guide(&[("tablebase.md", "crate::guide")])
}
