//! The position files of [`generate`](super::generate): a short header, then
//! fixed 16-byte records that numpy reads in one call (the layout is in the
//! [network guide](crate::guide::network)).

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use bagh_core::{PointSet, Position, Ruleset, Setup, Side};
use bagh_tablebase::Value;

use super::DatagenError;

/// The first bytes of a position file.
pub const POSITIONS_MAGIC: &[u8; 8] = b"BAGHPOS\0";
/// The version of the position files this crate writes and reads.
pub const POSITIONS_VERSION: u32 = 1;
/// The bytes of one record.
pub const RECORD_BYTES: usize = 16;
/// A distance that is not known (draws, and the placement layers).
const NO_DISTANCE: u16 = u16::MAX;
/// The fixed part of the header: magic, version, record size, count,
/// header size, rules length.
const FIXED_HEADER: usize = 8 + 4 + 4 + 8 + 4 + 4;

/// One labelled position: the board, the true value for the side to move
/// and, where the tables know it, the plies to the end under perfect play.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct LabelledPosition {
    /// The position.
    pub position: Position,
    /// Its value for the side to move, by the tables.
    pub value: Value,
    /// Plies to the end under perfect play (movement phase, not a draw).
    pub distance: Option<u16>,
    /// The ply of its game at which it occurred.
    pub ply: u16,
}

impl LabelledPosition {
    fn to_bytes(self) -> [u8; RECORD_BYTES] {
        let p = &self.position;
        let mut bytes = [0u8; RECORD_BYTES];
        bytes[0..4].copy_from_slice(&p.tigers().bits().to_le_bytes());
        bytes[4..8].copy_from_slice(&p.goats().bits().to_le_bytes());
        bytes[8] = p.goats_in_hand();
        bytes[9] = p.goats_captured();
        bytes[10] = u8::from(p.side_to_move() == Side::Tiger);
        bytes[11] = match self.value {
            Value::Loss => 0,
            Value::Draw => 1,
            Value::Win => 2,
        };
        bytes[12..14].copy_from_slice(&self.distance.unwrap_or(NO_DISTANCE).to_le_bytes());
        bytes[14..16].copy_from_slice(&self.ply.to_le_bytes());
        bytes
    }

    fn from_bytes(bytes: &[u8], rules: Ruleset) -> Option<LabelledPosition> {
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let half = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let set = |bits: u32| (bits < 1 << 25).then(|| PointSet::from_bits(bits));
        let setup = Setup {
            tigers: set(word(0))?,
            goats: set(word(4))?,
            side: match bytes[10] {
                0 => Side::Goat,
                1 => Side::Tiger,
                _ => return None,
            },
            goats_in_hand: bytes[8],
            goats_captured: bytes[9],
        };
        let value = match bytes[11] {
            0 => Value::Loss,
            1 => Value::Draw,
            2 => Value::Win,
            _ => return None,
        };
        let distance = Some(half(12)).filter(|&d| d != NO_DISTANCE);
        Some(LabelledPosition {
            position: Position::from_setup(setup, rules).ok()?,
            value,
            distance,
            ply: half(14),
        })
    }
}

/// Writes one position file: records are appended, and the count in the
/// header is filled in by [`PositionWriter::finish`].
pub(crate) struct PositionWriter {
    path: PathBuf,
    out: BufWriter<File>,
    count: u64,
}

impl PositionWriter {
    pub(crate) fn create(path: &Path, rules: &Ruleset) -> Result<PositionWriter, DatagenError> {
        let io = |source| DatagenError::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut out = BufWriter::new(File::create(path).map_err(io)?);
        let text = rules.to_string();
        let header_bytes = (FIXED_HEADER + text.len()).div_ceil(RECORD_BYTES) * RECORD_BYTES;
        let mut header = Vec::with_capacity(header_bytes);
        header.extend_from_slice(POSITIONS_MAGIC);
        header.extend_from_slice(&POSITIONS_VERSION.to_le_bytes());
        header.extend_from_slice(&(RECORD_BYTES as u32).to_le_bytes());
        header.extend_from_slice(&0u64.to_le_bytes());
        header.extend_from_slice(&(header_bytes as u32).to_le_bytes());
        header.extend_from_slice(&(text.len() as u32).to_le_bytes());
        header.extend_from_slice(text.as_bytes());
        header.resize(header_bytes, 0);
        out.write_all(&header).map_err(io)?;
        Ok(PositionWriter {
            path: path.to_path_buf(),
            out,
            count: 0,
        })
    }

    pub(crate) fn push(&mut self, record: LabelledPosition) -> Result<(), DatagenError> {
        self.count += 1;
        self.out
            .write_all(&record.to_bytes())
            .map_err(|source| DatagenError::Io {
                path: self.path.clone(),
                source,
            })
    }

    /// Writes the count and flushes; the number of records.
    pub(crate) fn finish(mut self) -> Result<u64, DatagenError> {
        let io = |source| DatagenError::Io {
            path: self.path.clone(),
            source,
        };
        self.out.flush().map_err(io)?;
        let file = self.out.get_mut();
        file.seek(SeekFrom::Start(16)).map_err(io)?;
        file.write_all(&self.count.to_le_bytes()).map_err(io)?;
        file.sync_all().map_err(io)?;
        Ok(self.count)
    }
}

/// Reads a position file of [`generate`](super::generate): its rule set and
/// its records.
///
/// Errors: the file cannot be read, is not a position file of this
/// version, is truncated, or holds a record that is not a position of its
/// rule set ([`DatagenError::BadFile`] says which and where).
pub fn read_positions(
    path: impl AsRef<Path>,
) -> Result<(Ruleset, Vec<LabelledPosition>), DatagenError> {
    let path = path.as_ref();
    let io = |source| DatagenError::Io {
        path: path.to_path_buf(),
        source,
    };
    let bad = |reason: String| DatagenError::BadFile {
        path: path.to_path_buf(),
        reason,
    };
    let mut input = BufReader::new(File::open(path).map_err(io)?);
    let mut fixed = [0u8; FIXED_HEADER];
    input
        .read_exact(&mut fixed)
        .map_err(|_| bad("shorter than a header".into()))?;
    if &fixed[0..8] != POSITIONS_MAGIC {
        return Err(bad("not a position file (wrong magic)".into()));
    }
    let u32_at =
        |at: usize| u32::from_le_bytes([fixed[at], fixed[at + 1], fixed[at + 2], fixed[at + 3]]);
    let version = u32_at(8);
    if version != POSITIONS_VERSION {
        return Err(bad(format!(
            "version {version}, this library reads {POSITIONS_VERSION}"
        )));
    }
    if u32_at(12) as usize != RECORD_BYTES {
        return Err(bad(format!(
            "records of {} bytes, expected {RECORD_BYTES}",
            u32_at(12)
        )));
    }
    let mut count_bytes = [0u8; 8];
    count_bytes.copy_from_slice(&fixed[16..24]);
    let count = u64::from_le_bytes(count_bytes);
    let header_bytes = u32_at(24) as usize;
    let rules_len = u32_at(28) as usize;
    if FIXED_HEADER + rules_len > header_bytes {
        return Err(bad("the rule set's text runs past the header".into()));
    }
    let mut rest = vec![0u8; header_bytes - FIXED_HEADER];
    input
        .read_exact(&mut rest)
        .map_err(|_| bad("truncated header".into()))?;
    let text = std::str::from_utf8(&rest[..rules_len])
        .map_err(|_| bad("the rule set's text is not UTF-8".into()))?;
    let rules: Ruleset = text
        .parse()
        .map_err(|e| bad(format!("the rule set {text:?} does not parse: {e}")))?;
    let mut records = Vec::with_capacity(usize::try_from(count).unwrap_or(0).min(1 << 26));
    let mut bytes = [0u8; RECORD_BYTES];
    for index in 0..count {
        input
            .read_exact(&mut bytes)
            .map_err(|_| bad(format!("truncated: record {index} of {count} is missing")))?;
        let record = LabelledPosition::from_bytes(&bytes, rules)
            .ok_or_else(|| bad(format!("record {index} is not a position of {rules}")))?;
        records.push(record);
    }
    if input.read(&mut bytes).map_err(io)? != 0 {
        return Err(bad(format!(
            "bytes after the {count} records the header counts"
        )));
    }
    Ok((rules, records))
}
