//! A paid payment's invoice. The price a business pays is the price with VAT in it, so the
//! invoice splits what was paid into the price without VAT and the VAT; without HeatDesk's VAT
//! number it is a receipt, with no VAT shown. The seller is HeatDesk as its settings have it
//! now; the customer as the business was when it paid.

use serde::Serialize;
use utoipa::ToSchema;

use super::store::{self, InvoiceNumber, InvoiceRow};
use crate::error::{ApiError, ApiResult};
use crate::state::{AppState, ContactDetails};
use crate::store::columns::Iso8601;

/// The UK's standard rate of VAT, in percent.
const VAT_RATE_PERCENT: i64 = 20;

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct InvoiceView {
    pub number: InvoiceNumber,
    /// When the payment was made: the invoice's date and its tax point.
    pub date: Iso8601,
    /// `vat_invoice`, or `receipt` while HeatDesk has no VAT number set.
    pub kind: &'static str,
    pub seller: Party,
    pub customer: Party,
    /// The plan paid for.
    pub plan: String,
    /// The month paid for; none on a payment recorded before invoices named it.
    pub period: Option<InvoicePeriod>,
    pub card_last4: String,
    /// What was paid, VAT included.
    pub total_pence: i64,
    /// On a VAT invoice: the total split into the price without VAT and the VAT.
    pub vat: Option<VatSplit>,
}

/// The month a payment pays for: from `start` up to `end`.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct InvoicePeriod {
    pub start: Iso8601,
    pub end: Iso8601,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct Party {
    pub name: String,
    /// One line of the postal address an item.
    pub address: Vec<String>,
    pub vat_number: Option<String>,
}

#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct VatSplit {
    pub rate_percent: i64,
    pub net_pence: i64,
    pub vat_pence: i64,
}

impl VatSplit {
    /// The VAT in a price that includes it, to the nearest penny.
    pub fn of(total_pence: i64) -> Self {
        let rate = VAT_RATE_PERCENT;
        let vat_pence = (total_pence * rate * 2 + 100 + rate) / (2 * (100 + rate));
        Self { rate_percent: rate, net_pence: total_pence - vat_pence, vat_pence }
    }
}

/// HeatDesk as an invoice names it: the contact address's first part is its name.
fn seller(contact: &ContactDetails) -> Party {
    let mut parts = contact.address.split(',').map(str::trim).filter(|part| !part.is_empty());
    let name = parts.next().unwrap_or("HeatDesk").to_owned();
    let address = parts.map(str::to_owned).collect();
    Party { name, address, vat_number: contact.vat_number.clone() }
}

fn view(row: InvoiceRow, contact: &ContactDetails) -> InvoiceView {
    let seller = seller(contact);
    let vat = seller.vat_number.is_some().then(|| VatSplit::of(row.amount_pence));
    let address = row.customer_address.lines().map(str::to_owned).collect();
    InvoiceView {
        number: row.number,
        date: Iso8601(row.paid_at),
        kind: if vat.is_some() { "vat_invoice" } else { "receipt" },
        seller,
        customer: Party { name: row.customer_name, address, vat_number: None },
        plan: row.plan,
        period: row
            .period_start
            .zip(row.period_end)
            .map(|(start, end)| InvoicePeriod { start: Iso8601(start), end: Iso8601(end) }),
        card_last4: row.card_last4,
        total_pence: row.amount_pence,
        vat,
    }
}

/// The business's invoice numbered `number` (as `HD-000042`); 404 for another business's or an
/// unknown one.
pub async fn find(state: &AppState, business_id: i64, number: &str) -> ApiResult<InvoiceView> {
    let missing = || ApiError::NotFound("This invoice does not exist.".into());
    let number = InvoiceNumber::parse(number).ok_or_else(missing)?;
    let row = store::invoice(state.store.reader(), business_id, number).await?;
    Ok(view(row.ok_or_else(missing)?, &state.config.contact))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vat_in_a_price_that_includes_it_is_a_sixth_to_the_nearest_penny() {
        let split = |total| {
            let VatSplit { net_pence, vat_pence, .. } = VatSplit::of(total);
            (net_pence, vat_pence)
        };
        assert_eq!(split(7900), (6583, 1317));
        assert_eq!(split(2900), (2417, 483));
        assert_eq!(split(19900), (16583, 3317));
        assert_eq!(split(3), (2, 1));
        assert_eq!(split(0), (0, 0));
    }

    #[test]
    fn heatdesk_is_named_by_the_first_part_of_its_contact_address() {
        let contact =
            ContactDetails { vat_number: Some("GB123456789".into()), ..Default::default() };
        let party = seller(&contact);
        assert_eq!(party.name, "HeatDesk");
        assert_eq!(party.address, ["12 Wellington Street", "Leeds LS1 4DL"]);
        assert_eq!(party.vat_number.as_deref(), Some("GB123456789"));
    }

    #[test]
    fn without_heatdesks_vat_number_an_invoice_is_a_receipt_with_no_vat() {
        let row = InvoiceRow {
            number: InvoiceNumber(7),
            paid_at: 0,
            plan: "Starter".into(),
            amount_pence: 2900,
            card_last4: "1111".into(),
            customer_name: "Acme Heating".into(),
            customer_address: "1 High Street\nLeeds\nLS1 4AP".into(),
            period_start: None,
            period_end: None,
        };
        let receipt = view(row, &ContactDetails::default());
        assert_eq!((receipt.kind, receipt.vat, receipt.total_pence), ("receipt", None, 2900));
        assert_eq!(receipt.period, None, "a payment recorded before invoices named their month");
        assert_eq!(receipt.customer.address, ["1 High Street", "Leeds", "LS1 4AP"]);
    }

    #[test]
    fn an_invoice_number_reads_as_hd_and_six_digits_in_any_case() {
        assert_eq!(InvoiceNumber(42).to_string(), "HD-000042");
        assert_eq!(InvoiceNumber(1_234_567).to_string(), "HD-1234567");
        assert_eq!(InvoiceNumber::parse("hd-000042"), Some(InvoiceNumber(42)));
        for wrong in ["HD-", "HD-0", "42", "HD-4x", "HD--1", "HD-99999999999999999999", "é"] {
            assert_eq!(InvoiceNumber::parse(wrong), None, "{wrong}");
        }
    }
}
