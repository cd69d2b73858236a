//! The Lichess variants over UCI (`UCI_Variant`) and in the search: each
//! plays a legal move, and a won game end is seen as won.

use sqlchess_search::uci;

fn session(input: &str) -> Vec<String> {
    let out = uci::run(input.as_bytes(), Vec::new()).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn uci_variant_plays_each_lichess_variant() {
    let offered = session("uci\n").join("\n");
    for name in [
        "atomic",
        "antichess",
        "kingofthehill",
        "3check",
        "racingkings",
        "horde",
    ] {
        assert!(
            offered.contains(&format!(" var {name}")),
            "{name}: {offered}"
        );
        let lines = session(&format!(
            "setoption name UCI_Variant value {name}\nposition startpos\ngo depth 2\n"
        ));
        assert!(
            lines.iter().all(|l| !l.starts_with("info string")),
            "{name}: {lines:?}"
        );
        let best = lines
            .iter()
            .find_map(|l| l.strip_prefix("bestmove "))
            .unwrap_or_else(|| panic!("{name}: {lines:?}"));
        let v = sqlchess_rules::Variant::builtin(name).unwrap();
        let pos = sqlchess_rules::Position::start(&v);
        assert!(pos.parse_move(best).is_ok(), "{name}: {best}");
    }
}

/// One move from the centre, the search takes it; one check from the
/// third, likewise.
#[test]
fn the_search_sees_variant_wins() {
    for (name, fen, wins) in [
        (
            "kingofthehill",
            "r3k3/8/8/8/8/4K3/8/7R w - - 0 1",
            &["e3e4", "e3d4"][..],
        ),
        (
            "3check",
            "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2",
            &["d1h5"][..],
        ),
    ] {
        let lines = session(&format!(
            "setoption name UCI_Variant value {name}\nposition fen {fen}\ngo depth 3\n"
        ));
        let best = lines.iter().find_map(|l| l.strip_prefix("bestmove "));
        assert!(best.is_some_and(|b| wins.contains(&b)), "{name}: {lines:?}");
        assert!(
            lines.iter().any(|l| l.contains(" score mate 1 ")),
            "{name}: {lines:?}"
        );
    }
}
