//! The UCI engine alone, without the `sqlchess` CLI (for quick engine
//! matches while the CLI is being built): `cargo run --release -p
//! sqlchess-search --example uci`.

fn main() -> Result<(), sqlchess_search::uci::UciError> {
    let stdin = std::io::stdin();
    sqlchess_search::uci::run(stdin.lock(), std::io::stdout())?;
    Ok(())
}
