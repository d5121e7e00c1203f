//! Profile images: `POST /v2/users/profile-image` (multipart, field `image`: PNG, JPEG or WebP
//! by its bytes, at most 2 MB; else 413 or 415), `GET /v2/users/profile-image` (the kept
//! PNG, or 204 No Content when there is none) and `DELETE` (back to none). Handlers here, the image work in `picture.rs`, the SQL in `store.rs`.

mod picture;
mod store;

use axum::extract::multipart::{MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{Answer, Envelope, NoData, done};
use crate::state::AppState;
use picture::{MAX_UPLOAD_BYTES, PictureError};

pub fn router() -> OpenApiRouter<AppState> {
    // Room for the form's own parts around a 2 MB file, so the file's size decides.
    OpenApiRouter::new()
        .routes(routes!(show, upload, remove))
        .layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES + 64 * 1024))
}

const TOO_LARGE: &str = "The image is larger than 2 MB: choose a smaller one.";

/// Upload a profile image (multipart, field `image`).
#[utoipa::path(post, path = "/v2/users/profile-image", tag = "account",
    request_body(content_type = "multipart/form-data", description = "Field `image`: PNG, JPEG or WebP, at most 2 MB"),
    responses((status = 200, body = Envelope<NoData>), (status = 413, body = ErrorBody),
        (status = 415, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn upload(
    State(state): State<AppState>,
    user: AuthUser,
    form: Result<Multipart, MultipartRejection>,
) -> Answer<NoData> {
    let mut form = form.map_err(|_| {
        let sentence = "Send the image as a form (multipart/form-data) with a field named image.";
        ApiError::BadRequest(sentence.into())
    })?;
    let mut image = None;
    // Past the body limit a read fails with 413; a broken form with 400.
    let unread = |error: MultipartError| match error.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::TooLarge(TOO_LARGE.into()),
        _ => ApiError::BadRequest(format!("The form could not be read: {}", error.body_text())),
    };
    while let Some(field) = form.next_field().await.map_err(unread)? {
        if field.name() == Some("image") {
            image = Some(field.bytes().await.map_err(unread)?);
        }
    }
    let image = image.ok_or_else(|| ApiError::field("image", "Choose an image to upload."))?;
    if image.len() > MAX_UPLOAD_BYTES {
        return Err(ApiError::TooLarge(TOO_LARGE.into()));
    }
    // Decoding is CPU and memory work: off the async threads, one image at a time.
    let png =
        state.pictures.run(move || picture::normalise(&image)).await?.map_err(
            |error| match error {
                PictureError::Unsupported => {
                    ApiError::UnsupportedMedia("Upload a PNG, JPEG or WebP image.".into())
                }
                PictureError::Unreadable => {
                    ApiError::field("image", "This image cannot be read: it may be damaged.")
                }
            },
        )?;
    let mut tx = state.store.begin_write().await?;
    store::save(&mut tx, user.user_id, &png, state.clock.now().unix_timestamp()).await?;
    state.store.commit(tx).await?;
    Ok(done("Profile image updated."))
}

/// The profile image, as PNG; 204 No Content without one.
#[utoipa::path(get, path = "/v2/users/profile-image", tag = "account",
    responses((status = 200, content_type = "image/png"),
        (status = 204, description = "No profile image yet")))]
pub async fn show(State(state): State<AppState>, user: AuthUser) -> ApiResult<Response> {
    // Most users have none: that is an answer, not an error for the browser to log as a 404.
    let Some(png) = store::find(state.store.reader(), user.user_id).await? else {
        return Ok(StatusCode::NO_CONTENT.into_response());
    };
    Ok(([(header::CONTENT_TYPE, "image/png"), (header::CACHE_CONTROL, "private, no-cache")], png)
        .into_response())
}

/// Remove the profile image; the account shows none again. Answers the same when there was none.
#[utoipa::path(delete, path = "/v2/users/profile-image", tag = "account",
    responses((status = 200, body = Envelope<NoData>)))]
pub async fn remove(State(state): State<AppState>, user: AuthUser) -> Answer<NoData> {
    let mut tx = state.store.begin_write().await?;
    store::delete(&mut tx, user.user_id).await?;
    state.store.commit(tx).await?;
    Ok(done("Profile image removed."))
}
