//! The action history: who changed what, which record, before → after, when. Every change a
//! user makes is recorded in the same transaction as the change itself (`kernel/change.rs`);
//! recording it moves the business's data version on (a trigger in the store).

mod store;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Business;
use crate::error::ErrorBody;
use crate::http::{Answer, Envelope, Query, ok};
use crate::kernel::validation::FieldCheck;
use crate::state::AppState;
use store::Entry;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

#[derive(Deserialize, IntoParams)]
pub struct Page {
    /// 1-based page number, at most 1,000,000 (default 1).
    page: Option<i64>,
    /// Entries per page, 1–100 (default 25).
    per_page: Option<i64>,
    /// Only changes to records of this kind (`radiator`, `room`, `zone`, `schedule`,
    /// `automation`, `business_settings`, `tariff`, `budget`, `carbon_goal`, …).
    kind: Option<String>,
    /// Only the changes people made (`people`) or those HeatDesk made for them, a schedule or
    /// an automation (`heatdesk`); both when absent.
    by: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct HistoryData {
    history: Vec<Entry>,
    page: i64,
    per_page: i64,
    total: i64,
}

/// The business's action history, newest first.
#[utoipa::path(get, path = "/v2/action-history", tag = "settings",
    params(Page),
    responses((status = 200, body = Envelope<HistoryData>), (status = 403, body = ErrorBody)))]
pub async fn list(
    Business { state, user }: Business,
    Query(page): Query<Page>,
) -> Answer<HistoryData> {
    let per_page = page.per_page.unwrap_or(25).clamp(1, 100);
    let mut check = FieldCheck::default();
    let page_number = check.check("page", parse_page(page.page));
    let by = check.check("by", parse_by(page.by.as_deref()));
    let (page_number, by) = check.finish(page_number.zip(by))?;
    let kind = page.kind.as_deref().map(str::trim).filter(|kind| !kind.is_empty());
    let offset = (page_number - 1) * per_page;
    let filter = store::Filter { kind, by };
    let (history, total) =
        store::page(state.store.reader(), user.business_id, filter, per_page, offset).await?;
    Ok(ok("Action history.", HistoryData { history, page: page_number, per_page, total }))
}

/// Whose changes: `people` or `heatdesk`, either when absent or empty.
fn parse_by(raw: Option<&str>) -> Result<Option<&'static str>, String> {
    match raw.map(str::trim).unwrap_or_default() {
        "" => Ok(None),
        "people" => Ok(Some("people")),
        "heatdesk" => Ok(Some("heatdesk")),
        _ => Err("Use people or heatdesk.".into()),
    }
}

/// A page number: 1 when absent, else 1 to 1,000,000.
fn parse_page(raw: Option<i64>) -> Result<i64, String> {
    match raw.unwrap_or(1) {
        page @ 1..=1_000_000 => Ok(page),
        _ => Err("Use a page number from 1 to 1,000,000.".into()),
    }
}
