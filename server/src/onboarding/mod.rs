//! Onboarding and consent (spec §7): `POST /v2/consents`, `/v2/consents/ihd_mac`,
//! `/v2/consents/withdraw`, `GET /v2/consents`, `GET /v2/meter/readings`,
//! `POST /v2/users/address/confirm` and `POST /v2/users/onboarding/complete`; the step shows
//! in `me.onboarding`. Handlers here, what they do in `domain.rs`, the SQL in `store.rs`.

pub mod domain;
mod store;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Business;
use crate::auth::profile::parse_address;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, ApiJson, Envelope, Query, ok};
use crate::kernel::validation::FieldCheck;
use crate::kernel::values::{IhdMac, Mpan};
use crate::state::AppState;
pub use domain::{MeterReading, Step, TERMS_VERSION, finish, passed};
pub use store::Consent;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show_consent, give_consent))
        .routes(routes!(set_ihd_mac))
        .routes(routes!(withdraw))
        .routes(routes!(readings))
        .routes(routes!(confirm_address))
        .routes(routes!(complete))
}

#[derive(Serialize, ToSchema)]
pub struct ConsentData {
    /// Null until the business consents.
    consent: Option<Consent>,
}

/// The business's consent to its smart meter's data.
#[utoipa::path(get, path = "/v2/consents", tag = "onboarding",
    responses((status = 200, body = Envelope<ConsentData>)))]
pub async fn show_consent(Business { state, user }: Business) -> Answer<ConsentData> {
    let consent = domain::consent(&state, user.business_id).await?;
    Ok(ok("Consent.", ConsentData { consent }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ConsentRequest {
    /// The version of the terms agreed to (`2026-11`).
    pub terms_version: String,
    /// 1: the business agrees.
    pub agreed: Option<i64>,
    /// The meter's 13-digit MPAN core.
    pub mpan: String,
}

/// Consent to HeatDesk reading the business's smart meter.
#[utoipa::path(post, path = "/v2/consents", tag = "onboarding",
    request_body = ConsentRequest,
    responses((status = 200, body = Envelope<ConsentData>), (status = 422, body = ErrorBody)))]
pub async fn give_consent(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<ConsentRequest>,
) -> Answer<ConsentData> {
    let mut check = FieldCheck::default();
    let terms = if request.terms_version.trim() == TERMS_VERSION {
        Ok(())
    } else {
        Err(format!("Agree to the current terms, version {TERMS_VERSION}: reload the page."))
    };
    let terms = check.check("terms_version", terms);
    let agreed = match request.agreed {
        Some(1) => Ok(()),
        _ => Err("Tick the box to agree to the terms.".to_owned()),
    };
    let agreed = check.check("agreed", agreed);
    let mpan = check.check("mpan", Mpan::parse(&request.mpan));
    let mpan = check.finish(mpan.zip(terms).zip(agreed).map(|((mpan, ()), ())| mpan))?;
    let consent = domain::give_consent(&state, user.actor(), &mpan).await?;
    Ok(ok(
        "Consent given: HeatDesk can read your smart meter.",
        ConsentData { consent: Some(consent) },
    ))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct IhdMacRequest {
    /// 16 hex digits; `-` or `:` between them allowed.
    pub ihd_mac: String,
}

/// The in-home display paired with the consented meter.
#[utoipa::path(post, path = "/v2/consents/ihd_mac", tag = "onboarding",
    request_body = IhdMacRequest,
    responses((status = 200, body = Envelope<ConsentData>), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn set_ihd_mac(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<IhdMacRequest>,
) -> Answer<ConsentData> {
    let mut check = FieldCheck::default();
    let mac = check.check("ihd_mac", IhdMac::parse(&request.ihd_mac));
    let mac = check.finish(mac)?;
    let consent = domain::set_ihd_mac(&state, user.actor(), &mac).await?;
    Ok(ok("In-home display saved.", ConsentData { consent: Some(consent) }))
}

/// Withdraw the consent: HeatDesk stops reading the meter.
#[utoipa::path(post, path = "/v2/consents/withdraw", tag = "onboarding",
    responses((status = 200, body = Envelope<ConsentData>), (status = 409, body = ErrorBody)))]
pub async fn withdraw(Business { state, user }: Business) -> Answer<ConsentData> {
    let consent = domain::withdraw(&state, user.actor()).await?;
    Ok(ok(
        "Consent withdrawn: HeatDesk no longer reads your smart meter.",
        ConsentData { consent: Some(consent) },
    ))
}

#[derive(Deserialize, IntoParams)]
pub struct ReadingsQuery {
    /// Days back from now, 1 to 31 (7 by default).
    days: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct ReadingsData {
    readings: Vec<MeterReading>,
}

/// The smart meter's half-hourly import over the last days: only with the business's consent.
#[utoipa::path(get, path = "/v2/meter/readings", tag = "onboarding",
    params(ReadingsQuery),
    responses((status = 200, body = Envelope<ReadingsData>), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub async fn readings(
    Business { state, user }: Business,
    Query(query): Query<ReadingsQuery>,
) -> Answer<ReadingsData> {
    let days = query.days.unwrap_or(7);
    if !(1..=31).contains(&days) {
        return Err(ApiError::field("days", "Choose 1 to 31 days."));
    }
    let readings = domain::readings(&state, user.business_id, days).await?;
    Ok(ok("Meter readings.", ReadingsData { readings }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct AddressRequest {
    pub business_address_line1: String,
    pub business_address_line2: String,
    pub business_town: String,
    pub business_city: String,
    pub business_post_code: String,
}

#[derive(Serialize, ToSchema)]
pub struct OnboardingData {
    /// The business's onboarding step now.
    onboarding: &'static str,
}

/// Confirm (or correct) the business's registered address.
#[utoipa::path(post, path = "/v2/users/address/confirm", tag = "onboarding",
    request_body = AddressRequest,
    responses((status = 200, body = Envelope<OnboardingData>), (status = 422, body = ErrorBody)))]
pub async fn confirm_address(
    Business { state, user }: Business,
    ApiJson(request): ApiJson<AddressRequest>,
) -> Answer<OnboardingData> {
    let mut check = FieldCheck::default();
    let fields = [
        &request.business_address_line1,
        &request.business_address_line2,
        &request.business_town,
        &request.business_city,
        &request.business_post_code,
    ];
    let address = parse_address(&mut check, "business_", fields);
    let address = check.finish(address)?;
    let step = domain::confirm_address(&state, user.actor(), &address).await?;
    Ok(ok("Address confirmed.", OnboardingData { onboarding: step.key() }))
}

/// Finish onboarding, from the energy-usage step.
#[utoipa::path(post, path = "/v2/users/onboarding/complete", tag = "onboarding",
    responses((status = 200, body = Envelope<OnboardingData>), (status = 409, body = ErrorBody)))]
pub async fn complete(Business { state, user }: Business) -> Answer<OnboardingData> {
    let step = domain::complete(&state, user.actor()).await?;
    Ok(ok(
        "Welcome to HeatDesk: your dashboard is ready.",
        OnboardingData { onboarding: step.key() },
    ))
}
