//! One module per subcommand.

pub mod bestmove;
pub mod explore;
pub mod export;
pub mod import;
pub mod import_pg;
pub mod moves;
pub mod perft;
pub mod pieces;
pub mod play;
pub mod puzzle;
pub mod render;
pub mod selfplay;
pub mod sql;
pub mod uci;
pub mod variants;
