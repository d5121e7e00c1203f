//! HeatDesk server: the JSON API, the embedded web app, and the store behind them.
//!
//! Layers, each importing only those below it (README, "Layers"; `scripts/check_layers.py`
//! enforces it): entry (`main`, `settings`, `demo`, `bench`) → app (`app`, `connections`, `web`, `housekeeping`) →
//! features (`analytics`, `auth`, `automations`, `business`, `rooms`, `radiators`, `zones`, `schedules`, `tariffs`, `goals`, `notifications`, `subscriptions`, `tips`, `onboarding`, `insights`, `contact`, `avatar`, `history`, `live`) → `state` → kernel
//! (`kernel`, `error`, `http`) → services (`devices`, `grid`, `mail`, `cards`, `meter`) → `store` and `clock`.
#![forbid(unsafe_code)]

pub mod analytics;
pub mod app;
pub mod auth;
pub mod automations;
pub mod avatar;
pub mod bench;
pub mod business;
pub mod cards;
pub mod clock;
pub mod connections;
pub mod contact;
pub mod demo;
pub mod devices;
pub mod error;
pub mod goals;
pub mod grid;
pub mod history;
pub mod housekeeping;
pub mod http;
pub mod insights;
pub mod kernel;
pub mod live;
pub mod mail;
pub mod meter;
pub mod notifications;
pub mod onboarding;
pub mod radiators;
pub mod rooms;
pub mod schedules;
pub mod settings;
pub mod state;
pub mod store;
pub mod subscriptions;
pub mod tariffs;
pub mod tips;
mod web;
pub mod zones;
