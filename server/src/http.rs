//! The request and response shapes shared by every feature: the success envelope, and JSON,
//! path and query extractors whose rejections are answered in the error envelope.

use axum::Json;
use axum::body::Bytes;
use axum::extract::path::ErrorKind;
use axum::extract::rejection::PathRejection;
use axum::extract::{FromRequest, FromRequestParts, OptionalFromRequest, Request};
use axum::http::{HeaderMap, StatusCode, header};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::error::Category;
use serde_path_to_error::Segment;
use utoipa::ToSchema;

use crate::error::{ApiError, ApiResult};
use crate::kernel::values::shortened;
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

/// `axum::Json`, but stricter, and a body it cannot read is answered in our envelope: the body
/// must be a JSON object (serde would read a struct from an array, by position), and a field of
/// the wrong type is a field error in words, not serde's.
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !json_content_type(req.headers()) {
            return Err(ApiError::BadRequest(
                "Send the request body as JSON (Content-Type: application/json).".into(),
            ));
        }
        let body = Bytes::from_request(req, state).await.map_err(|rejection| {
            match rejection.status() {
                StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge,
                _ => ApiError::BadRequest("The request body could not be read.".into()),
            }
        })?;
        let value: serde_json::Value = serde_json::from_slice(&body).map_err(|error| {
            ApiError::BadRequest(match error.classify() {
                // serde_json reads 1e400 as a syntax error; it is a number too large to hold.
                Category::Syntax if error.to_string().starts_with("number out of range") => {
                    "A number in the request body is too large.".into()
                }
                _ => "The request body is not valid JSON.".into(),
            })
        })?;
        if !value.is_object() {
            return Err(ApiError::Validation {
                description: "Send the request body as a JSON object.".into(),
                errors: Default::default(),
            });
        }
        serde_path_to_error::deserialize(value).map(Self).map_err(|error| {
            let (field, message) = field_error(error.path(), &error.inner().to_string());
            wrong_fields(field, message)
        })
    }
}

/// A body that may be left out (`Option<ApiJson<T>>`): none when the request sends no body and
/// no content type; anything else is read as [`ApiJson`] reads it.
impl<S, T> OptionalFromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Option<Self>, Self::Rejection> {
        let headers = req.headers();
        let length = headers.get(header::CONTENT_LENGTH).and_then(|value| value.to_str().ok());
        let empty = matches!(length, None | Some("0"));
        if empty && !headers.contains_key(header::CONTENT_TYPE) {
            return Ok(None);
        }
        <Self as FromRequest<S>>::from_request(req, state).await.map(Some)
    }
}

/// `application/json`, or a `+json` type, as `axum::Json` takes.
fn json_content_type(headers: &HeaderMap) -> bool {
    let mime = headers.get(header::CONTENT_TYPE).and_then(|value| value.to_str().ok());
    let essence = mime.and_then(|mime| mime.split(';').next()).unwrap_or_default().trim();
    let essence = essence.to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// The field a serde error is about (`slots.0.end`, as `FieldCheck` names fields) and what to
/// do about it, in words. serde's errors are text; their wording is serde's own convention
/// (`invalid type: …, expected …`, `missing field …`), shared by every format.
fn field_error(path: &serde_path_to_error::Path, serde_message: &str) -> (String, String) {
    let mut field: Vec<String> = path
        .iter()
        .filter_map(|segment| match segment {
            Segment::Seq { index } => Some(index.to_string()),
            Segment::Map { key } => Some(key.clone()),
            Segment::Enum { variant } => Some(variant.clone()),
            Segment::Unknown => None,
        })
        .collect();
    if let Some(missing) = quoted_after(serde_message, "missing field `") {
        field.push(missing);
        return (field.join("."), "Enter this field.".into());
    }
    let expected = serde_message.rsplit_once("expected ").map_or("", |(_, expected)| expected);
    let message = if serde_message.starts_with("unknown variant") {
        let choices: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
        format!("Choose one of: {}.", choices.join(", "))
    } else if serde_message.starts_with("unknown field") {
        "HeatDesk does not know this field.".into()
    } else if serde_message.starts_with("invalid value") || serde_message.contains("too large") {
        "This number is out of range.".into()
    } else if expected.starts_with("a string") || expected.starts_with("a char") {
        "Enter text.".into()
    } else if expected.starts_with('i')
        || expected.starts_with('u')
        || is_digit_error(serde_message)
    {
        // `expected i64`, `u32`…; a query's `invalid digit found in string`.
        "Enter a whole number.".into()
    } else if expected.starts_with('f') || serde_message.contains("float") {
        "Enter a number.".into()
    } else if expected.starts_with("a boolean")
        || serde_message.contains("provided string was not `true`")
    {
        "Enter true or false.".into()
    } else if expected.starts_with("a sequence") {
        "Send a list.".into()
    } else {
        "This value has the wrong type.".into()
    };
    (field.join("."), message)
}

fn is_digit_error(serde_message: &str) -> bool {
    serde_message.contains("invalid digit") || serde_message.contains("empty string")
}

/// The text between `opening` and the next backquote.
fn quoted_after(text: &str, opening: &str) -> Option<String> {
    let rest = text.split_once(opening)?.1;
    Some(rest.split('`').next().unwrap_or_default().to_owned())
}

fn wrong_fields(field: String, message: String) -> ApiError {
    let field = if field.is_empty() { "body".to_owned() } else { field };
    ApiError::Validation {
        description: "Some fields need correcting.".into(),
        errors: [(field, vec![message])].into_iter().collect(),
    }
}

/// `axum::extract::Path`, but a path it cannot read (`/v2/rooms/abc`) is answered 400 in our
/// envelope, saying which part.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        let unreadable = match &rejection {
            PathRejection::FailedToDeserializePathParams(error) => match error.kind() {
                ErrorKind::ParseErrorAtKey { value, .. }
                | ErrorKind::ParseErrorAtIndex { value, .. }
                | ErrorKind::ParseError { value, .. } => Some(value.clone()),
                _ => None,
            },
            _ => None,
        };
        ApiError::BadRequest(match unreadable {
            Some(value) => {
                format!("The address holds '{}' where a number belongs.", shortened(&value))
            }
            None => "The address is not valid.".into(),
        })
    }
}

/// `axum::extract::Query`, but a query it cannot read (`?page=abc`) is answered 400 in our
/// envelope, with the field and what it takes.
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        let pairs = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
        serde_path_to_error::deserialize(pairs).map(Self).map_err(|error| {
            let (field, message) = field_error(error.path(), &error.inner().to_string());
            ApiError::BadRequest(format!("The query's '{field}' is not valid: {message}"))
        })
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize, Debug)]
    #[expect(dead_code, reason = "its fields are read only to be refused")]
    struct Sample {
        name: String,
        ratio: f64,
        on: bool,
        kind: Kind,
        slots: Vec<i64>,
    }

    #[derive(Deserialize, Debug)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        Room,
        Zone,
    }

    fn refusal(body: serde_json::Value) -> (String, String) {
        let error = serde_path_to_error::deserialize::<_, Sample>(body).unwrap_err();
        field_error(error.path(), &error.inner().to_string())
    }

    #[test]
    fn serde_errors_become_a_field_and_words() {
        let good = serde_json::json!({"name": "a", "ratio": 1.5, "on": true, "kind": "room", "slots": [1]});
        let with = |field: &str, value: serde_json::Value| {
            let mut body = good.clone();
            body[field] = value;
            refusal(body)
        };
        assert_eq!(with("name", 5.into()), ("name".into(), "Enter text.".into()));
        assert_eq!(with("ratio", "x".into()), ("ratio".into(), "Enter a number.".into()));
        assert_eq!(with("on", 1.into()), ("on".into(), "Enter true or false.".into()));
        assert_eq!(
            with("kind", "floor".into()),
            ("kind".into(), "Choose one of: room, zone.".into())
        );
        assert_eq!(with("slots", 1.into()), ("slots".into(), "Send a list.".into()));
        let nested = with("slots", serde_json::json!([1, "two"]));
        assert_eq!(nested, ("slots.1".into(), "Enter a whole number.".into()));
        let mut missing = good.clone();
        missing.as_object_mut().unwrap().remove("ratio");
        assert_eq!(refusal(missing), ("ratio".into(), "Enter this field.".into()));
    }
}
