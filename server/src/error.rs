//! The one error type every handler returns, rendered as the envelope of DESIGN.md §3. The
//! layers below HTTP have errors of their own; this is where they become answers.

use std::collections::BTreeMap;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::kernel::words;
use crate::store::StoreError;

/// Field name → messages, as sent in the `errors` member of the envelope.
pub type FieldErrors = BTreeMap<String, Vec<String>>;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    /// 402: the business's plan does not cover what was asked (a radiator past its limit).
    #[error("{0}")]
    PaymentRequired(String),
    #[error("This endpoint does not accept this method.")]
    MethodNotAllowed,
    #[error("{description}")]
    Conflict { description: String, errors: FieldErrors },
    #[error("The request body is too large.")]
    PayloadTooLarge,
    /// 415: a file of a kind not taken (the sentence says which are).
    #[error("{0}")]
    UnsupportedMedia(String),
    /// 413 with a sentence of its own (an upload over its own limit).
    #[error("{0}")]
    TooLarge(String),
    #[error("{description}")]
    Validation { description: String, errors: FieldErrors },
    #[error("{description}")]
    TooManyRequests { description: String, retry_after_secs: u64 },
    #[error("HeatDesk is busy. Please try again in a moment.")]
    Unavailable,
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// The description every non-business account gets from commercial endpoints.
pub const NOT_ALLOWED: &str = "You are not allowed";

impl ApiError {
    /// 401 for a missing, unknown, expired or revoked token.
    pub fn signed_out() -> Self {
        Self::Unauthorized("Your session has ended. Please sign in again.".to_owned())
    }

    pub fn not_allowed() -> Self {
        Self::Forbidden(NOT_ALLOWED.to_owned())
    }

    /// A 422 for one field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        let mut errors = FieldErrors::new();
        errors.insert(field.to_owned(), vec![message.clone()]);
        Self::Validation { description: message, errors }
    }

    /// A 409 for one field.
    pub fn conflict(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        let mut errors = FieldErrors::new();
        errors.insert(field.to_owned(), vec![message.clone()]);
        Self::Conflict { description: message, errors }
    }

    fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::PaymentRequired(_) => StatusCode::PAYMENT_REQUIRED,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict { .. } => StatusCode::CONFLICT,
            Self::PayloadTooLarge | Self::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMedia(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Validation { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// What a feature did not turn into a sentence of its own: a missing row is 404, a refused
/// duplicate 409, a busy database 503.
impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::NotFound => Self::NotFound("Not found.".to_owned()),
            StoreError::Conflict { .. } => Self::Conflict {
                description: "This already exists.".to_owned(),
                errors: FieldErrors::new(),
            },
            StoreError::Busy(cause) => {
                tracing::warn!(error = %cause, "the database is busy");
                Self::Unavailable
            }
            StoreError::Other(cause) => Self::Internal(cause),
        }
    }
}

/// The error envelope: `{code, description, errors}`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// The HTTP status, repeated.
    pub code: u16,
    /// What went wrong, in a sentence for a person.
    pub description: String,
    /// Messages per request field; empty when the error is not about a field.
    pub errors: FieldErrors,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let description = match &self {
            Self::Internal(cause) => {
                tracing::error!(error = ?cause, "internal error");
                "Something went wrong on our side. Please try again.".to_owned()
            }
            other => other.to_string(),
        };
        let (errors, retry_after) = match self {
            Self::Validation { errors, .. } | Self::Conflict { errors, .. } => (errors, None),
            Self::TooManyRequests { retry_after_secs, .. } => {
                (FieldErrors::new(), Some(retry_after_secs))
            }
            Self::Unavailable => (FieldErrors::new(), Some(1)),
            _ => (FieldErrors::new(), None),
        };
        let errors = errors
            .into_iter()
            .map(|(field, messages)| (field, messages.into_iter().map(words::for_reader).collect()))
            .collect();
        let description = words::for_reader(description);
        let body = ErrorBody { code: status.as_u16(), description, errors };
        let mut response = (status, axum::Json(body)).into_response();
        if let Some(secs) = retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        if status == StatusCode::UNAUTHORIZED {
            // What a 401 must say it takes (RFC 9110): a session token.
            let challenge = HeaderValue::from_static("Bearer");
            response.headers_mut().insert(header::WWW_AUTHENTICATE, challenge);
        }
        response
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_errors_become_404_409_503_and_500() {
        let status = |error: StoreError| ApiError::from(error).status();
        assert_eq!(status(StoreError::NotFound), StatusCode::NOT_FOUND);
        assert_eq!(status(StoreError::Conflict { constraint: None }), StatusCode::CONFLICT);
        assert_eq!(
            status(StoreError::Busy(sqlx::Error::PoolTimedOut)),
            StatusCode::SERVICE_UNAVAILABLE
        );
        assert_eq!(
            status(StoreError::Other(anyhow::anyhow!("disk full"))),
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }

    #[tokio::test]
    async fn an_internal_error_answers_a_plain_sentence_never_its_cause() {
        let response = ApiError::Internal(anyhow::anyhow!("secret path /var/x")).into_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(response.into_body(), 1024).await.unwrap();
        let body = String::from_utf8(body.to_vec()).unwrap();
        assert!(body.contains("Something went wrong on our side."), "{body}");
        assert!(!body.contains("secret"), "{body}");
    }

    #[test]
    fn a_busy_answer_says_when_to_retry() {
        let busy = ApiError::Unavailable.into_response();
        assert_eq!(busy.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(busy.headers()[header::RETRY_AFTER], "1");
    }
}
