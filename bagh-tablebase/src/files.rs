//! File plumbing shared by the table formats: atomic writes through a
//! uniquely named temporary file, positional reads, and the build lock.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::TablebaseError;

/// Writes a file atomically: `write` fills a temporary file with a unique
/// name in the same directory, which is synced and renamed over `path`.
/// Two writers never share a temporary file, and a crash leaves at worst
/// a stray `.tmp` file, never a half-written `path`.
pub(crate) fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<&mut File>) -> std::io::Result<()>,
) -> Result<(), TablebaseError> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut temp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| TablebaseError::io(dir, e))?;
    let temp_path = temp.path().to_path_buf();
    let io = |e| TablebaseError::io(&temp_path, e);
    {
        let file = temp.as_file_mut();
        let mut out = BufWriter::with_capacity(1 << 20, file);
        write(&mut out).map_err(io)?;
        out.flush().map_err(io)?;
    }
    temp.as_file().sync_all().map_err(io)?;
    // Temporary files are private to their writer; the table, once whole,
    // is readable by everyone, like any file written with the usual umask.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        temp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644))
            .map_err(io)?;
    }
    temp.persist(path)
        .map_err(|e| TablebaseError::io(path, e.error))?;
    Ok(())
}

/// Reads `buffer.len()` bytes at `offset` without moving a shared cursor,
/// so that threads probing one file do not take turns.
pub(crate) fn read_exact_at(file: &File, buffer: &mut [u8], offset: u64) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileExt::read_exact_at(file, buffer, offset)
    }
    #[cfg(windows)]
    {
        let mut done = 0;
        while done < buffer.len() {
            let n = std::os::windows::fs::FileExt::seek_read(
                file,
                &mut buffer[done..],
                offset + done as u64,
            )?;
            if n == 0 {
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            done += n;
        }
        Ok(())
    }
}

/// An exclusive lock on a directory for the length of a build: a second
/// build into the same place fails with [`TablebaseError::Busy`] instead of
/// clobbering the first one's files. The lock is released when dropped (or
/// when the process dies).
#[derive(Debug)]
pub(crate) struct BuildLock {
    _file: File,
}

/// `path` with `suffix` added to its file name (`movement.tb` and
/// `.partial` give `movement.tb.partial`).
pub(crate) fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

impl BuildLock {
    /// Takes the lock file `lock` (created if need be), or fails at once if
    /// another build holds it.
    pub(crate) fn take(lock: &Path) -> Result<BuildLock, TablebaseError> {
        let lock = lock.to_path_buf();
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock)
            .map_err(|e| TablebaseError::io(&lock, e))?;
        match file.try_lock() {
            Ok(()) => Ok(BuildLock { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => Err(TablebaseError::Busy { lock }),
            Err(std::fs::TryLockError::Error(e)) => Err(TablebaseError::io(&lock, e)),
        }
    }
}
