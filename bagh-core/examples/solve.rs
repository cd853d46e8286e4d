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
//! - `--bench-probes N`: time N probes of random movement-phase positions.
//! - `--solve POSITION`: the value of a position with goats in hand, by
//!   search down to the table (repeatable); `--solve start` for the start.
//!   The two questions "does the side to move get at least a draw" and
//!   "does it win" are searched at once on two threads, each with a
//!   transposition table of `2^--tt-log2` 8-byte entries (default 27: 1 GiB).
//!   `--node-limit N` stops each search after N nodes (the answer is then
//!   reported as unknown).
//!
//! - `--placement`: then solve the whole placement phase by backward
//!   induction (`PlacementTable`) into the directory `<out>.placement`, print
//!   the start's value and write `docs/placement-<id>.md` for a preset. An
//!   interrupted run resumes after the last finished layer.
//! - `--check-placement N`: compare the placement table with
//!   `PlacementSolver` on N random positions with 1 to 8 goats in hand.
//!
//! If the table file already exists and holds this rule set, it is opened
//! rather than built again. A progress bar with an ETA shows on a terminal.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use bagh_core::{
    BuildOptions, PlacementSolver, PlacementTable, Position, Ruleset, Side, Tablebase,
    TablebaseError, Value,
};

struct Options {
    rules: Ruleset,
    out: Option<PathBuf>,
    threads: usize,
    report: Option<Option<PathBuf>>,
    budget_gib: u64,
    probes: Vec<String>,
    solves: Vec<String>,
    tt_log2: u32,
    bench_probes: usize,
    node_limit: u64,
    placement: bool,
    check_placement: usize,
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
        solves: Vec::new(),
        tt_log2: 27,
        bench_probes: 0,
        node_limit: u64::MAX,
        placement: false,
        check_placement: 0,
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
            "--solve" => options.solves.push(value("--solve")?),
            "--node-limit" => {
                options.node_limit = value("--node-limit")?
                    .parse()
                    .map_err(|e| format!("--node-limit: {e}"))?
            }
            "--bench-probes" => {
                options.bench_probes = value("--bench-probes")?
                    .parse()
                    .map_err(|e| format!("--bench-probes: {e}"))?
            }
            "--tt-log2" => {
                options.tt_log2 = value("--tt-log2")?
                    .parse()
                    .map_err(|e| format!("--tt-log2: {e}"))?
            }
            "--placement" => options.placement = true,
            "--check-placement" => {
                options.check_placement = value("--check-placement")?
                    .parse()
                    .map_err(|e| format!("--check-placement: {e}"))?
            }
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

/// `n` random movement-phase positions of `rules` (fixed seed).
fn random_positions(rules: &Ruleset, n: usize) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut next = move |bound: usize| rng.random_range(0..bound);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let captured = next(usize::from(rules.capture_target()));
        let goats = usize::from(rules.goats()) - captured;
        if rules.tigers() + goats > 25 {
            continue;
        }
        let mut board = ['.'; 25];
        let mut place = |piece: char, count: usize, board: &mut [char; 25]| {
            let mut left = count;
            while left > 0 {
                let p = next(25);
                if board[p] == '.' {
                    board[p] = piece;
                    left -= 1;
                }
            }
        };
        place('T', rules.tigers(), &mut board);
        place('G', goats, &mut board);
        let ranks: Vec<String> = (0..5)
            .rev()
            .map(|rank| {
                let mut text = String::new();
                let mut run = 0;
                for file in 0..5 {
                    match board[rank * 5 + file] {
                        '.' => run += 1,
                        piece => {
                            if run > 0 {
                                text.push_str(&run.to_string());
                                run = 0;
                            }
                            text.push(piece);
                        }
                    }
                }
                if run > 0 {
                    text.push_str(&run.to_string());
                }
                text
            })
            .collect();
        let side = if next(2) == 0 { 'g' } else { 't' };
        let text = format!("{} {side} 0 {captured}", ranks.join("/"));
        if let Ok(position) = Position::from_text(&text, *rules) {
            out.push(position);
        }
    }
    out
}

/// The command line, quoted where needed, for the reports.
fn shown_args() -> String {
    std::env::args()
        .skip(1)
        .map(|a| {
            if a.contains(' ') {
                format!("\"{a}\"")
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Compares the placement table with `PlacementSolver` on `n` positions
/// taken from random games (fixed seed) with 1 to 8 goats in hand: the
/// number compared, the number that agree, and the seconds it took.
fn check_placement(
    table: &Tablebase,
    placement: &PlacementTable,
    n: usize,
) -> Result<Option<(usize, usize, f64)>, TablebaseError> {
    if n == 0 {
        return Ok(None);
    }
    let rules = *table.rules();
    let mut rng = SmallRng::seed_from_u64(1729);
    let started = Instant::now();
    let (mut compared, mut agreed) = (0, 0);
    while compared < n {
        let stop_at = rng.random_range(1..=8u8);
        let mut position = Position::new(rules);
        while position.goats_in_hand() > stop_at || position.side_to_move() == Side::Tiger {
            let moves = position.legal_moves();
            if moves.is_empty() || position.outcome().is_some() {
                break;
            }
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        if rng.random_range(0..2) == 1 {
            let moves = position.legal_moves();
            if !moves.is_empty() {
                position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
        if position.goats_in_hand() == 0 || position.outcome().is_some() {
            continue;
        }
        let mut solver = PlacementSolver::new(table, 22);
        let searched = solver.solve(&position)?;
        let stored = placement.probe(&position)?;
        compared += 1;
        if searched == stored {
            agreed += 1;
        } else {
            eprintln!("disagree    {position}: search {searched}, table {stored}");
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "check       {agreed} of {compared} positions agree with PlacementSolver ({seconds:.1} s)"
    );
    Ok(Some((compared, agreed, seconds)))
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
                 [--budget-gib N] [--probe POSITION]... [--bench-probes N] [--solve POSITION]... \
                 [--node-limit N] [--tt-log2 N] [--placement] [--check-placement N]"
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

    if options.placement {
        let mut dir = out.as_os_str().to_owned();
        dir.push(".placement");
        let dir = PathBuf::from(dir);
        println!(
            "placement   {} entries, {} MiB of layers in memory, into {}",
            thousands(PlacementTable::entries(&rules)),
            PlacementTable::memory_needed(&rules) >> 20,
            dir.display()
        );
        let load_before = load_average();
        let started = Instant::now();
        let build_options = BuildOptions {
            threads: options.threads,
            memory_budget: options.budget_gib << 30,
            ..BuildOptions::default()
        };
        let placement = match PlacementTable::build(&table, &dir, &build_options) {
            Ok(placement) => placement,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
        let seconds = started.elapsed().as_secs_f64();
        let peak = peak_memory_kb().map_or("?".into(), |kb| (kb >> 10).to_string());
        let start = Position::new(rules);
        let value = match placement.probe(&start) {
            Ok(value) => value,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
        let load_after = load_average();
        println!(
            "start       {value} for the goats (to move); {seconds:.1} s wall, \
             peak resident memory {peak} MiB, load {load_before} -> {load_after}"
        );
        let checks = match check_placement(&table, &placement, options.check_placement) {
            Ok(checks) => checks,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
        let stats = match placement.statistics() {
            Ok(stats) => stats,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
        let mut md = String::new();
        let name = id.map_or_else(|| rules.to_string(), str::to_string);
        let _ = writeln!(md, "# The placement phase of `{name}`, solved\n");
        let _ = writeln!(
            md,
            "Written by `cargo run --release -p bagh-core --example solve -- {}`.\n\
             Every position with goats in hand was solved by backward induction, one layer\n\
             of goats placed at a time, down to the movement-phase table\n\
             (`PlacementTable`, see `docs/tablebase.md`).\n",
            shown_args()
        );
        let _ = writeln!(md, "- rule set: `{rules}`");
        let _ = writeln!(
            md,
            "- **the start is a {value} for the goats** (to move), so {}",
            match value {
                Value::Draw => "neither side can force a win".to_string(),
                Value::Win => "the goats win with perfect play".to_string(),
                Value::Loss => "the tigers win with perfect play".to_string(),
            }
        );
        let _ = writeln!(
            md,
            "- {seconds:.1} s wall on {threads} threads (the movement table already built), \
             peak resident memory {peak} MiB (movement table included), \
             load average {load_before} before and {load_after} after"
        );
        let bytes: u64 = std::fs::read_dir(placement.dir())
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok()?.metadata().ok())
                    .map(|m| m.len())
                    .sum()
            })
            .unwrap_or(0);
        let _ = writeln!(
            md,
            "- stored: {} entries of 2 bits (goats to move; a tiger-to-move position is \
             probed with one ply), {} bytes of layer files",
            thousands(PlacementTable::entries(&rules)),
            thousands(bytes)
        );
        if let Some((n, agreed, seconds)) = checks {
            let _ = writeln!(
                md,
                "- checked against `PlacementSolver` (alpha-beta search, another method) on \
                 {n} random positions with 1 to 8 goats in hand, either side to move: \
                 {agreed} agree ({seconds:.1} s)"
            );
        }
        let _ = writeln!(
            md,
            "\n## Wins, draws and losses for the goats to move\n\n\
             Positions up to symmetry with goats in hand, the goats to move, by goats\n\
             placed and captured.\n"
        );
        let _ = writeln!(
            md,
            "| placed | captured | positions | goats win | draw | tigers win |"
        );
        let _ = writeln!(md, "|---:|---:|---:|---:|---:|---:|");
        for s in &stats {
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} |",
                s.placed,
                s.captured,
                thousands(s.positions),
                thousands(s.wins),
                thousands(s.draws),
                thousands(s.losses)
            );
        }
        if let Some(id) = id {
            let path = PathBuf::from("docs").join(format!("placement-{id}.md"));
            match std::fs::write(&path, md) {
                Ok(()) => println!("report      {}", path.display()),
                Err(e) => {
                    eprintln!("error: {}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
            }
        }
    }

    let mut probe_speed = None;
    if options.bench_probes > 0 {
        let positions = random_positions(&rules, options.bench_probes);
        let started = Instant::now();
        let mut wins = 0usize;
        for position in &positions {
            if let Ok(probe) = table.probe(position) {
                wins += usize::from(probe.value == Value::Win);
            }
        }
        let ns = started.elapsed().as_nanos() as f64 / positions.len() as f64;
        println!(
            "probes      {} random positions, {ns:.0} ns per probe ({wins} wins)",
            positions.len()
        );
        probe_speed = Some((positions.len(), ns));
    }

    let mut solved = Vec::new();
    for text in &options.solves {
        let position = if text == "start" {
            Position::new(rules)
        } else {
            match Position::from_text(text, rules) {
                Ok(position) => position,
                Err(e) => {
                    eprintln!("error: --solve: {e}");
                    return ExitCode::FAILURE;
                }
            }
        };
        let started = Instant::now();
        let tt_log2 = options.tt_log2;
        let table = &table;
        let node_limit = options.node_limit;
        let run = |value: Value| {
            let mut solver = PlacementSolver::new(table, tt_log2);
            solver.set_node_limit(node_limit);
            let answer = solver.at_least(&position, value);
            (answer, solver.nodes(), started.elapsed().as_secs_f64())
        };
        let ((draw_or_better, nodes_a, secs_a), (win, nodes_b, secs_b)) =
            std::thread::scope(|scope| {
                let a = scope.spawn(|| run(Value::Draw));
                let b = scope.spawn(|| run(Value::Win));
                (
                    a.join().expect("search thread"),
                    b.join().expect("search thread"),
                )
            });
        let answer = |result: &Result<bool, TablebaseError>| match result {
            Ok(yes) => Ok(Some(*yes)),
            Err(TablebaseError::SearchLimit { .. }) => Ok(None),
            Err(e) => Err(e.to_string()),
        };
        let (draw_or_better, win) = match (answer(&draw_or_better), answer(&win)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => {
                eprintln!("error: --solve {text}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let value = match (draw_or_better, win) {
            (_, Some(true)) => "win",
            (Some(true), Some(false)) => "draw",
            (Some(false), _) => "loss",
            _ => "unknown (node limit reached)",
        };
        let shown = |a: Option<bool>| a.map_or("unknown".to_string(), |a| a.to_string());
        let (draw_or_better, win) = (shown(draw_or_better), shown(win));
        let seconds = started.elapsed().as_secs_f64();
        let peak = peak_memory_kb().map_or("?".into(), |kb| (kb >> 10).to_string());
        let line = format!(
            "`{position}` ({}s to move): **{value}** for the side to move; \
             {seconds:.1} s wall, peak resident memory {peak} MiB (table included); \
             at least a draw: {draw_or_better} ({} nodes, {secs_a:.1} s), \
             a win: {win} ({} nodes, {secs_b:.1} s)",
            position.side_to_move(),
            thousands(nodes_a),
            thousands(nodes_b)
        );
        println!("solve       {line}");
        solved.push(line);
    }

    let mut md = String::new();
    let name = id.map_or_else(|| rules.to_string(), str::to_string);
    let _ = writeln!(md, "# Movement-phase tablebase of `{name}`\n");
    let _ = writeln!(
        md,
        "Written by `cargo run --release -p bagh-core --example solve -- {}`.\n\
         Values are for the side to move; distances are plies to the end of the game\n\
         under perfect play (see `docs/tablebase.md`).\n",
        shown_args()
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
    if let Some((n, ns)) = probe_speed {
        let _ = writeln!(
            md,
            "- probing: {ns:.0} ns per probe, the mean over {} random positions \
             (`--bench-probes`), after opening the file into memory",
            thousands(n as u64)
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
    if !solved.is_empty() {
        let _ = writeln!(
            md,
            "\n## Positions with goats in hand\n\n\
             By alpha-beta search down to the end of placement, with this table at the leaves\n\
             (`PlacementSolver`), load average {} at the end:\n",
            load_average()
        );
        for line in &solved {
            let _ = writeln!(md, "- {line}");
        }
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
