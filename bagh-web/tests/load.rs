//! A bounded load on a real socket (127.0.0.1 only): many pages at once,
//! each creating a game, playing, asking the engine for moves, then opening
//! an analysis stream and dropping it after its first line. Nothing may
//! fail with a 5xx, nothing may panic, `/api/info` keeps answering within a
//! second, and the dropped analyses stop: `searches` falls back to 0 soon
//! after the last page goes.
//!
//! The server runs in this process on a runtime of its own (as `bagh serve`
//! does), so that a panic hook counts every panic of its tasks; the pages
//! are plain HTTP/1.1 over tokio sockets.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bagh_web::ServeOptions;
use futures_util::stream::{self, StreamExt};
use serde_json::{json, Value as Json};
use tokio::net::TcpStream;

/// Pages in all, and at once. Bounded so that the test takes seconds on two
/// busy cores; every page still drops a stream whose search would run for
/// a minute.
const PAGES: usize = 300;
const AT_ONCE: usize = 64;
/// How long an engine move may think, in milliseconds.
const ENGINE_MS: u64 = 20;
/// The longest `/api/info` may take while the load runs.
const INFO_WITHIN: Duration = Duration::from_secs(1);
/// How soon after the last page the dropped searches must all have ended.
const SEARCHES_END_WITHIN: Duration = Duration::from_secs(2);

static PANICS: AtomicUsize = AtomicUsize::new(0);

async fn write_all(stream: &TcpStream, mut bytes: &[u8]) -> std::io::Result<()> {
    while !bytes.is_empty() {
        stream.writable().await?;
        match stream.try_write(bytes) {
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Reads what arrives into `buffer`; 0 at the end of the stream.
async fn read_some(stream: &TcpStream, buffer: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut chunk = [0u8; 4096];
    loop {
        stream.readable().await?;
        match stream.try_read(&mut chunk) {
            Ok(n) => {
                buffer.extend_from_slice(&chunk[..n]);
                return Ok(n);
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e),
        }
    }
}

/// Sends one request on a new connection (closed after the answer).
async fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Json>,
) -> std::io::Result<TcpStream> {
    let stream = TcpStream::connect(addr).await?;
    let body = body.map(Json::to_string).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    write_all(&stream, format!("{head}{body}").as_bytes()).await?;
    Ok(stream)
}

fn status_of(answer: &[u8]) -> u16 {
    let text = String::from_utf8_lossy(answer);
    text.split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP answer: {text:?}"))
}

/// A JSON call: its status and body.
async fn call(addr: SocketAddr, method: &str, path: &str, body: Option<Json>) -> (u16, Json) {
    let stream = send(addr, method, path, body.as_ref()).await.unwrap();
    let mut answer = Vec::new();
    while read_some(&stream, &mut answer).await.unwrap() > 0 {}
    (status_of(&answer), json_body(&answer))
}

/// The JSON body of an answer (null when there is none).
fn json_body(answer: &[u8]) -> Json {
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head and a body");
    serde_json::from_slice(&answer[split + 4..]).unwrap_or(Json::Null)
}

/// One page: a game, moves, two engine moves, and an analysis stream
/// dropped after its first line. Gives the statuses it saw.
async fn page(addr: SocketAddr, n: usize) -> Vec<(String, u16)> {
    let mut seen = Vec::new();
    let (status, game) = call(addr, "POST", "/api/games", Some(json!({}))).await;
    seen.push(("create".to_string(), status));
    let Some(id) = game["id"].as_u64() else {
        return seen;
    };
    let mut legal = game["legal"].clone();
    for round in 0..2 {
        // A goat placement that differs from page to page.
        let moves = legal.as_array().cloned().unwrap_or_default();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(n + round) % moves.len()].clone();
        let (status, _) = call(
            addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({ "move": mv })),
        )
        .await;
        seen.push((format!("move {mv}"), status));
        let (status, after) = call(
            addr,
            "POST",
            &format!("/api/games/{id}/engine"),
            Some(json!({ "time_ms": ENGINE_MS })),
        )
        .await;
        seen.push(("engine".to_string(), status));
        legal = after["legal"].clone();
    }
    // An analysis that would run for a minute, dropped at its first line.
    let stream = send(
        addr,
        "GET",
        &format!("/api/games/{id}/analysis?time_ms=60000"),
        None,
    )
    .await
    .unwrap();
    let mut answer = Vec::new();
    while !String::from_utf8_lossy(&answer).contains("event: line") {
        if read_some(&stream, &mut answer).await.unwrap() == 0 {
            break;
        }
    }
    seen.push(("analysis".to_string(), status_of(&answer)));
    drop(stream);
    seen
}

/// `GET /api/info` on a blocking socket.
fn blocking_info(addr: SocketAddr) -> (u16, Json) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "GET /api/info HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    (status_of(&answer), json_body(&answer))
}

fn serve_in_a_thread() -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    listener.set_nonblocking(true).unwrap();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            bagh_web::serve(listener, ServeOptions::default()).await
        })
    });
    addr
}

#[test]
fn many_pages_at_once_get_answers_and_their_dropped_searches_stop() {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        PANICS.fetch_add(1, Ordering::SeqCst);
        default_hook(info);
    }));
    let addr = serve_in_a_thread();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        // `/api/info` is asked every 100 ms while the pages run, from a
        // thread of its own: a person's page, not one of the load's tasks.
        let loading = Arc::new(AtomicBool::new(true));
        let watcher = {
            let loading = Arc::clone(&loading);
            std::thread::spawn(move || {
                let mut slowest = Duration::ZERO;
                let mut asked = 0;
                while loading.load(Ordering::SeqCst) {
                    let started = Instant::now();
                    let (status, info) = blocking_info(addr);
                    assert_eq!(status, 200, "{info}");
                    slowest = slowest.max(started.elapsed());
                    asked += 1;
                    std::thread::sleep(Duration::from_millis(100));
                }
                (slowest, asked)
            })
        };
        let started = Instant::now();
        let seen: Vec<Vec<(String, u16)>> = stream::iter(0..PAGES)
            .map(|n| page(addr, n))
            .buffer_unordered(AT_ONCE)
            .collect()
            .await;
        let load_time = started.elapsed();
        loading.store(false, Ordering::SeqCst);
        let (slowest, asked) = watcher.join().unwrap();

        assert_eq!(
            PANICS.load(Ordering::SeqCst),
            0,
            "the server panicked under the load"
        );
        // Every call was answered, and none with a server error.
        let calls: Vec<_> = seen.iter().flatten().collect();
        let failed: Vec<_> = calls.iter().filter(|(_, status)| *status >= 500).collect();
        assert!(failed.is_empty(), "server errors: {failed:?}");
        let not_ok: Vec<_> = calls.iter().filter(|(_, status)| *status != 200).collect();
        assert!(not_ok.is_empty(), "refused: {not_ok:?}");
        assert_eq!(
            seen.iter().filter(|page| page.len() == 6).count(),
            PAGES,
            "every page went through its six calls"
        );

        // The dropped analyses stop.
        let dropped = Instant::now();
        loop {
            let (_, info) = call(addr, "GET", "/api/info", None).await;
            if info["searches"] == 0 {
                break;
            }
            assert!(
                dropped.elapsed() < SEARCHES_END_WITHIN,
                "{} searches still running {:?} after the last page went",
                info["searches"],
                dropped.elapsed()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(
            slowest < INFO_WITHIN,
            "/api/info took {slowest:?} under load ({asked} asked over {load_time:?})"
        );
        eprintln!(
            "{PAGES} pages ({AT_ONCE} at once) in {load_time:?}; /api/info asked {asked} \
             times, slowest {slowest:?}; searches at 0 {:?} after the last page",
            dropped.elapsed()
        );
    });
    assert_eq!(PANICS.load(Ordering::SeqCst), 0, "the server panicked");
}
