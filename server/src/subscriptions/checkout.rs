//! The hosted checkout (DESIGN.md §3): a one-time link to a card page for one plan, valid for
//! 30 minutes. A paid card activates the plan for a month and records the payment; a declined
//! one is recorded too and the page asks for another card. A link is paid once: a second
//! payment (a double click, a replay) charges nothing and shows the receipt.

use serde::Deserialize;
use time::OffsetDateTime;

use super::domain::{chosen_plan, ensure_checkout_allowed, told_before, unused_credit};
use super::renewals::paid_month;
use super::store::{self, CheckoutRow, NewPayment, PlanRow};
use crate::cards::{Card, ChargeOutcome};
use crate::error::{ApiError, ApiResult};
use crate::kernel::change::{Actor, Change, Entry};
use crate::kernel::tokens::{hash_token, new_token};
use crate::kernel::words::Language;
use crate::state::AppState;
use crate::store::{StoreResult, take_business_turn};

/// How long a checkout link can be paid.
pub const CHECKOUT_LIFETIME_SECS: i64 = 30 * 60;

/// Opens a checkout for `plan_id`; answers its page's URL, which asks for the page in
/// `language` (the app's, which the browser's own may not be).
pub async fn start(
    state: &AppState,
    actor: Actor,
    plan_id: i64,
    language: Language,
) -> ApiResult<String> {
    let mut tx = state.store.begin_write().await?;
    take_business_turn(&mut tx, actor.business_id).await?;
    let plan = chosen_plan(&mut tx, plan_id).await?;
    let now = state.clock.now().unix_timestamp();
    ensure_checkout_allowed(&mut tx, actor.business_id, &plan, now).await?;
    let credit = unused_credit(&mut tx, actor.business_id, &plan, now).await?;
    let amount_pence = (plan.monthly_price_pence - credit).max(0);
    store::close_open_checkouts(&mut tx, actor.business_id, now).await?;
    let token = new_token();
    let times = (now, now + CHECKOUT_LIFETIME_SECS);
    let user = (actor.user_id, actor.business_id);
    let digest = hash_token(&token);
    store::create_checkout(&mut tx, &digest, user, (plan.id, amount_pence), times).await?;
    state.store.commit(tx).await?;
    let query = match language {
        Language::Arabic => "?lang=ar",
        Language::English => "?lang=en",
    };
    Ok(format!("{}/checkout/{token}{query}", state.config.public_url.trim_end_matches('/')))
}

/// The card form as posted: every field text, so a missing one is a field error.
#[derive(Deserialize, Default, Debug)]
#[serde(default)]
pub struct CardForm {
    pub card_number: String,
    /// `MM/YY`.
    pub expiry: String,
    pub cvc: String,
    pub name: String,
}

/// Field errors, in the form's order.
pub type FormErrors = Vec<(&'static str, String)>;

/// Whether `digits` pass the Luhn check every card number carries.
fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, byte)| {
            let digit = u32::from(byte - b'0');
            if i % 2 == 1 { if digit > 4 { digit * 2 - 9 } else { digit * 2 } } else { digit }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// Checks the form at `now`: the number (12–19 digits, spaces allowed, Luhn), an expiry
/// `MM/YY` no earlier than this month, a CVC of 3 or 4 digits and a name.
pub fn check_card(form: &CardForm, now: OffsetDateTime) -> Result<Card, FormErrors> {
    let mut errors = FormErrors::new();
    let number: String = form.card_number.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    if !(12..=19).contains(&number.len()) || !number.bytes().all(|b| b.is_ascii_digit()) {
        errors.push(("card_number", "Enter the card number: 12 to 19 digits.".into()));
    } else if !luhn(&number) {
        errors.push(("card_number", "This card number is not valid: check the digits.".into()));
    }
    let expiry: Option<(u8, i32)> = form.expiry.trim().split_once('/').and_then(|(m, y)| {
        let (month, year) = (m.trim().parse::<u8>().ok()?, y.trim());
        let year = match year.len() {
            2 => 2000 + year.parse::<i32>().ok()?,
            4 => year.parse::<i32>().ok()?,
            _ => return None,
        };
        Some((month, year))
    });
    match expiry {
        None => errors.push(("expiry", "Enter the expiry date as MM/YY.".into())),
        Some((month, _)) if !(1..=12).contains(&month) => {
            errors.push(("expiry", "The expiry month is 01 to 12.".into()));
        }
        Some((month, year)) if (year, month) < (now.year(), u8::from(now.month())) => {
            errors.push(("expiry", "This card has expired.".into()));
        }
        Some(_) => {}
    }
    let cvc = form.cvc.trim();
    if !(3..=4).contains(&cvc.len()) || !cvc.bytes().all(|b| b.is_ascii_digit()) {
        errors.push(("cvc", "Enter the 3 or 4 digits on the back of the card.".into()));
    }
    let name = form.name.trim();
    if name.is_empty() {
        errors.push(("name", "Enter the name on the card.".into()));
    } else if name.chars().count() > 100 {
        errors.push(("name", "The name on the card is at most 100 characters.".into()));
    }
    if errors.is_empty() {
        Ok(Card { number, cvc: cvc.to_owned(), name: name.to_owned() })
    } else {
        Err(errors)
    }
}

/// What the checkout page shows.
pub enum Page {
    /// The form, with the plan, what is charged now (its price less any credit), any field
    /// errors, and whether the last card was declined.
    Form { plan: PlanRow, amount_pence: i64, errors: FormErrors, declined: bool },
    /// Paid: the receipt.
    Paid { plan: PlanRow },
    /// The link is not valid, or has expired unpaid.
    Gone { expired: bool },
}

/// The checkout behind `token` and its plan, if any.
async fn find(state: &AppState, token: &str) -> StoreResult<Option<(CheckoutRow, PlanRow)>> {
    let pool = state.store.reader();
    let Some(checkout) = store::checkout(pool, &hash_token(token)).await? else { return Ok(None) };
    Ok(store::plan(pool, checkout.plan_id).await?.map(|plan| (checkout, plan)))
}

/// The page for `token` before anything is posted.
pub async fn show(state: &AppState, token: &str) -> ApiResult<Page> {
    let now = state.clock.now().unix_timestamp();
    Ok(match find(state, token).await? {
        None => Page::Gone { expired: false },
        Some((checkout, plan)) if checkout.paid_at.is_some() => Page::Paid { plan },
        Some((checkout, _)) if checkout.expires_at <= now => Page::Gone { expired: true },
        Some((checkout, plan)) => {
            let amount_pence = checkout.amount_pence;
            Page::Form { plan, amount_pence, errors: FormErrors::new(), declined: false }
        }
    })
}

/// Pays the checkout behind `token` with the posted card.
pub async fn pay(state: &AppState, token: &str, form: &CardForm) -> ApiResult<Page> {
    let page = show(state, token).await?;
    let Page::Form { plan, amount_pence, .. } = page else { return Ok(page) };
    let now = state.clock.now();
    let card = match check_card(form, now) {
        Ok(card) => card,
        Err(errors) => return Ok(Page::Form { plan, amount_pence, errors, declined: false }),
    };
    let digest = hash_token(token);
    let Some((checkout, _)) = find(state, token).await? else {
        return Ok(Page::Gone { expired: false });
    };
    let outcome = state
        .cards
        .charge(&card, checkout.amount_pence, &digest)
        .await
        .map_err(|error| ApiError::Internal(error.into()))?;
    let actor = Actor { user_id: checkout.user_id, business_id: checkout.business_id };
    let mut change = Change::begin(state.store.clone(), state.devices.clone(), actor, now).await?;
    let at = change.now();
    let ChargeOutcome::Paid(saved) = outcome else {
        store::record_payment(change.db(), &checkout.payment("declined", card.last4()), at).await?;
        let entry = Entry::new("declined", "payment", checkout.business_id);
        change
            .commit(
                entry.after(&serde_json::json!({"plan": plan.name, "card_last4": card.last4()})),
            )
            .await?;
        return Ok(Page::Form { plan, amount_pence, errors: FormErrors::new(), declined: true });
    };
    // Paid by a request that came first: this one charges nothing more.
    if !store::mark_paid(change.db(), &digest, at).await? {
        return Ok(Page::Paid { plan });
    }
    // Nothing paid for, or given, is lost: paid during a free trial, the month starts when the
    // trial ends; paid for the plan whose paid month runs, it starts after that one (no checkout
    // opens for such a plan now, as a cancelled one is resumed instead, but one opened before
    // that rule keeps to its word).
    let previous = store::subscription(change.db(), checkout.business_id).await?;
    let running = previous
        .as_ref()
        .and_then(|row| match row.status.as_str() {
            "trialing" => row.trial_end,
            "active" | "cancelled" if row.plan_id == plan.id => row.period_end,
            _ => None,
        })
        .filter(|end| *end > at);
    let month = paid_month(running.unwrap_or(at));
    let payment = NewPayment { month: Some(month), ..checkout.payment("paid", card.last4()) };
    store::record_payment(change.db(), &payment, at).await?;
    store::activate(change.db(), checkout.business_id, plan.id, month, at).await?;
    if let Some(saved) = saved {
        store::keep_card(change.db(), checkout.business_id, &saved).await?;
    }
    crate::onboarding::passed(change.db(), checkout.business_id, crate::onboarding::Step::Plan)
        .await?;
    let after = serde_json::json!({"plan": plan.name, "status": "active",
        "period_end": crate::clock::iso8601(month.end), "card_last4": card.last4()});
    let mut entry = Entry::new("paid", "subscription", checkout.business_id).after(&after);
    if let Some(row) = &previous {
        entry = entry.before(&told_before(change.db(), row, &after).await?);
    }
    change.commit(entry).await?;
    Ok(Page::Paid { plan })
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;

    fn form(number: &str, expiry: &str, cvc: &str) -> CardForm {
        CardForm {
            card_number: number.into(),
            expiry: expiry.into(),
            cvc: cvc.into(),
            name: "A Owner".into(),
        }
    }

    fn fields(result: Result<Card, FormErrors>) -> Vec<&'static str> {
        result.err().unwrap_or_default().into_iter().map(|(field, _)| field).collect()
    }

    #[test]
    fn a_card_is_checked_by_luhn_expiry_and_cvc() {
        let now = datetime!(2026-01-15 09:00 UTC);
        let card = check_card(&form("4111 1111 1111 1111", "01/26", "123"), now).unwrap();
        assert_eq!((card.number.as_str(), card.last4()), ("4111111111111111", "1111"));
        assert!(check_card(&form("4000-0000-0000-0002", "12/2030", "1234"), now).is_ok());
        assert_eq!(
            fields(check_card(&form("4111 1111 1111 1112", "01/26", "123"), now)),
            ["card_number"]
        );
        assert_eq!(fields(check_card(&form("4111", "01/26", "123"), now)), ["card_number"]);
        assert_eq!(fields(check_card(&form("4111111111111111", "12/25", "123"), now)), ["expiry"]);
        let month_13 = check_card(&form("4111111111111111", "13/27", "123"), now).err();
        assert_eq!(month_13, Some(vec![("expiry", "The expiry month is 01 to 12.".to_owned())]));
        assert_eq!(fields(check_card(&form("4111111111111111", "01/26", "12a"), now)), ["cvc"]);
        let long = CardForm { name: "A".repeat(101), ..form("4111111111111111", "01/26", "123") };
        let long = check_card(&long, now).err();
        assert_eq!(
            long,
            Some(vec![("name", "The name on the card is at most 100 characters.".to_owned())])
        );
        let empty = CardForm::default();
        assert_eq!(fields(check_card(&empty, now)), ["card_number", "expiry", "cvc", "name"]);
    }
}
