//! `Owner`: a signed-in business owner whose calls carry their token, with typed calls for
//! what most tests do.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::records::{HistoryPage, Radiator, Room, Zone};
use super::{Answer, TestApp};

/// A signed-in business owner: every call carries their token.
pub struct Owner<'a> {
    pub app: &'a TestApp,
    pub token: String,
}

/// A file a GET answered (a CSV download): its status, headers and text.
pub struct Download {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub text: String,
}

impl Owner<'_> {
    pub async fn get(&self, path: &str) -> Answer {
        self.app.call(Method::GET, path, Some(&self.token), None).await
    }

    /// A GET whose answer is a file rather than JSON.
    pub async fn download(&self, path: &str) -> Download {
        let request = self.app.client.get(format!("{}{path}", self.app.base));
        let response = request.bearer_auth(&self.token).send().await.unwrap();
        let (status, headers) = (response.status(), response.headers().clone());
        Download { status, headers, text: response.text().await.unwrap() }
    }

    /// A GET whose answer is asked for in `language` (an `Accept-Language` value).
    pub async fn get_in(&self, path: &str, language: &str) -> Answer {
        self.call_in(Method::GET, path, None, language).await
    }

    /// A call whose answer is asked for in `language` (an `Accept-Language` value).
    pub async fn call_in(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
        language: &str,
    ) -> Answer {
        self.app.call_in(method, path, Some(&self.token), body, Some(language)).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.app.call(Method::POST, path, Some(&self.token), Some(body)).await
    }

    pub async fn put(&self, path: &str, body: Value) -> Answer {
        self.app.call(Method::PUT, path, Some(&self.token), Some(body)).await
    }

    pub async fn delete(&self, path: &str) -> Answer {
        self.app.call(Method::DELETE, path, Some(&self.token), None).await
    }

    /// Deletes the account with this id, giving `password` again.
    pub async fn delete_account(&self, id: i64, password: &str) -> Answer {
        let path = format!("/v2/auth/{id}");
        let body = json!({ "password": password });
        self.app.call(Method::DELETE, &path, Some(&self.token), Some(body)).await
    }

    pub async fn add_room(&self, name: &str) -> Room {
        self.post("/v2/rooms", json!({"name": name})).await.data("room")
    }

    pub async fn add_zone(&self, name: &str) -> Zone {
        self.post("/v2/zones", json!({"name": name})).await.data("zone")
    }

    /// Registers a radiator without a room, with bounds 10–25 °C.
    pub async fn add_radiator(&self, uid: &str, name: &str) -> Radiator {
        self.post("/v2/radiators", radiator(uid, name)).await.data("radiator")
    }

    /// Puts the radiator with `uid` in the room (registering it, with bounds 10–25 °C, when
    /// new); answers it as the room lists it.
    pub async fn add_radiator_to(&self, room_id: i64, uid: &str, name: &str) -> Radiator {
        let room: Room = self.attach(room_id, uid, name).await.data("room");
        room.radiators.into_iter().find(|radiator| radiator.uid == uid).expect("radiator in room")
    }

    /// `POST /v2/rooms/{room_id}/radiators` as sent, for tests of its answers.
    pub async fn attach(&self, room_id: i64, uid: &str, name: &str) -> Answer {
        self.post(&format!("/v2/rooms/{room_id}/radiators"), radiator(uid, name)).await
    }

    pub async fn set_temperature(&self, radiator_id: i64, temperature: f64) -> Answer {
        let body = json!({"radiator_id": radiator_id, "temperature": temperature});
        self.put("/v2/radiators/set-temperature", body).await
    }

    pub async fn rooms(&self) -> Vec<Room> {
        self.get("/v2/rooms").await.data("rooms")
    }

    pub async fn room(&self, id: i64) -> Room {
        self.get(&format!("/v2/rooms/{id}")).await.data("room")
    }

    pub async fn radiators(&self) -> Vec<Radiator> {
        self.get("/v2/radiators").await.data("radiators")
    }

    pub async fn radiator(&self, id: i64) -> Radiator {
        self.get(&format!("/v2/radiators/{id}")).await.data("radiator")
    }

    pub async fn zones(&self) -> Vec<Zone> {
        self.get("/v2/zones").await.data("zones")
    }

    pub async fn zone(&self, id: i64) -> Zone {
        self.get(&format!("/v2/zones/{id}")).await.data("zone")
    }

    /// One page of the action history.
    pub async fn history(&self, query: &str) -> HistoryPage {
        let answer = self.get(&format!("/v2/action-history{query}")).await;
        assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
        serde_json::from_value(answer.body["data"].clone()).expect("history page")
    }
}

/// A radiator as sent to register one, with bounds 10–25 °C.
pub fn radiator(uid: &str, name: &str) -> Value {
    json!({"uid": uid, "name": name, "min_temperature": 10, "max_temperature": 25})
}
