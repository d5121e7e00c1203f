//! Column types that read straight into the API's shape, so a stored row can be its own view
//! without a copy that converts it field by field.

use serde::{Serialize, Serializer};
use serde_json::Value;
use sqlx::error::BoxDynError;
use sqlx::{Any, Database, Decode};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::{KnownFormat, RefOr, SchemaFormat};
use utoipa::{PartialSchema, ToSchema};

use crate::clock::iso8601;

/// An instant as the API shows it, ISO 8601 (UTC); stored as Unix seconds.
#[derive(sqlx::Type, Clone, Copy, Debug, PartialEq, Eq)]
#[sqlx(transparent)]
pub struct Iso8601(pub i64);

impl Serialize for Iso8601 {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&iso8601(self.0))
    }
}

impl PartialSchema for Iso8601 {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
            .description(Some("ISO 8601, UTC."))
            .into()
    }
}

impl ToSchema for Iso8601 {}

/// A JSON document stored as text; shown as the document itself. The server writes that text
/// itself, so one that does not parse is a store error, not an empty document. (Fields of this
/// type say `#[schema(value_type = Object)]`.)
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(transparent)]
pub struct JsonText(pub Value);

impl sqlx::Type<Any> for JsonText {
    fn type_info() -> <Any as Database>::TypeInfo {
        <String as sqlx::Type<Any>>::type_info()
    }

    fn compatible(ty: &<Any as Database>::TypeInfo) -> bool {
        <String as sqlx::Type<Any>>::compatible(ty)
    }
}

impl<'r> Decode<'r, Any> for JsonText {
    fn decode(value: <Any as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
        let text = <&str as Decode<'r, Any>>::decode(value)?;
        Ok(Self(serde_json::from_str(text)?))
    }
}
