//! Builds the movement-phase tablebase of a rule set and writes its statistics.
//!
//! ```text
//! cargo run --release -p bagh-core --example solve -- [--rules ID|TEXT] [--out PATH]
//!     [--threads N] [--report PATH|none] [--budget-gib N] [--probe POSITION]...
//! ```
//!
//! - `--rules`: a preset id or a rule set's text form (default `bagh-chal`).
//! - `--out`: the table file (default `target/tablebases/<id>.tb`). An interrupted
//!   build leaves `<out>.partial` and the same command resumes from it.
//! - `--threads`: threads for the build, 0 for one per core (the default).
//! - `--report`: the markdown statistics report (default `docs/solve-<id>.md`
//!   for a preset, none otherwise).
//! - `--budget-gib`: the memory budget (default 4).
//! - `--probe`: probe a position string after the build (repeatable).
//!
//! If the table file already exists and holds this rule set, it is opened
//! rather than built again. A progress bar with an ETA shows on a terminal.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use bagh_core::{BuildOptions, Position, Ruleset, Side, Tablebase};

struct Options {
    rules: Ruleset,
    out: Option<PathBuf>,
    threads: usize,
    report: Option<Option<PathBuf>>,
    budget_gib: u64,
    probes: Vec<String>,
}

fn parse_args() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let mut options = Options {
        rules: Ruleset::default(),
        out: None,
        threads: 0,
        report: None,
        budget_gib: 4,
        probes: Vec::new(),
    };
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--rules" => {
                options.rules = value("--rules")?
                    .parse()
                    .map_err(|e| format!("--rules: {e}"))?
            }
            "--out" => options.out = Some(value("--out")?.into()),
            "--threads" => {
                options.threads = value("--threads")?
                    .parse()
                    .map_err(|e| format!("--threads: {e}"))?
            }
            "--report" => {
                let v = value("--report")?;
                options.report = Some((v != "none").then(|| v.into()));
            }
            "--budget-gib" => {
                options.budget_gib = value("--budget-gib")?
                    .parse()
                    .map_err(|e| format!("--budget-gib: {e}"))?
            }
            "--probe" => options.probes.push(value("--probe")?),
            "-h" | "--help" => return Err(String::new()),
            _ => return Err(format!("unexpected argument {arg:?}")),
        }
    }
    Ok(options)
}

/// Peak resident memory of this process in kB (Linux), if known.
fn peak_memory_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("error: {message}");
            }
            eprintln!(
                "usage: solve [--rules ID|TEXT] [--out PATH] [--threads N] [--report PATH|none] \
                 [--budget-gib N] [--probe POSITION]..."
            );
            return if message.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
    };
    let rules = options.rules;
    let id = rules.preset_id();
    let out = options.out.clone().unwrap_or_else(|| {
        PathBuf::from("target/tablebases").join(format!("{}.tb", id.unwrap_or("custom")))
    });
    let report = match &options.report {
        Some(choice) => choice.clone(),
        None => id.map(|id| PathBuf::from("docs").join(format!("solve-{id}.md"))),
    };
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("error: {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    }
    let counted = Tablebase::count_positions(&rules);
    println!("rules       {rules}");
    println!("positions   {} up to symmetry", thousands(counted));
    println!(
        "memory      {} MiB needed to build",
        Tablebase::memory_needed(&rules) >> 20
    );
    let load_before = load_average();
    let started = Instant::now();
    let existing = Tablebase::open_for(&out, &rules).ok();
    let built = existing.is_none();
    let table = match existing {
        Some(table) => table,
        None => {
            let build_options = BuildOptions {
                threads: options.threads,
                memory_budget: options.budget_gib << 30,
                ..BuildOptions::default()
            };
            match Tablebase::build(rules, &out, &build_options) {
                Ok(table) => table,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let peak = peak_memory_kb();
    let load_after = load_average();
    let threads = if options.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        options.threads
    };
    println!(
        "{}      {seconds:.1} s, peak memory {} MiB, {threads} threads, load {load_before} -> {load_after}",
        if built { "built" } else { "opened" },
        peak.map_or("?".into(), |kb| (kb >> 10).to_string())
    );
    println!("file        {}", out.display());
    let stats = table.statistics();
    println!("positions   {} in the table", thousands(stats.positions));
    if stats.positions != counted {
        eprintln!(
            "error: the table holds {} positions, the count says {counted}",
            stats.positions
        );
        return ExitCode::FAILURE;
    }
    for text in &options.probes {
        match Position::from_text(text, rules) {
            Ok(position) => match table.probe(&position) {
                Ok(probe) => {
                    let best: Vec<String> = table
                        .best_moves(&position)
                        .map(|moves| moves.iter().map(|m| m.to_string()).collect())
                        .unwrap_or_default();
                    println!("probe       {text}: {probe}; best {}", best.join(" "));
                }
                Err(e) => println!("probe       {text}: {e}"),
            },
            Err(e) => println!("probe       {text}: {e}"),
        }
    }

    let mut md = String::new();
    let name = id.map_or_else(|| rules.to_string(), str::to_string);
    let _ = writeln!(md, "# Movement-phase tablebase of `{name}`\n");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let _ = writeln!(
        md,
        "Written by `cargo run --release -p bagh-core --example solve -- {}`.\n\
         Values are for the side to move; distances are plies to the end of the game\n\
         under perfect play (see `docs/tablebase.md`).\n",
        args.join(" ")
    );
    let _ = writeln!(md, "- rule set: `{rules}`");
    let _ = writeln!(
        md,
        "- positions up to symmetry: {} (counted by Burnside's lemma: {})",
        thousands(stats.positions),
        thousands(counted)
    );
    if built {
        let _ = writeln!(
            md,
            "- build: {seconds:.1} s wall, peak resident memory {} MiB, {threads} threads, \
             load average {load_before} before and {load_after} after",
            peak.map_or("?".into(), |kb| (kb >> 10).to_string())
        );
    }
    let _ = writeln!(
        md,
        "- file: {} bytes\n",
        thousands(std::fs::metadata(&out).map_or(0, |m| m.len()))
    );
    let _ = writeln!(md, "## Wins, draws and losses for the side to move\n");
    let _ = writeln!(
        md,
        "| captured | to move | positions | wins | draws | losses | longest win |"
    );
    let _ = writeln!(md, "|---:|---|---:|---:|---:|---:|---:|");
    for l in &stats.layers {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} |",
            l.captured,
            l.side,
            thousands(l.positions),
            thousands(l.wins),
            thousands(l.draws),
            thousands(l.losses),
            l.longest_win.map_or("-".into(), |(d, _)| d.to_string())
        );
    }
    let longest = stats
        .layers
        .iter()
        .filter_map(|l| l.longest_win)
        .max_by_key(|(d, p)| (*d, p.side_to_move() == Side::Goat));
    if let Some((d, position)) = longest {
        // Play the line out with best moves: it must end in exactly d plies
        // with the side to move winning.
        let mut line = Vec::new();
        let mut at = position;
        while at.outcome().is_none() && line.len() < usize::from(d) + 1 {
            let mv = match table.best_moves(&at) {
                Ok(moves) if !moves.is_empty() => moves[0],
                _ => break,
            };
            line.push(mv.to_string());
            at = at.play(mv).expect("best moves are legal");
        }
        let ended = at
            .outcome()
            .is_some_and(|o| o.winner == Some(position.side_to_move()));
        if !ended || line.len() != usize::from(d) {
            eprintln!(
                "error: the longest win does not play out: {} plies, {at}",
                line.len()
            );
            return ExitCode::FAILURE;
        }
        let _ = writeln!(
            md,
            "\nThe longest forced win: {}s to move win in {d} plies from `{position}`.\n\
             One line of best moves (checked by playing it out):\n\n```text\n{}\n```",
            position.side_to_move(),
            line.join(" ")
        );
        println!("longest win {d} plies: {position} (played out)");
    }
    if let Some(path) = report {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).ok();
        }
        match std::fs::write(&path, md) {
            Ok(()) => println!("report      {}", path.display()),
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
