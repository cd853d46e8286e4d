//! `bagh.Record` and `bagh.read_records`: game records with their tags and
//! comments, and many records read lazily from a file.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};

use bagh_core::{Record, RecordReader};
use pyo3::exceptions::{PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyMapping, PyString, PyTuple};

use crate::errors::{record_error, BaghError};
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

#[pymethods]
impl PyRecord {
    /// A record of `game` with `tags` (a mapping or (name, value) pairs, in
    /// order; values are turned into text) and `comments` (ply -> text).
    #[new]
    #[pyo3(signature = (game, tags = None, comments = None))]
    fn new(
        game: PyRef<'_, PyGame>,
        tags: Option<&Bound<'_, PyAny>>,
        comments: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyRecord> {
        let mut record = Record::new(game.0.clone());
        if let Some(tags) = tags {
            for (name, value) in pairs(tags)? {
                let name: String = name.extract()?;
                let value: String = value.str()?.extract()?;
                if !record.set_tag(&name, &value) {
                    return Err(BaghError::new_err(format!(
                        "cannot set the tag {name:?}: Rules, Position and Result follow from \
                         the game, and a name has only letters, digits and _"
                    )));
                }
            }
        }
        if let Some(comments) = comments {
            for (ply, text) in pairs(comments)? {
                let ply: usize = ply.extract()?;
                let text: String = text.extract()?;
                if !record.set_comment(ply, &text) {
                    return Err(BaghError::new_err(format!(
                        "cannot set the comment after ply {ply}: past the last move, or the \
                         text holds }} or a line starting with ["
                    )));
                }
            }
        }
        Ok(PyRecord(record))
    }

    /// Reads one game record (the format of docs/records.md); the moves are replayed and
    /// checked, the result must match them.
    #[staticmethod]
    fn from_text(text: &str) -> PyResult<PyRecord> {
        text.parse::<Record>().map(PyRecord).map_err(record_error)
    }

    /// The record's text.
    fn to_text(&self) -> String {
        self.0.to_string()
    }

    /// This record as JSON (see docs/json.md).
    fn to_json(&self) -> PyResult<String> {
        crate::json::to_json(&self.0)
    }

    /// A record read from JSON (see docs/json.md).
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

/// The records of a file, read lazily: iterating gives one `Record` per
/// game. A game that cannot be read raises its error (a `BaghError` with
/// `line` counted over the whole file, and `column`); calling `next()`
/// again goes on with the next game.
#[pyclass(name = "RecordIterator", module = "bagh")]
pub struct PyRecordIterator {
    reader: RecordReader<Stream>,
}

#[pymethods]
impl PyRecordIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> PyResult<Option<PyRecord>> {
        match self.reader.next() {
            None => Ok(None),
            Some(Ok(record)) => Ok(Some(PyRecord(record))),
            Some(Err(error)) => Err(record_error(error)),
        }
    }
}

/// The records of `source`, read lazily: a path (str or os.PathLike), or a
/// file object opened in text or binary mode (anything with `read`).
#[pyfunction]
pub fn read_records(source: &Bound<'_, PyAny>) -> PyResult<PyRecordIterator> {
    let stream: Stream = if source.is_instance_of::<PyString>() || source.hasattr("__fspath__")? {
        let path: std::path::PathBuf = source.extract()?;
        let file = File::open(&path)
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
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
    })
}
