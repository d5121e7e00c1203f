//! Card payments behind one trait, so a real card provider can replace the default sandbox
//! without touching the rest (DESIGN.md §3). The sandbox moves no money: test card
//! 4111 1111 1111 1111 is paid (and so are its renewals), 4000 0000 0000 0341 is paid at the
//! checkout and declined at renewal, 4000 0000 0000 0002 and any other number are declined.

use std::future::Future;
use std::pin::Pin;

/// A card as the checkout form took it, already checked (Luhn, expiry, CVC).
pub struct Card {
    /// Digits only.
    pub number: String,
    pub cvc: String,
    pub name: String,
}

impl Card {
    pub fn last4(&self) -> &str {
        &self.number[self.number.len().saturating_sub(4)..]
    }
}

/// What charging a card came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChargeOutcome {
    /// Paid; the provider keeps the card for the plan's renewals (absent when a saved card was
    /// charged, which the provider keeps already).
    Paid(Option<SavedCard>),
    Declined,
}

/// A card the provider keeps: HeatDesk stores its token and last four digits, never the number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedCard {
    pub token: String,
    pub last4: String,
}

/// The provider could not be asked (a real one's network or API failing).
#[derive(Debug, thiserror::Error)]
#[error("the card provider failed: {0}")]
pub struct CardError(pub String);

pub type ChargeFuture<'a> =
    Pin<Box<dyn Future<Output = Result<ChargeOutcome, CardError>> + Send + 'a>>;

pub trait CardProvider: Send + Sync {
    /// Charges `amount_pence` to the card and, when paid, keeps it for renewals.
    /// `idempotency_key` names the payment: a provider asked twice with one key charges once.
    fn charge<'a>(
        &'a self,
        card: &'a Card,
        amount_pence: i64,
        idempotency_key: &'a str,
    ) -> ChargeFuture<'a>;

    /// Charges `amount_pence` to a card the provider keeps (a renewal).
    fn charge_saved<'a>(
        &'a self,
        token: &'a str,
        amount_pence: i64,
        idempotency_key: &'a str,
    ) -> ChargeFuture<'a>;
}

/// The default provider: test cards decide, nothing is charged.
pub struct Sandbox;

/// The sandbox's card that is always paid.
pub const TEST_CARD_PAID: &str = "4111111111111111";
/// The sandbox's card that is paid at the checkout and declined at every renewal.
pub const TEST_CARD_RENEWAL_DECLINED: &str = "4000000000000341";

/// The sandbox's token of a kept card says how its renewals go.
const RENEWS: &str = "sandbox-renews-";
const DECLINES: &str = "sandbox-declines-";

impl CardProvider for Sandbox {
    fn charge<'a>(&'a self, card: &'a Card, _: i64, _: &'a str) -> ChargeFuture<'a> {
        let kept = match card.number.as_str() {
            TEST_CARD_PAID => Some(RENEWS),
            TEST_CARD_RENEWAL_DECLINED => Some(DECLINES),
            _ => None,
        };
        let outcome = match kept {
            Some(kind) => ChargeOutcome::Paid(Some(SavedCard {
                token: format!("{kind}{}", card.last4()),
                last4: card.last4().to_owned(),
            })),
            None => ChargeOutcome::Declined,
        };
        Box::pin(async move { Ok(outcome) })
    }

    fn charge_saved<'a>(&'a self, token: &'a str, _: i64, _: &'a str) -> ChargeFuture<'a> {
        let outcome = if token.starts_with(RENEWS) {
            ChargeOutcome::Paid(None)
        } else {
            ChargeOutcome::Declined
        };
        Box::pin(async move { Ok(outcome) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn charge_then_renew(number: &str) -> (ChargeOutcome, Option<ChargeOutcome>) {
        let card = Card { number: number.into(), cvc: "123".into(), name: "A Owner".into() };
        let first = Sandbox.charge(&card, 7900, "checkout").await.unwrap();
        let renewal = match &first {
            ChargeOutcome::Paid(Some(saved)) => {
                Some(Sandbox.charge_saved(&saved.token, 7900, "renewal").await.unwrap())
            }
            _ => None,
        };
        (first, renewal)
    }

    #[tokio::test]
    async fn the_sandbox_test_cards_pay_renew_or_decline() {
        let (first, renewal) = charge_then_renew(TEST_CARD_PAID).await;
        let kept = SavedCard { token: "sandbox-renews-1111".into(), last4: "1111".into() };
        assert_eq!(first, ChargeOutcome::Paid(Some(kept)));
        assert_eq!(renewal, Some(ChargeOutcome::Paid(None)));
        let (first, renewal) = charge_then_renew(TEST_CARD_RENEWAL_DECLINED).await;
        assert!(matches!(first, ChargeOutcome::Paid(Some(_))));
        assert_eq!(renewal, Some(ChargeOutcome::Declined));
        assert_eq!(charge_then_renew("4000000000000002").await, (ChargeOutcome::Declined, None));
    }
}
