//! `Position` and `Move`: thin wrappers over the facade's position and move.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{LazyLock, PoisonError, RwLock};
use std::time::Duration;

use pyo3::basic::CompareOp;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};
use sqlchess_rules::{DepthError, Variant, Variants, MAX_PERFT_DEPTH};
use sqlchess_search::{Limits, SQL_NODE_BUDGET};

use crate::errors::{detached, to_py, InvalidDepth, SqlchessError};

/// The variants Python knows: the built-ins plus those `load_variants` read.
pub static VARIANTS: LazyLock<RwLock<Variants>> =
    LazyLock::new(|| RwLock::new(Variants::builtin()));

/// Whether `load_variants` has loaded anything (until then a name is a
/// built-in's, found without the lock).
pub static LOADED: AtomicBool = AtomicBool::new(false);

/// The variant of that name, loaded ones first.
pub fn variant(name: &str) -> PyResult<Variant> {
    if !LOADED.load(Ordering::Acquire) {
        return Variant::builtin(name).map_err(to_py);
    }
    let set = VARIANTS.read().unwrap_or_else(PoisonError::into_inner);
    set.get(name).map_err(to_py)
}

/// A depth from Python, checked against the facade's limit.
pub fn depth(depth: i64) -> PyResult<u32> {
    u32::try_from(depth)
        .ok()
        .filter(|d| *d <= MAX_PERFT_DEPTH)
        .ok_or_else(|| {
            InvalidDepth::new_err(
                DepthError {
                    depth,
                    max: MAX_PERFT_DEPTH,
                }
                .to_string(),
            )
        })
}

/// The UCI strings of chess moves by [`sqlchess_rules::Position::legal_uci_codes`]'s
/// code, each made when first needed.
static UCI_STRINGS: pyo3::sync::GILOnceCell<Vec<std::sync::OnceLock<Py<PyString>>>> =
    pyo3::sync::GILOnceCell::new();

thread_local! {
    /// Where `Position.legal_moves_uci` puts the moves' codes.
    static UCI_CODES_BUFFER: std::cell::Cell<Vec<u16>> = const { std::cell::Cell::new(Vec::new()) };
    /// Where `Position.fen` prints.
    static FEN_BUFFER: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// A position of any variant; immutable (`play` returns a new one).
#[pyclass(frozen, module = "sqlchess", name = "Position")]
pub struct PyPosition {
    // Held in the Python object itself: a position made in Python costs
    // one allocation, the object's.
    pub pos: sqlchess_rules::Position,
}

impl PyPosition {
    pub fn new(pos: sqlchess_rules::Position) -> PyPosition {
        PyPosition { pos }
    }
}

/// A legal move of a position: its UCI and SAN, squares, piece, capture,
/// promotion and whether it gives check (each computed when read).
#[pyclass(frozen, module = "sqlchess", name = "Move")]
pub struct PyMove {
    // The Python object of the position the move belongs to (a reference
    // count, not a copy).
    pos: Py<PyPosition>,
    mv: sqlchess_rules::Move,
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (fen=None, variant="chess"))]
    fn py_new(fen: Option<&str>, variant: &str) -> PyResult<PyPosition> {
        let v = crate::position::variant(variant)?;
        match fen {
            None => Ok(PyPosition::new(sqlchess_rules::Position::start(&v))),
            Some(fen) => sqlchess_rules::Position::from_fen(&v, fen)
                .map(PyPosition::new)
                .map_err(to_py),
        }
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &str {
        self.pos.variant_name()
    }

    /// The side to move: `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        if self.pos.white_to_move() {
            "white"
        } else {
            "black"
        }
    }

    /// The position in FEN.
    fn fen<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        // Printed into a buffer this thread keeps: the str is the only
        // allocation.
        FEN_BUFFER.with_borrow_mut(|buf| {
            buf.clear();
            // Writing to a String cannot fail.
            let _ = self.pos.write_fen(buf);
            PyString::new(py, buf)
        })
    }

    /// The position after `move` (UCI, SAN or a `Move`).
    fn play(&self, r#move: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        if let Ok(m) = r#move.downcast::<PyMove>() {
            let m = m.get();
            return if std::ptr::eq(&m.pos.get().pos, &self.pos) {
                Ok(PyPosition::new(self.pos.play_unchecked(m.mv)))
            } else {
                self.pos.play(m.mv).map(PyPosition::new).map_err(to_py)
            };
        }
        let text: &str = r#move
            .extract()
            .map_err(|_| PyTypeError::new_err("move must be a str (UCI or SAN) or a Move"))?;
        self.pos.play_text(text).map(PyPosition::new).map_err(to_py)
    }

    /// The legal move that `text` (UCI or SAN) names.
    fn parse_move(slf: &Bound<'_, Self>, text: &str) -> PyResult<PyMove> {
        let mv = slf.get().pos.parse_move(text).map_err(to_py)?;
        Ok(PyPosition::wrap(slf, mv))
    }

    /// Every legal move, as `Move` objects.
    fn legal_moves(slf: &Bound<'_, Self>) -> Vec<PyMove> {
        slf.get()
            .pos
            .legal_moves()
            .into_iter()
            .map(|mv| PyPosition::wrap(slf, mv))
            .collect()
    }

    /// Every legal move in UCI: the fast bulk form.
    fn legal_moves_uci<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let pos = &self.pos;
        let mut codes = UCI_CODES_BUFFER.take();
        let chess = pos.legal_uci_codes(&mut codes);
        if chess {
            // Chess: one shared str per UCI text, made the first time it is
            // seen (strings are immutable, so sharing them is invisible).
            let table = UCI_STRINGS.get_or_init(py, || {
                (0..sqlchess_rules::UCI_CODES)
                    .map(|_| std::sync::OnceLock::new())
                    .collect()
            });
            let strings = codes.iter().map(|&code| {
                table[usize::from(code)]
                    .get_or_init(|| {
                        PyString::new(py, &sqlchess_rules::Position::uci_of_code(code)).unbind()
                    })
                    .bind(py)
                    .clone()
            });
            let list = PyList::new(py, strings);
            UCI_CODES_BUFFER.set(codes);
            return list;
        }
        let mut text = String::with_capacity(8);
        let strings = pos.legal_moves().into_iter().map(|m| {
            text.clear();
            // Writing to a String cannot fail.
            let _ = pos.write_uci(m, &mut text);
            PyString::new(py, &text)
        });
        PyList::new(py, strings)
    }

    /// Every legal move as a number, two bytes each (little-endian), in
    /// the order of `legal_moves`: `from + 64 * to + 4096 * promotion`
    /// (squares 0 = a1 to 63 = h8; promotion 0 none, 1 knight, 2 bishop,
    /// 3 rook, 4 queen): the array form for standard chess and Chess960,
    /// one object per position (`array.array("H", codes)`,
    /// `numpy.frombuffer(codes, "<u2")`; `uci_of_code` gives the text).
    fn legal_move_codes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let mut codes = UCI_CODES_BUFFER.take();
        if !self.pos.legal_uci_codes(&mut codes) {
            UCI_CODES_BUFFER.set(codes);
            return Err(SqlchessError::new_err(format!(
                "legal_move_codes is for chess and Chess960, not {}; use legal_moves_uci",
                self.pos.variant_name()
            )));
        }
        let bytes = PyBytes::new_with(py, 2 * codes.len(), |out| {
            for (pair, code) in out.chunks_exact_mut(2).zip(&codes) {
                pair.copy_from_slice(&code.to_le_bytes());
            }
            Ok(())
        });
        UCI_CODES_BUFFER.set(codes);
        bytes
    }

    /// Every legal move in UCI as one string, separated by spaces: the
    /// fastest form (one Python object per position).
    fn legal_moves_text(&self) -> String {
        let pos = &self.pos;
        let mut out = String::with_capacity(256);
        for m in pos.legal_moves() {
            if !out.is_empty() {
                out.push(' ');
            }
            // Writing to a String cannot fail.
            let _ = pos.write_uci(m, &mut out);
        }
        out
    }

    /// Every legal move in SAN.
    fn legal_moves_san(&self) -> Vec<String> {
        let pos = &self.pos;
        pos.legal_moves().into_iter().map(|m| pos.san(m)).collect()
    }

    /// The number of legal moves.
    fn count_legal(&self) -> u64 {
        self.pos.count_legal()
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.pos.is_checkmate()
    }

    /// Whether the side to move is stalemated.
    fn is_stalemate(&self) -> bool {
        self.pos.is_stalemate()
    }

    /// `"ongoing"`, `"checkmate"`, `"stalemate"`, `"insufficient_material"`,
    /// `"fifty_moves"` or `"repetition"`.
    fn status(&self) -> &'static str {
        self.pos.status().name()
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `None` while the game goes on.
    fn outcome(&self) -> Option<String> {
        self.pos.outcome().map(|o| o.to_string())
    }

    /// The Zobrist hash (64 bits, unsigned).
    fn zobrist(&self) -> u64 {
        self.pos.zobrist()
    }

    /// The same position with the clocks at `0 1`: the key under which
    /// transpositions merge.
    fn without_clocks(&self) -> PyPosition {
        PyPosition::new(self.pos.without_clocks())
    }

    /// The material signature (`KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP` for the
    /// start), as SQL's `material(fen)`.
    fn material(&self) -> String {
        self.pos.material()
    }

    /// The packed form (32 bytes for standard chess).
    fn pack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self.pos.pack().map_err(to_py)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// The position `pack()` wrote.
    #[staticmethod]
    fn unpack(data: &[u8]) -> PyResult<PyPosition> {
        let set = VARIANTS.read().unwrap_or_else(PoisonError::into_inner);
        set.unpack(data).map(PyPosition::new).map_err(to_py)
    }

    /// The number of leaf nodes `depth` plies deep (the GIL is released).
    fn perft(&self, py: Python<'_>, depth: i64) -> PyResult<u64> {
        let d = crate::position::depth(depth)?;
        let pos = &self.pos;
        detached(py, || pos.perft(d))?.map_err(to_py)
    }

    /// `(uci, nodes)` for each legal move: perft split by first move.
    fn divide(&self, py: Python<'_>, depth: i64) -> PyResult<Vec<(String, u64)>> {
        let d = crate::position::depth(depth)?;
        let pos = &self.pos;
        detached(py, || pos.divide(d))?.map_err(to_py)
    }

    /// The engine's move (None when the game is over): to `depth` plies,
    /// for `movetime` milliseconds, or within `nodes` nodes; with no limit,
    /// the SQL function's node budget. The GIL is released.
    #[pyo3(signature = (depth=None, movetime=None, nodes=None))]
    fn next_move(
        slf: &Bound<'_, Self>,
        depth: Option<i64>,
        movetime: Option<u64>,
        nodes: Option<u64>,
    ) -> PyResult<Option<PyMove>> {
        let mut limits = Limits {
            depth: depth.map(crate::position::depth).transpose()?,
            movetime: movetime.map(Duration::from_millis),
            nodes,
            ..Limits::default()
        };
        if limits.depth.is_none() && limits.movetime.is_none() && limits.nodes.is_none() {
            limits.nodes = Some(SQL_NODE_BUDGET);
        }
        let pos = &slf.get().pos;
        let best = detached(slf.py(), || sqlchess_search::next_move(pos, &limits))?;
        match best.uci {
            Some(uci) => Ok(Some(PyPosition::parse_move(slf, &uci)?)),
            None => Ok(None),
        }
    }

    /// The board as an SVG picture (Jupyter draws it).
    fn _repr_svg_(&self) -> String {
        sqlchess_render::Diagram::from_position(&self.pos).svg()
    }

    /// The board as an SVG picture.
    fn svg(&self) -> String {
        self._repr_svg_()
    }

    fn __str__(&self) -> String {
        sqlchess_render::Diagram::from_position(&self.pos).text()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let fen = PyString::new(py, &self.pos.fen()).repr()?;
        Ok(match self.pos.variant_name() {
            "chess" => format!("Position({fen})"),
            v => format!("Position({fen}, variant={})", PyString::new(py, v).repr()?),
        })
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyObject {
        let py = other.py();
        let Ok(other) = other.downcast::<PyPosition>() else {
            return py.NotImplemented();
        };
        let same = {
            let o = &other.get().pos;
            self.pos.variant_name() == o.variant_name() && self.pos == *o
        };
        match op {
            CompareOp::Eq => same.into_pyobject(py),
            CompareOp::Ne => (!same).into_pyobject(py),
            _ => return py.NotImplemented(),
        }
        .map(|b| b.to_owned().into_any().unbind())
        .unwrap_or_else(|_| py.NotImplemented())
    }

    fn __hash__(&self) -> u64 {
        self.pos.zobrist()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let args = (this.pos.fen(), this.pos.variant_name().to_owned());
        (slf.get_type(), args).into_pyobject(py)
    }
}

impl PyPosition {
    fn wrap(slf: &Bound<'_, Self>, mv: sqlchess_rules::Move) -> PyMove {
        PyMove {
            pos: slf.clone().unbind(),
            mv,
        }
    }
}

impl PyMove {
    /// The position the move is played from.
    fn at(&self) -> &sqlchess_rules::Position {
        &self.pos.get().pos
    }
}

#[pymethods]
impl PyMove {
    /// The move in UCI.
    #[getter]
    fn uci(&self) -> String {
        self.at().uci(self.mv)
    }

    /// The move in SAN, with `+` or `#`.
    #[getter]
    fn san(&self) -> String {
        self.at().san(self.mv)
    }

    /// The departure square (for a drop, the target square).
    #[getter]
    #[allow(clippy::wrong_self_convention)] // python-chess's name
    fn from_square(&self) -> String {
        self.at().move_from(self.mv)
    }

    /// Where the moving piece lands (for castling, the king's square).
    #[getter]
    fn to_square(&self) -> String {
        self.at().move_to(self.mv)
    }

    /// The moving piece's lower-case name (`"pawn"`, `"knight"`, …).
    #[getter]
    fn piece(&self) -> Option<&str> {
        self.at().moved_piece(self.mv)
    }

    /// The captured piece's name, or None.
    #[getter]
    fn captured(&self) -> Option<&str> {
        self.at().captured_piece(self.mv)
    }

    /// The name of the piece promoted to, or None.
    #[getter]
    fn promotion(&self) -> Option<&str> {
        self.at().promotion(self.mv)
    }

    /// Whether the move gives check.
    #[getter]
    fn gives_check(&self) -> bool {
        self.at().gives_check(self.mv)
    }

    /// The position the move is played from.
    #[getter]
    fn position(&self, py: Python<'_>) -> Py<PyPosition> {
        self.pos.clone_ref(py)
    }

    /// The position after the move.
    fn after(&self) -> PyPosition {
        PyPosition::new(self.at().play_unchecked(self.mv))
    }

    fn __str__(&self) -> String {
        self.uci()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("Move({})", PyString::new(py, &self.uci()).repr()?))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyObject {
        let py = other.py();
        let Ok(other) = other.downcast::<PyMove>() else {
            return py.NotImplemented();
        };
        let same = self.uci() == other.get().uci();
        match op {
            CompareOp::Eq => same.into_pyobject(py),
            CompareOp::Ne => (!same).into_pyobject(py),
            _ => return py.NotImplemented(),
        }
        .map(|b| b.to_owned().into_any().unbind())
        .unwrap_or_else(|_| py.NotImplemented())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.uci().hash(&mut h);
        h.finish()
    }
}
