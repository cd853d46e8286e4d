//! Handles and out-parameters: NULL checks that name the argument, and the
//! boxes behind every `bagh_<type>*`.

use crate::failure::Failure;

/// The value behind a handle given as `argument`, or a NULL failure.
///
/// # Safety
///
/// `handle` is NULL or a live handle from this library that outlives `'a`.
pub(crate) unsafe fn borrow<'a, T>(handle: *const T, argument: &str) -> Result<&'a T, Failure> {
    unsafe { handle.as_ref() }.ok_or_else(|| Failure::null(argument))
}

/// The value behind a handle the call changes.
///
/// # Safety
///
/// As [`borrow`], and no other reference to it is in use.
pub(crate) unsafe fn borrow_mut<'a, T>(
    handle: *mut T,
    argument: &str,
) -> Result<&'a mut T, Failure> {
    unsafe { handle.as_mut() }.ok_or_else(|| Failure::null(argument))
}

/// An out-parameter, checked before any work so that a NULL one costs
/// nothing; [`Out::write`] fills it once the call has succeeded.
pub(crate) struct Out<T>(*mut T);

impl<T> Out<T> {
    /// Checks `pointer`, named `argument` in the message.
    pub(crate) fn new(pointer: *mut T, argument: &str) -> Result<Out<T>, Failure> {
        if pointer.is_null() {
            Err(Failure::null(argument))
        } else {
            Ok(Out(pointer))
        }
    }

    /// Writes the result.
    ///
    /// # Safety
    ///
    /// The pointer given to [`Out::new`] points to writable memory for a `T`.
    pub(crate) unsafe fn write(self, value: T) {
        unsafe { self.0.write(value) }
    }
}

impl<T> Out<*mut T> {
    /// Hands a new handle to the caller, who frees it with its `_free`.
    ///
    /// # Safety
    ///
    /// As [`Out::write`].
    pub(crate) unsafe fn write_handle(self, value: T) {
        unsafe { self.write(Box::into_raw(Box::new(value))) }
    }
}

/// Frees a handle made by [`Out::write_handle`]; NULL does nothing. A
/// panic while dropping stops here: a `_free` function returns nothing.
///
/// # Safety
///
/// `handle` is NULL or a handle of this type not freed before.
pub(crate) unsafe fn free<T>(handle: *mut T) {
    if !handle.is_null() {
        let owned = unsafe { Box::from_raw(handle) };
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || drop(owned)));
    }
}
