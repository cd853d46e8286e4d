//! The file of one placement layer: every goats-to-move position with the
//! same number of goats placed, one run of 2-bit values per captured count.
//! All numbers are little-endian.
//!
//! ```text
//! offset      size  field
//! 0           8     magic "BAGHPL\0\n"
//! 8           4     format version (2)
//! 12          4     layout version (1): how positions are numbered
//! 16          4     goats placed
//! 20          4     captured counts in the file (n)
//! 24          4     CRC-32 of the entries of the movement table it was built on
//! 28          4     length of the rule set's text (r)
//! 32          r     the rule set's text form
//! 32+r        16*n  per captured count, in increasing order from 0:
//!                   entries (u64), then the byte offset of its data (u64)
//! 32+r+16n    4     CRC-32 of the header's bytes before this field
//! ...               the data: per captured count, ceil(entries / 32) u64 words,
//!                   entry i in bits 2(i mod 32)..2(i mod 32)+1 of word i / 32:
//!                   0 loss, 1 draw, 2 win for the goats (to move)
//! end-4       4     CRC-32 of every byte before it
//! ```
//!
//! A layer is only valid on top of the movement table whose checksum it
//! records: the values of the last layer come from that table, and every
//! other layer from the one after it.

use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use bagh_core::Ruleset;

use crate::files::{read_exact_at, write_atomically};
use crate::memory::filled;
use crate::movement::format::{u32_at, u64_at};
use crate::TablebaseError;

const MAGIC: [u8; 8] = *b"BAGHPL\0\n";
/// The version of the layer files this library reads and writes.
pub const PLACEMENT_FORMAT_VERSION: u32 = 2;
/// The numbering of positions (tiger representatives, colex ranks of goat
/// sets); a change of numbering makes old files unreadable, not wrong.
pub(crate) const LAYOUT_VERSION: u32 = 1;
const FIXED: usize = 32;

/// One captured count's values, 2 bits per entry.
#[derive(Clone, Debug)]
pub(crate) struct Values {
    pub entries: u64,
    pub words: Vec<u64>,
}

impl Values {
    /// The 2-bit value of entry `index`.
    #[inline(always)]
    pub fn get(&self, index: u64) -> u8 {
        ((self.words[(index / 32) as usize] >> (2 * (index % 32))) & 3) as u8
    }
}

/// What a layer file must hold, to be checked against its header.
#[derive(Clone, Debug)]
pub(crate) struct Expected {
    pub rules: Ruleset,
    pub placed: u32,
    /// Entries per captured count.
    pub runs: Vec<u64>,
    /// The checksum of the movement table the layers stand on.
    pub movement: u32,
}

/// What the header of a layer file says, once checked.
#[derive(Clone, Debug)]
pub(crate) struct LayerHeader {
    /// Per captured count: entries and the byte offset of the data.
    pub runs: Vec<(u64, u64)>,
    pub file_len: u64,
}

/// The name of the file of the layer with `placed` goats placed.
pub(crate) fn layer_path(dir: &Path, placed: u32) -> PathBuf {
    dir.join(format!("placed-{placed:02}.bpl"))
}

/// Writes a layer atomically (a uniquely named temporary file renamed into place).
pub(crate) fn write_layer(
    path: &Path,
    expected: &Expected,
    layers: &[Values],
) -> Result<(), TablebaseError> {
    let rules_text = expected.rules.to_string();
    let mut head = Vec::new();
    head.extend_from_slice(&MAGIC);
    for n in [
        PLACEMENT_FORMAT_VERSION,
        LAYOUT_VERSION,
        expected.placed,
        layers.len() as u32,
        expected.movement,
        rules_text.len() as u32,
    ] {
        head.extend_from_slice(&n.to_le_bytes());
    }
    head.extend_from_slice(rules_text.as_bytes());
    let mut offset = (head.len() + 16 * layers.len() + 4) as u64;
    for values in layers {
        head.extend_from_slice(&values.entries.to_le_bytes());
        head.extend_from_slice(&offset.to_le_bytes());
        offset += 8 * values.words.len() as u64;
    }
    let header_crc = crc32fast::hash(&head);
    head.extend_from_slice(&header_crc.to_le_bytes());
    write_atomically(path, |out| {
        let mut crc = crc32fast::Hasher::new();
        out.write_all(&head)?;
        crc.update(&head);
        let mut buffer = Vec::with_capacity(1 << 16);
        for values in layers {
            for chunk in values.words.chunks(8192) {
                buffer.clear();
                for word in chunk {
                    buffer.extend_from_slice(&word.to_le_bytes());
                }
                crc.update(&buffer);
                out.write_all(&buffer)?;
            }
        }
        out.write_all(&crc.finalize().to_le_bytes())
    })
}

/// Reads and checks the header of a layer file (not the checksum of the
/// data, which [`read_layer`] checks): magic, versions, the header's
/// checksum, the rule set, the layer, the movement table it stands on, the
/// runs' sizes, and that the file is as long as the header says.
pub(crate) fn read_header(path: &Path, expected: &Expected) -> Result<LayerHeader, TablebaseError> {
    let mut file = File::open(path).map_err(|e| TablebaseError::io(path, e))?;
    let file_len = file
        .metadata()
        .map_err(|e| TablebaseError::io(path, e))?
        .len();
    let truncated = |expected: u64| TablebaseError::Truncated {
        path: path.to_path_buf(),
        what: "the layer header",
        expected,
        found: file_len,
    };
    let mut head = vec![0u8; FIXED];
    let mut read = 0;
    while read < FIXED {
        match file.read(&mut head[read..]) {
            Ok(0) => break,
            Ok(n) => read += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(TablebaseError::io(path, e)),
        }
    }
    if read < MAGIC.len() || head[..8] != MAGIC {
        if read < MAGIC.len() && MAGIC.starts_with(&head[..read]) {
            return Err(truncated(FIXED as u64));
        }
        return Err(TablebaseError::NotATablebase {
            path: path.to_path_buf(),
        });
    }
    if read < 12 {
        return Err(truncated(12));
    }
    let version = u32_at(&head, 8);
    if version != PLACEMENT_FORMAT_VERSION {
        return Err(TablebaseError::UnsupportedVersion {
            path: path.to_path_buf(),
            found: version,
            supported: PLACEMENT_FORMAT_VERSION,
        });
    }
    if read < FIXED {
        return Err(truncated(FIXED as u64));
    }
    let layout_version = u32_at(&head, 12);
    let (placed, count) = (u32_at(&head, 16), u32_at(&head, 20));
    let (movement, rules_len) = (u32_at(&head, 24), u32_at(&head, 28));
    if count > 64 || rules_len > 4096 {
        return Err(TablebaseError::corrupt(path, "implausible header sizes"));
    }
    let rest = rules_len as usize + 16 * count as usize + 4;
    head.resize(FIXED + rest, 0);
    file.read_exact(&mut head[FIXED..])
        .map_err(|_| truncated((FIXED + rest) as u64))?;
    let header_len = head.len();
    if crc32fast::hash(&head[..header_len - 4]) != u32_at(&head, header_len - 4) {
        return Err(TablebaseError::corrupt(
            path,
            "the header's checksum does not match",
        ));
    }
    if layout_version != LAYOUT_VERSION {
        return Err(TablebaseError::corrupt(
            path,
            format!("layout version {layout_version}, this library numbers positions by version {LAYOUT_VERSION}"),
        ));
    }
    let text = std::str::from_utf8(&head[FIXED..FIXED + rules_len as usize])
        .map_err(|_| TablebaseError::corrupt(path, "the rule set's text is not UTF-8"))?;
    let found: Ruleset = text.parse().map_err(|e| {
        TablebaseError::corrupt(path, format!("the rule set's text does not parse: {e}"))
    })?;
    if found != expected.rules {
        return Err(TablebaseError::WrongRules {
            path: path.to_path_buf(),
            found: found.to_string(),
            expected: expected.rules.to_string(),
        });
    }
    if placed != expected.placed {
        return Err(TablebaseError::corrupt(
            path,
            format!(
                "the file holds the layer of {placed} goats placed, not {}",
                expected.placed
            ),
        ));
    }
    if movement != expected.movement {
        return Err(TablebaseError::MovementMismatch {
            path: path.to_path_buf(),
            expected: expected.movement,
            found: movement,
        });
    }
    let mut runs = Vec::with_capacity(count as usize);
    let mut end = header_len as u64;
    for c in 0..count as usize {
        let at = FIXED + rules_len as usize + 16 * c;
        let (entries, offset) = (u64_at(&head, at), u64_at(&head, at + 8));
        if offset != end {
            return Err(TablebaseError::corrupt(
                path,
                format!("bad offset of captured count {c}"),
            ));
        }
        end += 8 * entries.div_ceil(32);
        runs.push((entries, offset));
    }
    let sizes: Vec<u64> = runs.iter().map(|r| r.0).collect();
    if sizes != expected.runs {
        return Err(TablebaseError::corrupt(
            path,
            format!(
                "runs of {sizes:?} entries, the rule set's layout has {:?}",
                expected.runs
            ),
        ));
    }
    if file_len != end + 4 {
        return Err(TablebaseError::Truncated {
            path: path.to_path_buf(),
            what: "the layer data",
            expected: end + 4,
            found: file_len,
        });
    }
    Ok(LayerHeader { runs, file_len })
}

/// Reads a whole layer file into memory and checks it, header and checksum.
/// The file is read in pieces straight into the values (no second copy of
/// the layer is held), its checksum computed on the way.
pub(crate) fn read_layer(path: &Path, expected: &Expected) -> Result<Vec<Values>, TablebaseError> {
    let header = read_header(path, expected)?;
    let io = |e| TablebaseError::io(path, e);
    let mut file = std::io::BufReader::with_capacity(1 << 20, File::open(path).map_err(io)?);
    let mut crc = crc32fast::Hasher::new();
    let start = header.runs.first().map_or(header.file_len - 4, |r| r.1);
    let mut head = vec![0u8; start as usize];
    file.read_exact(&mut head).map_err(io)?;
    crc.update(&head);
    let mut layers = Vec::with_capacity(header.runs.len());
    let mut piece = vec![0u8; 1 << 16];
    for &(entries, _) in &header.runs {
        let len = entries.div_ceil(32);
        let mut words = filled(len, "a placement layer", || 0u64)?;
        for chunk in words.chunks_mut(piece.len() / 8) {
            let bytes = &mut piece[..8 * chunk.len()];
            file.read_exact(bytes).map_err(io)?;
            crc.update(bytes);
            for (word, b) in chunk.iter_mut().zip(bytes.chunks_exact(8)) {
                *word = u64::from_le_bytes(b.try_into().unwrap_or_default());
            }
        }
        layers.push(Values { entries, words });
    }
    let mut stored = [0u8; 4];
    file.read_exact(&mut stored).map_err(io)?;
    if crc.finalize() != u32::from_le_bytes(stored) {
        return Err(TablebaseError::corrupt(path, "checksum mismatch"));
    }
    Ok(layers)
}

/// Reads one entry of an open layer file with a positional read, so that
/// threads probing the same file do not wait for each other.
pub(crate) fn read_entry(
    path: &Path,
    file: &File,
    header: &LayerHeader,
    captured: usize,
    index: u64,
) -> Result<u8, TablebaseError> {
    let Some(&(entries, offset)) = header.runs.get(captured) else {
        return Err(TablebaseError::corrupt(
            path,
            format!("no run of {captured} goats captured"),
        ));
    };
    if index >= entries {
        return Err(TablebaseError::corrupt(
            path,
            format!("entry {index} is past the layer's end"),
        ));
    }
    let mut word = [0u8; 8];
    read_exact_at(file, &mut word, offset + 8 * (index / 32))
        .map_err(|e| TablebaseError::io(path, e))?;
    let value = ((u64::from_le_bytes(word) >> (2 * (index % 32))) & 3) as u8;
    if value == 3 {
        return Err(TablebaseError::corrupt(
            path,
            format!("entry {index} holds no value"),
        ));
    }
    Ok(value)
}
