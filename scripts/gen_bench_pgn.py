#!/usr/bin/env python3
"""Writes bench.pgn: 100,000 copies of a 40-move (80-ply) game with 14 tags and
a [%clk] comment after every move (2,526 bytes per game, 252.6 MB in all).

Usage: python3 scripts/gen_bench_pgn.py OUT.pgn
"""
import sys

moves = ("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 "
         "c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 "
         "Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ Rxf7 Nxf7 Rxe1+ Qxe1 Kxf7 Qe3 Qg5 "
         "Qxg5 hxg5 b3 Ke6 a3 Kd6 axb4 cxb4 Ra5 Nd5 f3 Bc8 Kf2 Bf5 Ra7 g6 Ra6+ Kc5 Ke1 "
         "Nf4 g3 Nxh3 Kd2 Nf2 Kc1 Kd7").split()[:80]
tags = """[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdefgh"]
[Date "2024.01.01"]
[Round "-"]
[White "PlayerOne"]
[Black "PlayerTwo"]
[Result "1-0"]
[UTCDate "2024.01.01"]
[UTCTime "12:00:00"]
[WhiteElo "1850"]
[BlackElo "1832"]
[ECO "C95"]
[TimeControl "180+0"]
[Termination "Normal"]

"""
parts = []
for i, m in enumerate(moves):
    parts.append(f"{i // 2 + 1}. {m}" if i % 2 == 0 else f"{i // 2 + 1}... {m}")
    c = 18000 - i * 100
    parts.append("{ [%%clk 0:%02d:%02d] }" % (c // 6000, (c // 100) % 60))
parts.append("1-0")
game = tags + " ".join(parts) + "\n\n"
with open(sys.argv[1], "w") as f:
    for _ in range(100000):
        f.write(game)
