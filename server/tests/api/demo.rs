//! The demo business of `serve --demo`.

use heatdesk::demo::{DEMO_EMAIL, DEMO_PASSWORD, seed};

use crate::store_tests;
use crate::support::{TestApp, User};

store_tests!(the_demo_business_is_created_once_and_can_sign_in);

async fn the_demo_business_is_created_once_and_can_sign_in(app: TestApp) {
    assert!(seed(&app.state).await.unwrap());
    assert!(!seed(&app.state).await.unwrap());
    let demo = app.sign_in(DEMO_EMAIL, DEMO_PASSWORD).await;
    let me: User = demo.get("/v2/auth/me").await.data("me");
    assert_eq!((me.level, me.business_name.as_str()), (5001, "Northwind Offices Ltd"));
    let (rooms, radiators, zones) =
        (demo.rooms().await, demo.radiators().await, demo.zones().await);
    assert_eq!((rooms.len(), radiators.len(), zones.len()), (10, 32, 3));
    assert!(rooms.iter().all(|room| room.zone_id.is_some()));
    let quiet = rooms.iter().find(|room| room.name == "Quiet room").unwrap();
    assert_eq!((quiet.status, quiet.radiator_count), (0, 2));
    let cafe = rooms.iter().find(|room| room.name == "Café").unwrap();
    assert_eq!(cafe.target_temperature, Some(19.5));
    assert!(radiators.iter().all(|radiator| radiator.min_temperature == 7.0));
    // Built through the changes a user makes: 3 zones, 10 rooms placed in them, 32 radiators,
    // 19 setpoints other than the default, the quiet room switched off, 5 schedules and 2
    // automations switched on.
    assert_eq!(demo.history("").await.total, 3 + 10 + 10 + 32 + 19 + 1 + 5 + 2);
    let automations = demo.get("/v2/settings/automation").await.body["data"]["automations"].clone();
    let on: Vec<&str> = automations
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["enabled"] == 1)
        .map(|a| a["key"].as_str().unwrap())
        .collect();
    assert_eq!(on, ["frost_protection", "optimum_start"]);
    let schedules = demo.get("/v2/schedules").await.body["data"]["schedules"].clone();
    let names: Vec<&str> =
        schedules.as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "Café opening",
            "First floor office hours",
            "Ground floor office hours",
            "Quiet room hours",
            "Second floor office hours"
        ]
    );
    assert_eq!(
        schedules[3]["target_ids"].as_array().unwrap().len(),
        2,
        "the quiet room's radiators"
    );

    // The building comes alive with the first tick of the simulated fleet.
    app.tick(60).await;
    assert!(demo.rooms().await.iter().all(|room| room.current_temperature.is_some()));
}
