//! Large allocations that fail with an error instead of aborting the
//! process (a Python interpreter or a GUI must survive a table too big for
//! the machine).

use crate::TablebaseError;

/// A vector of `len` values made by `make`, or [`TablebaseError::OutOfMemory`]
/// naming `what` when the memory is not there.
pub(crate) fn filled<T>(
    len: u64,
    what: &'static str,
    make: impl FnMut() -> T,
) -> Result<Vec<T>, TablebaseError> {
    let oom = || TablebaseError::OutOfMemory {
        what,
        bytes: len.saturating_mul(std::mem::size_of::<T>() as u64),
    };
    let len = usize::try_from(len).map_err(|_| oom())?;
    let mut out = Vec::new();
    out.try_reserve_exact(len).map_err(|_| oom())?;
    out.extend(std::iter::repeat_with(make).take(len));
    Ok(out)
}
