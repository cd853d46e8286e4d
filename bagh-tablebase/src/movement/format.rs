//! The file format, version 1. All numbers are little-endian.
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `BAGHTB` `\0` `\n` |
//! | 8 | 4 | format version (1) |
//! | 12 | 4 | kind: 0 a complete table, 1 a build checkpoint |
//! | 16 | 4 | header length in bytes (where the entries start) |
//! | 20 | 4 | bytes per entry: 1 or 2 |
//! | 24 | 4 | first layer held (captured count; 0 for a complete table) |
//! | 28 | 4 | largest distance held |
//! | 32 | 8 | entries held |
//! | 40 | 8 | positions held (canonical entries) |
//! | 48 | 8 | of which wins for the side to move |
//! | 56 | 8 | draws |
//! | 64 | 8 | losses |
//! | 72 | 4 | CRC-32 of the entries |
//! | 76 | 4 | length `n` of the rule set's text |
//! | 80 | n | the rule set's text form (UTF-8), as `Ruleset` prints it |
//! | 80 + n | 4 | CRC-32 of the header's bytes before this field |
//!
//! The entries follow: every entry of the layers from the first one held up
//! to the last, in the order of the layout (see the `layout` module), each
//! as described in the `entry` module. A checkpoint holds the layers already
//! solved (the highest captured counts), in two-byte entries.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicU16, Ordering::Relaxed};

use bagh_core::Ruleset;

use super::entry::{self, UNUSED};
use crate::files::write_atomically;
use crate::layout::Layout;
use crate::TablebaseError;

/// The first eight bytes of every file.
pub(crate) const MAGIC: [u8; 8] = *b"BAGHTB\0\n";
/// The format version this library reads and writes.
pub const FORMAT_VERSION: u32 = 1;
const FIXED: usize = 80;

/// Complete table or checkpoint.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Table = 0,
    Checkpoint = 1,
}

/// The counts a header holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub positions: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub max_distance: u16,
}

impl Counts {
    pub fn of(entries: &[AtomicU16]) -> Counts {
        let mut counts = Counts::default();
        for e in entries {
            let e = e.load(Relaxed);
            match entry::tag(e) {
                UNUSED => continue,
                entry::TAG_WIN => counts.wins += 1,
                entry::TAG_LOSS => counts.losses += 1,
                _ => counts.draws += 1,
            }
            counts.positions += 1;
            counts.max_distance = counts.max_distance.max(entry::distance(e));
        }
        counts
    }
}

/// A header read from a file.
#[derive(Clone, Debug)]
pub(crate) struct Header {
    pub kind: Kind,
    pub width: u8,
    pub first_layer: u32,
    pub entries: u64,
    pub counts: Counts,
    pub rules: Ruleset,
    pub data_start: usize,
    /// The CRC-32 of the entries: what placement layer files record to
    /// name the movement table they were built on.
    pub data_crc: u32,
}

/// Writes `entries` to `path` atomically: into a uniquely named temporary
/// file, synced, then renamed over `path`. The entries are read in place (no copy), so
/// nothing may change them meanwhile.
pub(crate) fn write(
    path: &Path,
    kind: Kind,
    rules: &Ruleset,
    first_layer: u32,
    entries: &[AtomicU16],
) -> Result<Counts, TablebaseError> {
    let counts = Counts::of(entries);
    let width: u8 = if kind == Kind::Table && counts.max_distance < 64 {
        1
    } else {
        2
    };
    let mut crc = crc32fast::Hasher::new();
    let mut data = Vec::with_capacity(entries.len().min(1 << 20) * width as usize);
    let encode = |e: u16, out: &mut Vec<u8>| {
        if width == 1 {
            out.push(e as u8);
        } else {
            out.extend_from_slice(&e.to_le_bytes());
        }
    };
    for chunk in entries.chunks(1 << 16) {
        data.clear();
        for e in chunk {
            encode(e.load(Relaxed), &mut data);
        }
        crc.update(&data);
    }
    let data_crc = crc.finalize();
    let text = rules.to_string();
    let mut header = Vec::with_capacity(FIXED + text.len() + 4);
    header.extend_from_slice(&MAGIC);
    header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    header.extend_from_slice(&(kind as u32).to_le_bytes());
    header.extend_from_slice(&((FIXED + text.len() + 4) as u32).to_le_bytes());
    header.extend_from_slice(&u32::from(width).to_le_bytes());
    header.extend_from_slice(&first_layer.to_le_bytes());
    header.extend_from_slice(&u32::from(counts.max_distance).to_le_bytes());
    for n in [
        entries.len() as u64,
        counts.positions,
        counts.wins,
        counts.draws,
        counts.losses,
    ] {
        header.extend_from_slice(&n.to_le_bytes());
    }
    header.extend_from_slice(&data_crc.to_le_bytes());
    header.extend_from_slice(&(text.len() as u32).to_le_bytes());
    header.extend_from_slice(text.as_bytes());
    let header_crc = crc32fast::hash(&header);
    header.extend_from_slice(&header_crc.to_le_bytes());

    write_atomically(path, |out| {
        out.write_all(&header)?;
        for chunk in entries.chunks(1 << 16) {
            data.clear();
            for e in chunk {
                encode(e.load(Relaxed), &mut data);
            }
            out.write_all(&data)?;
        }
        Ok(())
    })?;
    Ok(counts)
}

/// The little-endian `u32` at `at` (0 past the end: callers check lengths first).
pub(crate) fn u32_at(bytes: &[u8], at: usize) -> u32 {
    bytes
        .get(at..at + 4)
        .and_then(|b| b.try_into().ok())
        .map_or(0, u32::from_le_bytes)
}

/// The little-endian `u64` at `at` (0 past the end: callers check lengths first).
pub(crate) fn u64_at(bytes: &[u8], at: usize) -> u64 {
    bytes
        .get(at..at + 8)
        .and_then(|b| b.try_into().ok())
        .map_or(0, u64::from_le_bytes)
}

/// Checks a whole file's bytes and reads its header. Every field is checked
/// before it is used: lengths, the two checksums, the rule set and the
/// number of entries its layout needs.
pub(crate) fn parse(path: &Path, bytes: &[u8]) -> Result<Header, TablebaseError> {
    let corrupt = |what: String| TablebaseError::Corrupt {
        path: path.to_path_buf(),
        what,
    };
    let truncated = |what, expected: u64| TablebaseError::Truncated {
        path: path.to_path_buf(),
        what,
        expected,
        found: bytes.len() as u64,
    };
    if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != MAGIC {
        if bytes.len() < MAGIC.len() && MAGIC.starts_with(bytes) {
            return Err(truncated("the magic bytes", MAGIC.len() as u64));
        }
        return Err(TablebaseError::NotATablebase {
            path: path.to_path_buf(),
        });
    }
    if bytes.len() < 12 {
        return Err(truncated("the version", 12));
    }
    let version = u32_at(bytes, 8);
    if version != FORMAT_VERSION {
        return Err(TablebaseError::UnsupportedVersion {
            path: path.to_path_buf(),
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    if bytes.len() < FIXED {
        return Err(truncated("the header", FIXED as u64));
    }
    let rules_len = u32_at(bytes, 76) as usize;
    let header_len = u32_at(bytes, 16) as usize;
    if rules_len > 4096 || header_len != FIXED + rules_len + 4 {
        return Err(corrupt(format!(
            "header length {header_len} does not fit a rule-set text of {rules_len} bytes"
        )));
    }
    if bytes.len() < header_len {
        return Err(truncated("the header", header_len as u64));
    }
    let stored_crc = u32_at(bytes, header_len - 4);
    if crc32fast::hash(&bytes[..header_len - 4]) != stored_crc {
        return Err(corrupt("the header's checksum does not match".into()));
    }
    let kind = match u32_at(bytes, 12) {
        0 => Kind::Table,
        1 => Kind::Checkpoint,
        other => return Err(corrupt(format!("unknown kind {other}"))),
    };
    let width = match u32_at(bytes, 20) {
        w @ (1 | 2) => w as u8,
        other => return Err(corrupt(format!("{other} bytes per entry"))),
    };
    let text = std::str::from_utf8(&bytes[FIXED..FIXED + rules_len])
        .map_err(|_| corrupt("the rule set's text is not UTF-8".into()))?;
    let rules: Ruleset = text
        .parse()
        .map_err(|e| corrupt(format!("the rule set's text does not read: {e}")))?;
    let first_layer = u32_at(bytes, 24);
    let entries = u64_at(bytes, 32);
    let layout = Layout::new(rules);
    let expected = match layout.layers.get(first_layer as usize) {
        Some(layer) => layout.entries - layer.offset,
        None if first_layer as usize == layout.layers.len() => 0,
        None => return Err(corrupt(format!("first layer {first_layer} out of range"))),
    };
    if entries != expected || (kind == Kind::Table && first_layer != 0) {
        return Err(corrupt(format!(
            "{entries} entries from layer {first_layer}, the rule set's layout has {expected}"
        )));
    }
    let data_len = entries * u64::from(width);
    let total = header_len as u64 + data_len;
    if (bytes.len() as u64) < total {
        return Err(truncated("the entries", total));
    }
    if bytes.len() as u64 > total {
        return Err(corrupt(format!(
            "{} bytes after the last entry",
            bytes.len() as u64 - total
        )));
    }
    let data = &bytes[header_len..];
    let data_crc = u32_at(bytes, 72);
    if crc32fast::hash(data) != data_crc {
        return Err(corrupt("the entries' checksum does not match".into()));
    }
    let counts = Counts {
        positions: u64_at(bytes, 40),
        wins: u64_at(bytes, 48),
        draws: u64_at(bytes, 56),
        losses: u64_at(bytes, 64),
        max_distance: u32_at(bytes, 28).min(u32::from(u16::MAX)) as u16,
    };
    Ok(Header {
        kind,
        width,
        first_layer,
        entries,
        counts,
        rules,
        data_start: header_len,
        data_crc,
    })
}

/// Reads and checks a whole file.
pub(crate) fn read(path: &Path) -> Result<(Header, Vec<u8>), TablebaseError> {
    let bytes = fs::read(path).map_err(|e| TablebaseError::io(path, e))?;
    let header = parse(path, &bytes)?;
    Ok((header, bytes))
}

/// The entry `index` of a file's data.
#[inline]
pub(crate) fn entry_at(data: &[u8], width: u8, index: usize) -> u16 {
    if width == 1 {
        u16::from(data[index])
    } else {
        u16::from_le_bytes([data[2 * index], data[2 * index + 1]])
    }
}
