//! A compressed file stored in parts: `tables.btz` holds its first bytes
//! (the header and whole sections), and `tables.btz.1`, `tables.btz.2`, ...
//! beside it the rest, in order, each cut where a section ends. The bytes
//! are those of the one file, so nothing else in the format changes; a part
//! of at most a registry's file size lets a data package be uploaded as
//! several files when the whole is larger.
//!
//! A section lies within one part, so a probe reads one map as it would the
//! whole file.

use std::fs::File;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use memmap2::Mmap;

use super::format::Section;
use super::CompressedTables;
use crate::files::write_atomically;
use crate::TablebaseError;

/// The maps of a file's parts, in order.
pub(crate) struct Parts {
    paths: Vec<PathBuf>,
    /// Shared with the thread that populates them (see
    /// [`populate_in_background`](Parts::populate_in_background)).
    maps: Vec<Arc<Mmap>>,
    /// The offset in the whole file of each part's first byte.
    starts: Vec<u64>,
    len: u64,
}

/// Part `k` of the file `path`: the file itself for 0, else `path.k`.
pub(crate) fn part_path(path: &Path, k: usize) -> PathBuf {
    if k == 0 {
        return path.to_path_buf();
    }
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{k}"));
    PathBuf::from(name)
}

/// Files from this size on (all parts) are brought into the process's
/// memory map in the background when opened (see
/// [`Parts::populate_in_background`]).
const POPULATED_FROM: u64 = 16 << 20;

/// Maps a file into memory.
#[allow(unsafe_code)]
fn map(path: &Path) -> Result<Arc<Mmap>, TablebaseError> {
    let file = File::open(path).map_err(|e| TablebaseError::io(path, e))?;
    // SAFETY: the map is read-only and the tables are never written in
    // place: every writer of this library writes a new file and renames it
    // over the old one, which leaves the mapped file untouched. A file cut
    // short by another program under a live map is outside what any
    // reader of a mapped file can guard against.
    let map = unsafe { Mmap::map(&file) }.map_err(|e| TablebaseError::io(path, e))?;
    Ok(Arc::new(map))
}

impl Parts {
    /// Maps `path` and the parts beside it, `path.1`, `path.2`, ..., up to
    /// the first that does not exist.
    pub fn open(path: &Path) -> Result<Parts, TablebaseError> {
        let mut parts = Parts {
            paths: Vec::new(),
            maps: Vec::new(),
            starts: Vec::new(),
            len: 0,
        };
        loop {
            let k = parts.maps.len();
            let part = part_path(path, k);
            if k > 0 && !part.exists() {
                // A gap before a later part is a part gone missing.
                let next = part_path(path, k + 1);
                if next.exists() {
                    return Err(TablebaseError::io(
                        &part,
                        std::io::Error::new(
                            std::io::ErrorKind::NotFound,
                            format!("missing, and {} follows it", next.display()),
                        ),
                    ));
                }
                return Ok(parts);
            }
            let map = map(&part)?;
            parts.starts.push(parts.len);
            parts.len += map.len() as u64;
            parts.paths.push(part);
            parts.maps.push(map);
        }
    }

    /// The bytes of the whole file, over all parts.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Asks the kernel, from a thread of its own, to map every page of a
    /// large file (all its parts' maps) at once. A placement probe reads a
    /// new page of the file at almost every read, and the first touch of
    /// each page under a fresh map is a page fault, which the probes would
    /// otherwise pay one at a time. The thread takes them in one pass (a
    /// file that is not in the page cache is read in meanwhile), and the
    /// open does not wait for it. Where the kernel cannot (before Linux
    /// 5.14, or on another system), pages are mapped as probes first touch
    /// them, as they would be anyway.
    ///
    /// At most two such threads run at a time: a program that opens many
    /// files in a row gets no crowd of threads, only the faults of the files
    /// opened meanwhile.
    ///
    /// Called once the file's header has been read, so that a foreign file
    /// is not read in.
    pub fn populate_in_background(&self) {
        #[cfg(target_os = "linux")]
        {
            use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
            /// The threads populating a map now.
            static POPULATING: AtomicUsize = AtomicUsize::new(0);
            const AT_ONCE: usize = 2;
            if self.len < POPULATED_FROM {
                return;
            }
            if POPULATING.fetch_add(1, Relaxed) >= AT_ONCE {
                POPULATING.fetch_sub(1, Relaxed);
                return;
            }
            let maps = self.maps.clone();
            let spawned = std::thread::Builder::new()
                .name("bagh-tables-populate".into())
                .spawn(move || {
                    // A failure (an older kernel) leaves the pages unmapped, which
                    // only costs the faults it would have saved.
                    for map in maps {
                        let _ = map.advise(memmap2::Advice::PopulateRead);
                    }
                    POPULATING.fetch_sub(1, Relaxed);
                });
            // Without a thread, the pages are left to be touched.
            if spawned.is_err() {
                POPULATING.fetch_sub(1, Relaxed);
            }
        }
        #[cfg(not(target_os = "linux"))]
        let _ = POPULATED_FROM;
    }

    /// How many parts: 1 for a file in one piece.
    pub fn count(&self) -> usize {
        self.maps.len()
    }

    /// The bytes of part `k`.
    #[inline]
    pub fn bytes(&self, k: usize) -> &[u8] {
        &self.maps[k]
    }

    /// The offset in the whole file of part `k`'s first byte.
    pub fn start(&self, k: usize) -> u64 {
        self.starts[k]
    }

    /// The file of part `k`.
    pub fn path(&self, k: usize) -> &Path {
        &self.paths[k]
    }

    /// The part that holds the bytes `range` of the whole file and where
    /// they are in it; `None` past the end or across two parts.
    pub fn locate(&self, range: Range<u64>) -> Option<(usize, Range<usize>)> {
        let k = self.starts.partition_point(|&start| start <= range.start) - 1;
        let start = self.starts[k];
        let end = start + self.maps[k].len() as u64;
        (range.end <= end && range.start <= range.end).then(|| {
            (
                k,
                (range.start - start) as usize..(range.end - start) as usize,
            )
        })
    }
}

impl CompressedTables {
    /// Writes this file again into `dir`, in parts of at most
    /// `max_part_bytes` each (the first one holds the header), cut where
    /// sections end, and opens it: [`FILE`](Self::FILE) and `FILE.1`,
    /// `FILE.2`, ... (a file of at most that many bytes stays whole).
    /// [`open`](Self::open) reads the parts beside the file as one file, so
    /// probes answer as before; a data package may ship its parts as files
    /// of a registry's size. Parts of an earlier file beyond the new ones
    /// are removed; `dir` may not hold this file.
    ///
    /// A section longer than `max_part_bytes` is an
    /// [`Unsupported`](TablebaseError::Unsupported) error.
    pub fn split_into(
        &self,
        dir: impl AsRef<Path>,
        max_part_bytes: u64,
    ) -> Result<CompressedTables, TablebaseError> {
        let dir = dir.as_ref();
        let whole = |section: &Section| {
            let start = self.parts.start(section.file);
            start + section.data.start as u64..start + section.data.end as u64
        };
        let ends: Vec<u64> = self.header.sections.iter().map(|s| whole(s).end).collect();
        let cuts = cuts(&ends, max_part_bytes).ok_or_else(|| {
            self.unsupported(format!(
                "a section (or the header with the first one) is longer than parts of {max_part_bytes} bytes"
            ))
        })?;
        std::fs::create_dir_all(dir).map_err(|e| TablebaseError::io(dir, e))?;
        let path = CompressedTables::path_in(dir);
        self.refuse_writing_over_itself(&path, cuts.len() + 1)?;
        // The header ends where the first section starts (`read` checked
        // that the first part holds it whole).
        let first = self.header.sections.first().map_or(0, |s| whole(s).start);
        let header = &self.parts.bytes(0)[..first as usize];
        let mut bounds = vec![0];
        bounds.extend_from_slice(&cuts);
        bounds.push(self.parts.len());
        // The later parts first: the new first part, written last, names them.
        for k in (0..bounds.len() - 1).rev() {
            let range = bounds[k]..bounds[k + 1];
            write_atomically(&part_path(&path, k), |out| {
                if k == 0 {
                    out.write_all(header)?;
                }
                for section in &self.header.sections {
                    if range.contains(&whole(section).start) {
                        out.write_all(&self.bytes_of(section)[section.data.clone()])?;
                    }
                }
                Ok(())
            })?;
        }
        remove_parts_from(&path, bounds.len() - 1)?;
        CompressedTables::open(&path)
    }
}

impl CompressedTables {
    /// An error if writing `count` parts at `path` (`path`, `path.1`, ...)
    /// would write over one of this file's own parts.
    pub(super) fn refuse_writing_over_itself(
        &self,
        path: &Path,
        count: usize,
    ) -> Result<(), TablebaseError> {
        let mine: Vec<PathBuf> = self
            .files()
            .iter()
            .filter_map(|f| f.canonicalize().ok())
            .collect();
        let over_itself = (0..count).any(|k| {
            part_path(path, k)
                .canonicalize()
                .is_ok_and(|p| mine.contains(&p))
        });
        if over_itself {
            return Err(self.unsupported(format!(
                "{} would be written over itself: choose another directory",
                path.display()
            )));
        }
        Ok(())
    }

    /// An [`Unsupported`](TablebaseError::Unsupported) error for this
    /// file's rule set.
    pub(super) fn unsupported(&self, reason: String) -> TablebaseError {
        TablebaseError::Unsupported {
            rules: self.rules().to_string(),
            reason,
        }
    }
}

/// Removes the parts `path.k` from `first` on, up to the first missing,
/// so that a file written in fewer parts (or whole) does not read stale
/// ones.
pub(crate) fn remove_parts_from(path: &Path, first: usize) -> Result<(), TablebaseError> {
    let mut k = first.max(1);
    loop {
        let part = part_path(path, k);
        match std::fs::remove_file(&part) {
            Ok(()) => k += 1,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(TablebaseError::io(&part, e)),
        }
    }
}

/// Where to cut a file whose sections end at `ends` (increasing, the last
/// the file's length) into parts of at most `max` bytes: the start of each
/// part after the first. `None` if a section (or the header with the first
/// one) is longer than `max`.
pub(crate) fn cuts(ends: &[u64], max: u64) -> Option<Vec<u64>> {
    let mut cuts = Vec::new();
    let mut start = 0;
    let mut last_end = 0;
    for &end in ends {
        if end - start > max {
            if last_end == start {
                return None;
            }
            cuts.push(last_end);
            start = last_end;
            if end - start > max {
                return None;
            }
        }
        last_end = end;
    }
    Some(cuts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_fall_where_sections_end() {
        // Sections ending at 10, 25, 40, 41, 70: parts of at most 30 bytes.
        assert_eq!(cuts(&[10, 25, 40, 41, 70], 30), Some(vec![25, 41]));
        // Everything fits in one part.
        assert_eq!(cuts(&[10, 25, 40], 40), Some(vec![]));
        // A section longer than a part cannot be placed.
        assert_eq!(cuts(&[10, 50], 30), None);
        assert_eq!(cuts(&[50], 30), None);
        // Exactly full parts.
        assert_eq!(cuts(&[10, 20, 30], 10), Some(vec![10, 20]));
    }

    #[test]
    fn part_paths_add_a_number() {
        let path = Path::new("dir/tables.btz");
        assert_eq!(part_path(path, 0), PathBuf::from("dir/tables.btz"));
        assert_eq!(part_path(path, 2), PathBuf::from("dir/tables.btz.2"));
    }

    #[test]
    fn locate_finds_the_part_or_refuses_a_straddle() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, [0u8; 10]).unwrap();
        std::fs::write(part_path(&path, 1), [1u8; 5]).unwrap();
        std::fs::write(part_path(&path, 3), [3u8; 5]).unwrap();
        // A gap before a later part: the missing part is named.
        let error = Parts::open(&path).err().unwrap();
        assert!(error.to_string().contains("f.2: missing"), "{error}");
        std::fs::rename(part_path(&path, 3), part_path(&path, 4)).unwrap();
        // Two missing: the parts end at the first gap.
        let parts = Parts::open(&path).unwrap();
        assert_eq!((parts.count(), parts.len()), (2, 15));
        assert_eq!(parts.locate(2..10), Some((0, 2..10)));
        assert_eq!(parts.locate(10..15), Some((1, 0..5)));
        assert_eq!(parts.locate(12..12), Some((1, 2..2)));
        assert_eq!(parts.locate(8..12), None);
        assert_eq!(parts.locate(14..16), None);
        remove_parts_from(&path, 1).unwrap();
        assert!(path.exists() && !part_path(&path, 1).exists());
        assert!(part_path(&path, 4).exists(), "only the parts up to a gap");
    }
}
