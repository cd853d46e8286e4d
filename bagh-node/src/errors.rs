//! The error classes, and failures made into their error objects.
//!
//! The classes are plain JavaScript classes (`BaghError extends Error` and
//! its subclasses, defined by `install.js` when the addon loads), so that
//! `instanceof`, `name` and stack traces behave as for any Node error. Every
//! failure of the core becomes one of them: the message is the core's
//! `Display` text, `code` names the class (`ERR_BAGH_ILLEGAL_MOVE`, ...),
//! and the details the Python exceptions carry as attributes (`move`,
//! `position`, `reason`, `field`, `line`, `column`, ...) are properties.

use std::cell::RefCell;
use std::mem::ManuallyDrop;

use napi::bindgen_prelude::{FnArgs, Function, FunctionRef, JsValue, Object};
use napi::{Env, Error, Result, Status};

/// The function `install.js` returns: (class name, message) to a new error
/// object.
type MakeError = FunctionRef<FnArgs<(&'static str, String)>, Object<'static>>;

/// The function `install.js` is: it takes the exports and returns the
/// function that makes errors.
type Install<'env> = Function<
    'env,
    FnArgs<(Object<'env>,)>,
    Function<'env, FnArgs<(&'static str, String)>, Object<'env>>,
>;

thread_local! {
    /// One per Node environment (each runs on its own thread). Never
    /// dropped: the environment owns the function, and it outlives the
    /// addon's use of it.
    static MAKE_ERROR: RefCell<Option<ManuallyDrop<MakeError>>> = const { RefCell::new(None) };
}

/// Defines the error classes and the niceties of `install.js` on `exports`.
pub fn install(env: &Env, exports: &Object) -> Result<()> {
    let install: Install = env.run_script(include_str!("install.js"))?;
    let make = install.call((*exports,).into())?;
    let make: MakeError = make.create_ref()?;
    MAKE_ERROR.with(|slot| *slot.borrow_mut() = Some(ManuallyDrop::new(make)));
    Ok(())
}

/// The error classes, the failures and their conversions from the core's,
/// the engine's and the tables' errors are shared with the WebAssembly
/// package; this module makes them JavaScript errors.
pub use bagh_bindings::{Detail, ErrorClass, Failure};

/// A `Failure` made into the error object of its class.
pub trait Throw {
    /// The error object as a `napi::Error` that throws it.
    fn throw(self, env: &Env) -> Error;

    /// The error object itself, for a list that holds errors in place of
    /// values (`readRecordsText(text, { errors: "collect" })`).
    fn into_object(self, env: &Env) -> Result<Object<'static>>;
}

impl Throw for Failure {
    fn throw(self, env: &Env) -> Error {
        match error_object(&self, env) {
            Ok(error) => Error::from(error.to_unknown()),
            // The environment cannot make objects (it is shutting down):
            // a plain error with the same message is all that is left.
            Err(_) => Error::new(Status::GenericFailure, self.message),
        }
    }

    fn into_object(self, env: &Env) -> Result<Object<'static>> {
        error_object(&self, env)
    }
}

fn error_object(failure: &Failure, env: &Env) -> Result<Object<'static>> {
    let mut made = MAKE_ERROR.with(|slot| -> Result<Object<'static>> {
        let slot = slot.borrow();
        let make = slot
            .as_ref()
            .ok_or_else(|| Error::from_reason("the bagh addon is not initialised"))?;
        make.borrow_back(env)?
            .call((failure.class.name(), failure.message.clone()).into())
    })?;
    for (name, value) in &failure.details {
        match value {
            Detail::Text(text) => made.set(name, text.as_str())?,
            Detail::Number(number) => made.set(name, *number)?,
            Detail::Texts(texts) => made.set(name, texts.clone())?,
        }
    }
    Ok(made)
}

/// Something that can fail with a `Failure`: `.or_throw(&env)` makes the
/// result one that napi returns to JavaScript.
pub trait OrThrow<T> {
    fn or_throw(self, env: &Env) -> Result<T>;
}

impl<T, E: Into<Failure>> OrThrow<T> for std::result::Result<T, E> {
    fn or_throw(self, env: &Env) -> Result<T> {
        self.map_err(|error| error.into().throw(env))
    }
}
