//! `bagh perft`: the leaves of the legal-move tree, in the output format of
//! bagh-core's perft example (`MOVE COUNT` lines with --divide, then
//! `nodes N` last; the figures of speed on stderr).

use std::io::Write;
use std::time::Instant;

use bagh_core::{perft, perft_divide, perft_divide_parallel, Position};

use crate::error::CliError;
use crate::position_arg::read_position;
use crate::PerftArgs;

/// Runs `bagh perft`.
pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    let position = match &args.position {
        Some(text) => read_position(text, args.rules)?,
        None => Position::new(args.rules),
    };
    let mut out = std::io::stdout().lock();
    let started = Instant::now();
    let nodes = if args.divide || args.threads != 1 {
        let divided = if args.threads == 1 {
            perft_divide(&position, args.depth)
        } else {
            perft_divide_parallel(&position, args.depth, args.threads)
        };
        if args.divide {
            for (mv, count) in &divided {
                writeln!(out, "{mv} {count}")?;
            }
        }
        if args.depth == 0 {
            1
        } else {
            divided.iter().map(|(_, count)| count).sum()
        }
    } else {
        perft(&position, args.depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "rules {}, position {position}, depth {}, {seconds:.3} s, {:.0} nodes/s",
        args.rules,
        args.depth,
        nodes as f64 / seconds.max(1e-9)
    );
    writeln!(out, "nodes {nodes}")?;
    Ok(())
}
