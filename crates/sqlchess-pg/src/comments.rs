//! A COMMENT on every function of the extension, so that `\df+` documents
//! it (pgrx emits none). The `every_function_has_a_comment` test fails if
//! a function is added without one.

use pgrx::prelude::*;

extension_sql!(
    r#"
COMMENT ON FUNCTION chessgame_in(cstring) IS 'chessgame input: a FEN, or variant:FEN (22P02 on bad input)';
COMMENT ON FUNCTION chessgame_out(chessgame) IS 'chessgame output: the FEN, prefixed by variant: unless standard chess';
COMMENT ON FUNCTION chessgame_recv(internal) IS 'chessgame binary input: the packed bytes, checked (22P03 on bad input)';
COMMENT ON FUNCTION chessgame_send(chessgame) IS 'chessgame binary output: the packed bytes (32 for standard chess)';
COMMENT ON FUNCTION chessmove_in(cstring) IS 'chessmove input: UCI text such as e2e4, e7e8q, P@e5 (22P02 on bad input)';
COMMENT ON FUNCTION chessmove_out(chessmove) IS 'chessmove output: UCI text';
COMMENT ON FUNCTION chessmove_recv(internal) IS 'chessmove binary input: the UCI text''s bytes, checked';
COMMENT ON FUNCTION chessmove_send(chessmove) IS 'chessmove binary output: the UCI text''s bytes';

COMMENT ON FUNCTION chessgame_eq(chessgame, chessgame) IS 'chessgame = chessgame: the same position, clocks included';
COMMENT ON FUNCTION chessgame_ne(chessgame, chessgame) IS 'chessgame <> chessgame';
COMMENT ON FUNCTION chessgame_lt(chessgame, chessgame) IS 'chessgame < chessgame, in packed-byte order (arbitrary but total)';
COMMENT ON FUNCTION chessgame_le(chessgame, chessgame) IS 'chessgame <= chessgame, in packed-byte order';
COMMENT ON FUNCTION chessgame_gt(chessgame, chessgame) IS 'chessgame > chessgame, in packed-byte order';
COMMENT ON FUNCTION chessgame_ge(chessgame, chessgame) IS 'chessgame >= chessgame, in packed-byte order';
COMMENT ON FUNCTION chessgame_cmp(chessgame, chessgame) IS 'btree support: -1, 0 or 1 in packed-byte order';
COMMENT ON FUNCTION chessgame_hash(chessgame) IS 'hash support: a hash of the packed bytes';
COMMENT ON FUNCTION chessmove_eq(chessmove, chessmove) IS 'chessmove = chessmove: the same UCI text';
COMMENT ON FUNCTION chessmove_ne(chessmove, chessmove) IS 'chessmove <> chessmove';
COMMENT ON FUNCTION chessmove_lt(chessmove, chessmove) IS 'chessmove < chessmove, in UCI text byte order';
COMMENT ON FUNCTION chessmove_le(chessmove, chessmove) IS 'chessmove <= chessmove, in UCI text byte order';
COMMENT ON FUNCTION chessmove_gt(chessmove, chessmove) IS 'chessmove > chessmove, in UCI text byte order';
COMMENT ON FUNCTION chessmove_ge(chessmove, chessmove) IS 'chessmove >= chessmove, in UCI text byte order';
COMMENT ON FUNCTION chessmove_cmp(chessmove, chessmove) IS 'btree support: -1, 0 or 1 in UCI text byte order';
COMMENT ON FUNCTION chessmove_hash(chessmove) IS 'hash support: a hash of the UCI text';

COMMENT ON FUNCTION chessgame(text, text) IS 'chessgame(fen [, variant]): the position of a FEN of a variant (chess by default)';
COMMENT ON FUNCTION start_position(text) IS 'start_position([variant]): the start position of a variant (chess by default)';
COMMENT ON FUNCTION fen(chessgame) IS 'fen(game): the FEN, without the variant prefix';
COMMENT ON FUNCTION variant(chessgame) IS 'variant(game): chess, chess960, or the fairy variant''s name';
COMMENT ON FUNCTION without_clocks(chessgame) IS 'without_clocks(game): the position with half-move clock 0 and move number 1, the key that merges transpositions in set-based search';
COMMENT ON FUNCTION white_to_move(chessgame) IS 'white_to_move(game): whether White is to move';
COMMENT ON FUNCTION pack_position(text, text) IS 'pack_position(fen [, variant]): the packed bytes (32 for standard chess)';
COMMENT ON FUNCTION unpack_position(bytea) IS 'unpack_position(bytes): the FEN (variant:FEN for variants) of packed bytes (22P03 if they are not)';
COMMENT ON FUNCTION packed(chessgame) IS 'packed(game): the stored bytes of a chessgame';

COMMENT ON FUNCTION apply_move(text, text, text) IS 'apply_move(fen, move [, variant]): the FEN after a UCI or SAN move (22P02 malformed, 22023 illegal)';
COMMENT ON FUNCTION apply_move(chessgame, text) IS 'apply_move(game, move): the position after a UCI or SAN move (22P02 malformed, 22023 illegal)';
COMMENT ON FUNCTION apply_move(chessgame, chessmove) IS 'apply_move(game, move): the position after a move (22023 if illegal)';
COMMENT ON FUNCTION apply_move(chessmove, chessgame) IS 'apply_move(move, game): pgChess''s argument order for apply_move(game, move)';
COMMENT ON FUNCTION validate_move(text, text, text) IS 'validate_move(fen, move [, variant]): NULL if the UCI or SAN move is legal, else the reason';
COMMENT ON FUNCTION validate_move(chessgame, text) IS 'validate_move(game, move): NULL if the UCI or SAN move is legal, else the reason';
COMMENT ON FUNCTION to_uci(chessgame, text) IS 'to_uci(game, move): a legal UCI or SAN move as a chessmove (castling as the king''s move)';

COMMENT ON FUNCTION is_check(text, text) IS 'is_check(fen [, variant]): whether the side to move is in check';
COMMENT ON FUNCTION is_check(chessgame) IS 'is_check(game): whether the side to move is in check';
COMMENT ON FUNCTION is_king_under_attack(text, text) IS 'is_king_under_attack(fen [, variant]): pgChess''s name for is_check';
COMMENT ON FUNCTION is_king_under_attack(chessgame) IS 'is_king_under_attack(game): pgChess''s name for is_check';
COMMENT ON FUNCTION is_checkmate(text, text) IS 'is_checkmate(fen [, variant]): whether the side to move is checkmated';
COMMENT ON FUNCTION is_checkmate(chessgame) IS 'is_checkmate(game): whether the side to move is checkmated';
COMMENT ON FUNCTION is_stalemate(text, text) IS 'is_stalemate(fen [, variant]): whether the side to move is stalemated';
COMMENT ON FUNCTION is_stalemate(chessgame) IS 'is_stalemate(game): whether the side to move is stalemated';
COMMENT ON FUNCTION game_status(text, text) IS 'game_status(fen [, variant]): ongoing, checkmate, stalemate, insufficient_material or fifty_moves';
COMMENT ON FUNCTION game_status(chessgame) IS 'game_status(game): ongoing, checkmate, stalemate, insufficient_material or fifty_moves';
COMMENT ON FUNCTION zobrist(text, text) IS 'zobrist(fen [, variant]): the 64-bit Zobrist hash as a signed bigint';
COMMENT ON FUNCTION zobrist(chessgame) IS 'zobrist(game): the 64-bit Zobrist hash as a signed bigint';
COMMENT ON FUNCTION evaluate(text, text) IS 'evaluate(fen [, variant]): the static evaluation in centipawns, positive when White is better';
COMMENT ON FUNCTION evaluate(chessgame) IS 'evaluate(game): the static evaluation in centipawns, positive when White is better';
COMMENT ON FUNCTION perft(text, integer, text) IS 'perft(fen, depth [, variant]): leaf nodes of the legal move tree, depth 0..12';
COMMENT ON FUNCTION perft(chessgame, integer) IS 'perft(game, depth): leaf nodes of the legal move tree, depth 0..12';

COMMENT ON FUNCTION legal_moves(text, text) IS 'legal_moves(fen [, variant]): one row per legal move: uci, san, from_square, to_square, piece, captured, promotion, gives_check, fen_after';
COMMENT ON FUNCTION legal_moves(chessgame) IS 'legal_moves(game): one row per legal move: uci, san, from_square, to_square, piece, captured, promotion, gives_check, after';
COMMENT ON FUNCTION valid_moves(chessgame) IS 'valid_moves(game): pgChess''s set of legal moves, as chessmove';
COMMENT ON FUNCTION next_move(text, integer, text, bigint) IS 'next_move(fen, depth [, variant [, max_nodes]]): the best move in UCI by alpha-beta search to depth 1..32 within max_nodes nodes (20,000,000 by default); NULL if the game is over';
COMMENT ON FUNCTION next_move(chessgame, integer, bigint) IS 'next_move(game [, depth 4 [, max_nodes]]): the best move by alpha-beta search to depth 1..32 within max_nodes nodes (20,000,000 by default); NULL if the game is over';

COMMENT ON FUNCTION gamevalue_in(cstring) IS 'gamevalue input: PGN of one game, tags optional (22P02 on a bad or illegal game)';
COMMENT ON FUNCTION gamevalue_out(gamevalue) IS 'gamevalue output: the PGN without placeholder tags (1. e4 e5 *; Variant and FEN tags when needed)';
COMMENT ON FUNCTION gamevalue_recv(internal) IS 'gamevalue binary input: the game value bytes, checked (22P03 on bad input)';
COMMENT ON FUNCTION gamevalue_send(gamevalue) IS 'gamevalue binary output: the game value bytes';
COMMENT ON FUNCTION position_at(gamevalue, integer) IS 'position_at(game, ply): the FEN after ply plies (0 the start); NULL past the end';
COMMENT ON FUNCTION ply_count(gamevalue) IS 'ply_count(game): the number of plies';
COMMENT ON FUNCTION to_pgn(gamevalue) IS 'to_pgn(game): the game as PGN with the Seven Tag Roster';
COMMENT ON FUNCTION to_pgn(gamevalue, jsonb) IS 'to_pgn(game, tags): the game as PGN under the tags of a JSON object of strings (the tags column)';
COMMENT ON FUNCTION game_from_moves(text, text, text) IS 'game_from_moves(moves [, fen [, variant]]): a game from UCI or SAN moves separated by spaces';
COMMENT ON FUNCTION game_line(gamevalue, integer, integer) IS 'game_line(game [, from_ply [, plies]]): the moves in SAN separated by spaces';
COMMENT ON FUNCTION has_position(gamevalue, text, text) IS 'has_position(game, fen [, variant]): whether the game reached the position (clocks aside)';
COMMENT ON FUNCTION reaches_at(gamevalue, integer, text, text) IS 'reaches_at(game, ply, fen [, variant]): whether the game stands on the position (clocks aside) after ply plies';
COMMENT ON FUNCTION move_at(gamevalue, integer) IS 'move_at(game, ply): the move played from the position after ply plies, in UCI; NULL past the end';
COMMENT ON FUNCTION game_moves(gamevalue) IS 'game_moves(game): one row per ply: ply, uci, san, fen_before, fen_after, comment, nags, clock (seconds), eval (text: pawns, or #N)';
COMMENT ON FUNCTION pgn_games(text) IS 'pgn_games(pgn): one row per game of PGN text, rejected games included with their error';
COMMENT ON FUNCTION read_pgn(text) IS 'read_pgn(path): one row per game of a PGN file on the server (.pgn, .gz, .zst, .bz2); superuser or pg_read_server_files';
COMMENT ON FUNCTION position_key(text, text) IS 'position_key(fen [, variant]): the key of game_positions.position (64-bit Zobrist, clocks excluded)';
COMMENT ON FUNCTION material(text, text) IS 'material(fen [, variant]): the canonical material signature (KQRRBBNNPPPPPPPPkqrrbbnnpppppppp)';
COMMENT ON FUNCTION matches_pattern(text, text, text) IS 'matches_pattern(fen, pattern [, variant]): whether the board matches a sub-FEN pattern';
COMMENT ON FUNCTION speed_class(text) IS 'speed_class(time_control): ultrabullet, bullet, blitz, rapid, classical, correspondence or unknown';
COMMENT ON FUNCTION rating_band(bigint, bigint) IS 'rating_band(white_elo, black_elo): the explorer''s rating band (0 when a rating is missing)';
COMMENT ON FUNCTION opening(text, text) IS 'opening(fen [, variant]): the ECO code and name of a named position; no row otherwise';

COMMENT ON FUNCTION board_svg(text) IS 'board_svg(fen): the board as an SVG picture (any variant''s board field, up to 16x16)';
COMMENT ON FUNCTION board_svg(chessgame) IS 'board_svg(game): the board as an SVG picture';
COMMENT ON FUNCTION board_text(text) IS 'board_text(fen): the board as Unicode text, ranks on the left and files below';
COMMENT ON FUNCTION board_text(chessgame) IS 'board_text(game): the board as Unicode text, ranks on the left and files below';
COMMENT ON FUNCTION pieces() IS 'pieces(): the built-in pieces, name and notation (Betza or Parlett)';
COMMENT ON FUNCTION piece_geometry(text, integer, integer) IS 'piece_geometry(piece_or_notation [, width, height]): a piece''s moves on an empty board up to 16x16, with the squares each passes over';
"#,
    name = "comments",
    finalize
);
