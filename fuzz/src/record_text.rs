//! Game records: one record read whole, and the streaming reader over the
//! same bytes.

use bagh_core::{Record, RecordReader};

use super::round_trip::as_text;

/// At most this many records are taken from the reader: enough for any
/// input the fuzzer makes, a bound on the time of one run all the same.
const MOST_RECORDS: usize = 10_000;

/// Reads the bytes as one record and as a stream of records. Each record
/// read writes back to text that reads to the same record; where the whole
/// input is one record, the reader finds exactly that record; every error
/// of the reader has a place.
pub fn run(data: &[u8]) {
    let single = as_text(data).and_then(|text| text.parse::<Record>().ok());
    if let Some(record) = &single {
        assert_record_round_trip(record);
    }
    let mut streamed = Vec::new();
    let mut errors = 0;
    for item in RecordReader::new(data).take(MOST_RECORDS) {
        match item {
            Ok(record) => {
                assert_record_round_trip(&record);
                streamed.push(record);
            }
            Err(error) => {
                assert!(error.line() >= 1 && error.column() >= 1, "{error:?}");
                errors += 1;
            }
        }
    }
    // A blank text reads as the record of an empty game, but as a stream it
    // holds no game at all.
    let blank = String::from_utf8_lossy(data).trim().is_empty();
    if let (Some(record), false) = (single, blank) {
        assert_eq!(errors, 0, "the reader refuses a record that reads whole");
        assert_eq!(
            streamed,
            vec![record],
            "the reader and the single-record reader disagree"
        );
    }
}

/// Writes the record, reads it back, and compares: tags, comments, the game.
pub fn assert_record_round_trip(record: &Record) {
    let written = record.to_string();
    let again: Record = match written.parse() {
        Ok(again) => again,
        Err(error) => panic!("the written record does not read: {error}\n{written}"),
    };
    assert_eq!(
        &again, record,
        "the written record reads to another\n{written}"
    );
    assert_eq!(
        again.to_string(),
        written,
        "the written form is not a fixed point"
    );
}
