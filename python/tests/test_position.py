"""The Position API against python-chess on thousands of random positions."""

from __future__ import annotations

import array
import pickle

import chess
import pytest

import sqlchess

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

ROLE = {
    chess.PAWN: "pawn",
    chess.KNIGHT: "knight",
    chess.BISHOP: "bishop",
    chess.ROOK: "rook",
    chess.QUEEN: "queen",
    chess.KING: "king",
}


def python_chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 0:
        return 1
    moves = list(board.legal_moves)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += python_chess_perft(board, depth - 1)
        board.pop()
    return total


def test_start_and_fen_round_trip(fens: list[str]) -> None:
    assert sqlchess.Position().fen() == START
    for fen in fens:
        assert sqlchess.Position(fen).fen() == fen


def test_legal_moves_san_and_fen_after_each_move(fens: list[str]) -> None:
    moves_checked = 0
    for fen in fens:
        board = chess.Board(fen)
        pos = sqlchess.Position(fen)
        want = {m.uci(): m for m in board.legal_moves}
        got = pos.legal_moves()
        assert {m.uci for m in got} == set(want), fen
        assert sorted(pos.legal_moves_uci()) == sorted(want), fen
        assert pos.legal_moves_text().split() == pos.legal_moves_uci()
        codes = array.array("H", pos.legal_move_codes())
        assert [sqlchess.uci_of_code(c) for c in codes] == pos.legal_moves_uci()
        assert pos.count_legal() == len(want)
        for m in got:
            pm = want[m.uci]
            assert m.san == board.san(pm), (fen, m.uci)
            assert m.from_square == chess.square_name(pm.from_square)
            assert m.to_square == chess.square_name(pm.to_square)
            piece = board.piece_type_at(pm.from_square)
            assert piece is not None
            assert m.piece == ROLE[piece]
            assert m.promotion == (ROLE[pm.promotion] if pm.promotion else None)
            if board.is_en_passant(pm):
                assert m.captured == "pawn"
            elif board.is_capture(pm):
                victim = board.piece_type_at(pm.to_square)
                assert victim is not None
                assert m.captured == ROLE[victim]
            else:
                assert m.captured is None
            assert m.gives_check == board.gives_check(pm)
            board.push(pm)
            after = pos.play(m)
            assert after.fen() == board.fen(), (fen, m.uci)
            assert pos.play(m.uci).fen() == board.fen()
            board.pop()
            moves_checked += 1
    assert moves_checked > 50_000


def test_checks_mates_stalemates_and_outcomes(fens: list[str]) -> None:
    mates = stalemates = checks = 0
    for fen in fens:
        board = chess.Board(fen)
        pos = sqlchess.Position(fen)
        assert pos.is_check() == board.is_check(), fen
        assert pos.is_checkmate() == board.is_checkmate(), fen
        assert pos.is_stalemate() == board.is_stalemate(), fen
        assert pos.turn == ("white" if board.turn else "black")
        checks += board.is_check()
        if board.is_checkmate():
            mates += 1
            assert pos.status() == "checkmate"
            assert pos.outcome() == ("0-1" if board.turn else "1-0")
        elif board.is_stalemate():
            stalemates += 1
            assert pos.status() == "stalemate"
            assert pos.outcome() == "1/2-1/2"
        elif board.is_insufficient_material():
            assert pos.status() == "insufficient_material", fen
            assert pos.outcome() == "1/2-1/2"
    assert checks > 50 and mates >= 4 and stalemates >= 3, (checks, mates, stalemates)


def test_perft_small(fens: list[str]) -> None:
    for fen in fens[::150]:
        board = chess.Board(fen)
        want = python_chess_perft(board, 2)
        assert sqlchess.Position(fen).perft(2) == want, fen
        assert sqlchess.perft(fen, 2) == want
    assert sqlchess.perft(START, 4) == 197_281
    assert sqlchess.Position(KIWIPETE).perft(3) == 97_862
    assert sqlchess.Position(KIWIPETE).perft(0) == 1
    divide = dict(sqlchess.Position(KIWIPETE).divide(2))
    assert sum(divide.values()) == 2039 and len(divide) == 48


def test_zobrist_pack_and_equality(fens: list[str]) -> None:
    seen: dict[int, str] = {}
    for fen in fens[::10]:
        pos = sqlchess.Position(fen)
        packed = pos.pack()
        assert isinstance(packed, bytes) and len(packed) == 32
        back = sqlchess.Position.unpack(packed)
        assert back == pos and hash(back) == hash(pos)
        assert back.fen() == fen
        z = pos.zobrist()
        assert 0 <= z < 2**64
        board_key = " ".join(fen.split()[:4])
        assert seen.setdefault(z, board_key) == board_key
        assert pickle.loads(pickle.dumps(pos)) == pos
    assert sqlchess.Position() == sqlchess.Position(START)
    assert sqlchess.Position() != sqlchess.Position().play("e4")
    assert sqlchess.Position() != "not a position"
    assert len({sqlchess.Position(), sqlchess.Position(START)}) == 1


def test_play_is_immutable_and_takes_san_uci_and_moves() -> None:
    start = sqlchess.Position()
    after = start.play("e4").play("e7e5").play("Nf3")
    assert start.fen() == START
    assert after.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    move = start.parse_move("Nf3")
    assert move.uci == "g1f3" and move.san == "Nf3" and move.piece == "knight"
    assert move.position is start and move.after() == start.play("g1f3")
    assert repr(move) == "Move('g1f3')" and str(move) == "g1f3"
    assert move == start.parse_move("g1f3") and hash(move) == hash(start.parse_move("g1f3"))
    # A move object from another position is checked for legality here.
    e4 = start.parse_move("e4")
    assert after.play("Nc6").play(start.parse_move("d4")).fen().startswith("r1bqkbnr")
    assert e4.san == "e4"
    assert repr(start) == f"Position({START!r})"
    assert "♔" in str(start) or "K" in str(start)


def test_next_move_finds_mate() -> None:
    mate_in_one = sqlchess.Position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    best = mate_in_one.next_move(depth=3)
    assert best is not None and best.san == "Ra8#"
    assert mate_in_one.next_move(movetime=50) is not None
    assert mate_in_one.next_move(nodes=10_000) is not None
    assert mate_in_one.next_move() is not None
    mated = mate_in_one.play("Ra8#")
    assert mated.is_checkmate() and mated.next_move(depth=2) is None


def test_variants_and_pieces() -> None:
    names = sqlchess.variants()
    assert "chess" in names and "xiangqi" in names and "capablanca" in names
    pieces = dict(sqlchess.pieces())
    assert pieces["amazon"] == "QN" and pieces["knight"] == "N"
    xq = sqlchess.Position(variant="xiangqi")
    assert xq.variant == "xiangqi" and xq.perft(2) == 1920
    assert "variant='xiangqi'" in repr(xq)
    assert sqlchess.Position.unpack(xq.pack()) == xq


def test_jupyter_svg() -> None:
    svg = sqlchess.Position()._repr_svg_()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert svg.rstrip().endswith("</svg>")
    assert svg == sqlchess.Position().svg()
    wide = sqlchess.Position(variant="capablanca")._repr_svg_()
    assert "</svg>" in wide and wide != svg


def test_perft_releases_the_gil() -> None:
    import threading

    done = threading.Event()
    result: list[int] = []

    def work() -> None:
        result.append(sqlchess.perft(KIWIPETE, 5))
        done.set()

    thread = threading.Thread(target=work)
    thread.start()
    spins = 0
    while not done.is_set():
        spins += 1  # runs only while perft has let go of the GIL
    thread.join()
    assert result == [193_690_690]
    assert spins > 1000


def test_move_codes_are_chess_only_and_checked() -> None:
    assert sqlchess.uci_of_code(12 + 64 * 28) == "e2e4"
    assert sqlchess.uci_of_code(52 + 64 * 60 + 4096 * 4) == "e7e8q"
    for bad in (-1, 5 * 4096, 2**70):
        with pytest.raises(ValueError, match="no move code"):
            sqlchess.uci_of_code(bad)
    with pytest.raises(sqlchess.SqlchessError, match="not xiangqi"):
        sqlchess.Position(variant="xiangqi").legal_move_codes()
