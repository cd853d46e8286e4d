//! `bagh engine` driven as a subprocess over the UGI protocol: the
//! handshake, searches, `stop`, the queries and lines that do not read.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use bagh_core::{Game, Move, Position, Ruleset};

/// One tiger in the centre, four goats, the tigers win with one capture.
const TINY: &str = "tigers=c3 goats=4 capture_target=1";

/// A running `bagh engine` and the lines it prints.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bagh"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the bagh binary runs");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next line, within `timeout`.
    fn line(&self, timeout: Duration) -> String {
        self.lines
            .recv_timeout(timeout)
            .expect("the engine answers in time")
    }

    /// Every line up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line(Duration::from_secs(10));
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.line(Duration::from_secs(5))
    }

    fn quit(mut self) {
        self.send("quit");
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success());
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "quit ends the engine"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

fn best_move(lines: &[String]) -> Move {
    let last = lines.last().unwrap();
    last.strip_prefix("bestmove ").unwrap().parse().unwrap()
}

#[test]
fn the_handshake_names_the_engine_and_its_options() {
    let mut engine = Engine::start();
    engine.send("ugi");
    let lines = engine.until("ugiok");
    assert!(lines[0].starts_with("id name bagh "));
    assert_eq!(lines[1], "id author the bagh authors");
    for name in [
        "Hash", "Threads", "Rules", "Level", "Seed", "MultiPV", "Tables",
    ] {
        let prefix = format!("option name {name} type ");
        assert!(
            lines.iter().any(|l| l.starts_with(&prefix)),
            "{name}: {lines:?}"
        );
    }
    assert_eq!(engine.ask("isready"), "readyok");
    engine.quit();
}

#[test]
fn go_depth_reports_each_depth_and_a_legal_move() {
    let mut engine = Engine::start();
    engine.send("uginewgame");
    engine.send("position startpos moves c3 a1b1");
    engine.send("go depth 3");
    let lines = engine.until("bestmove");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 3, "{lines:?}");
    for (i, info) in infos.iter().enumerate() {
        assert!(
            info.starts_with(&format!("info depth {} seldepth ", i + 1)),
            "{info}"
        );
        for field in [
            " score ",
            " nodes ",
            " nps ",
            " time ",
            " hashfull ",
            " pv ",
        ] {
            assert!(info.contains(field), "{info}");
        }
    }
    let mut game = Game::default();
    game.push("c3".parse().unwrap()).unwrap();
    game.push("a1b1".parse().unwrap()).unwrap();
    assert!(game.is_legal(best_move(&lines)));
    // Clocks: goats to move with little time left answer quickly.
    engine.send("go p1time 300 p2time 300");
    let started = Instant::now();
    assert!(game.is_legal(best_move(&engine.until("bestmove"))));
    assert!(started.elapsed() < Duration::from_secs(2));
    engine.quit();
}

/// A level reports the lines it chooses among, numbered by `multipv`.
#[test]
fn a_level_reports_its_lines() {
    let mut engine = Engine::start();
    engine.send("setoption name Level value 5");
    engine.send("position startpos");
    engine.send("go depth 2");
    let lines = engine.until("bestmove");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(infos.len() >= 2, "{lines:?}");
    assert!(infos.iter().all(|l| l.contains(" multipv ")), "{lines:?}");
    assert!(infos.iter().any(|l| l.contains(" multipv 2 ")), "{lines:?}");
    assert!(Game::default().is_legal(best_move(&lines)));
    engine.quit();
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    let mut engine = Engine::start();
    engine.send("position fen T3T/5/2G2/5/T3T t 19 0");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    assert_eq!(engine.until("readyok").last().unwrap(), "readyok");
    // A second search waits for the first to be stopped.
    engine.send("go depth 1");
    let refused = engine.until("info string");
    assert_eq!(
        refused.last().unwrap(),
        "info string error: a search is running: send stop first"
    );
    let started = Instant::now();
    engine.send("stop");
    let lines = engine.until("bestmove");
    assert!(started.elapsed() < Duration::from_secs(2));
    let position: Position = "T3T/5/2G2/5/T3T t 19 0".parse().unwrap();
    assert!(position.is_legal(best_move(&lines)));
    // Quit during a search ends the process too.
    engine.send("go infinite");
    engine.quit();
}

#[test]
fn queries_follow_the_game() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask("query p1turn"), "response true");
    assert_eq!(engine.ask("query gameover"), "response false");
    assert_eq!(engine.ask("query result"), "response none");
    engine.send(&format!("setoption name Rules value {TINY}"));
    engine.send("position fen 5/5/1GTG1/2G2/2G2 t 0 0");
    assert_eq!(engine.ask("query p1turn"), "response false");
    engine.send("position fen 5/5/1GTG1/2G2/2G2 t 0 0 moves c3xa3");
    assert_eq!(engine.ask("query gameover"), "response true");
    assert_eq!(engine.ask("query result"), "response p2win");
    // A finished game has no move to search.
    engine.send("go depth 2");
    let lines = engine.until("bestmove");
    assert!(
        lines[0].starts_with("info string error: the game is over"),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove 0000");
    let tiny: Ruleset = TINY.parse().unwrap();
    assert!(Position::new(tiny).legal_moves().len() > 1);
    engine.quit();
}

#[test]
fn bad_lines_are_explained_and_change_nothing() {
    let mut engine = Engine::start();
    assert_eq!(
        engine.ask("hello world"),
        "info string unknown command: hello world"
    );
    engine.send("position startpos moves c3");
    let answer = engine.ask("position startpos moves c3 d4 zz");
    assert!(
        answer.starts_with("info string error: move d4: illegal move d4"),
        "{answer}"
    );
    assert!(answer.contains("the position is unchanged"), "{answer}");
    assert_eq!(engine.ask("query p1turn"), "response false");
    let answer = engine.ask("position fen T3T/5/5/5/T3T g");
    assert!(
        answer.starts_with("info string error: position fen"),
        "{answer}"
    );
    let answer = engine.ask("go depth x");
    assert!(
        answer.starts_with("info string error: go: depth x"),
        "{answer}"
    );
    let answer = engine.ask("setoption name Hash value lots");
    assert!(
        answer.starts_with("info string error: option Hash"),
        "{answer}"
    );
    let answer = engine.ask("setoption name Rules value tigers=z9");
    assert!(
        answer.starts_with("info string error: option Rules"),
        "{answer}"
    );
    let answer = engine.ask("setoption name Colour value red");
    assert!(answer.contains("no such option"), "{answer}");
    let answer = engine.ask("query colour");
    assert!(
        answer.starts_with("info string error: unknown query"),
        "{answer}"
    );
    assert_eq!(engine.ask("query p1turn"), "response false");
    engine.quit();
}

/// Whether `said` is `shown` with each `...` standing for one word.
fn shown_as(shown: &str, said: &str) -> bool {
    let (shown, said): (Vec<&str>, Vec<&str>) = (
        shown.split_whitespace().collect(),
        said.split_whitespace().collect(),
    );
    shown.len() == said.len() && shown.iter().zip(&said).all(|(a, b)| *a == "..." || a == b)
}

#[test]
fn the_example_session_of_the_help_is_what_the_engine_says() {
    let help = Command::new(env!("CARGO_BIN_EXE_bagh"))
        .args(["engine", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let session: Vec<&str> = help
        .lines()
        .skip_while(|line| !line.starts_with("Example session"))
        .skip(1)
        .map(str::trim)
        .take_while(|line| *line != "> quit")
        .collect();
    let mut engine = Engine::start();
    let mut shown = Vec::new();
    for line in &session {
        match line.strip_prefix("> ") {
            Some(sent) => engine.send(sent),
            None if *line == "..." => {}
            None => shown.push(*line),
        }
    }
    assert!(shown.last().unwrap().starts_with("bestmove "), "{help}");
    let said = engine.until("bestmove");
    // Every line the help shows, in order, among what the engine said.
    let mut rest = said.iter();
    for line in shown {
        assert!(
            rest.any(|said| shown_as(line, said)),
            "{line:?} is not in {said:?}"
        );
    }
    engine.quit();
}
