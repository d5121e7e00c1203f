//! The integration tests: one binary (each extra one would link the whole server again), a
//! module per feature, each test on SQLite and on PostgreSQL through `store_tests!`.

mod support;

mod analytics;
mod auth;
mod automations;
mod avatar;
mod baseline;
mod bench;
mod broker;
mod business;
mod closed_days;
mod connections;
mod contact;
mod demo;
mod devices;
mod energy;
mod grid;
mod history;
mod housekeeping;
mod http;
mod insights;
mod lease;
mod mail;
mod mqtt;
mod notifications;
mod onboarding;
mod radiators;
mod rooms;
mod schedules;
mod subscriptions;
mod tariffs;
mod tips;
mod zones;
