//! HeatDesk server: the JSON API, the embedded web app, and the store behind them.
#![forbid(unsafe_code)]

pub mod app;
pub mod auth;
pub mod clock;
pub mod demo;
pub mod error;
pub mod http;
pub mod mail;
pub mod settings;
pub mod store;
mod web;
