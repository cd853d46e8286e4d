//! The file of one placement layer: every goats-to-move position with the
//! same number of goats placed, one run of 2-bit values per captured count.
//!
//! ```text
//! offset  size  field
//! 0       8     magic "BAGHPL\0\n"
//! 8       4     format version (1), little-endian like every number here
//! 12      4     goats placed
//! 16      4     captured counts in the file (n)
//! 20      4     length of the rule set's text (r)
//! 24      r     the rule set's text form
//! 24+r    16*n  per captured count, in increasing order from 0:
//!               entries (u64), then the byte offset of its data (u64)
//! ...           the data: per captured count, ceil(entries / 32) u64 words,
//!               entry i in bits 2(i mod 32)..2(i mod 32)+1 of word i / 32:
//!               0 loss, 1 draw, 2 win for the goats (to move)
//! end-4   4     CRC-32 of every byte before it
//! ```

use std::fs;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::format::temporary;
use super::TablebaseError;
use crate::Ruleset;

const MAGIC: [u8; 8] = *b"BAGHPL\0\n";
const VERSION: u32 = 1;

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

/// What the header of a layer file says.
#[derive(Clone, Debug)]
pub(crate) struct LayerHeader {
    /// Per captured count: entries and the byte offset of the data.
    pub runs: Vec<(u64, u64)>,
    pub file_len: u64,
}

fn io_error(path: &Path) -> impl Fn(std::io::Error) -> TablebaseError + '_ {
    move |source| TablebaseError::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn corrupt(path: &Path, what: impl Into<String>) -> TablebaseError {
    TablebaseError::Corrupt {
        path: path.to_path_buf(),
        what: what.into(),
    }
}

/// The name of the file of the layer with `placed` goats placed.
pub(crate) fn layer_path(dir: &Path, placed: u32) -> PathBuf {
    dir.join(format!("placed-{placed:02}.bpl"))
}

/// Writes a layer atomically (a temporary file renamed into place).
pub(crate) fn write_layer(
    path: &Path,
    rules: &Ruleset,
    placed: u32,
    layers: &[Values],
) -> Result<(), TablebaseError> {
    let rules_text = rules.to_string();
    let mut head = Vec::new();
    head.extend_from_slice(&MAGIC);
    head.extend_from_slice(&VERSION.to_le_bytes());
    head.extend_from_slice(&placed.to_le_bytes());
    head.extend_from_slice(&(layers.len() as u32).to_le_bytes());
    head.extend_from_slice(&(rules_text.len() as u32).to_le_bytes());
    head.extend_from_slice(rules_text.as_bytes());
    let mut offset = (head.len() + 16 * layers.len()) as u64;
    for values in layers {
        head.extend_from_slice(&values.entries.to_le_bytes());
        head.extend_from_slice(&offset.to_le_bytes());
        offset += 8 * values.words.len() as u64;
    }
    let temp = temporary(path);
    let err = io_error(&temp);
    let file = fs::File::create(&temp).map_err(&err)?;
    let mut out = std::io::BufWriter::with_capacity(1 << 20, file);
    let mut crc = crc32fast::Hasher::new();
    out.write_all(&head).map_err(&err)?;
    crc.update(&head);
    let mut buffer = Vec::with_capacity(1 << 16);
    for values in layers {
        for chunk in values.words.chunks(8192) {
            buffer.clear();
            for word in chunk {
                buffer.extend_from_slice(&word.to_le_bytes());
            }
            crc.update(&buffer);
            out.write_all(&buffer).map_err(&err)?;
        }
    }
    out.write_all(&crc.finalize().to_le_bytes()).map_err(&err)?;
    let file = out.into_inner().map_err(|e| err(e.into_error()))?;
    file.sync_all().map_err(&err)?;
    drop(file);
    fs::rename(&temp, path).map_err(io_error(path))
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap_or([0; 4]))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]))
}

/// Reads and checks the header of a layer file (not the checksum of the
/// data, which [`read_layer`] checks): magic, version, the rule set, the
/// layer, and that the file is as long as the header says.
pub(crate) fn read_header(
    path: &Path,
    rules: &Ruleset,
    placed: u32,
) -> Result<LayerHeader, TablebaseError> {
    let err = io_error(path);
    let mut file = fs::File::open(path).map_err(&err)?;
    let file_len = file.metadata().map_err(&err)?.len();
    let mut head = vec![0u8; 24];
    let truncated = |expected: u64| TablebaseError::Truncated {
        path: path.to_path_buf(),
        what: "the layer header",
        expected,
        found: file_len,
    };
    file.read_exact(&mut head).map_err(|_| truncated(24))?;
    if head[..8] != MAGIC {
        return Err(TablebaseError::NotATablebase {
            path: path.to_path_buf(),
        });
    }
    let version = u32_at(&head, 8);
    if version != VERSION {
        return Err(TablebaseError::UnsupportedVersion {
            path: path.to_path_buf(),
            found: version,
            supported: VERSION,
        });
    }
    let (file_placed, count, rules_len) = (u32_at(&head, 12), u32_at(&head, 16), u32_at(&head, 20));
    if count > 64 || rules_len > 4096 {
        return Err(corrupt(path, "implausible header sizes"));
    }
    let rest = rules_len as usize + 16 * count as usize;
    let mut tail = vec![0u8; rest];
    file.read_exact(&mut tail)
        .map_err(|_| truncated(24 + rest as u64))?;
    let text = std::str::from_utf8(&tail[..rules_len as usize])
        .map_err(|_| corrupt(path, "the rule set's text is not UTF-8"))?;
    let found: Ruleset = text
        .parse()
        .map_err(|e| corrupt(path, format!("the rule set's text does not parse: {e}")))?;
    if found != *rules {
        return Err(TablebaseError::WrongRules {
            path: path.to_path_buf(),
            found: found.to_string(),
            expected: rules.to_string(),
        });
    }
    if file_placed != placed {
        return Err(corrupt(
            path,
            format!("the file holds the layer of {file_placed} goats placed, not {placed}"),
        ));
    }
    let mut runs = Vec::with_capacity(count as usize);
    let mut end = (24 + rest) as u64;
    for c in 0..count as usize {
        let at = rules_len as usize + 16 * c;
        let (entries, offset) = (u64_at(&tail, at), u64_at(&tail, at + 8));
        if offset != end || entries > 1 << 40 {
            return Err(corrupt(path, format!("bad offset of captured count {c}")));
        }
        end += 8 * entries.div_ceil(32);
        runs.push((entries, offset));
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

/// Reads a whole layer file into memory and checks its checksum.
pub(crate) fn read_layer(
    path: &Path,
    rules: &Ruleset,
    placed: u32,
) -> Result<Vec<Values>, TablebaseError> {
    let header = read_header(path, rules, placed)?;
    let bytes = fs::read(path).map_err(io_error(path))?;
    if bytes.len() as u64 != header.file_len {
        return Err(corrupt(path, "the file changed while it was read"));
    }
    let body = bytes.len() - 4;
    let stored = u32_at(&bytes, body);
    if crc32fast::hash(&bytes[..body]) != stored {
        return Err(corrupt(path, "checksum mismatch"));
    }
    Ok(header
        .runs
        .iter()
        .map(|&(entries, offset)| {
            let start = offset as usize;
            let words = (0..entries.div_ceil(32) as usize)
                .map(|w| u64_at(&bytes, start + 8 * w))
                .collect();
            Values { entries, words }
        })
        .collect())
}

/// Reads one entry of a layer file, open as `file`, without reading the rest.
pub(crate) fn read_entry(
    path: &Path,
    file: &Mutex<fs::File>,
    header: &LayerHeader,
    captured: usize,
    index: u64,
) -> Result<u8, TablebaseError> {
    let err = io_error(path);
    let (entries, offset) = header.runs[captured];
    if index >= entries {
        return Err(corrupt(
            path,
            format!("entry {index} is past the layer's end"),
        ));
    }
    let mut file = file
        .lock()
        .map_err(|_| corrupt(path, "a reader of the file panicked"))?;
    file.seek(SeekFrom::Start(offset + 8 * (index / 32)))
        .map_err(&err)?;
    let mut word = [0u8; 8];
    file.read_exact(&mut word).map_err(&err)?;
    let value = ((u64::from_le_bytes(word) >> (2 * (index % 32))) & 3) as u8;
    if value == 3 {
        return Err(corrupt(path, format!("entry {index} holds no value")));
    }
    Ok(value)
}
