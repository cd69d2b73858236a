"""ECO classification at scale on Spark: the openings of an archive, most
played first, with the results. ``read_pgn`` names each game's opening from
its ECO and Opening tags or, where they are missing, from the deepest
position of the Lichess opening list (CC0) the game reached.

    spark-submit examples/spark/eco.py games/*.pgn.zst
"""

from __future__ import annotations

import argparse

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

import sqlchess.spark


def openings(games: DataFrame) -> DataFrame:
    """``eco, opening, games, white_wins, draws, black_wins`` over read_pgn's
    ``games``, most played first."""
    won = {"white_wins": "1-0", "draws": "1/2-1/2", "black_wins": "0-1"}
    return (
        games.groupBy("eco", "opening")
        .agg(
            F.count("*").alias("games"),
            *(F.sum((F.col("result") == r).cast("int")).alias(name) for name, r in won.items()),
        )
        .orderBy(F.col("games").desc(), F.col("eco").asc_nulls_last(), "opening")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn", nargs="+")
    args = parser.parse_args()
    spark = SparkSession.builder.appName("sqlchess-eco").getOrCreate()
    games, _ = sqlchess.spark.read_pgn(spark, args.pgn)
    openings(games).show(50, truncate=False)


if __name__ == "__main__":
    main()
