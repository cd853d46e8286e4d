//! Changes to a table file's bytes, chosen by the fuzzer, and the checksum
//! repairs that let a changed header get past the checksum test and into
//! the checks behind it.

use arbitrary::Arbitrary;

/// One change to a file's bytes; offsets wrap around the file's length.
#[derive(Clone, Debug, Arbitrary)]
pub enum Edit {
    /// Overwrite bytes from an offset.
    Overwrite(u32, Vec<u8>),
    /// Write a little-endian number at an offset: header fields are 4 and 8
    /// bytes wide.
    Word(u32, u64, bool),
    /// Flip the bits of one byte.
    Flip(u32, u8),
    /// Cut the file to this length (modulo the length plus one).
    Truncate(u32),
    /// Append bytes.
    Extend(Vec<u8>),
}

impl Edit {
    /// Applies the change to `bytes`.
    pub fn apply(&self, bytes: &mut Vec<u8>) {
        let at = |offset: u32, len: usize| usize::try_from(offset).unwrap_or(0) % len.max(1);
        match self {
            Edit::Overwrite(offset, data) => {
                let start = at(*offset, bytes.len());
                for (index, byte) in data.iter().enumerate() {
                    if let Some(slot) = bytes.get_mut(start + index) {
                        *slot = *byte;
                    }
                }
            }
            Edit::Word(offset, value, wide) => {
                let start = at(*offset, bytes.len());
                let le = value.to_le_bytes();
                let width = if *wide { 8 } else { 4 };
                for (index, byte) in le.iter().take(width).enumerate() {
                    if let Some(slot) = bytes.get_mut(start + index) {
                        *slot = *byte;
                    }
                }
            }
            Edit::Flip(offset, mask) => {
                let start = at(*offset, bytes.len());
                if let Some(slot) = bytes.get_mut(start) {
                    *slot ^= *mask;
                }
            }
            Edit::Truncate(len) => {
                let len = usize::try_from(*len).unwrap_or(0) % (bytes.len() + 1);
                bytes.truncate(len);
            }
            Edit::Extend(data) => bytes.extend_from_slice(data),
        }
    }
}

fn u32_at(bytes: &[u8], at: usize) -> Option<usize> {
    let word = bytes.get(at..at.checked_add(4)?)?;
    usize::try_from(u32::from_le_bytes(word.try_into().ok()?)).ok()
}

fn put_crc(bytes: &mut [u8], covered: usize) {
    if let Some(end) = covered.checked_add(4) {
        if end <= bytes.len() {
            let crc = crc32fast::hash(&bytes[..covered]);
            bytes[covered..end].copy_from_slice(&crc.to_le_bytes());
        }
    }
}

/// Rewrites the checksums of a movement table file (`docs/tablebase.md`,
/// the movement table format) to match its bytes: the header's always, the
/// entries' too when `entries` is set. Lengths are taken from the header as
/// it stands; a file too short for them is left alone.
pub fn repair_movement(bytes: &mut [u8], entries: bool) {
    let Some(rules_len) = u32_at(bytes, 76) else {
        return;
    };
    let Some(header_crc_at) = rules_len.checked_add(80) else {
        return;
    };
    if entries {
        if let Some(start) = u32_at(bytes, 16) {
            if start <= bytes.len() {
                let crc = crc32fast::hash(&bytes[start..]);
                bytes[72..76].copy_from_slice(&crc.to_le_bytes());
            }
        }
    }
    put_crc(bytes, header_crc_at);
}

/// Rewrites the checksums of a placement layer file (the layer file format):
/// the header's, and the whole file's when `whole` is set.
pub fn repair_layer(bytes: &mut [u8], whole: bool) {
    let (Some(rules_len), Some(runs)) = (u32_at(bytes, 28), u32_at(bytes, 20)) else {
        return;
    };
    let header_crc_at = runs
        .checked_mul(16)
        .and_then(|runs| runs.checked_add(rules_len))
        .and_then(|len| len.checked_add(32));
    if let Some(at) = header_crc_at {
        put_crc(bytes, at);
    }
    if whole && bytes.len() >= 4 {
        let covered = bytes.len() - 4;
        put_crc(bytes, covered);
    }
}

/// Rewrites the checksums of a compressed file (the compressed format): the
/// header's, and each section's when `sections` is set, taking offsets and
/// lengths from the section records as they stand.
pub fn repair_compressed(bytes: &mut [u8], sections: bool) {
    let (Some(count), Some(rules_len)) = (u32_at(bytes, 20), u32_at(bytes, 28)) else {
        return;
    };
    let Some(records) = rules_len.checked_add(32) else {
        return;
    };
    let Some(header_crc_at) = count.checked_mul(64).and_then(|n| n.checked_add(records)) else {
        return;
    };
    if sections {
        for i in 0..count {
            let at = records + 64 * i;
            let (Some(offset), Some(len)) = (u64_at(bytes, at + 24), u64_at(bytes, at + 32)) else {
                break;
            };
            // A record cut short by the file's end has no room for its
            // checksum: it is left as it is.
            if let Some(end) = offset.checked_add(len).filter(|&end| end <= bytes.len()) {
                let crc = crc32fast::hash(&bytes[offset..end]);
                if let Some(field) = bytes.get_mut(at + 40..at + 44) {
                    field.copy_from_slice(&crc.to_le_bytes());
                }
            }
        }
    }
    put_crc(bytes, header_crc_at);
}

fn u64_at(bytes: &[u8], at: usize) -> Option<usize> {
    let word = bytes.get(at..at.checked_add(8)?)?;
    usize::try_from(u64::from_le_bytes(word.try_into().ok()?)).ok()
}
