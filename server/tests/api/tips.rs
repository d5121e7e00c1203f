//! Energy-saving tips: at least 20, each with a category, a saving and, where the web app can act
//! on it, the page to.

use std::collections::HashSet;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::store_tests;
use crate::support::TestApp;

store_tests!(the_tips_are_listed_largest_saving_first_in_the_readers_language);

async fn the_tips_are_listed_largest_saving_first_in_the_readers_language(app: TestApp) {
    let signed_out = app.call(Method::GET, "/v2/energy-saving-tips", None, None).await;
    assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);
    let owner = app.register_business("owner@acme.co.uk").await;
    let answer = owner.get("/v2/energy-saving-tips").await;
    assert_eq!(answer.status, StatusCode::OK);
    let tips = answer.body["data"]["energy_savings_tips"].as_array().unwrap().clone();
    assert!(tips.len() >= 20, "{} tips", tips.len());
    let categories = ["schedules", "temperature", "automations", "building", "people", "tariff"];
    let mut ids = HashSet::new();
    let mut last_saving = f64::INFINITY;
    for tip in &tips {
        assert!(ids.insert(tip["id"].as_str().unwrap().to_owned()), "{} twice", tip["id"]);
        assert!(categories.contains(&tip["category"].as_str().unwrap()), "{tip}");
        let saving = tip["estimated_saving_percent"].as_f64().unwrap();
        assert!(saving > 0.0 && saving <= last_saving, "largest first: {tip}");
        last_saving = saving;
        assert!(tip["title"].as_str().unwrap().len() > 10);
        assert!(tip["body"].as_str().unwrap().len() > 80, "a real sentence: {tip}");
        let path = &tip["action_path"];
        assert!(path.is_null() || path.as_str().unwrap().starts_with('/'), "{tip}");
    }
    // What is done in the building itself has no page to act on it.
    let path = |id: &str| tips.iter().find(|tip| tip["id"] == id).unwrap()["action_path"].clone();
    assert_eq!((path("opening-hours"), path("draughts")), (json!("/schedules"), Value::Null));
    // Rooms heat to their schedules' setpoints (the comfort setpoint is the baseline's).
    assert_eq!(path("one-degree"), json!("/schedules"));

    // In the reader's language: the web app sends its own in Accept-Language.
    let arabic = owner.get_in("/v2/energy-saving-tips", "ar-SA,ar;q=0.9,en;q=0.5").await;
    let arabic = arabic.body["data"]["energy_savings_tips"].as_array().unwrap().clone();
    assert_eq!(arabic.len(), tips.len());
    assert_eq!(arabic[0]["title"], "دفّئ المبنى فقط أثناء ساعات العمل");
    assert_eq!(tips[0]["title"], "Heat only while the building is open");
    for (arabic, english) in arabic.iter().zip(&tips) {
        assert_eq!(
            (&arabic["id"], &arabic["action_path"]),
            (&english["id"], &english["action_path"])
        );
        let body = arabic["body"].as_str().unwrap();
        assert!(body.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "Arabic: {body}");
        assert_ne!(arabic["body"], english["body"]);
    }
}
