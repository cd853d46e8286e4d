// The pages of a crate's guide, made ready for its `guide` module's rustdoc.
//
// The pages (`guide/*.md`, symbolic links to the repository's `docs/`
// pages) are Markdown for a code host, where `[text](rules.md)` links to
// the file beside. In rustdoc that link would lead nowhere, so the build
// script writes each page into `$OUT_DIR/guide/` with its links rewritten:
// a link to another page of the crate's guide becomes an intra-doc link to
// that page's module (anchor kept); a link to any other file of the
// repository becomes its text, because a published crate holds no such
// file; web addresses and anchors on the same page stay as they are.
// Fenced code and code spans are left alone.
//
// bagh-core holds this file; the other library crates hold a symbolic link
// to it (packaged as its contents), and their build scripts `include!` it.

use std::error::Error;
use std::path::PathBuf;

/// Writes the guide's `pages` (a file name in `guide/` and the path of the
/// module whose docs it is) to `$OUT_DIR/guide/`.
fn write_guide(pages: &[(&str, &str)]) -> Result<(), Box<dyn Error>> {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("cargo sets OUT_DIR")?).join("guide");
    std::fs::create_dir_all(&out)?;
    for (name, _) in pages {
        println!("cargo:rerun-if-changed=guide/{name}");
        let text = std::fs::read_to_string(format!("guide/{name}"))
            .map_err(|e| format!("guide/{name}: {e}"))?;
        std::fs::write(out.join(name), rustdoc_links(&text, pages))?;
    }
    Ok(())
}

/// The page with its links rewritten for rustdoc; fenced code untouched.
fn rustdoc_links(text: &str, pages: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut prose = String::new();
    let mut fenced = false;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with("```") {
            out.push_str(&links_in_prose(&prose, pages));
            prose.clear();
            fenced = !fenced;
            out.push_str(line);
        } else if fenced {
            out.push_str(line);
        } else {
            prose.push_str(line);
        }
    }
    out.push_str(&links_in_prose(&prose, pages));
    out
}

/// Rewrites the inline links `[text](target)` of prose (no fenced code).
fn links_in_prose(prose: &str, pages: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(prose.len());
    let mut rest = prose;
    while let Some(open) = outside_code(rest, b'[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match inline_link(after) {
            Some((label, target, length)) => {
                match rustdoc_target(target, pages) {
                    Some(target) => out.push_str(&format!("[{label}]({target})")),
                    None => out.push_str(label),
                }
                rest = &after[length..];
            }
            None => {
                out.push('[');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The index of the first `byte` of `text` outside code spans.
fn outside_code(text: &str, byte: u8) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'`' {
            // A code span runs to the next backtick; a lone one is text.
            if let Some(end) = bytes[i + 1..].iter().position(|&b| b == b'`') {
                i += end + 2;
                continue;
            }
        } else if bytes[i] == byte {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// After a `[`: the link's text, its target and the bytes they take up to
/// the closing `)`, if `[` opens an inline link within its paragraph.
fn inline_link(after: &str) -> Option<(&str, &str, usize)> {
    let bytes = after.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    let close = loop {
        match *bytes.get(i)? {
            b'`' => {
                if let Some(end) = bytes[i + 1..].iter().position(|&b| b == b'`') {
                    i += end + 2;
                    continue;
                }
            }
            b'[' => depth += 1,
            b']' if depth == 0 => break i,
            b']' => depth -= 1,
            b'\n' if bytes.get(i + 1) == Some(&b'\n') => return None,
            _ => {}
        }
        i += 1;
    };
    if bytes.get(close + 1) != Some(&b'(') {
        return None;
    }
    let target_start = close + 2;
    let target_end = target_start + after[target_start..].find(')')?;
    let target = &after[target_start..target_end];
    if target.is_empty() || target.contains(char::is_whitespace) {
        return None;
    }
    Some((&after[..close], target, target_end + 1))
}

/// Where a link's target leads in rustdoc: a page of the guide becomes its
/// module, an address or an anchor stays; `None` for any other file.
fn rustdoc_target(target: &str, pages: &[(&str, &str)]) -> Option<String> {
    if target.starts_with('#') || target.contains("://") || target.starts_with("mailto:") {
        return Some(target.to_string());
    }
    let (file, anchor) = match target.split_once('#') {
        Some((file, anchor)) => (file, format!("#{anchor}")),
        None => (target, String::new()),
    };
    let file = file.strip_prefix("./").unwrap_or(file);
    pages
        .iter()
        .find(|(name, _)| *name == file)
        .map(|(_, module)| format!("{module}{anchor}"))
}
