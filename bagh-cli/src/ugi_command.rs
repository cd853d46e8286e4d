//! The lines of the UGI protocol, read into commands. Reading never fails:
//! a line that does not read becomes [`Command::Bad`] with the reason, for
//! an `info string`.

/// Where a `position` command starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Start {
    /// The rule set's start.
    StartPos,
    /// A position string (four fields).
    Fen(String),
}

/// The limits of a `go` command, times in milliseconds.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Go {
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub infinite: bool,
    pub p1time: Option<u64>,
    pub p2time: Option<u64>,
    pub p1inc: Option<u64>,
    pub p2inc: Option<u64>,
}

/// What `query` asks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Query {
    P1Turn,
    GameOver,
    Result,
}

/// One line of the protocol.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    Ugi,
    IsReady,
    NewGame,
    SetOption {
        name: String,
        value: String,
    },
    Position {
        start: Start,
        moves: Vec<String>,
    },
    Go(Go),
    Stop,
    Quit,
    Query(Query),
    /// An empty line: ignored.
    Empty,
    /// A command no one knows: the line.
    Unknown(String),
    /// A known command that does not read: why.
    Bad(String),
}

/// Reads one line.
pub fn parse(line: &str) -> Command {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Command::Empty;
    };
    match first {
        "ugi" => Command::Ugi,
        "isready" => Command::IsReady,
        "uginewgame" => Command::NewGame,
        "setoption" => set_option(rest),
        "position" => position(rest),
        "go" => go(rest).unwrap_or_else(Command::Bad),
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        "query" => match rest {
            ["p1turn"] => Command::Query(Query::P1Turn),
            ["gameover"] => Command::Query(Query::GameOver),
            ["result"] => Command::Query(Query::Result),
            _ => Command::Bad(format!(
                "unknown query: {} (p1turn, gameover or result)",
                rest.join(" ")
            )),
        },
        _ => Command::Unknown(line.trim().to_string()),
    }
}

/// `setoption name <name> [value <value>]`: both may hold spaces.
fn set_option(words: &[&str]) -> Command {
    let ["name", rest @ ..] = words else {
        return Command::Bad("setoption: expected `setoption name <name> value <value>`".into());
    };
    let split = rest.iter().position(|w| *w == "value");
    let (name, value) = match split {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    if name.is_empty() {
        return Command::Bad("setoption: the option has no name".into());
    }
    Command::SetOption {
        name: name.join(" "),
        value: value.join(" "),
    }
}

/// `position startpos|fen <position string> [moves ...]`.
fn position(words: &[&str]) -> Command {
    let split = words.iter().position(|w| *w == "moves");
    let (head, moves) = match split {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let start = match head {
        ["startpos"] => Start::StartPos,
        ["fen", fen @ ..] if !fen.is_empty() => Start::Fen(fen.join(" ")),
        _ => {
            return Command::Bad(
                "position: expected `position startpos|fen <position> [moves ...]`".into(),
            )
        }
    };
    Command::Position {
        start,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    }
}

/// The words of `go`.
fn go(words: &[&str]) -> Result<Command, String> {
    let mut go = Go::default();
    let mut words = words.iter();
    while let Some(&word) = words.next() {
        if word == "infinite" {
            go.infinite = true;
            continue;
        }
        let mut number = || -> Result<u64, String> {
            let text = words
                .next()
                .ok_or_else(|| format!("go: {word} needs a number"))?;
            text.parse()
                .map_err(|_| format!("go: {word} {text}: not a number"))
        };
        match word {
            "movetime" => go.movetime = Some(number()?),
            "depth" => {
                let depth = number()?;
                go.depth = Some(u32::try_from(depth).map_err(|_| "go: depth too large")?);
            }
            "nodes" => go.nodes = Some(number()?),
            "p1time" => go.p1time = Some(number()?),
            "p2time" => go.p2time = Some(number()?),
            "p1inc" => go.p1inc = Some(number()?),
            "p2inc" => go.p2inc = Some(number()?),
            _ => return Err(format!("go: unknown parameter {word}")),
        }
    }
    Ok(Command::Go(go))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read() {
        assert_eq!(parse("  ugi "), Command::Ugi);
        assert_eq!(parse(""), Command::Empty);
        assert_eq!(parse("hello there"), Command::Unknown("hello there".into()));
        assert_eq!(
            parse("setoption name Rules value tigers=c3 goats=4"),
            Command::SetOption {
                name: "Rules".into(),
                value: "tigers=c3 goats=4".into()
            }
        );
        assert_eq!(
            parse("position fen T3T/5/5/5/T3T g 20 0 moves c3 a1a2"),
            Command::Position {
                start: Start::Fen("T3T/5/5/5/T3T g 20 0".into()),
                moves: vec!["c3".into(), "a1a2".into()]
            }
        );
        assert_eq!(
            parse("go p1time 1000 p2time 900 p1inc 10 depth 3"),
            Command::Go(Go {
                p1time: Some(1000),
                p2time: Some(900),
                p1inc: Some(10),
                depth: Some(3),
                ..Go::default()
            })
        );
        assert!(matches!(parse("go depth"), Command::Bad(_)));
        assert!(matches!(parse("go depth x"), Command::Bad(_)));
        assert!(matches!(parse("go depth 99999999999"), Command::Bad(_)));
        assert!(matches!(parse("go sideways"), Command::Bad(_)));
        assert!(matches!(parse("position"), Command::Bad(_)));
        assert!(matches!(parse("position fen"), Command::Bad(_)));
        assert!(matches!(parse("setoption"), Command::Bad(_)));
        assert!(matches!(parse("query colour"), Command::Bad(_)));
    }
}
