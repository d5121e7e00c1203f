//! Profile images: sniffed from their bytes, at most 2 MB, re-encoded as a 256 px PNG that
//! keeps nothing of the upload but its pixels.

use std::io::Cursor;

use image::{ImageBuffer, ImageFormat, Rgb};
use reqwest::StatusCode;

use crate::store_tests;
use crate::support::{Owner, TestApp};

store_tests!(
    an_upload_is_sniffed_limited_and_kept_as_a_small_png,
    uploads_at_once_are_decoded_in_turn_and_each_kept,
    a_removed_image_is_gone_and_removing_none_is_no_error,
);

fn encoded(width: u32, height: u32, format: ImageFormat) -> Vec<u8> {
    let picture = ImageBuffer::from_pixel(width, height, Rgb([20u8, 120, 60]));
    let mut bytes = Vec::new();
    picture.write_to(&mut Cursor::new(&mut bytes), format).unwrap();
    bytes
}

/// Posts `bytes` as the form's `image` field, named and typed as a browser might.
async fn upload(owner: &Owner<'_>, bytes: &[u8], declared: &str) -> (StatusCode, String) {
    let boundary = "heatdesk-test-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"image\"; filename=\"me\"\r\n\
         Content-Type: {declared}\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let response = owner
        .app
        .client
        .post(format!("{}/v2/users/profile-image", owner.app.base))
        .bearer_auth(&owner.token)
        .header("content-type", format!("multipart/form-data; boundary={boundary}"))
        .body(body)
        .send()
        .await
        .unwrap();
    let status = response.status();
    let body: serde_json::Value = response.json().await.unwrap();
    (status, body["description"].as_str().unwrap_or_default().to_owned())
}

/// The kept image's response.
async fn kept(owner: &Owner<'_>) -> reqwest::Response {
    let url = format!("{}/v2/users/profile-image", owner.app.base);
    owner.app.client.get(url).bearer_auth(&owner.token).send().await.unwrap()
}

async fn an_upload_is_sniffed_limited_and_kept_as_a_small_png(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    assert_eq!(owner.get("/v2/users/profile-image").await.status, StatusCode::NO_CONTENT);

    // A JPEG with something after its end (where a tool might leave metadata).
    let mut jpeg = encoded(600, 400, ImageFormat::Jpeg);
    jpeg.extend_from_slice(b"GPS 53.7997N 1.5492W");
    let (status, description) = upload(&owner, &jpeg, "image/jpeg").await;
    assert_eq!((status, description.as_str()), (StatusCode::OK, "Profile image updated."));
    let response = kept(&owner).await;
    assert_eq!(response.headers()["content-type"], "image/png");
    let stored = response.bytes().await.unwrap();
    assert!(!stored.windows(3).any(|w| w == b"GPS"), "nothing of the upload but its pixels");
    let picture = image::load_from_memory_with_format(&stored, ImageFormat::Png).unwrap();
    assert_eq!((picture.width(), picture.height()), (256, 171));

    // The bytes decide, not the declared type.
    let png = encoded(50, 50, ImageFormat::Png);
    assert_eq!(upload(&owner, &png, "image/jpeg").await.0, StatusCode::OK);
    let (status, description) = upload(&owner, b"GIF89a\x01\x00\x01\x00", "image/png").await;
    assert_eq!(
        (status, description.as_str()),
        (StatusCode::UNSUPPORTED_MEDIA_TYPE, "Upload a PNG, JPEG or WebP image.")
    );
    let mut broken = encoded(50, 50, ImageFormat::Png);
    broken.truncate(40);
    assert_eq!(upload(&owner, &broken, "image/png").await.0, StatusCode::UNPROCESSABLE_ENTITY);

    // Over 2 MB, a little and a lot.
    for size in [2 * 1024 * 1024 + 10_000, 3 * 1024 * 1024] {
        let mut large = vec![0u8; size];
        large[..3].copy_from_slice(&[0xFF, 0xD8, 0xFF]);
        let (status, description) = upload(&owner, &large, "image/jpeg").await;
        assert_eq!(
            (status, description.as_str()),
            (StatusCode::PAYLOAD_TOO_LARGE, "The image is larger than 2 MB: choose a smaller one.")
        );
    }
    // Not a form at all: told in the envelope, as every refusal is.
    for content_type in ["multipart/form-data", "application/json"] {
        let url = format!("{}/v2/users/profile-image", owner.app.base);
        let post = owner.app.client.post(url).bearer_auth(&owner.token);
        let response = post.header("content-type", content_type).body("{}").send().await.unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{content_type}");
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(
            body["description"],
            "Send the image as a form (multipart/form-data) with a field named image."
        );
    }
    let still = image::load_from_memory(&kept(&owner).await.bytes().await.unwrap()).unwrap();
    assert_eq!(still.width(), 50, "a refused upload keeps the image before it");

    let rival = app.register_business("owner@rival.co.uk").await;
    assert_eq!(rival.get("/v2/users/profile-image").await.status, StatusCode::NO_CONTENT);
}

async fn uploads_at_once_are_decoded_in_turn_and_each_kept(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let png = encoded(1200, 900, ImageFormat::Png);
    let uploads = (0..4).map(|_| upload(&owner, &png, "image/png"));
    for (status, description) in futures_util::future::join_all(uploads).await {
        assert_eq!((status, description.as_str()), (StatusCode::OK, "Profile image updated."));
    }
    assert_eq!(kept(&owner).await.status(), StatusCode::OK);
}

async fn a_removed_image_is_gone_and_removing_none_is_no_error(app: TestApp) {
    let owner = app.register_business("owner@acme.co.uk").await;
    let rival = app.register_business("owner@rival.co.uk").await;
    let png = encoded(64, 64, ImageFormat::Png);
    assert_eq!(upload(&owner, &png, "image/png").await.0, StatusCode::OK);
    assert_eq!(upload(&rival, &png, "image/png").await.0, StatusCode::OK);
    let removed = owner.delete("/v2/users/profile-image").await;
    assert_eq!(removed.description(), "Profile image removed.");
    assert_eq!(kept(&owner).await.status(), StatusCode::NO_CONTENT);
    let again = owner.delete("/v2/users/profile-image").await;
    assert_eq!((again.status, again.description()), (StatusCode::OK, "Profile image removed."));
    // Each account's own image only.
    assert_eq!(kept(&rival).await.status(), StatusCode::OK);
}
