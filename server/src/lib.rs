//! HeatDesk server: the JSON API, the embedded web app, and the store behind them.
#![forbid(unsafe_code)]

pub mod app;
pub mod auth;
pub mod clock;
pub mod demo;
pub mod devices;
pub mod error;
pub mod history;
pub mod http;
pub mod live;
pub mod mail;
pub mod radiators;
pub mod rooms;
pub mod settings;
pub mod store;
pub mod values;
pub mod views;
mod web;
pub mod zones;
