//! The committed `include/bagh.h` is what cbindgen makes of the sources
//! now: a changed signature without a regenerated header fails here.

use std::path::Path;

fn generate() -> String {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("bagh-c/cbindgen.toml is readable");
    let bindings = cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen reads the crate");
    let mut header = Vec::new();
    bindings.write(&mut header);
    String::from_utf8(header).expect("the header is UTF-8")
}

#[test]
fn committed_header_is_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/bagh.h");
    let generated = generate();
    if std::env::var_os("BAGH_C_WRITE_HEADER").is_some() {
        std::fs::write(&path, &generated).expect("include/bagh.h is writable");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "bagh-c/include/bagh.h differs from the sources: regenerate it with `make c-header`"
    );
}

#[test]
fn header_has_guards_and_docs() {
    let header = generate();
    assert!(header.contains("#ifndef BAGH_H"));
    assert!(header.contains("extern \"C\""));
    assert!(header.contains("typedef struct bagh_position bagh_position;"));
    // Doc comments are carried over.
    assert!(header.contains("The start position of `rules`."));
}
