//! Card payments behind one trait, so a real card provider can replace the default sandbox
//! without touching the rest (DESIGN.md §3). The sandbox moves no money: test card
//! 4111 1111 1111 1111 is paid, 4000 0000 0000 0002 and any other number declined.

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChargeOutcome {
    Paid,
    Declined,
}

/// The provider could not be asked (a real one's network or API failing).
#[derive(Debug, thiserror::Error)]
#[error("the card provider failed: {0}")]
pub struct CardError(pub String);

pub type ChargeFuture<'a> =
    Pin<Box<dyn Future<Output = Result<ChargeOutcome, CardError>> + Send + 'a>>;

pub trait CardProvider: Send + Sync {
    /// Charges `amount_pence` to the card. `idempotency_key` names the checkout: a provider
    /// asked twice with one key charges once.
    fn charge<'a>(
        &'a self,
        card: &'a Card,
        amount_pence: i64,
        idempotency_key: &'a str,
    ) -> ChargeFuture<'a>;
}

/// The default provider: test cards decide, nothing is charged.
pub struct Sandbox;

/// The sandbox's card that is always paid.
pub const TEST_CARD_PAID: &str = "4111111111111111";

impl CardProvider for Sandbox {
    fn charge<'a>(&'a self, card: &'a Card, _: i64, _: &'a str) -> ChargeFuture<'a> {
        let outcome = if card.number == TEST_CARD_PAID {
            ChargeOutcome::Paid
        } else {
            ChargeOutcome::Declined
        };
        Box::pin(async move { Ok(outcome) })
    }
}
