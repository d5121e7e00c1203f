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

pub fn ok<T: Serialize>(description: impl Into<String>, data: T) -> Json<Envelope<T>> {
    Json(Envelope { code: 200, description: description.into(), data })
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

/// The language an answer's words are in, from the request's `Accept-Language`: the first of
/// its languages the web app speaks (Arabic or English), English when it names neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    English,
    Arabic,
}

impl Language {
    pub fn from_accept_language(header: &str) -> Self {
        // Browsers list languages by preference; a weight of 0 means "not this one".
        let refused = |params: &str| {
            params.split(';').any(|param| {
                param.trim().strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()) == Some(0.0)
            })
        };
        header
            .split(',')
            .filter_map(|range| {
                let (tag, params) = range.split_once(';').unwrap_or((range, ""));
                (!refused(params)).then(|| tag.trim().split('-').next().unwrap_or_default())
            })
            .find_map(|primary| match primary.to_ascii_lowercase().as_str() {
                "ar" => Some(Language::Arabic),
                "en" => Some(Language::English),
                _ => None,
            })
            .unwrap_or(Language::English)
    }
}

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

#[cfg(test)]
mod tests {
    use super::Language;

    #[test]
    fn the_language_is_the_first_accepted_one_the_app_speaks() {
        assert_eq!(Language::from_accept_language("ar"), Language::Arabic);
        assert_eq!(
            Language::from_accept_language("fr-FR, ar-SA;q=0.8, en;q=0.5"),
            Language::Arabic
        );
        assert_eq!(Language::from_accept_language("en-GB,en;q=0.9,ar;q=0.8"), Language::English);
        assert_eq!(Language::from_accept_language("ar;q=0, en"), Language::English);
        assert_eq!(Language::from_accept_language("ar;q=0.0, en"), Language::English);
        assert_eq!(Language::from_accept_language("de"), Language::English);
        assert_eq!(Language::from_accept_language(""), Language::English);
    }
}
