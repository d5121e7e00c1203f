//! Energy-saving tips (`GET /v2/energy-saving-tips`, spec §7): written for businesses heated by
//! electric radiators, each with its category and a typical saving, largest first. The savings
//! are estimates of the share of heating energy a typical office saves (the Carbon Trust puts
//! 1 °C lower at up to 8 %); a business's own figures are in its analytics.

mod catalogue;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::BusinessUser;
use crate::http::{Answer, Envelope, ok};
use crate::kernel::words::Language;
use crate::state::AppState;
use catalogue::{TIPS, Tip};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(tips))
}

/// A tip as the API shows it, in the reader's language.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq)]
pub struct TipView {
    pub id: &'static str,
    /// `schedules`, `temperature`, `automations`, `building`, `people` or `tariff`.
    pub category: &'static str,
    pub title: &'static str,
    pub body: &'static str,
    /// The typical share of heating energy saved, %.
    pub estimated_saving_percent: f64,
    /// The page of the web app to act on it; null for what is done in the building itself
    /// (insulation, draughts, blinds…).
    pub action_path: Option<&'static str>,
}

impl Tip {
    pub fn view(&self, language: Language) -> TipView {
        let words = match language {
            Language::English => self.english,
            Language::Arabic => self.arabic,
        };
        let Tip { id, category, estimated_saving_percent, action_path, .. } = *self;
        TipView {
            id,
            category,
            title: words.title,
            body: words.body,
            estimated_saving_percent,
            action_path,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct TipsData {
    energy_savings_tips: Vec<TipView>,
}

/// Energy-saving tips for businesses with electric heating, largest estimated saving first, in
/// the language the request asks for (`Accept-Language`: Arabic, or English).
#[utoipa::path(get, path = "/v2/energy-saving-tips", tag = "insights",
    responses((status = 200, body = Envelope<TipsData>)))]
pub async fn tips(BusinessUser(_user): BusinessUser, language: Language) -> Answer<TipsData> {
    let tips = TIPS.iter().map(|tip| tip.view(language)).collect();
    Ok(ok("Energy-saving tips.", TipsData { energy_savings_tips: tips }))
}
