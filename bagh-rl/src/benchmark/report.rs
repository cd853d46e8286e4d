//! The report as a Markdown table, for a notebook, a paper or a log.

use std::fmt::{self, Write};

use bagh_engine::PerfectStyle;

use super::{BenchmarkReport, Rate};

fn row(out: &mut String, name: &str, rate: &Rate, scale: f64) -> fmt::Result {
    let (low, high) = rate.interval();
    writeln!(
        out,
        "| {name} | {} of {} | {:.1} | {:.1} to {:.1} |",
        rate.count,
        rate.total,
        scale * rate.share(),
        scale * low,
        scale * high
    )
}

impl BenchmarkReport {
    /// The figures as a Markdown table: each share in percent (value-losing
    /// moves and forced losses per 1,000 moves) with its 95% interval; the
    /// forced losses only where there were some.
    pub fn to_markdown(&self) -> String {
        let mut out = String::new();
        let _ = self.write_markdown(&mut out);
        out
    }

    fn write_markdown(&self, out: &mut String) -> fmt::Result {
        writeln!(out, "| measure | count | share | 95% interval |")?;
        writeln!(out, "|---|---:|---:|---:|")?;
        for (phase, phase_name) in [(0, "placement"), (1, "movement")] {
            for (side, side_name) in [(0, "goats"), (1, "tigers")] {
                let name = format!("critical positions kept, {phase_name}, {side_name} (%)");
                row(out, &name, &self.critical[phase][side], 100.0)?;
            }
        }
        row(
            out,
            "critical positions kept, all (%)",
            &self.critical_all(),
            100.0,
        )?;
        for (style, name) in [
            (PerfectStyle::Random, "random"),
            (PerfectStyle::Narrowing, "narrowing"),
        ] {
            let rate = self.games_kept(style);
            if rate.total > 0 {
                row(
                    out,
                    &format!("games kept against perfect ({name}) (%)"),
                    &rate,
                    100.0,
                )?;
            }
        }
        if self.losing_moves.total > 0 {
            row(
                out,
                "value-losing moves (per 1,000)",
                &self.losing_moves,
                1000.0,
            )?;
        }
        // Only the history of `forbidden` forces a loss: the row is left out
        // where none happened, so that other rule sets' tables stay as they were.
        if self.forced_losses.count > 0 {
            row(
                out,
                "losses forced by the history (per 1,000)",
                &self.forced_losses,
                1000.0,
            )?;
        }
        Ok(())
    }
}
