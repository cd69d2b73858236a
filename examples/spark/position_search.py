"""Position search over an archive on Spark: every game that reached a
position, by any move order, with the ply — SQLite's ``games_at(fen)``.

    spark-submit examples/spark/position_search.py FEN games/*.pgn.zst
"""

from __future__ import annotations

import argparse

from pyspark.sql import DataFrame, SparkSession

import sqlchess.spark


def games_at(spark: SparkSession, games: DataFrame, fen: str, variant: str = "chess") -> DataFrame:
    """``path, game_no, ply, white, black, result`` of every game of
    read_pgn's ``games`` that reached ``fen``: the 64-bit key first, then the
    position compared exactly (a hash collision cannot give a wrong row)."""
    sqlchess.spark.register(spark)
    games.createOrReplaceTempView("position_search_games")
    return spark.sql(
        """
        SELECT g.path, g.game_no, p.ply, g.white, g.black, g.result
        FROM position_search_games g, LATERAL game_positions(g.game) p
        WHERE g.variant = :variant
          AND p.position = position_key(:fen, :variant)
          AND without_clocks(p.fen, g.variant) = without_clocks(:fen, :variant)
        ORDER BY g.path, g.game_no, p.ply
        """,
        args={"fen": fen, "variant": variant},
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fen")
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--variant", default="chess")
    args = parser.parse_args()
    spark = SparkSession.builder.appName("sqlchess-position-search").getOrCreate()
    games, _ = sqlchess.spark.read_pgn(spark, args.pgn)
    games_at(spark, games, args.fen, args.variant).show(100, truncate=False)


if __name__ == "__main__":
    main()
