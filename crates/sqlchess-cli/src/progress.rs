//! Progress bars on a terminal, nothing when standard error is piped.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar counting `len` steps, drawn on standard error only if it is a terminal.
pub fn bar(len: u64, message: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {elapsed_precise} eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_message(message.to_owned());
    bar
}

/// A bar over `bytes` of input with games per second and MB/s, drawn on
/// standard error only if it is a terminal; `bytes` 0 gives a spinner
/// (compressed input, whose size says little).
pub fn bytes(bytes: u64, message: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let (bar, template) = if bytes > 0 {
        (
            ProgressBar::new(bytes),
            "{msg} [{bar:30}] {bytes}/{total_bytes} {binary_bytes_per_sec} {prefix} eta {eta}",
        )
    } else {
        (
            ProgressBar::new_spinner(),
            "{msg} {spinner} {bytes} {binary_bytes_per_sec} {prefix} {elapsed_precise}",
        )
    };
    bar.set_style(
        ProgressStyle::with_template(template)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_message(message.to_owned());
    bar
}
