//! The `bagh` binary, run on tiny rule sets: every figure it prints is
//! checked against bagh-core and bagh-tablebase called directly.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use bagh_core::{perft, perft_divide, Position, Ruleset};
use bagh_tablebase::{PlacementSolver, Tablebase};
use serde_json::Value as Json;

/// One tiger in the centre, four goats, the tigers win with one capture:
/// both tables build in milliseconds.
const TINY: &str = "tigers=c3 goats=4 capture_target=1";

/// A position of TINY with no goats in hand: the tiger captures at once.
const CAPTURE: &str = "5/5/1GTG1/2G2/2G2 t 0 0";

fn tiny() -> Ruleset {
    TINY.parse().unwrap()
}

fn bagh(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bagh"))
        .args(args)
        .output()
        .expect("the bagh binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// Asserts a successful run and gives its stdout.
fn ok(args: &[&str]) -> String {
    let output = bagh(args);
    assert!(
        output.status.success(),
        "bagh {args:?} failed: {}",
        stderr(&output)
    );
    stdout(&output)
}

fn path(dir: &Path) -> &str {
    dir.to_str().unwrap()
}

/// The tables of TINY, built once by `bagh build` for the tests that read them.
fn tables() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        ok(&["build", TINY, "--dir", path(dir.path()), "--quiet"]);
        dir
    })
    .path()
}

/// A fresh build of TINY in its own directory.
fn build_into(dir: &Path, extra: &[&str]) -> String {
    let mut args = vec!["build", TINY, "--dir", path(dir), "--threads", "2"];
    args.extend_from_slice(extra);
    ok(&args)
}

fn nodes(out: &str) -> u64 {
    let last = out.lines().last().unwrap();
    last.strip_prefix("nodes ").unwrap().parse().unwrap()
}

#[test]
fn perft_gives_the_known_bagh_chal_figures() {
    for (depth, expected) in [(1, 21), (2, 252), (3, 5_052), (4, 68_204)] {
        assert_eq!(nodes(&ok(&["perft", &depth.to_string()])), expected);
    }
    assert_eq!(nodes(&ok(&["perft", "--threads", "2", "4"])), 68_204);
}

#[test]
fn perft_agrees_with_bagh_core() {
    let rules = tiny();
    let start = Position::new(rules);
    assert_eq!(
        nodes(&ok(&["perft", "--rules", TINY, "4"])),
        perft(&start, 4)
    );

    let out = ok(&["perft", "--rules", TINY, "--divide", "--threads", "2", "3"]);
    let lines: Vec<&str> = out.lines().collect();
    let divided = perft_divide(&start, 3);
    assert_eq!(lines.len(), divided.len() + 1);
    for (line, (mv, count)) in lines.iter().zip(&divided) {
        assert_eq!(*line, format!("{mv} {count}"));
    }
    assert_eq!(nodes(&out), perft(&start, 3));

    let position = Position::from_text(CAPTURE, rules).unwrap();
    let out = ok(&["perft", "--rules", TINY, "--position", CAPTURE, "3"]);
    assert_eq!(nodes(&out), perft(&position, 3));
    assert_eq!(nodes(&ok(&["perft", "0"])), 1);
}

#[test]
fn build_prints_the_start_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let out = build_into(dir.path(), &[]);
    let tables = Tablebase::open(dir.path()).unwrap();
    assert_eq!(tables.rules(), &tiny());
    let start = tables.probe(&Position::new(tiny())).unwrap();
    assert!(
        out.contains(&format!("start      {start} for the goats")),
        "{out}"
    );
    assert!(out.contains("time "), "{out}");
    // A second build finds everything done and says the same.
    let again = build_into(dir.path(), &[]);
    assert!(again.contains(&format!("start      {start} for the goats")));
}

#[test]
fn build_of_a_rule_set_that_is_not_a_preset_needs_a_directory() {
    let output = bagh(&["build", TINY]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--dir"));
}

#[test]
fn build_refuses_a_build_above_the_memory_budget() {
    let dir = tempfile::tempdir().unwrap();
    let output = bagh(&[
        "build",
        TINY,
        "--dir",
        path(dir.path()),
        "--memory",
        "0.00001",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).starts_with("error: "),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn probe_prints_what_the_library_answers() {
    let dir = tables();
    let tables = Tablebase::open(dir).unwrap();
    let out = ok(&["probe", path(dir), "start", CAPTURE]);
    for (text, position) in [
        ("start", Position::new(tiny())),
        (CAPTURE, Position::from_text(CAPTURE, tiny()).unwrap()),
    ] {
        let probe = tables.probe(&position).unwrap();
        let best: Vec<String> = tables
            .best_moves(&position)
            .unwrap()
            .iter()
            .map(|m| m.to_string())
            .collect();
        let block = format!(
            "position  {position}\nvalue     {probe}\nbest      {}\n",
            best.join(" ")
        );
        assert!(out.contains(&block), "{text}: {out}");
    }
    assert!(out.contains("value     win in 1"));
}

#[test]
fn probe_json_has_every_move_with_its_probe() {
    let dir = tables();
    let tables = Tablebase::open(dir).unwrap();
    let out = ok(&["probe", path(dir), "--json", "start", CAPTURE]);
    let lines: Vec<Json> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for line in &lines {
        let position = Position::from_text(line["position"].as_str().unwrap(), tiny()).unwrap();
        let probe = tables.probe(&position).unwrap();
        assert_eq!(line["value"], probe.value.name());
        assert_eq!(line["distance"].as_u64(), probe.distance.map(u64::from));
        assert_eq!(line["source"], "tables");
        let best: Vec<String> = tables
            .best_moves(&position)
            .unwrap()
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(line["best_moves"], serde_json::json!(best));
        let moves = tables.probe_moves(&position).unwrap();
        let shown = line["moves"].as_array().unwrap();
        assert_eq!(shown.len(), moves.len());
        for (json, (mv, after)) in shown.iter().zip(&moves) {
            assert_eq!(json["move"], mv.to_string());
            assert_eq!(json["value"], after.value.name());
            assert_eq!(json["distance"].as_u64(), after.distance.map(u64::from));
        }
    }
    assert_eq!(lines[1]["distance"], 1);
}

#[test]
fn probe_without_placement_layers_fails_or_searches() {
    let dir = tempfile::tempdir().unwrap();
    let out = build_into(dir.path(), &["--movement-only"]);
    assert!(out.contains("placement  not built"), "{out}");

    // The movement phase is answered; goats in hand are the library's typed error.
    ok(&["probe", path(dir.path()), CAPTURE]);
    let output = bagh(&["probe", path(dir.path()), "start"]);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(
        message.starts_with("error: ") && message.contains("no placement layers"),
        "{message}"
    );
    assert!(stdout(&output).is_empty());

    // --search answers it, like PlacementSolver on the same movement table.
    let out = ok(&["probe", path(dir.path()), "--search", "--json", "start"]);
    let json: Json = serde_json::from_str(out.trim()).unwrap();
    let tables = Tablebase::open(dir.path()).unwrap();
    let searched = PlacementSolver::new(tables.movement().expect("full tables"), 16)
        .unwrap()
        .solve(&Position::new(tiny()))
        .unwrap();
    assert_eq!(json["value"], searched.name());
    assert_eq!(json["source"], "search");
    assert!(json["best_moves"].is_null() && json["distance"].is_null());
}

#[test]
fn stats_print_the_library_counts() {
    let dir = tables();
    let stats = Tablebase::open(dir).unwrap().statistics().unwrap();
    let placement = stats.placement.as_ref().unwrap();

    let json: Json = serde_json::from_str(&ok(&["stats", path(dir), "--json"])).unwrap();
    assert_eq!(json["rules"], tiny().to_string());
    assert_eq!(json["movement"]["positions"], stats.movement.positions);
    assert_eq!(json["placement"]["positions"], placement.positions);
    let layers = json["movement"]["layers"].as_array().unwrap();
    assert_eq!(layers.len(), stats.movement.layers.len());
    for (json, layer) in layers.iter().zip(&stats.movement.layers) {
        assert_eq!(json["side"], layer.side.name());
        assert_eq!(json["wins"], layer.wins);
        assert_eq!(json["draws"], layer.draws);
        assert_eq!(json["losses"], layer.losses);
        let longest = layer.longest_win.map(|(d, _)| u64::from(d));
        assert_eq!(json["longest_win"]["distance"].as_u64(), longest);
    }
    let layers = json["placement"]["layers"].as_array().unwrap();
    assert_eq!(layers.len(), placement.layers.len());
    for (json, layer) in layers.iter().zip(&placement.layers) {
        assert_eq!(json["placed"], layer.placed);
        assert_eq!(json["wins"], layer.wins);
        assert_eq!(json["draws"], layer.draws);
        assert_eq!(json["losses"], layer.losses);
    }

    let text = ok(&["stats", path(dir)]);
    let goats = &stats.movement.layers[0];
    let row = format!("{}  goat", goats.captured);
    assert!(
        text.lines().any(|l| l.trim_start().starts_with(&row)),
        "{text}"
    );
    assert!(
        text.contains("placed  captured  positions  goats win"),
        "{text}"
    );
}

#[test]
fn verify_names_the_damaged_file() {
    let dir = tempfile::tempdir().unwrap();
    build_into(dir.path(), &["--quiet"]);
    let out = ok(&["verify", path(dir.path())]);
    assert!(out.starts_with("OK"), "{out}");

    let flip = |name: &str, at: fn(usize) -> usize| {
        let file = dir.path().join(name);
        let mut bytes = std::fs::read(&file).unwrap();
        let i = at(bytes.len());
        bytes[i] ^= 0x5a;
        std::fs::write(&file, bytes).unwrap();
    };
    let fails_naming = |name: &str| {
        let output = bagh(&["verify", path(dir.path())]);
        assert_eq!(output.status.code(), Some(1));
        let message = stderr(&output);
        assert!(
            message.starts_with("error: ") && message.contains(name),
            "{message}"
        );
        assert!(stdout(&output).is_empty());
    };
    // The last byte is a value: opening finds nothing, the checksum does.
    flip("placed-03.bpl", |len| len - 1);
    fails_naming("placed-03.bpl");
    flip("placed-03.bpl", |len| len - 1);
    ok(&["verify", path(dir.path())]);
    // A byte in the middle.
    flip("placed-01.bpl", |len| len / 2);
    fails_naming("placed-01.bpl");
}

#[test]
fn compress_verify_against_and_probe_the_compressed_directory() {
    let out_dir = tempfile::tempdir().unwrap();
    let out = path(out_dir.path());
    let made = ok(&["compress", path(tables()), out, "--quiet"]);
    assert!(
        made.contains("tables.btz") && made.contains("bytes"),
        "{made}"
    );
    let checked = ok(&["verify", out, "--against", path(tables()), "--quiet"]);
    assert!(checked.contains("entries agree with"), "{checked}");
    // By default every placement layer; --alternate-layers every other one.
    let every_dir = tempfile::tempdir().unwrap();
    let every = path(every_dir.path());
    let some = ok(&[
        "compress",
        path(tables()),
        every,
        "--quiet",
        "--alternate-layers",
    ]);
    let layers = |printed: &str| -> Vec<u8> {
        let line = printed.lines().find(|l| l.starts_with("layers")).unwrap();
        line.split_whitespace()
            .filter_map(|word| word.parse().ok())
            .collect()
    };
    let (some, all) = (layers(&some), layers(&made));
    assert!(
        some.len() < all.len() && some.iter().all(|p| all.contains(p)),
        "{some:?} {all:?}"
    );
    assert_eq!(
        ok(&["probe", every, "start", "--json"]),
        ok(&["probe", out, "start", "--json"])
    );
    // Every probe the full tables answer, the compressed file answers alike.
    for position in ["start", CAPTURE, "5/5/1GT2/5/G4 t 2 0"] {
        assert_eq!(
            ok(&["probe", out, position, "--json"]),
            ok(&["probe", path(tables()), position, "--json"])
        );
    }
    // A compressed file gives a smaller one: its sections copied, the
    // layers of --leave-out left out, the same answers.
    let fewer_dir = tempfile::tempdir().unwrap();
    let fewer = path(fewer_dir.path());
    let copied = ok(&["compress", out, fewer, "--quiet", "--leave-out", "2"]);
    assert_eq!(layers(&copied), vec![1, 3], "{copied}");
    for position in [
        "start",
        CAPTURE,
        "5/5/1GT2/5/G4 t 2 0",
        "5/5/2T2/5/G3G t 2 0",
    ] {
        assert_eq!(
            ok(&["probe", fewer, position, "--json"]),
            ok(&["probe", path(tables()), position, "--json"])
        );
    }
    // In parts: the last section in a part of its own, read as one file.
    let size = std::fs::metadata(out_dir.path().join("tables.btz"))
        .unwrap()
        .len();
    let parts_dir = tempfile::tempdir().unwrap();
    let parts = path(parts_dir.path());
    let most = (size - 1).to_string();
    let split = ok(&["compress", out, parts, "--quiet", "--part-bytes", &most]);
    assert!(split.contains("tables.btz.1"), "{split}");
    assert!(parts_dir.path().join("tables.btz.1").is_file());
    assert_eq!(
        ok(&["probe", parts, CAPTURE, "--json"]),
        ok(&["probe", out, CAPTURE, "--json"])
    );
    let tiny = bagh(&["compress", out, parts, "--part-bytes", "10"]);
    assert_eq!(tiny.status.code(), Some(1));
    assert!(
        stderr(&tiny).contains("longer than parts"),
        "{}",
        stderr(&tiny)
    );
    let adjacent = bagh(&["compress", out, fewer, "--leave-out", "2,3"]);
    assert_eq!(adjacent.status.code(), Some(1));
    assert!(
        stderr(&adjacent).contains("of 2 and 3 goats placed"),
        "{}",
        stderr(&adjacent)
    );
    // What needs the full tables says so; a file is never written over itself.
    let again = bagh(&["compress", out, out]);
    assert_eq!(again.status.code(), Some(1));
    assert!(stderr(&again).contains("over itself"), "{}", stderr(&again));
    let against_full = bagh(&["verify", path(tables()), "--against", out]);
    assert_eq!(against_full.status.code(), Some(2));
    // A flipped byte in a block fails verify, naming the file.
    let file = out_dir.path().join("tables.btz");
    let mut bytes = std::fs::read(&file).unwrap();
    let at = bytes.len() - 3;
    bytes[at] ^= 0x21;
    std::fs::write(&file, bytes).unwrap();
    let damaged = bagh(&["verify", out]);
    assert_eq!(damaged.status.code(), Some(1));
    assert!(
        stderr(&damaged).contains("tables.btz"),
        "{}",
        stderr(&damaged)
    );
}

#[test]
fn probe_rules_finds_the_data_package_through_python() {
    // A data package as pip installs it: the module and its tables.btz.
    let site = tempfile::tempdir().unwrap();
    let module = site.path().join("bagh_tables_tiny_cli");
    std::fs::create_dir_all(&module).unwrap();
    std::fs::write(module.join("__init__.py"), "").unwrap();
    ok(&["compress", path(tables()), path(&module), "--quiet"]);
    let with_path = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_bagh"))
            .args(args)
            .env("PYTHONPATH", site.path())
            .output()
            .unwrap()
    };
    let found = with_path(&["probe", "--rules", "tiny-cli", "start", CAPTURE]);
    assert!(found.status.success(), "{}", stderr(&found));
    assert_eq!(
        stdout(&found),
        ok(&["probe", path(tables()), "start", CAPTURE])
    );
    // Not installed: the error says how to get the tables.
    let missing = with_path(&["probe", "--rules", "two-tigers", "start"]);
    assert_eq!(missing.status.code(), Some(1));
    let message = stderr(&missing);
    assert!(
        message.contains("bagh-tables-two-tigers")
            && message.contains("make tables-package RULES=two-tigers"),
        "{message}"
    );
    // A directory needs positions.
    assert_eq!(bagh(&["probe", path(tables())]).status.code(), Some(2));
}

#[test]
fn build_compressed_writes_both() {
    let dir = tempfile::tempdir().unwrap();
    let full = dir.path().join("full");
    let small = dir.path().join("small");
    build_into(&full, &["--quiet", "--compressed", path(&small)]);
    assert!(small.join("tables.btz").exists() && full.join("movement.tb").exists());
    assert_eq!(
        ok(&["probe", path(&small), "start"]),
        ok(&["probe", path(&full), "start"])
    );
}

#[test]
fn report_holds_the_tables_and_the_check() {
    let dir = tables();
    let out_dir = tempfile::tempdir().unwrap();
    let file: PathBuf = out_dir.path().join("report.md");
    let printed = ok(&[
        "report",
        path(dir),
        "--check",
        "20",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(printed.is_empty());
    let report = std::fs::read_to_string(&file).unwrap();

    let tables = Tablebase::open(dir).unwrap();
    let stats = tables.statistics().unwrap();
    let start = tables.probe(&Position::new(tiny())).unwrap();
    assert!(report.starts_with("# The tablebase of `"), "{report}");
    assert!(report.contains(&format!("the start is a {} for the goats", start.value)));
    assert!(
        report.contains("20 random positions") && report.contains("20 agree"),
        "{report}"
    );
    assert!(
        report.contains("| captured | to move | positions | wins | draws | losses | longest win |")
    );
    assert!(report.contains("| placed | captured | positions | goats win | draw | tigers win |"));
    let (distance, position) = stats
        .movement
        .layers
        .iter()
        .filter_map(|l| l.longest_win)
        .max_by_key(|(d, _)| *d)
        .unwrap();
    assert!(
        report.contains(&format!("win in {distance} plies from `{position}`")),
        "{report}"
    );
    // The line is `distance` moves long and legal from its position.
    let line = report
        .split("```text\n")
        .nth(1)
        .unwrap()
        .lines()
        .next()
        .unwrap();
    let mut at = position;
    for mv in line.split(' ') {
        at = at.play(mv.parse().unwrap()).unwrap();
    }
    assert_eq!(line.split(' ').count(), usize::from(distance));
    assert!(at.is_game_over());

    // Without --out the same report goes to stdout (but for the command it names).
    let again = ok(&["report", path(dir), "--check", "20"]);
    let body = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with("Written by"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(body(&again), body(&report));
}

#[test]
fn bad_usage_exits_with_2_and_says_why_on_stderr() {
    let dir = tables();
    for args in [
        vec![],
        vec!["perft"],
        vec!["perft", "--frobnicate", "2"],
        vec!["perft", "--rules", "no-such-preset", "2"],
        vec!["perft", "--position", "T3T/5/5 g 20 0", "2"],
        vec!["build", "tigers=z9"],
        vec!["build", "--memory", "lots"],
        vec!["probe", path(dir)],
        vec!["probe", path(dir), "not a position"],
        vec!["probe", path(dir), "start", "5/5/2T2/5/5 g 9 0"],
    ] {
        let output = bagh(&args);
        assert_eq!(output.status.code(), Some(2), "bagh {args:?}");
        assert!(stdout(&output).is_empty(), "bagh {args:?}");
        assert!(stderr(&output).contains("error"), "bagh {args:?}");
    }
}

#[test]
fn a_perft_deeper_than_32_is_refused_at_once() {
    // `bagh perft 100` would never end in the movement phase: a usage error.
    let output = bagh(&["perft", "100"]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains("100") && message.contains("0..=32"),
        "{message}"
    );
}

#[test]
fn failures_exit_with_1() {
    let missing = tempfile::tempdir().unwrap();
    let output = bagh(&["stats", path(&missing.path().join("none"))]);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(
        message.starts_with("error: ") && message.contains("movement.tb"),
        "{message}"
    );
}

#[test]
fn help_reads_with_examples() {
    let main = ok(&["--help"]);
    assert!(main.contains("Exit codes") && main.contains("Examples"));
    for command in ["perft", "build", "probe", "stats", "verify", "report"] {
        let help = ok(&[command, "--help"]);
        assert!(
            help.contains("Usage: bagh ") && help.contains("Example"),
            "{command}"
        );
        assert!(main.contains(command));
    }
}
