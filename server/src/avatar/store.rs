//! The profile images' SQL.

use sqlx::AnyConnection;

use crate::store::{Db, StoreResult};

pub async fn save(db: &mut AnyConnection, user_id: i64, png: &[u8], now: i64) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO profile_images (user_id, png, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET png = excluded.png, updated_at = excluded.updated_at",
    )
    .bind(user_id)
    .bind(png.to_vec())
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

pub async fn find<'e>(db: impl Db<'e>, user_id: i64) -> StoreResult<Option<Vec<u8>>> {
    let row: Option<(Vec<u8>,)> =
        sqlx::query_as("SELECT png FROM profile_images WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(png,)| png))
}

pub async fn delete(db: &mut AnyConnection, user_id: i64) -> StoreResult<()> {
    sqlx::query("DELETE FROM profile_images WHERE user_id = $1").bind(user_id).execute(db).await?;
    Ok(())
}
