//! The size of a compressed file, section by section: entries, bytes and
//! bits an entry, as a markdown table (the measurements of the compressed
//! format quote it).
//!
//! ```text
//! cargo run --release -p bagh-research --example compressed_sizes -- DIR
//! ```

use bagh_tablebase::{CompressedTables, Tablebase};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args()
        .nth(1)
        .ok_or("usage: compressed_sizes DIR")?;
    let tables = Tablebase::open(&dir)?;
    let compressed: &CompressedTables = tables
        .compressed()
        .ok_or("DIR holds full tables; give the directory of a compressed file")?;
    println!("| section | entries | bytes | bits an entry | context depth |");
    println!("|---|---:|---:|---:|---:|");
    let (mut movement, mut placement) = ((0u64, 0u64), (0u64, 0u64));
    for s in compressed.section_sizes() {
        let bits = 8.0 * s.bytes as f64 / s.entries.max(1) as f64;
        println!(
            "| {} | {} | {} | {bits:.4} | {} |",
            s.name, s.entries, s.bytes, s.depth
        );
        let sum = if s.movement {
            &mut movement
        } else {
            &mut placement
        };
        sum.0 += s.entries;
        sum.1 += s.bytes;
    }
    for (name, (entries, bytes)) in [("movement", movement), ("placement", placement)] {
        let bits = 8.0 * bytes as f64 / entries.max(1) as f64;
        println!("| **{name}** | {entries} | {bytes} | {bits:.4} | |");
    }
    println!("\nfile: {} bytes", compressed.bytes());
    Ok(())
}
