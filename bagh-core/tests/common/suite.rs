//! Parser of the perft suite files `tests/perft/*.perft`.
//!
//! Format (plain text, also read by the Python tests):
//! - a line starting with `#` is a comment; blank lines separate blocks;
//! - a block has the lines `id <name>`, `rules <preset id>`,
//!   `position <position string>` and one or more `perft <depth> <nodes>`,
//!   where a `perft` line may end with the word `slow` (an expensive entry
//!   that normal test runs skip);
//! - a block made only of comments is ignored.
//!
//! A malformed line panics with `file:line: what is wrong`.

use std::path::{Path, PathBuf};

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SuiteEntry {
    /// The file name, e.g. `bagh-chal.perft`.
    pub file: String,
    pub id: String,
    pub rules: String,
    pub position: String,
    /// (depth, nodes, slow).
    pub perft: Vec<(u32, u64, bool /*slow*/)>,
}

/// The directory holding the suite files.
pub fn suite_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/perft"))
}

/// Every entry of every `*.perft` file in `suite_dir()`, files sorted by
/// name, entries in file order.
pub fn load_all() -> Vec<SuiteEntry> {
    let dir = suite_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        out.extend(load_file(&path));
    }
    out
}

/// The entries of one suite file.
pub fn load_file(path: &Path) -> Vec<SuiteEntry> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    parse_suite(&name, &text)
}

#[derive(Default)]
struct Partial {
    first_line: usize,
    id: Option<String>,
    rules: Option<String>,
    position: Option<String>,
    perft: Vec<(u32, u64, bool)>,
}

/// Parses the text of a suite file; `file` is used in entries and messages.
pub fn parse_suite(file: &str, text: &str) -> Vec<SuiteEntry> {
    let mut out = Vec::new();
    let mut cur: Option<Partial> = None;
    let finish = |cur: Option<Partial>, out: &mut Vec<SuiteEntry>| {
        let Some(p) = cur else { return };
        let line = p.first_line;
        let missing = |what: &str| -> ! { panic!("{file}:{line}: block has no `{what}` line") };
        let Some(id) = p.id else { missing("id") };
        let Some(rules) = p.rules else {
            missing("rules")
        };
        let Some(position) = p.position else {
            missing("position")
        };
        if p.perft.is_empty() {
            missing("perft");
        }
        out.push(SuiteEntry {
            file: file.to_string(),
            id,
            rules,
            position,
            perft: p.perft,
        });
    };
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            finish(cur.take(), &mut out);
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| -> ! { panic!("{file}:{line_no}: {what}: {raw:?}") };
        let (key, rest) = match line.split_once(' ') {
            Some((k, r)) => (k, r.trim()),
            None => bad("expected `<key> <value>`"),
        };
        if rest.is_empty() {
            bad("empty value");
        }
        let p = cur.get_or_insert_with(|| Partial {
            first_line: line_no,
            ..Partial::default()
        });
        let set = |slot: &mut Option<String>, value: &str| {
            if slot.is_some() {
                bad(&format!("second `{key}` line in one block"));
            }
            *slot = Some(value.to_string());
        };
        match key {
            "id" => set(&mut p.id, rest),
            "rules" => set(&mut p.rules, rest),
            "position" => set(&mut p.position, rest),
            "perft" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                let slow = match words.len() {
                    2 => false,
                    3 if words[2] == "slow" => true,
                    _ => bad("expected `perft <depth> <nodes> [slow]`"),
                };
                let depth: u32 = words[0].parse().unwrap_or_else(|_| bad("bad depth"));
                let nodes: u64 = words[1].parse().unwrap_or_else(|_| bad("bad node count"));
                if p.perft.iter().any(|&(d, _, _)| d == depth) {
                    bad("depth given twice in one block");
                }
                p.perft.push((depth, nodes, slow));
            }
            _ => bad("unknown key"),
        }
    }
    finish(cur.take(), &mut out);
    out
}
