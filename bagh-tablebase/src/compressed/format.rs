//! The compressed file, version 5. All numbers are little-endian.
//!
//! ```text
//! offset    size   field
//! 0         8      magic "BAGHTZ\0\n"
//! 8         4      format version (5; 2 to 4 are read too)
//! 12        4      layout version (1): how positions are numbered
//! 16        4      block size B in bytes
//! 20        4      sections (n)
//! 24        4      CRC-32 of the movement table's entries it was made from
//! 28        4      length of the rule set's text (r)
//! 32        r      the rule set's text form
//! 32+r      64*n   section records, in the order of the layout (below),
//!                  the placement layers the file leaves out skipped
//! 32+r+64n  4      CRC-32 of the header's bytes before this field
//! ...              the sections' data, one after the other
//! ```
//!
//! A section record: kind (1 byte: 0 movement, 1 placement), two numbers
//! (captured and side, 0 goats 1 tigers; or placed and captured), the
//! context depth `d` (1 or 2), symbols `s` (u32), entries (u64), blocks `k` (u64), the offset of
//! the data (u64), its length (u64), its CRC-32 (u32), 20 zero bytes.
//!
//! A section's data: the `s` entry values (u16 each: movement entries
//! `distance << 2 | tag`, placement values 0 loss, 1 draw, 2 win for the
//! goats, the tigers to move), the code lengths of the `s × 84` tokens of each of the `4^d`
//! contexts (a byte each, token `symbol × 84 + length class`; see the
//! `tokens` module), the first entry of each of the `k` blocks (u32 from
//! version 3 in a section of at most 2^32 entries, else u64), and
//! the `k` blocks of B bytes. A block is its `2d`-bit opening context, then
//! tokens, then zeros.
//!
//! Version 3 may leave out whole placement layers (every section of some
//! goats placed), never two adjacent ones; version 2 stores them all.
//! Version 4 numbers the entries of each placement run in revolving-door
//! order ([`RunOrder::Door`](super::sections::RunOrder)), and version 5
//! the runs of the movement blocks too; versions before number them as
//! the full tables do.

use std::path::Path;

use bagh_core::Ruleset;

use super::huffman::Decoder;
use super::layers::stored_shapes;
use super::parts::Parts;
use super::sections::{Part, SectionShape};
use super::token_table::TokenTable;
use super::tokens::{contexts, split_token, CLASSES, MAX_DEPTH};
use crate::movement::format::{u32_at, u64_at};
use crate::placement::file::LAYOUT_VERSION;
use crate::TablebaseError;

pub(crate) const MAGIC: [u8; 8] = *b"BAGHTZ\0\n";
/// The version of the compressed files this library writes (it reads
/// versions 2 to 4 too: version 2 stores every placement layer, versions 2
/// and 3 number the placement runs as the full tables do, and versions 2
/// to 4 the movement blocks' runs).
pub const COMPRESSED_FORMAT_VERSION: u32 = 5;
/// The oldest version this library reads.
const OLDEST_VERSION: u32 = 2;
const FIXED: usize = 32;
pub(crate) const RECORD: usize = 64;

/// One section as written: its symbols, code and blocks.
#[derive(Clone, Debug, Default)]
pub(crate) struct SectionData {
    pub symbols: Vec<u16>,
    /// The context depth: the kinds of 1 or 2 runs before.
    pub depth: u8,
    /// `contexts(depth) * symbols.len() * CLASSES` code lengths.
    pub lengths: Vec<u8>,
    pub starts: Vec<u64>,
    pub blocks: Vec<u8>,
}

/// The bytes of each block start of a section of `entries` entries: 4
/// from version 3 where every entry's number fits in 32 bits, else 8.
pub(crate) fn start_bytes(version: u32, entries: u64) -> usize {
    if version >= 3 && entries <= 1 << 32 {
        4
    } else {
        8
    }
}

impl SectionData {
    /// The data as written, its block starts of `width` bytes each.
    fn bytes(&self, width: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(
            2 * self.symbols.len()
                + self.lengths.len()
                + width * self.starts.len()
                + self.blocks.len(),
        );
        for s in &self.symbols {
            out.extend_from_slice(&s.to_le_bytes());
        }
        out.extend_from_slice(&self.lengths);
        for s in &self.starts {
            out.extend_from_slice(&s.to_le_bytes()[..width]);
        }
        out.extend_from_slice(&self.blocks);
        out
    }
}

impl Section {
    /// The section's data as the compressor made it, read back from the
    /// bytes of its file (so that a file can be rewritten with fewer
    /// sections without compressing them again).
    pub(crate) fn data_in(&self, file: &[u8]) -> SectionData {
        let symbols_end = self.data.start + 2 * self.symbols.len();
        SectionData {
            symbols: self.symbols.clone(),
            depth: self.depth,
            lengths: file[symbols_end..self.starts_at].to_vec(),
            starts: (0..self.blocks as usize)
                .map(|b| {
                    uint_at(
                        file,
                        self.starts_at + b * self.start_bytes,
                        self.start_bytes,
                    )
                })
                .collect(),
            blocks: file[self.blocks_at..self.data.end].to_vec(),
        }
    }
}

/// A section of an open file: where its parts are, checked.
#[derive(Clone, Debug)]
pub(crate) struct Section {
    pub part: Part,
    pub entries: u64,
    pub symbols: Vec<u16>,
    /// The context depth: the kinds of 1 or 2 runs before.
    pub depth: u8,
    /// By context.
    pub decoders: Vec<Decoder>,
    /// The short codes of all contexts, for the decoder's inner loop.
    pub tokens: TokenTable,
    pub blocks: u64,
    /// Offsets in the file of the block starts and of the blocks.
    pub starts_at: usize,
    /// The bytes of a block start: 4 or 8.
    pub start_bytes: usize,
    pub blocks_at: usize,
    /// The part of the file that holds the section (0 for a file in one
    /// piece); the offsets above are within it.
    pub file: usize,
    pub data: std::ops::Range<usize>,
    pub crc: u32,
}

/// What a file's header says, checked.
#[derive(Clone, Debug)]
pub(crate) struct Header {
    pub version: u32,
    pub rules: Ruleset,
    pub block_bytes: usize,
    pub movement_crc: u32,
    pub sections: Vec<Section>,
}

/// What the header records of a section once it is written.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Written {
    depth: u8,
    symbols: u32,
    blocks: u64,
    len: u64,
    crc: u32,
}

/// The header of a file with these sections (`written` is empty for the
/// placeholder written first: every field but the records' is known).
fn header(
    version: u32,
    rules: &Ruleset,
    block_bytes: usize,
    movement_crc: u32,
    shapes: &[SectionShape],
    written: &[Written],
) -> Vec<u8> {
    let text = rules.to_string();
    let mut head = Vec::new();
    head.extend_from_slice(&MAGIC);
    for n in [
        version,
        LAYOUT_VERSION,
        block_bytes as u32,
        shapes.len() as u32,
        movement_crc,
        text.len() as u32,
    ] {
        head.extend_from_slice(&n.to_le_bytes());
    }
    head.extend_from_slice(text.as_bytes());
    let mut offset = (head.len() + RECORD * shapes.len() + 4) as u64;
    for (i, shape) in shapes.iter().enumerate() {
        let w = written.get(i).copied().unwrap_or_default();
        let (a, b) = shape.part.numbers();
        head.extend_from_slice(&[shape.part.kind(), a, b, w.depth]);
        head.extend_from_slice(&w.symbols.to_le_bytes());
        head.extend_from_slice(&shape.entries.to_le_bytes());
        head.extend_from_slice(&w.blocks.to_le_bytes());
        head.extend_from_slice(&offset.to_le_bytes());
        head.extend_from_slice(&w.len.to_le_bytes());
        head.extend_from_slice(&w.crc.to_le_bytes());
        head.extend_from_slice(&[0u8; 20]);
        offset += w.len;
    }
    let crc = crc32fast::hash(&head);
    head.extend_from_slice(&crc.to_le_bytes());
    head
}

/// Writes a file of `version` (this library's; 2 in tests) atomically, its sections streamed as `next` makes them
/// (called once a section, in order) so that only one is held in memory;
/// the header, written last, goes over a placeholder of its length.
pub(crate) fn write(
    version: u32,
    path: &Path,
    rules: &Ruleset,
    block_bytes: usize,
    movement_crc: u32,
    shapes: &[SectionShape],
    mut next: impl FnMut(&SectionShape) -> Result<SectionData, TablebaseError>,
) -> Result<(), TablebaseError> {
    use std::io::{Seek, SeekFrom, Write};
    let mut failure = None;
    let header_of =
        |written: &[Written]| header(version, rules, block_bytes, movement_crc, shapes, written);
    let written = crate::files::write_atomically(path, |out| {
        out.write_all(&header_of(&[]))?;
        let mut written = Vec::with_capacity(shapes.len());
        for shape in shapes {
            let data = match next(shape) {
                Ok(data) => data,
                Err(e) => {
                    failure = Some(e);
                    return Err(std::io::Error::other("the compression failed"));
                }
            };
            let body = data.bytes(start_bytes(version, shape.entries));
            out.write_all(&body)?;
            written.push(Written {
                depth: data.depth,
                symbols: data.symbols.len() as u32,
                blocks: data.starts.len() as u64,
                len: body.len() as u64,
                crc: crc32fast::hash(&body),
            });
        }
        out.seek(SeekFrom::Start(0))?;
        out.write_all(&header_of(&written))
    });
    match (written, failure) {
        (_, Some(e)) => Err(e),
        (result, None) => result,
    }
}

/// Reads and checks a file's header against the layout its rule set
/// gives (`shapes` of the rule set read from it), and every section's
/// structure: symbols, code, block starts and lengths. The sections' data
/// checksums are left to [`check_section`].
pub(crate) fn read(
    parts: &Parts,
    shapes_of: impl Fn(&Ruleset) -> Vec<SectionShape>,
) -> Result<Header, TablebaseError> {
    let path = parts.path(0);
    let bytes = parts.bytes(0);
    let corrupt = |what: String| TablebaseError::corrupt(path, what);
    let truncated = |what: &'static str, expected: u64| TablebaseError::Truncated {
        path: path.to_path_buf(),
        what,
        expected,
        found: bytes.len() as u64,
    };
    if bytes.len() < MAGIC.len() || bytes[..8] != MAGIC {
        if bytes.len() < MAGIC.len() && MAGIC.starts_with(bytes) {
            return Err(truncated("the header", FIXED as u64));
        }
        return Err(TablebaseError::NotATablebase {
            path: path.to_path_buf(),
        });
    }
    if bytes.len() < 12 {
        return Err(truncated("the header", FIXED as u64));
    }
    let version = u32_at(bytes, 8);
    if !(OLDEST_VERSION..=COMPRESSED_FORMAT_VERSION).contains(&version) {
        return Err(TablebaseError::UnsupportedVersion {
            path: path.to_path_buf(),
            found: version,
            supported: COMPRESSED_FORMAT_VERSION,
        });
    }
    if bytes.len() < FIXED {
        return Err(truncated("the header", FIXED as u64));
    }
    let layout_version = u32_at(bytes, 12);
    let block_bytes = u32_at(bytes, 16) as usize;
    let count = u32_at(bytes, 20) as usize;
    let movement_crc = u32_at(bytes, 24);
    let text_len = u32_at(bytes, 28) as usize;
    if count > 4096 || text_len > 4096 || !(16..=1 << 20).contains(&block_bytes) {
        return Err(corrupt("implausible header sizes".into()));
    }
    let header_len = FIXED + text_len + RECORD * count + 4;
    if bytes.len() < header_len {
        return Err(truncated("the header", header_len as u64));
    }
    if crc32fast::hash(&bytes[..header_len - 4]) != u32_at(bytes, header_len - 4) {
        return Err(corrupt("the header's checksum does not match".into()));
    }
    if layout_version != LAYOUT_VERSION {
        return Err(corrupt(format!(
            "layout version {layout_version}, this library numbers positions by version {LAYOUT_VERSION}"
        )));
    }
    let text = std::str::from_utf8(&bytes[FIXED..FIXED + text_len])
        .map_err(|_| corrupt("the rule set's text is not UTF-8".into()))?;
    let rules: Ruleset = text
        .parse()
        .map_err(|e| corrupt(format!("the rule set's text does not parse: {e}")))?;
    let records = &bytes[FIXED + text_len..FIXED + text_len + RECORD * count];
    let shapes =
        stored_shapes(shapes_of(&rules), records, version, rules.goats()).map_err(corrupt)?;
    if shapes.len() != count {
        return Err(corrupt(format!(
            "{count} sections, the rule set's layout has {}",
            shapes.len()
        )));
    }
    let mut sections = Vec::with_capacity(count);
    let mut end = header_len as u64;
    for (i, shape) in shapes.iter().enumerate() {
        let at = FIXED + text_len + RECORD * i;
        let record = &bytes[at..at + RECORD];
        let (a, b) = shape.part.numbers();
        let name = shape.part;
        if record[..3] != [shape.part.kind(), a, b] {
            return Err(corrupt(format!("section {i} is not the {name} section")));
        }
        let depth = record[3];
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(corrupt(format!(
                "context depth {depth} in the {name} section"
            )));
        }
        let symbols = u32_at(record, 4) as u64;
        let entries = u64_at(record, 8);
        let blocks = u64_at(record, 16);
        let offset = u64_at(record, 24);
        let len = u64_at(record, 32);
        let crc = u32_at(record, 40);
        if entries != shape.entries {
            return Err(corrupt(format!(
                "the {name} section has {entries} entries, the layout {}",
                shape.entries
            )));
        }
        if offset != end {
            return Err(corrupt(format!("bad offset of the {name} section")));
        }
        let width = start_bytes(version, entries);
        let expected = symbols
            .checked_mul(2 + contexts(depth) as u64 * u64::from(CLASSES))
            .and_then(|n| n.checked_add(blocks.checked_mul((width + block_bytes) as u64)?));
        if symbols > 1 << 16
            || expected != Some(len)
            || (blocks == 0) != (entries == 0)
            || (blocks > 0 && symbols == 0)
        {
            return Err(corrupt(format!("bad sizes of the {name} section")));
        }
        end = offset
            .checked_add(len)
            .ok_or_else(|| corrupt(format!("bad sizes of the {name} section")))?;
        if end > parts.len() {
            return Err(TablebaseError::Truncated {
                path: path.to_path_buf(),
                what: "a section's data (with the parts `.1`, `.2`, ... beside the file, if it is in parts)",
                expected: end,
                found: parts.len(),
            });
        }
        let (file, range) = parts.locate(offset..end).ok_or_else(|| {
            corrupt(format!(
                "the {name} section runs on from one part of the file into the next"
            ))
        })?;
        let bytes = parts.bytes(file);
        let start = range.start;
        let symbols_end = start + 2 * symbols as usize;
        let values: Vec<u16> = bytes[start..symbols_end]
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        let valid = |v: &u16| match shape.part {
            Part::Movement { .. } => v & 3 != 3,
            Part::Placement { .. } => *v <= 2,
        };
        if !values.iter().all(valid) {
            return Err(corrupt(format!(
                "an invalid entry value in the {name} section"
            )));
        }
        let tokens = symbols as usize * CLASSES as usize;
        let lengths_end = symbols_end + contexts(depth) * tokens;
        let decoders = bytes[symbols_end..lengths_end]
            .chunks(tokens.max(1))
            .map(|lengths| Decoder::with_payloads(lengths, split_token))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| corrupt(format!("the code of the {name} section is bad: {e:?}")))?;
        let starts_at = lengths_end;
        let blocks_at = starts_at + width * blocks as usize;
        let mut previous = None;
        for k in 0..blocks as usize {
            let first = uint_at(bytes, starts_at + width * k, width);
            let ordered = match previous {
                None => first == 0,
                Some(p) => first > p && first < entries,
            };
            if !ordered {
                return Err(corrupt(format!("bad block starts in the {name} section")));
            }
            previous = Some(first);
        }
        sections.push(Section {
            part: shape.part,
            entries,
            tokens: TokenTable::new(&decoders, &values, depth),
            symbols: values,
            depth,
            decoders,
            blocks,
            starts_at,
            start_bytes: width,
            blocks_at,
            file,
            data: range,
            crc,
        });
    }
    if end != parts.len() {
        return Err(corrupt(format!(
            "{} bytes after the last section{}",
            parts.len() - end,
            if parts.count() > 1 {
                " (a part of an earlier file beside it?)"
            } else {
                ""
            }
        )));
    }
    Ok(Header {
        version,
        rules,
        block_bytes,
        movement_crc,
        sections,
    })
}

/// The little-endian number of `width` bytes (4 or 8) at `at`.
#[inline]
pub(crate) fn uint_at(bytes: &[u8], at: usize, width: usize) -> u64 {
    if width == 4 {
        u64::from(u32_at(bytes, at))
    } else {
        u64_at(bytes, at)
    }
}

/// Checks a section's data against its checksum.
pub(crate) fn check_section(parts: &Parts, section: &Section) -> Result<(), TablebaseError> {
    let bytes = parts.bytes(section.file);
    if crc32fast::hash(&bytes[section.data.clone()]) != section.crc {
        return Err(TablebaseError::corrupt(
            parts.path(section.file),
            format!("checksum mismatch in the {} section", section.part),
        ));
    }
    Ok(())
}
