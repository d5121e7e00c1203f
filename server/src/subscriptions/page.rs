//! The hosted checkout's page: plain, server-rendered, accessible HTML (labels, error summary,
//! `aria-invalid` and `aria-describedby`, card autocomplete), no script. The card number and
//! CVC are never written back into the page.

use axum::http::StatusCode;
use axum::response::Html;

use super::checkout::{CardForm, Page};
use super::store::PlanRow;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

fn pounds(pence: i64) -> String {
    format!("£{}.{:02}", pence / 100, pence % 100)
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1c2430}\
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;\
box-shadow:0 1px 4px #0002}h1{font-size:1.4rem}label{display:block;margin-top:1rem;font-weight:600}\
input{display:block;width:100%;box-sizing:border-box;padding:.6rem;margin-top:.3rem;font-size:1rem;\
border:1px solid #6b7785;border-radius:4px}input[aria-invalid=true]{border-color:#b3261e}\
.error{color:#b3261e;margin:.3rem 0 0}.alert{border-left:4px solid #b3261e;padding:.5rem 1rem;\
background:#fdecea}.note{background:#eef4fb;padding:.5rem 1rem;border-radius:4px}\
button{margin-top:1.5rem;width:100%;padding:.8rem;font-size:1rem;background:#1565c0;color:#fff;\
border:0;border-radius:4px;cursor:pointer}button:focus,input:focus{outline:3px solid #f9a825}";

fn document(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{}</title><style>{STYLE}</style></head><body><main>{body}</main></body></html>",
        escape(title)
    )
}

/// One labelled input, with its error when it has one.
fn field(
    id: &str,
    label: &str,
    value: &str,
    attributes: &str,
    errors: &[(&'static str, String)],
) -> String {
    let error = errors.iter().find(|(field, _)| *field == id).map(|(_, message)| message);
    let (invalid, described, message) = match error {
        Some(message) => (
            " aria-invalid=\"true\"",
            format!(" aria-describedby=\"{id}-error\""),
            format!("<p class=\"error\" id=\"{id}-error\">{}</p>", escape(message)),
        ),
        None => ("", String::new(), String::new()),
    };
    format!(
        "<label for=\"{id}\">{label}</label><input id=\"{id}\" name=\"{id}\" value=\"{}\" \
         {attributes}{invalid}{described} required>{message}",
        escape(value)
    )
}

fn form_page(
    (plan, amount_pence): (&PlanRow, i64),
    errors: &[(&'static str, String)],
    declined: bool,
    posted: &CardForm,
) -> String {
    let price = pounds(plan.monthly_price_pence);
    let credit = plan.monthly_price_pence - amount_pence;
    let today = if credit > 0 {
        format!(
            "<p>Today {}: the first month's {price} less {} for the rest of the month already \
             paid on your current plan.</p>",
            pounds(amount_pence),
            pounds(credit)
        )
    } else {
        String::new()
    };
    let mut body = format!(
        "<h1>Pay for HeatDesk {}</h1><p>{price} a month, renewed monthly.</p>{today}\
         <p class=\"note\">This is HeatDesk's sandbox checkout: no money moves. Card \
         4111 1111 1111 1111 is paid; 4000 0000 0000 0341 is paid now and declined at \
         renewal; 4000 0000 0000 0002 is declined.</p>",
        escape(&plan.name)
    );
    if declined {
        body.push_str(
            "<div class=\"alert\" role=\"alert\"><p>Your card was declined. Nothing was \
             charged: try another card.</p></div>",
        );
    }
    // The card number and the code are never sent back to the browser.
    if (declined || !errors.is_empty()) && !posted.card_number.trim().is_empty() {
        body.push_str(
            "<p class=\"note\">For your security the card number and the security code are not \
             kept: enter them again.</p>",
        );
    }
    if !errors.is_empty() {
        let items: String = errors
            .iter()
            .map(|(field, message)| {
                format!("<li><a href=\"#{field}\">{}</a></li>", escape(message))
            })
            .collect();
        body.push_str(&format!(
            "<div class=\"alert\" role=\"alert\"><p>Check these and pay again:</p><ul>{items}</ul></div>"
        ));
    }
    body.push_str("<form method=\"post\" novalidate>");
    body.push_str(&field(
        "card_number",
        "Card number",
        "",
        "inputmode=\"numeric\" autocomplete=\"cc-number\"",
        errors,
    ));
    body.push_str(&field(
        "expiry",
        "Expiry date (MM/YY)",
        &posted.expiry,
        "inputmode=\"numeric\" autocomplete=\"cc-exp\" placeholder=\"MM/YY\"",
        errors,
    ));
    body.push_str(&field(
        "cvc",
        "Security code (CVC)",
        "",
        "inputmode=\"numeric\" autocomplete=\"cc-csc\"",
        errors,
    ));
    body.push_str(&field(
        "name",
        "Name on the card",
        &posted.name,
        "autocomplete=\"cc-name\"",
        errors,
    ));
    let pay = pounds(amount_pence);
    body.push_str(&format!("<button type=\"submit\">Pay {pay}</button></form>"));
    document(&format!("Pay for HeatDesk {}", plan.name), &body)
}

/// The page's status and HTML.
pub fn render(page: &Page, posted: &CardForm) -> (StatusCode, Html<String>) {
    match page {
        Page::Form { plan, amount_pence, errors, declined } => {
            let status = if *declined {
                StatusCode::PAYMENT_REQUIRED
            } else if errors.is_empty() {
                StatusCode::OK
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            };
            (status, Html(form_page((plan, *amount_pence), errors, *declined, posted)))
        }
        Page::Paid { plan } => {
            let body = format!(
                "<h1>Payment received</h1><p role=\"status\">Thank you: HeatDesk {} is active. \
                 You can close this tab and go back to HeatDesk, which has noticed already.</p>",
                escape(&plan.name)
            );
            (StatusCode::OK, Html(document("Payment received", &body)))
        }
        Page::Gone { expired } => {
            let (status, sentence) = if *expired {
                (StatusCode::GONE, "This payment link has expired: payment links last 30 minutes.")
            } else {
                (StatusCode::NOT_FOUND, "This payment link is not valid.")
            };
            let body = format!(
                "<h1>Payment link</h1><p role=\"alert\">{sentence} Go back to HeatDesk and \
                 start the payment again.</p>"
            );
            (status, Html(document("Payment link", &body)))
        }
    }
}
