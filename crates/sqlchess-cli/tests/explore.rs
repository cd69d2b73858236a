//! `sqlchess explore` in a real browser: headless Chromium (Debian's
//! `chromium`) loads the page from the server on 127.0.0.1, a move in the
//! explorer's table is clicked, and the test checks the page's text (the
//! position after the move, the move table) and the screenshot's pixels
//! (the pieces stand where the FEN says).

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

const PGN: &str = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[WhiteElo \"2000\"]\n[BlackElo \"1900\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n\
[White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n1. e4 c5 2. Nf3 d6 0-1\n\n\
[White \"E\"]\n[Black \"F\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 2. c4 e6 1/2-1/2\n";

/// Stops the server when the test ends, however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn chromium() -> &'static str {
    let path = "/usr/bin/chromium";
    assert!(
        std::path::Path::new(path).exists(),
        "headless Chromium is needed: apt-get install chromium (.ci/run installs it)"
    );
    path
}

fn browse(url: &str, extra: &[&str]) -> std::process::Output {
    Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--window-size=1200,900",
            "--virtual-time-budget=10000",
        ])
        .args(extra)
        .arg(url)
        .stderr(Stdio::null())
        .output()
        .expect("run chromium")
}

#[test]
fn the_page_shows_the_board_and_a_click_updates_the_table() {
    let dir = std::env::temp_dir().join(format!("sqlchess-explore-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("g.pgn");
    std::fs::write(&pgn, PGN).unwrap();
    let db = dir.join("g.db");
    let out = Command::new(env!("CARGO_BIN_EXE_sqlchess"))
        .args([
            "import",
            "--db",
            db.to_str().unwrap(),
            pgn.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_sqlchess"))
        .args(["explore", "--db", db.to_str().unwrap(), "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let server = Server(child);
    let mut url = String::new();
    BufReader::new(stdout).read_line(&mut url).unwrap();
    let url = url.trim();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");

    // The start position: three games, 1. e4 twice and 1. d4 once.
    let dom = String::from_utf8(browse(url, &["--dump-dom"]).stdout).unwrap();
    assert!(dom.contains("data-ready=\"1\""), "{dom}");
    assert!(dom.contains("data-uci=\"e2e4\""), "{dom}");
    assert!(dom.contains("data-uci=\"d2d4\""), "{dom}");

    // Click 1. e4 in the table: the board and the table follow.
    let after = format!("{url}#fen=&variant=chess&click=e2e4");
    let dom = String::from_utf8(browse(&after, &["--dump-dom"]).stdout).unwrap();
    assert!(
        dom.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        "{dom}"
    );
    assert!(
        dom.contains("data-uci=\"e7e5\"") && dom.contains("data-uci=\"c7c5\""),
        "{dom}"
    );
    assert!(!dom.contains("data-uci=\"d2d4\""), "{dom}");
    assert!(dom.contains("King's Pawn"), "{dom}");

    // The screenshot: e4 holds a piece, e2 is empty, a8 and h1 hold rooks.
    let shot = dir.join("page.png");
    let arg = format!("--screenshot={}", shot.display());
    assert!(browse(&after, &[&arg]).status.success());
    let decoder = png::Decoder::new(std::fs::File::open(&shot).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let (w, h) = (info.width as usize, info.height as usize);
    let px = |x: usize, y: usize| {
        let i = (y * w + x) * channels;
        (buf[i], buf[i + 1], buf[i + 2])
    };
    const LIGHT: (u8, u8, u8) = (240, 217, 181);
    const DARK: (u8, u8, u8) = (181, 136, 99);
    // a8 is light: the first light pixel in reading order is its corner.
    let (x0, y0) = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .find(|&(x, y)| px(x, y) == LIGHT)
        .expect("the board is on the page");
    let square = |file: usize, row_from_top: usize| -> Vec<(u8, u8, u8)> {
        let mut v = Vec::new();
        for dy in 4..41 {
            for dx in 4..41 {
                v.push(px(x0 + file * 45 + dx, y0 + row_from_top * 45 + dy));
            }
        }
        v
    };
    let holds_piece = |file, row| square(file, row).iter().any(|&c| c != LIGHT && c != DARK);
    assert!(holds_piece(4, 4), "e4 should hold the pawn");
    assert!(!holds_piece(4, 6), "e2 should be empty");
    assert!(
        holds_piece(0, 0) && holds_piece(7, 7),
        "a8 and h1 hold rooks"
    );
    assert!(!holds_piece(3, 3), "d5 is empty");
    drop(server);
    std::fs::remove_dir_all(&dir).ok();
}
