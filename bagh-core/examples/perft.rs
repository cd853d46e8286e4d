//! Counts the leaves of the legal-move tree.
//!
//! ```text
//! cargo run --release -p bagh-core --example perft -- [--rules ID] [--position TEXT] [--divide] [--threads N] DEPTH
//! ```
//!
//! `--rules` takes a preset id or a rule set's text form; `--threads 0` uses
//! every core (the default is one thread). The last line is `nodes N`.

use std::process::ExitCode;
use std::time::Instant;

use bagh_core::{perft, perft_divide, perft_divide_parallel, Position, Ruleset};

struct Options {
    rules: Ruleset,
    position: Option<String>,
    divide: bool,
    threads: usize,
    depth: u32,
}

fn parse_args() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let mut options = Options {
        rules: Ruleset::default(),
        position: None,
        divide: false,
        threads: 1,
        depth: 0,
    };
    let mut depth = None;
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--rules" => {
                options.rules = value("--rules")?
                    .parse()
                    .map_err(|e| format!("--rules: {e}"))?
            }
            "--position" => options.position = Some(value("--position")?),
            "--threads" => {
                options.threads = value("--threads")?
                    .parse()
                    .map_err(|e| format!("--threads: {e}"))?
            }
            "--divide" => options.divide = true,
            "-h" | "--help" => return Err(String::new()),
            _ if depth.is_none() && !arg.starts_with('-') => {
                depth = Some(arg.parse().map_err(|e| format!("DEPTH: {e}"))?)
            }
            _ => return Err(format!("unexpected argument {arg:?}")),
        }
    }
    options.depth = depth.ok_or("DEPTH is missing")?;
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("perft: {message}");
            }
            eprintln!("usage: perft [--rules ID] [--position TEXT] [--divide] [--threads N] DEPTH");
            return ExitCode::from(2);
        }
    };
    let position = match &options.position {
        None => Position::new(options.rules),
        Some(text) => match Position::from_text(text, options.rules) {
            Ok(position) => position,
            Err(error) => {
                eprintln!("perft: {error}");
                return ExitCode::from(2);
            }
        },
    };
    let started = Instant::now();
    let nodes = if options.divide || options.threads != 1 {
        let divided = if options.threads == 1 {
            perft_divide(&position, options.depth)
        } else {
            perft_divide_parallel(&position, options.depth, options.threads)
        };
        if options.divide {
            for (mv, count) in &divided {
                println!("{mv} {count}");
            }
        }
        if options.depth == 0 {
            1
        } else {
            divided.iter().map(|(_, count)| count).sum()
        }
    } else {
        perft(&position, options.depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "rules {}, position {position}, depth {}, {seconds:.3} s, {:.0} nodes/s",
        options.rules,
        options.depth,
        nodes as f64 / seconds.max(1e-9)
    );
    println!("nodes {nodes}");
    ExitCode::SUCCESS
}
