//! Subscriptions (spec §7): the plans on offer, the business's plan, its one free trial, its
//! payments, and the hosted checkout (`POST /v2/nmi/get_token` → `/checkout/{token}`).
//! Handlers here, what they do in `domain.rs` and `checkout.rs`, the checkout's HTML in
//! `page.rs`, the SQL in `store.rs`.

mod checkout;
mod domain;
mod invoices;
mod page;
pub mod renewals;
mod store;

use std::collections::BTreeMap;

use axum::Form;
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Business;
use crate::clock::iso8601;
use crate::error::{ApiResult, ErrorBody};
use crate::http::{Answer, ApiJson, Envelope, Path, Query as ApiQuery, ok};
use crate::kernel::csv::{Format, download, field};
use crate::kernel::validation::FieldCheck;
use crate::kernel::words::Language;
use crate::state::AppState;
pub use checkout::CHECKOUT_LIFETIME_SECS;
use checkout::CardForm;
use domain::PlanChange;
pub use domain::{PlanView, UserPlan, ensure_radiator_allowed, grant_plan, subscribe_since};
use invoices::InvoiceView;
pub use store::{Payment, purge_kept_invoices};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(plans))
        .routes(routes!(user_plan))
        .routes(routes!(free_trial))
        .routes(routes!(payments))
        .routes(routes!(invoice))
        .routes(routes!(get_token))
        .routes(routes!(change_plan))
        .routes(routes!(cancel))
        // The hosted checkout is a page, not part of the JSON API.
        .route("/checkout/{token}", get(checkout_page).post(pay))
}

#[derive(Serialize, ToSchema)]
pub struct PlansData {
    plans: Vec<PlanView>,
    /// What paying for each plan now would charge, in pence, by plan id: its price, less the
    /// rest of a smaller plan's paid month.
    pays_now_pence: BTreeMap<i64, i64>,
}

#[derive(Serialize, ToSchema)]
pub struct UserPlanData {
    /// Null until the business chooses a plan or starts its trial.
    plan: Option<UserPlan>,
}

/// The business's plan, and how its open checkout is going.
#[derive(Serialize, ToSchema)]
pub struct PlanAndCheckoutData {
    /// Null until the business chooses a plan or starts its trial.
    plan: Option<UserPlan>,
    /// How many cards were declined in the checkout the business has open (a page waiting for
    /// the payment says so); 0 without one.
    declined_in_checkout: i64,
}

/// The plans on offer, cheapest first.
#[utoipa::path(get, path = "/v2/subscriptions", tag = "subscriptions",
    responses((status = 200, body = Envelope<PlansData>)))]
pub async fn plans(Business { state, user }: Business, language: Language) -> Answer<PlansData> {
    let plans = domain::plans(&state, language).await?;
    let pays_now_pence = domain::pays_now(&state, user.business_id).await?;
    Ok(ok("Plans.", PlansData { plans, pays_now_pence }))
}

/// The business's plan and its status as of now.
#[utoipa::path(get, path = "/v2/users/subscriptions/plan", tag = "subscriptions",
    responses((status = 200, body = Envelope<PlanAndCheckoutData>)))]
pub async fn user_plan(
    Business { state, user }: Business,
    language: Language,
) -> Answer<PlanAndCheckoutData> {
    let plan = domain::user_plan(&state, user.business_id, language).await?;
    let declined_in_checkout = domain::declines_in_open_checkout(&state, user.business_id).await?;
    Ok(ok("Your plan.", PlanAndCheckoutData { plan, declined_in_checkout }))
}

/// The plan a trial or a checkout is for.
#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct TrialRequest {
    pub plan_id: Option<i64>,
}

/// Start the business's free trial of a plan: once per business.
#[utoipa::path(post, path = "/v2/users/subscriptions/get_free_trial", tag = "subscriptions",
    request_body = TrialRequest,
    responses((status = 200, body = Envelope<UserPlanData>), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn free_trial(
    Business { state, user }: Business,
    language: Language,
    ApiJson(request): ApiJson<TrialRequest>,
) -> Answer<UserPlanData> {
    let mut check = FieldCheck::default();
    let plan_id =
        check.check("plan_id", request.plan_id.ok_or_else(|| "Choose a plan.".to_owned()));
    let plan_id = check.finish(plan_id)?;
    let plan = domain::start_trial(&state, user.actor(), plan_id, language).await?;
    let description =
        format!("Your {}-day free trial of {} has started.", plan.plan.trial_days, plan.plan.name);
    Ok(ok(description, UserPlanData { plan: Some(plan) }))
}

#[derive(Serialize, ToSchema)]
pub struct PaymentsData {
    payments: Vec<Payment>,
}

#[derive(Deserialize, IntoParams)]
pub struct PaymentsQuery {
    /// `csv` for a download instead of JSON.
    format: Option<String>,
}

/// The business's card payments, latest first; `?format=csv` answers them as a CSV file, for
/// the business's records.
#[utoipa::path(get, path = "/v2/users/subscriptions/payments", tag = "subscriptions",
    params(PaymentsQuery),
    responses((status = 200, body = Envelope<PaymentsData>), (status = 422, body = ErrorBody)))]
pub async fn payments(
    Business { state, user }: Business,
    ApiQuery(query): ApiQuery<PaymentsQuery>,
) -> ApiResult<Response> {
    let format = Format::parse(query.format.as_deref())?;
    let payments = store::payments(state.store.reader(), user.business_id).await?;
    Ok(match format {
        Format::Csv => payments_csv(&payments),
        Format::Json => ok("Payments.", PaymentsData { payments }).into_response(),
    })
}

/// A line a payment, the amount in pounds as a spreadsheet sums it.
fn payments_csv(payments: &[Payment]) -> Response {
    let mut text = String::from("date,plan,amount_gbp,status,card_last4,invoice\n");
    for payment in payments {
        let (pounds, pence) = (payment.amount_pence / 100, payment.amount_pence % 100);
        let invoice = payment.invoice.map(|number| number.to_string()).unwrap_or_default();
        let line = format!(
            "{},{},{pounds}.{pence:02},{},{},{invoice}\n",
            iso8601(payment.date.0),
            field(&payment.plan),
            payment.status,
            field(&payment.card_last4)
        );
        text.push_str(&line);
    }
    download("heatdesk-payments.csv", text)
}

#[derive(Serialize, ToSchema)]
pub struct InvoiceData {
    invoice: InvoiceView,
}

/// A paid payment's invoice (`HD-000042`): a VAT invoice once HeatDesk's VAT number is set, a
/// receipt before.
#[utoipa::path(get, path = "/v2/users/subscriptions/invoices/{number}", tag = "subscriptions",
    responses((status = 200, body = Envelope<InvoiceData>), (status = 404, body = ErrorBody)))]
pub async fn invoice(
    Business { state, user }: Business,
    Path(number): Path<String>,
) -> Answer<InvoiceData> {
    let invoice = invoices::find(&state, user.business_id, &number).await?;
    Ok(ok(format!("Invoice {}.", invoice.number), InvoiceData { invoice }))
}

#[derive(Serialize, ToSchema)]
pub struct CheckoutData {
    /// The hosted checkout page, valid for 30 minutes; the web app opens it in a new tab.
    url: String,
}

/// Open a hosted checkout for a plan.
#[utoipa::path(post, path = "/v2/nmi/get_token", tag = "subscriptions",
    request_body = TrialRequest,
    responses((status = 200, body = Envelope<CheckoutData>), (status = 422, body = ErrorBody)))]
pub async fn get_token(
    Business { state, user }: Business,
    language: Language,
    ApiJson(request): ApiJson<TrialRequest>,
) -> Answer<CheckoutData> {
    let mut check = FieldCheck::default();
    let plan_id =
        check.check("plan_id", request.plan_id.ok_or_else(|| "Choose a plan.".to_owned()));
    let plan_id = check.finish(plan_id)?;
    let url = checkout::start(&state, user.actor(), plan_id, language).await?;
    Ok(ok("Checkout opened: pay in the new tab.", CheckoutData { url }))
}

/// The checkout page's language: the app's, as its link carries it (`?lang=ar`), or else the
/// browser's.
#[derive(Deserialize, Default)]
#[serde(default)]
struct PageLanguage {
    lang: Option<String>,
}

impl PageLanguage {
    fn or(self, browsers: Language) -> Language {
        self.lang.as_deref().map_or(browsers, Language::from_accept_language)
    }
}

async fn checkout_page(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Query(asked): Query<PageLanguage>,
    browsers: Language,
) -> Response {
    match checkout::show(&state, &token).await {
        Ok(page) => page::render(&page, &CardForm::default(), asked.or(browsers)).into_response(),
        Err(error) => error.into_response(),
    }
}

async fn pay(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Query(asked): Query<PageLanguage>,
    browsers: Language,
    Form(form): Form<CardForm>,
) -> Response {
    match checkout::pay(&state, &token, &form).await {
        Ok(page) => page::render(&page, &form, asked.or(browsers)).into_response(),
        Err(error) => error.into_response(),
    }
}

/// What changing plan answers: the checkout to pay a larger plan at, or the plan with the
/// smaller one waiting for the period's end.
#[derive(Serialize, ToSchema)]
pub struct PlanChangeData {
    url: Option<String>,
    plan: Option<UserPlan>,
}

/// Change plan: a larger one at once through the checkout (`data.url`), a smaller one from the
/// end of the paid period, refused while the business has more radiators than it controls; the
/// plan it is on calls off a smaller one still waiting.
#[utoipa::path(post, path = "/v2/users/subscriptions/change", tag = "subscriptions",
    request_body = TrialRequest,
    responses((status = 200, body = Envelope<PlanChangeData>), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn change_plan(
    Business { state, user }: Business,
    language: Language,
    ApiJson(request): ApiJson<TrialRequest>,
) -> Answer<PlanChangeData> {
    let mut check = FieldCheck::default();
    let plan_id =
        check.check("plan_id", request.plan_id.ok_or_else(|| "Choose a plan.".to_owned()));
    let plan_id = check.finish(plan_id)?;
    match domain::change_plan(&state, user.actor(), plan_id, language).await? {
        PlanChange::Checkout => {
            let url = checkout::start(&state, user.actor(), plan_id, language).await?;
            let data = PlanChangeData { url: Some(url), plan: None };
            Ok(ok("Checkout opened: pay in the new tab to change plan at once.", data))
        }
        PlanChange::Scheduled(plan) => {
            let end = plan.period_end.clone().unwrap_or_default();
            let description = match &plan.pending_plan {
                Some(next) => {
                    format!("Your plan changes to {} when this period ends ({end}).", next.name)
                }
                None => format!("Your business stays on the {} plan.", plan.plan.name),
            };
            Ok(ok(description, PlanChangeData { url: None, plan: Some(*plan) }))
        }
    }
}

/// Cancel the plan: it stays in force to the end of its trial or paid period.
#[utoipa::path(post, path = "/v2/users/subscriptions/cancel", tag = "subscriptions",
    responses((status = 200, body = Envelope<UserPlanData>), (status = 409, body = ErrorBody)))]
pub async fn cancel(
    Business { state, user }: Business,
    language: Language,
) -> Answer<UserPlanData> {
    let plan = domain::cancel(&state, user.actor(), language).await?;
    let end = plan.period_end.clone().or_else(|| plan.trial_end.clone()).unwrap_or_default();
    let description = format!("Your plan is cancelled: it stays in force until {end}.");
    Ok(ok(description, UserPlanData { plan: Some(plan) }))
}
