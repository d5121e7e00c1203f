//! A profile image as uploaded made safe to keep: its type sniffed from its bytes (not from
//! the name or the header a browser sends), decoded within limits, scaled to fit 256 × 256 and
//! encoded again as PNG, so nothing of the upload but its pixels survives (no EXIF, no GPS, no
//! trailing data).

use std::io::Cursor;

use image::{ImageFormat, ImageReader, Limits};

/// The largest upload accepted, bytes.
pub const MAX_UPLOAD_BYTES: usize = 2 * 1024 * 1024;
/// The stored image's largest side, px.
pub const SIDE: u32 = 256;

#[derive(Debug, PartialEq, Eq)]
pub enum PictureError {
    /// Not a PNG, JPEG or WebP by its first bytes.
    Unsupported,
    /// It says it is one, but does not decode (broken, or too large to decode).
    Unreadable,
}

/// The format the first bytes say.
pub fn sniff(bytes: &[u8]) -> Option<ImageFormat> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(ImageFormat::Png)
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(ImageFormat::Jpeg)
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(ImageFormat::WebP)
    } else {
        None
    }
}

/// The upload as the PNG to keep.
pub fn normalise(bytes: &[u8]) -> Result<Vec<u8>, PictureError> {
    let format = sniff(bytes).ok_or(PictureError::Unsupported)?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    // A small file can claim a huge canvas: refuse to decode one beyond a camera's.
    limits.max_image_width = Some(12_000);
    limits.max_image_height = Some(12_000);
    limits.max_alloc = Some(256 * 1024 * 1024);
    reader.limits(limits);
    let picture = reader.decode().map_err(|_| PictureError::Unreadable)?;
    let picture = if picture.width() > SIDE || picture.height() > SIDE {
        picture.thumbnail(SIDE, SIDE)
    } else {
        picture
    };
    let mut png = Vec::new();
    picture
        .write_to(&mut Cursor::new(&mut png), ImageFormat::Png)
        .map_err(|_| PictureError::Unreadable)?;
    Ok(png)
}

#[cfg(test)]
mod tests {
    use image::{ImageBuffer, Rgb};

    use super::*;

    fn encoded(width: u32, height: u32, format: ImageFormat) -> Vec<u8> {
        let picture = ImageBuffer::from_pixel(width, height, Rgb([200u8, 30, 30]));
        let mut bytes = Vec::new();
        picture.write_to(&mut Cursor::new(&mut bytes), format).unwrap();
        bytes
    }

    #[test]
    fn an_image_is_sniffed_scaled_to_fit_and_kept_as_png() {
        let jpeg = encoded(1024, 512, ImageFormat::Jpeg);
        assert_eq!(sniff(&jpeg), Some(ImageFormat::Jpeg));
        let kept = normalise(&jpeg).unwrap();
        assert_eq!(sniff(&kept), Some(ImageFormat::Png));
        let back = image::load_from_memory(&kept).unwrap();
        assert_eq!((back.width(), back.height()), (256, 128));
        let small = encoded(40, 30, ImageFormat::Png);
        let back = image::load_from_memory(&normalise(&small).unwrap()).unwrap();
        assert_eq!((back.width(), back.height()), (40, 30), "a small image keeps its size");
    }

    #[test]
    fn a_file_that_is_not_an_image_or_does_not_decode_is_refused() {
        assert_eq!(normalise(b"GIF89a......"), Err(PictureError::Unsupported));
        assert_eq!(
            normalise(b"<svg xmlns='http://www.w3.org/2000/svg'/>"),
            Err(PictureError::Unsupported)
        );
        let mut broken = encoded(10, 10, ImageFormat::Png);
        broken.truncate(30);
        assert_eq!(normalise(&broken), Err(PictureError::Unreadable));
    }
}
