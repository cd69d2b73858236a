//! `sqlchess explore`: the opening explorer as a local web page on
//! 127.0.0.1 — an SVG board to click moves on, the moves played from the
//! position with their results, the opening's name, the games that reached
//! it (each can be stepped through), and a search box for a FEN, a material
//! signature or a pattern. The page is one file of HTML and script served
//! with a small JSON API over the database's SQL functions.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use sqlchess_pgn::record::{json_string, parse_tags_json};
use sqlchess_pgn::GameValue;
use sqlchess_render::Diagram;
use sqlchess_rules::{Position, Variant};
use sqlchess_sqlite::rusqlite::{Connection, OpenFlags, OptionalExtension};

const PAGE: &str = include_str!("../explore/page.html");

/// Games listed per position or search.
const LIST: usize = 50;
/// Games a pattern search looks at (it replays every game).
const PATTERN_SCAN: i64 = 20_000;

/// Arguments of `sqlchess explore`.
#[derive(clap::Args)]
pub struct Args {
    /// The SQLite database with imported games.
    #[arg(long, default_value = "sqlchess.db", value_name = "FILE")]
    db: PathBuf,
    /// The port on 127.0.0.1 (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Rebuild the explorer's aggregate from the stored games first.
    #[arg(long)]
    rebuild: bool,
}

/// Serves until interrupted; the first line printed is the page's URL.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<ExitCode> {
    if args.rebuild {
        let mut conn = Connection::open(&args.db)
            .with_context(|| format!("cannot open database {}", args.db.display()))?;
        let n = sqlchess_sqlite::explorer::rebuild(&mut conn)?;
        eprintln!("explorer rebuilt from {n} games");
    }
    if !args.db.exists() {
        anyhow::bail!(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!(
                "no database {} (run `sqlchess import --db FILE PGN…`)",
                args.db.display()
            )
        ));
    }
    // A database imported before `material_signatures` existed gets it now.
    let rw = Connection::open_with_flags(&args.db, OpenFlags::SQLITE_OPEN_READ_WRITE)
        .with_context(|| format!("cannot open database {}", args.db.display()))?;
    if sqlchess_sqlite::explorer::upgrade(&rw).with_context(|| {
        format!(
            "cannot add material_signatures to {} (an older database; it needs write access once)",
            args.db.display()
        )
    })? {
        eprintln!("material_signatures filled from game_materials");
    }
    drop(rw);
    let conn = Connection::open_with_flags(&args.db, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("cannot open database {}", args.db.display()))?;
    sqlchess_sqlite::register(&conn)?;
    let listener = TcpListener::bind(("127.0.0.1", args.port))
        .with_context(|| format!("cannot listen on 127.0.0.1:{}", args.port))?;
    let addr = listener.local_addr()?;
    writeln!(out, "http://{addr}/")?;
    out.flush()?;
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        if let Err(e) = serve(&conn, stream) {
            eprintln!("sqlchess: explore: {e}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `%XX` and `+` decoded.
fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn param(query: &str, name: &str) -> Option<String> {
    query.split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
        (k == name).then(|| decode(v))
    })
}

fn serve(conn: &Connection, stream: TcpStream) -> anyhow::Result<()> {
    stream.set_read_timeout(Some(std::time::Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    // The headers are read and ignored (requests are GETs without body).
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
            break;
        }
    }
    let target = request.split_whitespace().nth(1).unwrap_or("/");
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let (status, kind, body) = match path {
        "/" | "/index.html" => ("200 OK", "text/html; charset=utf-8", PAGE.to_owned()),
        "/api/position" => json(position(conn, query)),
        "/api/game" => json(game(conn, query)),
        "/api/search" => json(search(conn, query)),
        _ => (
            "404 Not Found",
            "application/json",
            format!("{{\"error\":{}}}", json_string("no such page")),
        ),
    };
    let mut stream = stream;
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    stream.write_all(body.as_bytes())?;
    stream.flush()?;
    Ok(())
}

fn json(r: anyhow::Result<String>) -> (&'static str, &'static str, String) {
    match r {
        Ok(body) => ("200 OK", "application/json", body),
        Err(e) => (
            "400 Bad Request",
            "application/json",
            format!("{{\"error\":{}}}", json_string(&format!("{e:#}"))),
        ),
    }
}

fn opt(s: Option<String>) -> String {
    s.map_or_else(|| "null".to_owned(), |s| json_string(&s))
}

/// The position of `fen` (the variant's start when empty).
fn read_position(fen: &str, variant: &str) -> anyhow::Result<Position> {
    let v = Variant::builtin(variant)?;
    Ok(if fen.trim().is_empty() {
        Position::start(&v)
    } else {
        Position::from_fen(&v, fen.trim())?
    })
}

/// A listed game's white, black, result, date and event.
type ListRow = (
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// Games as JSON objects from `(id, ply)` pairs.
fn game_list(conn: &Connection, hits: &[(i64, i64)]) -> anyhow::Result<String> {
    let mut stmt =
        conn.prepare_cached("SELECT white, black, result, date, event FROM games WHERE id = ?1")?;
    let mut items = Vec::new();
    for &(id, ply) in hits.iter().take(LIST) {
        let row: Option<ListRow> = stmt
            .query_row([id], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })
            .optional()?;
        let Some((w, b, res, date, event)) = row else {
            continue;
        };
        items.push(format!(
            "{{\"id\":{id},\"ply\":{ply},\"white\":{},\"black\":{},\"result\":{},\"date\":{},\"event\":{}}}",
            opt(w),
            opt(b),
            opt(res),
            opt(date),
            opt(event)
        ));
    }
    Ok(format!("[{}]", items.join(",")))
}

fn position(conn: &Connection, query: &str) -> anyhow::Result<String> {
    let variant = param(query, "variant").unwrap_or_else(|| "chess".to_owned());
    let pos = read_position(&param(query, "fen").unwrap_or_default(), &variant)?;
    let fen = pos.fen();
    let legal: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            format!(
                "{{\"uci\":{},\"san\":{},\"from\":{},\"to\":{},\"fen_after\":{}}}",
                json_string(&pos.uci(m)),
                json_string(&pos.san(m)),
                json_string(&pos.move_from(m)),
                json_string(&pos.move_to(m)),
                json_string(&pos.play_unchecked(m).fen())
            )
        })
        .collect();
    let mut tree = Vec::new();
    let mut stmt = conn.prepare_cached(
        "SELECT uci, san, games, white_wins, draws, black_wins, average_elo, last_played \
         FROM opening_tree(?1, ?2)",
    )?;
    let mut rows = stmt.query([fen.as_str(), pos.variant_name()])?;
    while let Some(r) = rows.next()? {
        tree.push(format!(
            "{{\"uci\":{},\"san\":{},\"games\":{},\"white\":{},\"draws\":{},\"black\":{},\"elo\":{},\"last\":{}}}",
            json_string(&r.get::<_, String>(0)?),
            json_string(&r.get::<_, String>(1)?),
            r.get::<_, i64>(2)?,
            r.get::<_, i64>(3)?,
            r.get::<_, i64>(4)?,
            r.get::<_, i64>(5)?,
            r.get::<_, Option<i64>>(6)?.map_or_else(|| "null".to_owned(), |e| e.to_string()),
            opt(r.get(7)?)
        ));
    }
    let hits: Vec<(i64, i64)> = conn
        .prepare_cached("SELECT game_id, ply FROM games_at(?1, ?2) LIMIT ?3")?
        .query_map((fen.as_str(), pos.variant_name(), LIST as i64), |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?
        .collect::<Result<_, _>>()?;
    let opening = sqlchess_pgn::openings::opening_of(&pos).map_or_else(
        || "null".to_owned(),
        |o| {
            format!(
                "{{\"eco\":{},\"name\":{}}}",
                json_string(o.eco),
                json_string(o.name)
            )
        },
    );
    let v = pos.variant();
    Ok(format!(
        "{{\"fen\":{},\"variant\":{},\"width\":{},\"height\":{},\"svg\":{},\"material\":{},\"status\":{},\"opening\":{opening},\"legal\":[{}],\"tree\":[{}],\"games\":{}}}",
        json_string(&fen),
        json_string(pos.variant_name()),
        v.width(),
        v.height(),
        json_string(&Diagram::from_position(&pos).svg()),
        json_string(&pos.material()),
        json_string(pos.status().name()),
        legal.join(","),
        tree.join(","),
        game_list(conn, &hits)?
    ))
}

fn game(conn: &Connection, query: &str) -> anyhow::Result<String> {
    let id: i64 = param(query, "id")
        .and_then(|s| s.parse().ok())
        .context("a game id is needed")?;
    let (bytes, tags): (Vec<u8>, Option<String>) = conn
        .query_row("SELECT game, tags FROM games WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()?
        .with_context(|| format!("no game {id}"))?;
    let g = GameValue::decode(&bytes)?;
    let tags = tags.and_then(|t| parse_tags_json(&t)).unwrap_or_default();
    let tag = |n: &str| tags.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone());
    let positions = g.positions();
    let moves: Vec<String> = g
        .sans()
        .into_iter()
        .zip(positions.iter().skip(1))
        .map(|(san, p)| {
            format!(
                "{{\"san\":{},\"fen\":{}}}",
                json_string(&san),
                json_string(&p.fen())
            )
        })
        .collect();
    Ok(format!(
        "{{\"id\":{id},\"white\":{},\"black\":{},\"result\":{},\"date\":{},\"event\":{},\"variant\":{},\"start\":{},\"moves\":[{}]}}",
        opt(tag("White")),
        opt(tag("Black")),
        json_string(g.result),
        opt(tag("Date")),
        opt(tag("Event")),
        json_string(g.start.variant_name()),
        json_string(&g.start.fen()),
        moves.join(",")
    ))
}

fn search(conn: &Connection, query: &str) -> anyhow::Result<String> {
    let q = param(query, "q").unwrap_or_default();
    let q = q.trim();
    let variant = param(query, "variant").unwrap_or_else(|| "chess".to_owned());
    // A FEN: go there.
    if q.contains(' ') {
        let pos = read_position(q, &variant)?;
        return Ok(format!(
            "{{\"kind\":\"fen\",\"fen\":{},\"variant\":{}}}",
            json_string(&pos.fen()),
            json_string(pos.variant_name())
        ));
    }
    // A pattern: replay the games (the first PATTERN_SCAN) and test each
    // position.
    if q.contains('/') {
        let mut hits = Vec::new();
        let mut stmt = conn.prepare("SELECT id, game FROM games ORDER BY id LIMIT ?1")?;
        let mut rows = stmt.query([PATTERN_SCAN])?;
        while let Some(r) = rows.next()? {
            let (id, bytes): (i64, Vec<u8>) = (r.get(0)?, r.get(1)?);
            let Ok(g) = GameValue::decode(&bytes) else {
                continue;
            };
            for (ply, p) in g.positions().iter().enumerate() {
                if p.matches_pattern(q)? {
                    hits.push((id, ply as i64));
                    break;
                }
            }
            if hits.len() >= LIST {
                break;
            }
        }
        return Ok(format!(
            "{{\"kind\":\"pattern\",\"note\":\"first {LIST} matches among the first {PATTERN_SCAN} games\",\"games\":{}}}",
            game_list(conn, &hits)?
        ));
    }
    // A material signature: the game_materials index.
    if !q.is_empty() && q.chars().all(|c| c.is_ascii_alphabetic() || c == '+') {
        let hits: Vec<(i64, i64)> = conn
            .prepare("SELECT game_id, min(ply) FROM game_materials WHERE material = ?1 GROUP BY game_id ORDER BY game_id LIMIT ?2")?
            .query_map((q, LIST as i64), |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        return Ok(format!(
            "{{\"kind\":\"material\",\"games\":{}}}",
            game_list(conn, &hits)?
        ));
    }
    anyhow::bail!(
        "not a FEN, a material signature (KRPkr) or a pattern (8/8/8/4p3/4P3/8/8/8): {q:?}"
    )
}
