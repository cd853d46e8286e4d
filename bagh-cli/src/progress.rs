//! Progress bars of a build on stderr: one per stage (movement, placement,
//! compress, verify),
//! drawn with indicatif from [`BuildOptions::on_progress`] reports.
//!
//! [`BuildOptions::on_progress`]: bagh_tablebase::BuildOptions::on_progress

use std::io::IsTerminal;
use std::sync::{Arc, Mutex};

use bagh_tablebase::{BuildProgress, ProgressCallback, Stage};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The bars of one build, each made when its stage first reports (a
/// resumed build may skip the movement stage).
pub struct BuildBars {
    multi: MultiProgress,
    bars: Mutex<Vec<(Stage, ProgressBar)>>,
    shown: bool,
}

impl BuildBars {
    /// Bars on stderr, or none with `quiet` or when stderr is not a terminal.
    pub fn new(quiet: bool) -> Arc<BuildBars> {
        let shown = !quiet && std::io::stderr().is_terminal();
        let target = if shown {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        Arc::new(BuildBars {
            multi: MultiProgress::with_draw_target(target),
            bars: Mutex::new(Vec::new()),
            shown,
        })
    }

    /// The callback for [`BuildOptions::on_progress`](bagh_tablebase::BuildOptions::on_progress),
    /// `None` when nothing is shown. It never stops the build: Ctrl-C does,
    /// and the next run resumes.
    pub fn callback(self: &Arc<Self>) -> Option<ProgressCallback> {
        let bars = Arc::clone(self);
        self.shown.then(|| {
            Arc::new(move |progress: &BuildProgress| {
                bars.show(progress);
                true
            }) as ProgressCallback
        })
    }

    fn show(&self, progress: &BuildProgress) {
        let Ok(mut bars) = self.bars.lock() else {
            return;
        };
        let bar = match bars.iter().find(|(stage, _)| *stage == progress.stage) {
            Some((_, bar)) => bar.clone(),
            None => {
                let bar = self.multi.add(ProgressBar::new(progress.total));
                bar.set_style(style());
                bar.set_prefix(progress.stage.name());
                bars.push((progress.stage, bar.clone()));
                bar
            }
        };
        bar.set_length(progress.total);
        bar.set_position(progress.done.min(progress.total));
        let message = match (progress.stage, progress.layer) {
            (Stage::Movement, layer) => format!("captured {layer}"),
            (Stage::Compress | Stage::Verify, 255) => "movement".to_string(),
            (_, layer) => format!("placed {layer}"),
        };
        if progress.done < progress.total {
            bar.set_message(message);
        } else {
            bar.set_message("done");
        }
    }

    /// Leaves the bars on the screen: complete after a build that
    /// succeeded, where they stopped otherwise.
    pub fn finish(&self, succeeded: bool) {
        if let Ok(bars) = self.bars.lock() {
            for (_, bar) in bars.iter() {
                if succeeded {
                    bar.finish();
                } else {
                    bar.abandon();
                }
            }
        }
    }
}

fn style() -> ProgressStyle {
    ProgressStyle::with_template(
        "{prefix:>9} {msg:11} [{wide_bar}] {percent:>3}% {elapsed_precise} eta {eta:3}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .progress_chars("=> ")
}
