"""The opening explorer's aggregate on Spark: every move played from a
position within the first 30 plies, with games, White wins, draws and Black
wins — the numbers SQLite's ``opening_tree(fen)`` gives on the same games.

    spark-submit examples/spark/opening_stats.py games/*.pgn.zst [--fen FEN]
"""

from __future__ import annotations

import argparse

from pyspark.sql import DataFrame, SparkSession

import sqlchess.spark

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def opening_stats(spark: SparkSession, games: DataFrame, fen: str, variant: str = "chess") -> DataFrame:
    """One row per move from ``fen``: ``san, games, white_wins, draws,
    black_wins``, most played first. ``games`` is read_pgn's DataFrame."""
    sqlchess.spark.register(spark)
    games.createOrReplaceTempView("opening_stats_games")
    key = spark.sql("SELECT without_clocks(?, ?)", args=[fen, variant]).first()[0]  # type: ignore[index]
    return spark.sql(
        """
        SELECT m.san, count(*) AS games,
               sum(CAST(g.result = '1-0' AS INT)) AS white_wins,
               sum(CAST(g.result = '1/2-1/2' AS INT)) AS draws,
               sum(CAST(g.result = '0-1' AS INT)) AS black_wins
        FROM opening_stats_games g, LATERAL game_moves(g.game) m
        WHERE g.variant = :variant AND m.ply <= 30
          AND without_clocks(m.fen_before, g.variant) = :key
        GROUP BY m.san
        ORDER BY games DESC, m.san
        """,
        args={"variant": variant, "key": key},
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--fen", default=START)
    parser.add_argument("--variant", default="chess")
    args = parser.parse_args()
    spark = SparkSession.builder.appName("sqlchess-opening-stats").getOrCreate()
    games, _ = sqlchess.spark.read_pgn(spark, args.pgn)
    opening_stats(spark, games, args.fen, args.variant).show(50, truncate=False)


if __name__ == "__main__":
    main()
