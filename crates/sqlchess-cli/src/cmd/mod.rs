//! One module per subcommand.

pub mod bestmove;
pub mod moves;
pub mod perft;
pub mod pieces;
pub mod sql;
pub mod selfplay;
pub mod uci;
pub mod variants;
