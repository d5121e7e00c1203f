//! Many rows in one statement, bound the way each store takes them fastest.
//!
//! - SQLite: `VALUES ($1, …), (…)`, a few hundred parameters a statement. It finds each `$n`
//!   parameter's name by walking the statement's list of names, so binding costs grow with the
//!   square of the parameters in a statement: 1,000 six-value rows once spent three quarters of
//!   ingest there.
//! - PostgreSQL: one array a column, read back as rows by `SELECT * FROM unnest($1::bigint[],
//!   …)`: a statement of any number of rows binds a few parameters and parses and plans as one
//!   of a single row. Ingest stored 45,000–49,000 rows/s this way against 39,000–40,000 with
//!   `VALUES` of up to 30,000 parameters (`heatdesk bench --raw-days 1 --rollup-days 3`, two
//!   runs each), the bare insert's rate the same either way.

use std::fmt::Write;

use sqlx::AnyConnection;

use super::{AnyQuery, StoreResult, is_postgres};

/// Parameters bound to one multi-row statement on SQLite (see the module's comment).
const SQLITE_PARAMETERS_PER_STATEMENT: usize = 240;

/// One value of a row.
#[derive(Debug)]
pub enum Value {
    Int(Option<i64>),
    Real(Option<f64>),
    Text(Option<String>),
}

impl From<i64> for Value {
    fn from(value: i64) -> Self {
        Self::Int(Some(value))
    }
}

impl From<Option<i64>> for Value {
    fn from(value: Option<i64>) -> Self {
        Self::Int(value)
    }
}

impl From<f64> for Value {
    fn from(value: f64) -> Self {
        Self::Real(Some(value))
    }
}

impl From<Option<f64>> for Value {
    fn from(value: Option<f64>) -> Self {
        Self::Real(value)
    }
}

impl From<&str> for Value {
    fn from(value: &str) -> Self {
        Self::Text(Some(value.to_owned()))
    }
}

impl From<Option<&str>> for Value {
    fn from(value: Option<&str>) -> Self {
        Self::Text(value.map(str::to_owned))
    }
}

impl Value {
    /// The PostgreSQL array type its column is bound as.
    fn array_type(&self) -> &'static str {
        match self {
            Self::Int(_) => "bigint[]",
            Self::Real(_) => "float8[]",
            Self::Text(_) => "text[]",
        }
    }

    fn bind(self, query: AnyQuery<'static>) -> AnyQuery<'static> {
        match self {
            Self::Int(value) => query.bind(value),
            Self::Real(value) => query.bind(value),
            Self::Text(value) => query.bind(value),
        }
    }

    /// Appends the value as an element of a PostgreSQL array literal.
    fn push_element(&self, array: &mut String) {
        match self {
            Self::Int(None) | Self::Real(None) | Self::Text(None) => array.push_str("NULL"),
            Self::Int(Some(value)) => {
                let _ = write!(array, "{value}");
            }
            // Rust writes the shortest digits that read back as the same number, never an
            // exponent; PostgreSQL spells the infinities out.
            Self::Real(Some(value)) if value.is_infinite() => {
                array.push_str(if *value > 0.0 { "Infinity" } else { "-Infinity" });
            }
            Self::Real(Some(value)) => {
                let _ = write!(array, "{value}");
            }
            Self::Text(Some(text)) => {
                array.push('"');
                for character in text.chars() {
                    if matches!(character, '"' | '\\') {
                        array.push('\\');
                    }
                    array.push(character);
                }
                array.push('"');
            }
        }
    }
}

/// The statements that take `rows`, as many as the store needs. `statement` makes one around
/// its rows' source, `{rows}`: `VALUES ($n, …), (…)` on SQLite, `SELECT * FROM unnest($n, …)`
/// on PostgreSQL; it binds its own parameters, `$1` to `$lead`, and the rows' are bound after
/// them. `values` answers one row's values, in the order of the statement's columns.
pub fn statements<T>(
    db: &AnyConnection,
    rows: &[T],
    lead: usize,
    statement: impl Fn(&str) -> AnyQuery<'static>,
    values: impl Fn(&T) -> Vec<Value>,
) -> Vec<AnyQuery<'static>> {
    let Some(first) = rows.first() else {
        return Vec::new();
    };
    let columns = values(first).len();
    if is_postgres(db) {
        return vec![arrays(rows, columns, lead, statement, values)];
    }
    let per_statement = (SQLITE_PARAMETERS_PER_STATEMENT / columns.max(1)).max(1);
    rows.chunks(per_statement)
        .map(|chunk| {
            let source = format!("VALUES {}", placeholders(lead, chunk.len(), columns));
            chunk.iter().fold(statement(&source), |query, row| {
                values(row).into_iter().fold(query, |query, value| value.bind(query))
            })
        })
        .collect()
}

/// Runs [`statements`] over `rows` with no parameters of the statement's own.
pub async fn write<T>(
    db: &mut AnyConnection,
    rows: &[T],
    statement: impl Fn(&str) -> String,
    values: impl Fn(&T) -> Vec<Value>,
) -> StoreResult<()> {
    let statement = |source: &str| sqlx::query(sqlx::AssertSqlSafe(statement(source)));
    for query in statements(db, rows, 0, statement, values) {
        query.execute(&mut *db).await?;
    }
    Ok(())
}

/// One statement binding a PostgreSQL array literal a column.
fn arrays<T>(
    rows: &[T],
    columns: usize,
    lead: usize,
    statement: impl Fn(&str) -> AnyQuery<'static>,
    values: impl Fn(&T) -> Vec<Value>,
) -> AnyQuery<'static> {
    let mut arrays = vec![String::from("{"); columns];
    let mut types = vec![""; columns];
    for (index, row) in rows.iter().enumerate() {
        for (column, value) in values(row).iter().enumerate() {
            if index > 0 {
                arrays[column].push(',');
            }
            value.push_element(&mut arrays[column]);
            types[column] = value.array_type();
        }
    }
    let parameters: Vec<String> = types
        .iter()
        .enumerate()
        .map(|(column, array_type)| format!("${}::{array_type}", lead + column + 1))
        .collect();
    let source = format!("SELECT * FROM unnest({})", parameters.join(", "));
    arrays.into_iter().fold(statement(&source), |query, mut array| {
        array.push('}');
        query.bind(array)
    })
}

/// `($n, $n+1, …), (…)`: `rows` rows of `columns` parameters each, numbered after `lead`.
fn placeholders(lead: usize, rows: usize, columns: usize) -> String {
    let row = |row: usize| {
        let params: Vec<String> =
            (1..=columns).map(|column| format!("${}", lead + row * columns + column)).collect();
        format!("({})", params.join(", "))
    };
    (0..rows).map(row).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn array(values: &[Value]) -> String {
        let mut array = String::new();
        for value in values {
            value.push_element(&mut array);
            array.push(',');
        }
        array
    }

    #[test]
    fn array_elements_read_back_as_written() {
        let values = [
            Value::from(-7),
            Value::from(0.1 + 0.2),
            Value::from(f64::NEG_INFINITY),
            Value::from(1e-9),
            Value::from(Some("a \"quoted\", back\\slashed, {braced} text")),
            Value::Text(None),
        ];
        assert_eq!(
            array(&values),
            "-7,0.30000000000000004,-Infinity,0.000000001,\
             \"a \\\"quoted\\\", back\\\\slashed, {braced} text\",NULL,"
        );
    }

    #[test]
    fn placeholders_number_the_rows_after_the_statements_own() {
        assert_eq!(placeholders(1, 2, 3), "($2, $3, $4), ($5, $6, $7)");
        assert_eq!(placeholders(0, 1, 1), "($1)");
    }
}
