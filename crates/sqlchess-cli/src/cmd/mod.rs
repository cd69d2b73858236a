//! One module per subcommand.

pub mod moves;
pub mod perft;
pub mod pieces;
pub mod variants;
