//! The action history: who changed what, which record, before → after, when. Every change a
//! user makes is recorded in the same transaction as the change itself; recording it moves
//! the business's data version on (a trigger in the store, see `views.rs`).

use axum::Json;
use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::{Any, Transaction};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::auth::AuthUser;
use crate::clock::iso8601;
use crate::error::{ApiResult, ErrorBody};
use crate::http::{Envelope, ok};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

/// One change, with the record as the API shows it before and after (`None` when it did not
/// exist).
pub struct Change<'a> {
    pub action: &'a str,
    pub record_type: &'a str,
    pub record_id: i64,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

pub async fn record(
    tx: &mut Transaction<'_, Any>,
    user: &AuthUser,
    change: Change<'_>,
    at: time::OffsetDateTime,
) -> ApiResult<()> {
    sqlx::query(
        "INSERT INTO action_history
             (business_id, user_id, action, record_type, record_id, before_json, after_json, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(user.business_id)
    .bind(user.user_id)
    .bind(change.action)
    .bind(change.record_type)
    .bind(change.record_id)
    .bind(change.before.map(|value| value.to_string()))
    .bind(change.after.map(|value| value.to_string()))
    .bind(at.unix_timestamp())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[derive(Deserialize, IntoParams)]
pub struct Page {
    /// 1-based page number (default 1).
    page: Option<i64>,
    /// Entries per page, 1–100 (default 25).
    per_page: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct Entry {
    id: i64,
    /// Who made the change; empty when that account has since been deleted.
    user_email: String,
    action: String,
    record_type: String,
    record_id: i64,
    before: Option<Value>,
    after: Option<Value>,
    at: String,
}

#[derive(Serialize, ToSchema)]
pub struct HistoryData {
    history: Vec<Entry>,
    page: i64,
    per_page: i64,
    total: i64,
}

type EntryRow = (i64, Option<String>, String, String, i64, Option<String>, Option<String>, i64);

/// The business's action history, newest first.
#[utoipa::path(get, path = "/v2/action-history", tag = "settings", security(("bearer" = [])),
    params(Page),
    responses((status = 200, body = Envelope<HistoryData>), (status = 403, body = ErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    crate::auth::BusinessUser(user): crate::auth::BusinessUser,
    Query(page): Query<Page>,
) -> ApiResult<Json<Envelope<HistoryData>>> {
    let per_page = page.per_page.unwrap_or(25).clamp(1, 100);
    let page = page.page.unwrap_or(1).max(1);
    let pool = state.store.reader();
    let rows: Vec<EntryRow> = sqlx::query_as(
        "SELECT h.id, u.email, h.action, h.record_type, h.record_id, h.before_json,
                h.after_json, h.at
         FROM action_history h LEFT JOIN users u ON u.id = h.user_id
         WHERE h.business_id = $1
         ORDER BY h.id DESC LIMIT $2 OFFSET $3",
    )
    .bind(user.business_id)
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(pool)
    .await?;
    let (total,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM action_history WHERE business_id = $1")
            .bind(user.business_id)
            .fetch_one(pool)
            .await?;
    let parse = |json: Option<String>| json.and_then(|text| serde_json::from_str(&text).ok());
    let history = rows
        .into_iter()
        .map(|(id, email, action, record_type, record_id, before, after, at)| Entry {
            id,
            user_email: email.unwrap_or_default(),
            action,
            record_type,
            record_id,
            before: parse(before),
            after: parse(after),
            at: iso8601(at),
        })
        .collect();
    Ok(ok("Action history.", HistoryData { history, page, per_page, total }))
}
