//! Running a batch of SQL statements and printing their rows: aligned
//! tables for people, CSV and tab-separated text for programs. The
//! `sqlchess sql` command and the test of `docs/sets.md` both print
//! through here.

use std::io::{self, Write};

use rusqlite::types::ValueRef;
use rusqlite::{Batch, Connection};

/// How rows are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// A header, a rule and aligned columns; numbers right-aligned, NULL as `NULL`.
    Table,
    /// RFC 4180 CSV: a header line, then comma-separated rows, fields quoted
    /// when they hold a comma, quote or line break; NULL as an empty field.
    Csv,
    /// A header line, then tab-separated rows; NULL as an empty field.
    Tsv,
}

/// A failure of [`run`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// A statement failed to prepare or run.
    #[error("{}", sql_message(.0))]
    Sql(#[from] rusqlite::Error),
    /// Writing the output failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// SQLite's own message when it has one (a function's error text, a syntax
/// error), without rusqlite's generic code description.
fn sql_message(err: &rusqlite::Error) -> String {
    match err {
        rusqlite::Error::SqliteFailure(_, Some(msg)) => msg.clone(),
        other => other.to_string(),
    }
}

/// Executes every statement of `sql` in order and prints the rows of each
/// statement that returns columns (`SELECT`, `VALUES`, `PRAGMA` ..., and
/// `INSERT ... RETURNING`). Result sets are separated by a blank line.
///
/// Statements before a failing one keep their effects, as in `sqlite3`.
///
/// ```
/// use sqlchess_sqlite::{open_in_memory, run, Format};
/// let conn = open_in_memory().unwrap();
/// let mut out = Vec::new();
/// run(&conn, "SELECT square, x, y FROM board WHERE square IN ('a1', 'h8')", Format::Csv, &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "square,x,y\na1,1,1\nh8,8,8\n");
/// ```
///
/// # Errors
/// The first SQL error, or an output error.
pub fn run(
    conn: &Connection,
    sql: &str,
    format: Format,
    out: &mut dyn Write,
) -> Result<(), RunError> {
    let mut batch = Batch::new(conn, sql);
    let mut sets = 0;
    while let Some(mut stmt) = rusqlite::fallible_iterator::FallibleIterator::next(&mut batch)? {
        let columns: Vec<String> = stmt.column_names().into_iter().map(str::to_owned).collect();
        if columns.is_empty() {
            stmt.raw_execute()?;
            continue;
        }
        if sets > 0 {
            writeln!(out)?;
        }
        sets += 1;
        let mut rows = stmt.raw_query();
        match format {
            Format::Table => {
                let mut cells: Vec<Vec<Cell>> = Vec::new();
                while let Some(row) = rows.next()? {
                    cells.push(
                        (0..columns.len())
                            .map(|i| Cell::of(row.get_ref_unwrap(i)))
                            .collect(),
                    );
                }
                write_table(&columns, &cells, out)?;
            }
            Format::Csv | Format::Tsv => {
                let sep = if format == Format::Csv { "," } else { "\t" };
                let field = |s: &str| {
                    if format == Format::Csv {
                        csv_field(s)
                    } else {
                        tsv_field(s)
                    }
                };
                let header: Vec<String> = columns.iter().map(|c| field(c)).collect();
                writeln!(out, "{}", header.join(sep))?;
                while let Some(row) = rows.next()? {
                    let line: Vec<String> = (0..columns.len())
                        .map(|i| match row.get_ref_unwrap(i) {
                            ValueRef::Null => String::new(),
                            v => field(&Cell::of(v).text),
                        })
                        .collect();
                    writeln!(out, "{}", line.join(sep))?;
                }
            }
        }
    }
    Ok(())
}

/// One printed value.
struct Cell {
    text: String,
    numeric: bool,
}

impl Cell {
    fn of(v: ValueRef<'_>) -> Cell {
        let (text, numeric) = match v {
            ValueRef::Null => ("NULL".to_owned(), false),
            ValueRef::Integer(i) => (i.to_string(), true),
            ValueRef::Real(r) => (r.to_string(), true),
            ValueRef::Text(t) => (String::from_utf8_lossy(t).into_owned(), false),
            ValueRef::Blob(b) => {
                let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
                (format!("x'{hex}'"), false)
            }
        };
        Cell { text, numeric }
    }
}

fn write_table(columns: &[String], rows: &[Vec<Cell>], out: &mut dyn Write) -> io::Result<()> {
    let width = |s: &str| s.chars().count();
    let widths: Vec<usize> = (0..columns.len())
        .map(|i| {
            rows.iter()
                .map(|r| width(&r[i].text))
                .chain([width(&columns[i])])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<String>| format!(" {}", cells.join(" | ")).trim_end().to_owned();
    let header = columns
        .iter()
        .zip(&widths)
        .map(|(c, &w)| format!("{c:<w$}"))
        .collect();
    writeln!(out, "{}", line(header))?;
    let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w + 2)).collect();
    writeln!(out, "{}", rule.join("+"))?;
    for row in rows {
        let cells = row
            .iter()
            .zip(&widths)
            .map(|(c, &w)| {
                if c.numeric {
                    format!("{:>w$}", c.text)
                } else {
                    format!("{:<w$}", c.text)
                }
            })
            .collect();
        writeln!(out, "{}", line(cells))?;
    }
    Ok(())
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

fn tsv_field(s: &str) -> String {
    s.replace(['\t', '\n', '\r'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn print(sql: &str, format: Format) -> Result<String, RunError> {
        let conn = Connection::open_in_memory().unwrap();
        let mut out = Vec::new();
        run(&conn, sql, format, &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn table_aligns_and_right_aligns_numbers() {
        let text = print(
            "SELECT 'a' AS name, 10 AS n UNION ALL SELECT 'long name', 7",
            Format::Table,
        )
        .unwrap();
        assert_eq!(
            text,
            " name      | n\n-----------+----\n a         | 10\n long name |  7\n"
        );
    }

    #[test]
    fn csv_quotes() {
        let text = print(
            r#"SELECT 'a,b' AS "x,y", 'say "hi"' AS q, NULL AS n, 1.5 AS r"#,
            Format::Csv,
        )
        .unwrap();
        assert_eq!(text, "\"x,y\",q,n,r\n\"a,b\",\"say \"\"hi\"\"\",,1.5\n");
    }

    #[test]
    fn every_select_of_a_batch_prints() {
        let text = print(
            "CREATE TABLE t(a); INSERT INTO t VALUES (1), (2); SELECT count(*) AS n FROM t; SELECT a FROM t ORDER BY a",
            Format::Tsv,
        )
        .unwrap();
        assert_eq!(text, "n\n2\n\na\n1\n2\n");
    }

    #[test]
    fn errors_surface() {
        assert!(matches!(
            print("SELECT nope", Format::Table),
            Err(RunError::Sql(_))
        ));
    }
}
