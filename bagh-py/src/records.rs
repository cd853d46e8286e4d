//! `bagh.Record` and `bagh.read_records`: game records with their tags and
//! comments, and many records read lazily from a file.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};

use bagh_core::{Record, RecordErrorKind, RecordReader};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyMapping, PyString, PyTuple};

use crate::errors::{record_content_error, record_error};
use crate::game::PyGame;

/// A game with the tag pairs and comments of its record. Comment 0 stands
/// before the first move, comment n after the n-th move.
#[pyclass(name = "Record", module = "bagh", eq)]
#[derive(Clone, PartialEq)]
pub struct PyRecord(pub Record);

/// The (name, value) pairs of a mapping or of an iterable of pairs.
fn pairs<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>> {
    let items = match obj.cast::<PyMapping>() {
        Ok(mapping) => mapping.items()?.into_any(),
        Err(_) => obj.clone(),
    };
    items
        .try_iter()?
        .map(|item| item?.extract::<(Bound<'py, PyAny>, Bound<'py, PyAny>)>())
        .collect()
}

/// Sets `tags` (a mapping or (name, value) pairs, in order; values are
/// turned into text) on `record`: what `Record(...)` and `Game.to_record`
/// share.
pub(crate) fn set_tags(record: &mut Record, tags: &Bound<'_, PyAny>) -> PyResult<()> {
    for (name, value) in pairs(tags)? {
        let name: String = name.extract()?;
        let value: String = value.str()?.extract()?;
        record
            .set_tag(&name, &value)
            .map_err(record_content_error)?;
    }
    Ok(())
}

#[pymethods]
impl PyRecord {
    /// A record of `game` with `tags` (a mapping or (name, value) pairs, in
    /// order; values are turned into text) and `comments` (ply -> text). A
    /// tag or comment the record cannot hold raises `RecordContentError`
    /// with its `cause`, and its `tag` or `ply`.
    #[new]
    #[pyo3(signature = (game, tags = None, comments = None))]
    fn new(
        game: PyRef<'_, PyGame>,
        tags: Option<&Bound<'_, PyAny>>,
        comments: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyRecord> {
        let mut record = game.0.to_record();
        if let Some(tags) = tags {
            set_tags(&mut record, tags)?;
        }
        if let Some(comments) = comments {
            for (ply, text) in pairs(comments)? {
                let ply: usize = ply.extract()?;
                let text: String = text.extract()?;
                record
                    .set_comment(ply, &text)
                    .map_err(record_content_error)?;
            }
        }
        Ok(PyRecord(record))
    }

    /// Reads one game record (`[Tag "value"]` lines, then the numbered moves in the notation); the moves are replayed and
    /// checked, the result must match them.
    #[staticmethod]
    fn from_text(text: &str) -> PyResult<PyRecord> {
        text.parse::<Record>().map(PyRecord).map_err(record_error)
    }

    /// The record's text.
    fn to_text(&self) -> String {
        self.0.to_string()
    }

    /// This record as JSON: its tags, the start and the moves, as `from_json`
    /// reads them.
    fn to_json(&self) -> PyResult<String> {
        crate::json::to_json(&self.0)
    }

    /// A record read from the JSON `to_json` writes.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyRecord> {
        crate::json::from_json::<Record>(text).map(PyRecord)
    }

    /// The game.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame(self.0.game().clone())
    }

    /// The tags other than Rules, Position and Result, in order.
    #[getter]
    fn tags(&self) -> Vec<(String, String)> {
        self.0.tags().to_vec()
    }

    /// The comments by ply (0: before the first move).
    #[getter]
    fn comments(&self) -> BTreeMap<usize, String> {
        self.0
            .comments()
            .map(|(ply, text)| (ply, text.to_string()))
            .collect()
    }

    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[getter]
    fn result(&self) -> &'static str {
        self.0.result()
    }

    /// A tag's value, or None.
    fn tag(&self, name: &str) -> Option<String> {
        self.0.tag(name).map(str::to_string)
    }

    /// The comment after the ply-th move (0: before the first), or None.
    fn comment(&self, ply: usize) -> Option<String> {
        self.0.comment(ply).map(str::to_string)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let text = PyString::new(slf.py(), &slf.borrow().0.to_string());
        Ok(format!("Record.from_text({})", text.repr()?))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let from_text = slf.get_type().getattr("from_text")?;
        (from_text, (slf.borrow().0.to_string(),)).into_pyobject(slf.py())
    }
}

/// A Python file object as a byte stream: `read(n)` giving bytes (binary
/// files) or text (text files, encoded as UTF-8).
struct PythonFile {
    file: Py<PyAny>,
    pending: Vec<u8>,
    offset: usize,
}

impl Read for PythonFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.offset == self.pending.len() {
            let chunk = Python::attach(|py| -> PyResult<Vec<u8>> {
                let data = self
                    .file
                    .bind(py)
                    .call_method1("read", (buf.len().max(1),))?;
                if let Ok(bytes) = data.cast::<PyBytes>() {
                    return Ok(bytes.as_bytes().to_vec());
                }
                let text: String = data.extract().map_err(|_| {
                    PyTypeError::new_err("read() of the file returned neither bytes nor str")
                })?;
                Ok(text.into_bytes())
            })
            .map_err(|error| io::Error::other(error.to_string()))?;
            self.pending = chunk;
            self.offset = 0;
        }
        let n = buf.len().min(self.pending.len() - self.offset);
        buf[..n].copy_from_slice(&self.pending[self.offset..self.offset + n]);
        self.offset += n;
        Ok(n)
    }
}

type Stream = Box<dyn BufRead + Send + Sync>;

/// What the iterator does with a game that cannot be read.
#[derive(Copy, Clone, PartialEq, Eq)]
enum OnError {
    /// Raise its exception; the next `next()` goes on with the next game.
    Raise,
    /// Leave it out.
    Skip,
    /// Yield its exception instead of a record.
    Collect,
}

impl OnError {
    fn from_name(name: &str) -> PyResult<OnError> {
        match name {
            "raise" => Ok(OnError::Raise),
            "skip" => Ok(OnError::Skip),
            "collect" => Ok(OnError::Collect),
            other => Err(PyValueError::new_err(format!(
                "errors: expected \"raise\", \"skip\" or \"collect\", found {other:?}"
            ))),
        }
    }
}

/// The records of a stream, read lazily: iterating gives one `Record` per
/// game. A game that cannot be read is an exception (a `BaghError` with
/// `game`, its 1-based number in the stream, `line` counted over the whole
/// stream, and `column`) that is raised, skipped or yielded as `errors`
/// says; after a raise, calling `next()` again goes on with the next game.
/// A stream that cannot be read raises in every mode, and ends the
/// iteration.
#[pyclass(name = "RecordIterator", module = "bagh")]
pub struct PyRecordIterator {
    reader: RecordReader<Stream>,
    on_error: OnError,
    /// Games read so far, bad ones included.
    games: usize,
}

#[pymethods]
impl PyRecordIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        loop {
            let error = match self.reader.next() {
                None => return Ok(None),
                Some(Ok(record)) => {
                    self.games += 1;
                    return Ok(Some(Py::new(py, PyRecord(record))?.into_any()));
                }
                Some(Err(error)) => error,
            };
            self.games += 1;
            let broken_stream = matches!(error.kind(), RecordErrorKind::Io { .. });
            let exception = record_error(error);
            exception.value(py).setattr("game", self.games)?;
            match self.on_error {
                _ if broken_stream => return Err(exception),
                OnError::Raise => return Err(exception),
                OnError::Skip => continue,
                OnError::Collect => return Ok(Some(exception.into_value(py).into_any())),
            }
        }
    }
}

/// Whether a string given as a path looks like record text: a line break, a
/// tag's `[`, a comment's `{`, or a move number such as `1.`.
fn looks_like_record_text(text: &str) -> bool {
    text.contains(['\n', '[', '{'])
        || text.split_whitespace().any(|word| {
            let digits = word.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && word.as_bytes().get(digits) == Some(&b'.')
        })
}

/// The records of `source`, read lazily: a path (str or os.PathLike), or a
/// file object opened in text or binary mode (anything with `read`).
/// `errors` says what a game that cannot be read does: `"raise"` (the
/// default) raises its exception, and the next `next()` goes on;
/// `"skip"` leaves it out; `"collect"` yields the exception instance (with
/// `game`, `line`, `column` and its message) in its place.
///
/// A str that is no file but reads like record text (a line break, a `[` or
/// `{`, a move number) raises ValueError pointing to `read_records_text`:
/// a str is a path here, and reading it as text instead would turn a
/// mistyped file name into a puzzling record error.
#[pyfunction]
#[pyo3(signature = (source, *, errors = "raise"))]
pub fn read_records(source: &Bound<'_, PyAny>, errors: &str) -> PyResult<PyRecordIterator> {
    let on_error = OnError::from_name(errors)?;
    let stream: Stream = if source.is_instance_of::<PyString>() || source.hasattr("__fspath__")? {
        let path: std::path::PathBuf = source.extract()?;
        if let Ok(text) = source.extract::<String>() {
            if !path.exists() && looks_like_record_text(&text) {
                return Err(PyValueError::new_err(
                    "read_records: the argument is record text, not a path; \
                     read a text with bagh.read_records_text(text)",
                ));
            }
        }
        let file = File::open(&path).map_err(|e| match e.raw_os_error() {
            // OSError(errno, strerror, filename) becomes FileNotFoundError
            // and its kin, and prints the file name.
            Some(errno) => {
                let text = e.to_string();
                let strerror = text.split(" (os error").next().unwrap_or(&text).to_string();
                PyOSError::new_err((errno, strerror, path.display().to_string()))
            }
            None => PyOSError::new_err(format!("{}: {e}", path.display())),
        })?;
        Box::new(BufReader::new(file))
    } else if source.hasattr("read")? {
        Box::new(BufReader::with_capacity(
            64 * 1024,
            PythonFile {
                file: source.clone().unbind(),
                pending: Vec::new(),
                offset: 0,
            },
        ))
    } else {
        let name = source.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "read_records: expected a path or a file object, got {name}"
        )));
    };
    Ok(PyRecordIterator {
        reader: RecordReader::new(stream),
        on_error,
        games: 0,
    })
}

/// The records of `text`, one or many games, read lazily like
/// `read_records` with the same `errors`. A function of its own rather than
/// a guess inside `read_records`, where a str is always a path.
#[pyfunction]
#[pyo3(signature = (text, *, errors = "raise"))]
pub fn read_records_text(text: String, errors: &str) -> PyResult<PyRecordIterator> {
    let on_error = OnError::from_name(errors)?;
    let stream: Stream = Box::new(Cursor::new(text.into_bytes()));
    Ok(PyRecordIterator {
        reader: RecordReader::new(stream),
        on_error,
        games: 0,
    })
}
