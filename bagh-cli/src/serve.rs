//! `bagh serve`: the analysis board in the browser (`bagh_web`).

use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::Arc;

use bagh_engine::puzzles::Puzzle;
use bagh_tablebase::Tablebase;
use clap::Args;

use crate::error::CliError;

/// Serve a board in the browser: play the engine, follow its lines, see the tables' truth, train with puzzles.
///
/// The page and its JSON API (docs/web.md) are served from this binary. It
/// binds 127.0.0.1 unless --host says otherwise: the API has no
/// authentication, so only expose it on a network you trust.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  bagh serve
  bagh serve --tables target/tablebases/bagh-chal --puzzles puzzles.json --open
  bagh serve --port 0            # any free port; the address is printed")]
pub struct ServeArgs {
    /// Tables (full or compressed): the value of every move, and perfect play.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// Puzzles for the trainer, a file of `bagh puzzles`.
    #[arg(long, value_name = "FILE")]
    pub puzzles: Option<PathBuf>,
    /// The port (0 for any free one).
    #[arg(long, default_value_t = 8000)]
    pub port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
}

/// Runs `bagh serve` until it is interrupted.
pub fn run(args: &ServeArgs) -> Result<(), CliError> {
    let tables = args
        .tables
        .as_deref()
        .map(|dir| Tablebase::open(dir).map(Arc::new))
        .transpose()?;
    let puzzles = match &args.puzzles {
        Some(path) => read_puzzles(path)?,
        None => Vec::new(),
    };
    let runtime = tokio::runtime::Runtime::new().map_err(CliError::failure)?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((args.host, args.port))
            .await
            .map_err(|e| CliError::failure(format!("{}:{}: {e}", args.host, args.port)))?;
        let address = listener.local_addr().map_err(CliError::failure)?;
        let url = format!("http://{address}/");
        writeln!(std::io::stdout().lock(), "bagh serve: {url}")?;
        std::io::stdout().flush()?;
        if args.open {
            open_browser(&url);
        }
        let options = bagh_web::ServeOptions {
            host: args.host.to_string(),
            port: address.port(),
            tables,
            puzzles,
        };
        tokio::select! {
            served = bagh_web::serve(listener, options) => served.map_err(CliError::failure),
            _ = tokio::signal::ctrl_c() => Ok(()),
        }
    })
}

/// The puzzles of a file; each is replayed and checked.
fn read_puzzles(path: &std::path::Path) -> Result<Vec<Puzzle>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::failure(format!("{}: {e}", path.display())))?;
    let puzzles: Vec<Puzzle> = serde_json::from_str(&text)
        .map_err(|e| CliError::usage(format!("{}: {e}", path.display())))?;
    for (index, puzzle) in puzzles.iter().enumerate() {
        puzzle
            .game()
            .map_err(|e| CliError::usage(format!("{}: puzzle {index}: {e}", path.display())))?;
    }
    Ok(puzzles)
}

/// Asks the desktop to open `url`; a failure only prints a note.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    if std::process::Command::new(opener).arg(url).spawn().is_err() {
        eprintln!("could not open a browser ({opener}): visit {url}");
    }
}
