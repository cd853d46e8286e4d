//! Failures as JavaScript errors.
//!
//! A failure crosses the boundary as a plain `Error` whose `baghClass`
//! names the addon's class (`ParseError`, `IllegalMoveError`, ...) and whose
//! other properties are the details (`move`, `position`, `reason`, `field`,
//! `line`, `column`, ...). The package's JavaScript layer (`js/layer.js`)
//! turns it into that `BaghError` subclass, so that `instanceof`, `code` and
//! the details are the addon's. The classes, the details and the
//! conversions from the core's and the engine's errors are the addon's
//! own, shared through `bagh-bindings`.

use js_sys::{Array, Error as JsError, Reflect};
use wasm_bindgen::JsValue;

pub use bagh_bindings::{Detail, ErrorClass, Failure};

/// The raw error object of `failure`, which the JavaScript layer translates.
pub fn js_error(failure: Failure) -> JsValue {
    let error = JsError::new(&failure.message);
    // Setting a property on a fresh Error cannot fail; a failure would
    // only lose a detail, never the error.
    let _ = Reflect::set(&error, &"baghClass".into(), &failure.class.name().into());
    for (name, value) in failure.details {
        let value = match value {
            Detail::Text(text) => JsValue::from(text),
            Detail::Number(number) => JsValue::from(number),
            Detail::Texts(texts) => texts
                .into_iter()
                .map(JsValue::from)
                .collect::<Array>()
                .into(),
        };
        let _ = Reflect::set(&error, &name.into(), &value);
    }
    error.into()
}

/// A result that JavaScript receives: the value, or the error it throws.
pub type JsResult<T> = Result<T, JsValue>;

/// Something that can fail with a `Failure`: `.or_throw()` makes the
/// error the JavaScript value that is thrown.
pub trait OrThrow<T> {
    fn or_throw(self) -> JsResult<T>;
}

impl<T, E: Into<Failure>> OrThrow<T> for Result<T, E> {
    fn or_throw(self) -> JsResult<T> {
        self.map_err(|error| js_error(error.into()))
    }
}
