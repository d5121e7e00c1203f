//! Notifications: what happened that the business should know, once per event — the month's
//! electricity forecast to exceed the budget, 80% and 100% of the budget used, the month's CF
//! goal reached (checked hourly, and at once after the goal changes), a radiator gone offline and
//! back — checked once a minute by one instance (under a lease), each new one mailed to the
//! accounts that want notifications; and reading them.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use serde_json::json;

use super::store::{self, NewNotification, NotificationView};
use crate::analytics::{Model, co2_saving_between};
use crate::clock::Clock;
use crate::devices::OFFLINE_AFTER_SECS;
use crate::error::{ApiError, ApiResult};
use crate::kernel::change::Actor;
use crate::kernel::words;
use crate::mail::{Mail, Mailer};
use crate::state::AppState;
use crate::store::Store;
use crate::store::lease::Lease;

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct Notifications {
    /// The latest 50, newest first.
    pub notifications: Vec<NotificationView>,
    pub unread: i64,
    /// 1 while the account wants notifications.
    pub enabled: i64,
}

pub async fn list(state: &AppState, actor: Actor) -> ApiResult<Notifications> {
    let pool = state.store.reader();
    Ok(Notifications {
        notifications: store::latest(pool, actor.business_id, 50).await?,
        unread: store::unread(pool, actor.business_id).await?,
        enabled: i64::from(store::enabled(pool, actor.user_id).await?),
    })
}

pub async fn set_enabled(state: &AppState, actor: Actor, on: bool) -> ApiResult<Notifications> {
    let mut tx = state.store.begin_write().await?;
    store::set_enabled(&mut tx, actor.user_id, on).await?;
    state.store.commit(tx).await?;
    list(state, actor).await
}

/// Marks one notification (`Some`) or all read; 404 for one that is not the business's.
pub async fn mark_read(
    state: &AppState,
    actor: Actor,
    id: Option<i64>,
) -> ApiResult<Notifications> {
    if let Some(id) = id
        && !store::exists(state.store.reader(), actor.business_id, id).await?
    {
        return Err(ApiError::NotFound("This notification does not exist.".into()));
    }
    let now = state.clock.now().unix_timestamp();
    let mut tx = state.store.begin_write().await?;
    store::mark_read(&mut tx, actor.business_id, id, now).await?;
    state.store.commit(tx).await?;
    list(state, actor).await
}

/// The whole percent of `budget` that `cost` is, down, so that 99.6% is not told as all of it.
fn share_used(cost: f64, budget: f64) -> i64 {
    (cost * 100.0 / budget).floor() as i64
}

/// `£1,573.00`: grouped in thousands, as the web app shows amounts.
fn pounds(pence: f64) -> String {
    let text = format!("{:.2}", pence.abs() / 100.0);
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, "00"));
    let mut grouped = String::new();
    for (index, digit) in whole.chars().enumerate() {
        if index > 0 && (whole.len() - index) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let sign = if pence < 0.0 { "-" } else { "" };
    format!("{sign}£{grouped}.{fraction}")
}

/// What the once-a-minute rounds remember between them, and how they mail what they find.
pub struct Rounds {
    /// Per business, the hour and the goal its CF goal was last checked in and with.
    goals_checked: HashMap<i64, GoalCheck>,
    mailer: Mailer,
    /// Where the web app is, for the mails' link.
    public_url: String,
}

impl Rounds {
    pub fn new(mailer: Mailer, public_url: String) -> Self {
        Self { goals_checked: HashMap::new(), mailer, public_url }
    }
}

/// A CF goal's check: the hour (unix hours) it ran in, and the goal (kg) it checked.
type GoalCheck = (i64, f64);

/// Whether a round in `hour` checks a CF goal of `goal` kg last checked as `last`: the check
/// simulates the month's baseline, so it runs in the first round of each hour, whenever in the
/// hour that runs, and in the next round after the goal changed.
fn goal_due(last: Option<GoalCheck>, hour: i64, goal: f64) -> bool {
    last != Some((hour, goal))
}

impl Rounds {
    /// Checks every listening business for new events at `now`; answers how many notifications
    /// were added. One business's failure (a radiator deleted meanwhile, a busy store) waits for
    /// the next round; the others are checked.
    pub async fn check(
        &mut self,
        store: &Store,
        model: Model,
        now: OffsetDateTime,
    ) -> ApiResult<usize> {
        let mut added = 0;
        for business_id in store::listening(store.reader()).await? {
            let last = self.goals_checked.get(&business_id).copied();
            let mail = Mailing { mailer: &self.mailer, public_url: &self.public_url };
            match check_business(store, model, business_id, now, last, mail).await {
                Ok((count, checked)) => {
                    added += count;
                    if let Some(checked) = checked {
                        self.goals_checked.insert(business_id, checked);
                    }
                }
                Err(error) => {
                    tracing::error!(business_id, ?error, "cannot check for notifications")
                }
            }
        }
        Ok(added)
    }
}

/// How a round mails a new notification.
#[derive(Clone, Copy)]
struct Mailing<'a> {
    mailer: &'a Mailer,
    public_url: &'a str,
}

impl Mailing<'_> {
    /// Mails `notification` to each account of the business that wants notifications.
    async fn send(
        self,
        store: &Store,
        business_id: i64,
        notification: &NewNotification<'_>,
        now: OffsetDateTime,
    ) -> ApiResult<()> {
        // In the language each account last used the app in; the link on a line of its own, as
        // Arabic isolates a value in a sentence with invisible marks a mail client could take
        // into the link.
        for (to, language) in store::listeners(store.reader(), business_id).await? {
            let say = |sentence: String| words::worded(language, sentence);
            let body = format!(
                "{}\n\n{}\n{}/home\n\n{}\n",
                say(notification.body.clone()),
                say("See it in HeatDesk:".to_owned()),
                self.public_url,
                say("You get these mails while notifications are on; switch them off under \
                     Settings, Notifications."
                    .to_owned()),
            );
            let subject = format!("HeatDesk: {}", say(notification.title.to_owned()));
            self.mailer.send(store, Mail { to, subject, body }, now).await?;
        }
        Ok(())
    }
}

/// Checks one business for new events at `now`, its CF goal when [`goal_due`] after `last`;
/// answers how many notifications were added (and mailed), and the goal's check when it ran.
async fn check_business(
    store: &Store,
    model: Model,
    business_id: i64,
    now: OffsetDateTime,
    last: Option<GoalCheck>,
    mail: Mailing<'_>,
) -> ApiResult<(usize, Option<GoalCheck>)> {
    let pool = store.reader();
    let at = now.unix_timestamp();
    let mut added = 0;
    let mut notify = async |notification: NewNotification<'_>| -> ApiResult<()> {
        if store::add(store, business_id, &notification, at).await? {
            added += 1;
            mail.send(store, business_id, &notification, now).await?;
        }
        Ok(())
    };
    let goals = crate::goals::read(pool, business_id).await?;
    let settings = crate::business::read(pool, business_id).await?;
    let today = crate::business::local_date(&settings, now);
    let month = store::event_month(today);
    // A budget's events are keyed by the budget too: one changed is watched afresh. Setting it
    // withdraws the month's notifications of the budget it replaced, and so does a round that
    // read the old budget as it changed.
    store::withdraw_raced_budget_events(store, business_id, &month, goals.budget_pence).await?;
    if let Some(budget_pence) = goals.budget_pence {
        let budget_key = |event: &str| format!("budget-{event}-{month}-{budget_pence}");
        let tz = crate::business::time_zone(&settings);
        let moment = jiff::Timestamp::from_second(at).unwrap_or_default();
        let month_cost = crate::goals::month_cost(pool, business_id, &tz, moment).await?;
        let (cost, forecast) = (month_cost.so_far, month_cost.forecast);
        let budget = budget_pence as f64;
        let spent = |kind, event_key, title| NewNotification {
            kind,
            event_key,
            title,
            body: format!(
                "This month's electricity has cost {} of your {} budget.",
                pounds(cost),
                pounds(budget)
            ),
            params: json!({"cost_pence": cost.round(), "budget_pence": budget}),
        };
        if cost >= budget {
            notify(spent("budget_100", budget_key("100"), "Budget used up")).await?;
        } else if cost >= 0.8 * budget {
            // The share the round saw (80 to 99): a budget set late in the month is past 80%.
            let title = format!("{}% of the budget used", share_used(cost, budget));
            notify(spent("budget_80", budget_key("80"), &title)).await?;
        }
        if cost < budget && forecast > budget {
            notify(NewNotification {
                kind: "budget_forecast",
                event_key: budget_key("forecast"),
                title: "Forecast over budget",
                body: format!(
                    "At the rate so far, electricity will cost about {} by the month's end, over your {} budget.",
                    pounds(forecast),
                    pounds(budget)
                ),
                params: json!({"forecast_pence": forecast.round(), "budget_pence": budget}),
            })
            .await?;
        }
    }
    let hour = at.div_euclid(3600);
    let goal = goals.carbon_goal_kg.filter(|goal| goal_due(last, hour, *goal));
    if let Some(goal) = goal {
        let days = (today.first_of_month(), today);
        let saving = co2_saving_between(store, model, business_id, &settings, days, now).await?;
        let saved = saving.totals.saved_kg;
        if goal > 0.0 && saved >= goal {
            notify(NewNotification {
                kind: "cf_goal",
                event_key: format!("cf-goal-{month}"),
                title: "CF goal reached",
                body: format!(
                    "You have saved {saved:.1} kg of CO2 this month, reaching your goal of {goal:.1} kg."
                ),
                params: json!({"saved_kg": saved, "goal_kg": goal}),
            })
            .await?;
        }
    }
    for (id, name, last_seen, outage) in store::radiator_presence(pool, business_id).await? {
        let offline = at - last_seen >= OFFLINE_AFTER_SECS;
        // The outage as it stands now, and the notification that says so.
        let (outage_since, kind, event_key, title, body) = match (offline, outage) {
            (true, None) => (
                Some(last_seen),
                "radiator_offline",
                format!("offline-{id}-{last_seen}"),
                "Radiator offline",
                format!("Radiator '{name}' has not reported for 5 minutes or more."),
            ),
            (false, Some(since)) => (
                None,
                "radiator_online",
                format!("online-{id}-{since}"),
                "Radiator back online",
                format!("Radiator '{name}' is reporting again."),
            ),
            _ => continue,
        };
        store::set_outage(store, id, outage_since).await?;
        let params = json!({"name": name});
        notify(NewNotification { kind, event_key, title, body, params }).await?;
    }
    Ok((added, goal.map(|goal| (hour, goal))))
}

/// Checks for events once a minute until the process ends, on the instance holding the lease.
pub async fn run(store: Store, model: Model, clock: Arc<dyn Clock>, mut rounds: Rounds) {
    let lease = Lease::new("notifications", 180);
    let mut interval = tokio::time::interval(Duration::from_secs(60));
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        interval.tick().await;
        let now = clock.now();
        match lease.acquire(&store, now.unix_timestamp()).await {
            Ok(true) => {
                if let Err(error) = rounds.check(&store, model, now).await {
                    tracing::error!(?error, "cannot check for notifications");
                }
            }
            Ok(false) => {}
            Err(error) => tracing::error!(?error, "cannot take the notifications lease"),
        }
    }
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;

    #[test]
    fn the_share_used_is_whole_percent_down() {
        assert_eq!(share_used(80.0, 100.0), 80);
        assert_eq!(share_used(381.0, 400.0), 95);
        assert_eq!(share_used(99.96, 100.0), 99);
    }

    #[test]
    fn pounds_are_grouped_in_thousands() {
        assert_eq!(pounds(381.0), "£3.81");
        assert_eq!(pounds(157_300.0), "£1,573.00");
        assert_eq!(pounds(123_456_789.4), "£1,234,567.89");
        assert_eq!(pounds(-100_000.0), "-£1,000.00");
    }

    #[test]
    fn a_goal_is_checked_by_the_first_round_of_each_hour_and_at_once_when_it_changes() {
        let hour = |at: OffsetDateTime| at.unix_timestamp().div_euclid(3600);
        let nine = hour(datetime!(2026-01-15 09:00:30 UTC));
        assert!(goal_due(None, nine, 40.0), "never checked");
        assert!(!goal_due(Some((nine, 40.0)), hour(datetime!(2026-01-15 09:59:59 UTC)), 40.0));
        assert!(goal_due(Some((nine, 40.0)), nine, 25.0), "changed");
        // A slow round skipped 10:00; the round at 10:01 checks.
        assert!(goal_due(Some((nine, 40.0)), hour(datetime!(2026-01-15 10:01:10 UTC)), 40.0));
    }
}
