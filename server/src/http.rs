//! The request and response shapes shared by every feature: the success envelope, and JSON,
//! path and query extractors whose rejections are answered in the error envelope.

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use serde::Serialize;
use serde::de::DeserializeOwned;
use utoipa::ToSchema;

use crate::error::{ApiError, ApiResult};
use crate::kernel::words::{self, Language};

/// The success envelope: `{code: 200, description, data}`.
#[derive(Serialize, ToSchema)]
pub struct Envelope<T> {
    pub code: u16,
    /// What happened, in a sentence the client may show.
    pub description: String,
    pub data: T,
}

/// What a handler answers: the success envelope around `T`, or an error.
pub type Answer<T> = ApiResult<Json<Envelope<T>>>;

/// `data` of answers that carry nothing but their description.
#[derive(Serialize, ToSchema)]
pub struct NoData {}

/// The success envelope, its description in the reader's language.
pub fn ok<T: Serialize>(description: impl Into<String>, data: T) -> Json<Envelope<T>> {
    Json(Envelope { code: 200, description: words::for_reader(description.into()), data })
}

pub fn done(description: impl Into<String>) -> Json<Envelope<NoData>> {
    ok(description, NoData {})
}

/// `axum::Json`, but a body it cannot read is answered in our envelope.
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(Self(value)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

fn json_rejection(rejection: JsonRejection) -> ApiError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return ApiError::PayloadTooLarge;
    }
    match rejection {
        JsonRejection::JsonDataError(error) => ApiError::Validation {
            description: format!("The request body has the wrong shape: {}", error.body_text()),
            errors: Default::default(),
        },
        JsonRejection::MissingJsonContentType(_) => ApiError::BadRequest(
            "Send the request body as JSON (Content-Type: application/json).".into(),
        ),
        _ => ApiError::BadRequest("The request body is not valid JSON.".into()),
    }
}

/// `axum::extract::Path`, but a path it cannot read (`/v2/rooms/abc`) is answered 400 in our
/// envelope.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

/// `axum::extract::Query`, but a query it cannot read (`?page=abc`) is answered 400 in our
/// envelope.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        ApiError::BadRequest(format!("The address is not valid: {}", rejection.body_text()))
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::BadRequest(format!("The query is not valid: {}", rejection.body_text()))
    }
}

/// The language the request asks for, as an argument of a handler that words data itself.
impl<S: Send + Sync> FromRequestParts<S> for Language {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        let header = parts.headers.get(axum::http::header::ACCEPT_LANGUAGE);
        let header = header.and_then(|value| value.to_str().ok()).unwrap_or_default();
        Ok(Language::from_accept_language(header))
    }
}
