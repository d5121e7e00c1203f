//! The hosted checkout's page: plain, server-rendered, accessible HTML (labels, error summary,
//! `aria-invalid` and `aria-describedby`, card autocomplete), no script, in English or Arabic
//! (right to left). The card number and CVC are never written back into the page.

use axum::http::StatusCode;
use axum::response::Html;

use super::checkout::{CardForm, Page};
use super::store::PlanRow;
use crate::kernel::words::{self, Language};

/// Text for the page, and for its attributes, which are all in double quotes.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1c2430}\
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;\
box-shadow:0 1px 4px #0002}h1{font-size:1.4rem}label{display:block;margin-top:1rem;font-weight:600}\
input{display:block;width:100%;box-sizing:border-box;padding:.6rem;margin-top:.3rem;font-size:1rem;\
border:1px solid #6b7785;border-radius:4px}input[aria-invalid=true]{border-color:#b3261e}\
.error{color:#b3261e;margin:.3rem 0 0}.alert{border-inline-start:4px solid #b3261e;padding:.5rem 1rem;\
background:#fdecea}.note{background:#eef4fb;padding:.5rem 1rem;border-radius:4px}\
button{margin-top:1.5rem;width:100%;padding:.8rem;font-size:1rem;background:#1565c0;color:#fff;\
border:0;border-radius:4px;cursor:pointer}button:focus,input:focus{outline:3px solid #f9a825}";

/// The page's sentences in its language, escaped for HTML.
#[derive(Clone, Copy)]
struct Words(Language);

impl Words {
    fn say(self, english: impl Into<String>) -> String {
        escape(&words::worded(self.0, english.into()))
    }

    /// A figure (an amount, a card number), kept left to right inside a right-to-left sentence.
    fn figure(self, text: &str) -> String {
        match self.0 {
            Language::English => text.to_owned(),
            Language::Arabic => format!("\u{2066}{text}\u{2069}"),
        }
    }

    /// A card number kept on one line (its groups joined by no-break spaces).
    fn card(self, number: &str) -> String {
        self.figure(&number.replace(' ', "\u{a0}"))
    }

    fn pounds(self, pence: i64) -> String {
        self.figure(&format!("£{}.{:02}", pence / 100, pence % 100))
    }

    fn document(self, title: &str, body: &str) -> String {
        let (lang, dir) = match self.0 {
            Language::English => ("en", "ltr"),
            Language::Arabic => ("ar", "rtl"),
        };
        format!(
            "<!doctype html><html lang=\"{lang}\" dir=\"{dir}\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
             <title>{}</title><style>{STYLE}</style></head><body><main>{body}</main></body></html>",
            self.say(title)
        )
    }
}

/// One labelled input, with its error when it has one. Card details read left to right.
fn field(
    words: Words,
    (id, label): (&str, &str),
    value: &str,
    attributes: &str,
    errors: &[(&'static str, String)],
) -> String {
    let error = errors.iter().find(|(field, _)| *field == id).map(|(_, message)| message);
    let (invalid, described, message) = match error {
        Some(message) => (
            " aria-invalid=\"true\"",
            format!(" aria-describedby=\"{id}-error\""),
            format!("<p class=\"error\" id=\"{id}-error\">{}</p>", words.say(message.as_str())),
        ),
        None => ("", String::new(), String::new()),
    };
    format!(
        "<label for=\"{id}\">{}</label><input id=\"{id}\" name=\"{id}\" value=\"{}\" \
         {attributes}{invalid}{described} required>{message}",
        words.say(label),
        escape(value)
    )
}

fn form_page(
    words: Words,
    (plan, amount_pence): (&PlanRow, i64),
    errors: &[(&'static str, String)],
    (declined, posted): (bool, &CardForm),
) -> String {
    let price = words.pounds(plan.monthly_price_pence);
    let credit = plan.monthly_price_pence - amount_pence;
    let today = if credit > 0 {
        let today = format!(
            "Today {}: the first month's {price} less {} for the rest of the month already paid \
             on your current plan.",
            words.pounds(amount_pence),
            words.pounds(credit)
        );
        format!("<p>{}</p>", words.say(today))
    } else {
        String::new()
    };
    let sandbox = format!(
        "This is HeatDesk's sandbox checkout: no money moves. Card {} is paid; {} is paid now and \
         declined at renewal; {} is declined.",
        words.card("4111 1111 1111 1111"),
        words.card("4000 0000 0000 0341"),
        words.card("4000 0000 0000 0002")
    );
    let mut body = format!(
        "<h1>{}</h1><p>{}</p>{today}<p class=\"note\">{}</p>",
        words.say(format!("Pay for HeatDesk {}", plan.name)),
        words.say(format!("{price} a month, renewed monthly.")),
        words.say(sandbox)
    );
    if declined {
        let sentence = words.say("Your card was declined. Nothing was charged: try another card.");
        body.push_str(&format!("<div class=\"alert\" role=\"alert\"><p>{sentence}</p></div>"));
    }
    // The card number and the code are never sent back to the browser.
    if (declined || !errors.is_empty()) && !posted.card_number.trim().is_empty() {
        let sentence = words.say(
            "For your security the card number and the security code are not kept: enter them \
             again.",
        );
        body.push_str(&format!("<p class=\"note\">{sentence}</p>"));
    }
    if !errors.is_empty() {
        let items: String = errors
            .iter()
            .map(|(field, message)| {
                format!("<li><a href=\"#{field}\">{}</a></li>", words.say(message.as_str()))
            })
            .collect();
        body.push_str(&format!(
            "<div class=\"alert\" role=\"alert\"><p>{}</p><ul>{items}</ul></div>",
            words.say("Check these and pay again:")
        ));
    }
    body.push_str("<form method=\"post\" novalidate>");
    let numeric = "inputmode=\"numeric\" dir=\"ltr\"";
    let card_number = format!("{numeric} autocomplete=\"cc-number\"");
    body.push_str(&field(words, ("card_number", "Card number"), "", &card_number, errors));
    let expiry = format!("{numeric} autocomplete=\"cc-exp\" placeholder=\"MM/YY\"");
    body.push_str(&field(
        words,
        ("expiry", "Expiry date (MM/YY)"),
        &posted.expiry,
        &expiry,
        errors,
    ));
    let cvc = format!("{numeric} autocomplete=\"cc-csc\"");
    body.push_str(&field(words, ("cvc", "Security code (CVC)"), "", &cvc, errors));
    let name = "autocomplete=\"cc-name\"";
    body.push_str(&field(words, ("name", "Name on the card"), &posted.name, name, errors));
    let pay = words.say(format!("Pay {}", words.pounds(amount_pence)));
    body.push_str(&format!("<button type=\"submit\">{pay}</button></form>"));
    words.document(&format!("Pay for HeatDesk {}", plan.name), &body)
}

/// The page's status and HTML, in `language`.
pub fn render(page: &Page, posted: &CardForm, language: Language) -> (StatusCode, Html<String>) {
    let words = Words(language);
    match page {
        Page::Form { plan, amount_pence, errors, declined } => {
            let status = if *declined {
                StatusCode::PAYMENT_REQUIRED
            } else if errors.is_empty() {
                StatusCode::OK
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            };
            let html = form_page(words, (plan, *amount_pence), errors, (*declined, posted));
            (status, Html(html))
        }
        Page::Paid { plan } => {
            let body = format!(
                "<h1>{}</h1><p role=\"status\">{}</p>",
                words.say("Payment received"),
                words.say(format!(
                    "Thank you: HeatDesk {} is active. You can close this tab and go back to \
                     HeatDesk, which has noticed already.",
                    plan.name
                ))
            );
            (StatusCode::OK, Html(words.document("Payment received", &body)))
        }
        Page::Gone { expired } => {
            let (status, sentence) = if *expired {
                (StatusCode::GONE, "This payment link has expired: payment links last 30 minutes.")
            } else {
                (StatusCode::NOT_FOUND, "This payment link is not valid.")
            };
            let body = format!(
                "<h1>{}</h1><p role=\"alert\">{} {}</p>",
                words.say("Payment link"),
                words.say(sentence),
                words.say("Go back to HeatDesk and start the payment again.")
            );
            (status, Html(words.document("Payment link", &body)))
        }
    }
}
