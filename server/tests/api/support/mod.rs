//! `TestApp`: the real application on port 0 over real HTTP, on a fresh database per test
//! (a SQLite file, or a fresh PostgreSQL schema), with a clock the test moves; `Owner` (in
//! `owner.rs`): a signed-in business owner who makes typed calls; and the API's records as
//! typed values (`records.rs`).

mod owner;
mod records;

use std::sync::Arc;
use std::time::Duration;

use heatdesk::app::launch;
use heatdesk::clock::{Clock, ManualClock};
use heatdesk::connections::Limits;
use heatdesk::devices::DeviceGateway;
use heatdesk::devices::mqtt::MqttGateway;
use heatdesk::devices::simulator::{SimulatedFleet, simulate_tick};
use heatdesk::kernel::values::Cidr;
use heatdesk::kernel::work_limit::WorkLimit;
use heatdesk::mail::Mailer;
use heatdesk::state::{AppConfig, AppState, ContactDetails};
use heatdesk::store::Store;
use heatdesk::subscriptions::grant_plan;
use reqwest::{Method, StatusCode};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use time::macros::datetime;

pub use owner::{Owner, radiator};
pub use records::{Radiator, Room, User, Zone, names};

pub const PASSWORD: &str = "correct horse battery";

#[derive(Clone, Copy, Debug)]
pub enum Db {
    Sqlite,
    Postgres,
}

/// Runs `$name` once per store: `sqlite::$name`, and `postgres::$name`, which skips with a
/// printed reason unless TEST_DATABASE_URL is set.
#[macro_export]
macro_rules! store_tests {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test]
            async fn $name() {
                if let Some(app) = $crate::support::TestApp::spawn($crate::support::Db::Sqlite).await {
                    super::$name(app).await;
                }
            })*
        }
        mod postgres {
            $(#[tokio::test]
            async fn $name() {
                if let Some(app) = $crate::support::TestApp::spawn($crate::support::Db::Postgres).await {
                    super::$name(app).await;
                }
            })*
        }
    };
}

/// What a test may set up differently from the server's defaults.
struct Setup {
    mailer: Mailer,
    mqtt_url: Option<String>,
    hashing: Option<WorkLimit>,
    trusted_proxies: Vec<Cidr>,
    limits: Limits,
}

impl Setup {
    fn behind_a_proxy() -> Self {
        Self { trusted_proxies: vec![Cidr::parse("127.0.0.1").unwrap()], ..Self::default() }
    }
}

impl Default for Setup {
    fn default() -> Self {
        Self {
            mailer: Mailer::outbox(),
            mqtt_url: None,
            hashing: None,
            trusted_proxies: vec![],
            limits: Limits::default(),
        }
    }
}

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub clock: ManualClock,
    pub store: Store,
    pub state: AppState,
    pub fleet: Arc<SimulatedFleet>,
    /// The gateway, when the radiators are behind MQTT.
    pub mqtt: Option<Arc<MqttGateway>>,
    /// The database's URL, for a second instance on the same database.
    pub database_url: String,
    _sqlite_dir: Option<tempfile::TempDir>,
    pg_schema: Option<(String, String)>,
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl TestApp {
    pub async fn spawn(db: Db) -> Option<Self> {
        Self::spawn_with_mailer(db, Mailer::outbox()).await
    }

    pub async fn spawn_with_mailer(db: Db, mailer: Mailer) -> Option<Self> {
        Self::spawn_with(db, Setup { mailer, ..Setup::default() }).await
    }

    /// The application with password hashing under `limit` instead of one hash per core, behind
    /// a trusted proxy (this machine), so `post_from` may speak for many clients.
    pub async fn spawn_with_hashing(db: Db, limit: WorkLimit) -> Option<Self> {
        let hashing = Some(limit);
        Self::spawn_with(db, Setup { hashing, ..Setup::behind_a_proxy() }).await
    }

    /// The application behind a trusted reverse proxy on this machine.
    pub async fn spawn_behind_a_proxy(db: Db) -> Option<Self> {
        Self::spawn_with(db, Setup::behind_a_proxy()).await
    }

    /// The application with these connection limits.
    pub async fn spawn_with_limits(db: Db, limits: Limits) -> Option<Self> {
        Self::spawn_with(db, Setup { limits, ..Setup::default() }).await
    }

    /// The application with its radiators behind the MQTT broker of TEST_MQTT_URL; skips with
    /// a printed reason when that is unset. Answers the broker's URL too.
    pub async fn spawn_with_mqtt(db: Db) -> Option<(Self, String)> {
        let Ok(url) = std::env::var("TEST_MQTT_URL") else {
            eprintln!("skipped: TEST_MQTT_URL is not set");
            return None;
        };
        let app = Self::spawn_with(db, Setup { mqtt_url: Some(url.clone()), ..Setup::default() });
        let app = app.await?;
        Some((app, url))
    }

    /// The application with its radiators behind the broker at `url`.
    pub async fn spawn_with_broker(db: Db, url: String) -> Option<Self> {
        Self::spawn_with(db, Setup { mqtt_url: Some(url), ..Setup::default() }).await
    }

    async fn spawn_with(db: Db, setup: Setup) -> Option<Self> {
        capture_logs();
        let (url, sqlite_dir, pg_schema) = match db {
            Db::Sqlite => {
                let dir = tempfile::tempdir().expect("temp dir");
                let url = format!("sqlite://{}?mode=rwc", dir.path().join("test.db").display());
                (url, Some(dir), None)
            }
            Db::Postgres => {
                let Ok(base_url) = std::env::var("TEST_DATABASE_URL") else {
                    eprintln!("skipped on PostgreSQL: TEST_DATABASE_URL is not set");
                    return None;
                };
                let schema = format!("hd_test_{}", hex::encode(rand::random::<[u8; 6]>()));
                run_sql(&base_url, &format!("CREATE SCHEMA {schema}")).await;
                let separator = if base_url.contains('?') { '&' } else { '?' };
                let url = format!("{base_url}{separator}options=-c%20search_path%3D{schema}");
                (url, None, Some((base_url, schema)))
            }
        };
        let store = Store::connect(&url).await.expect("connect to the test database");
        store.migrate().await.expect("migrate the test database");
        let clock = ManualClock::starting_at(datetime!(2026-01-15 09:00 UTC));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind port 0");
        let base = format!("http://{}", listener.local_addr().expect("local address"));
        let fleet = Arc::new(SimulatedFleet::default());
        let mqtt = setup
            .mqtt_url
            .map(|url| MqttGateway::connect(&url, Arc::new(clock.clone())).expect("MQTT gateway"));
        let devices: Arc<dyn DeviceGateway> = match &mqtt {
            Some((gateway, _)) => gateway.clone(),
            None => fleet.clone(),
        };
        let trusted_proxies = setup.trusted_proxies.clone();
        // HeatDesk under test is registered for VAT, so its invoices show the VAT.
        let vat_number = Some("GB123456789".to_owned());
        let contact = ContactDetails { vat_number, ..ContactDetails::default() };
        let config = AppConfig { public_url: base.clone(), trusted_proxies, contact };
        let mut state =
            AppState::new(store.clone(), devices, Arc::new(clock.clone()), setup.mailer, config);
        if let Some(limit) = setup.hashing {
            state.hashing = Arc::new(limit);
        }
        tokio::spawn(launch(listener, state.clone(), setup.limits, std::future::pending()));
        let mqtt = mqtt.map(|(gateway, events)| {
            let (store, live) = (state.store.clone(), state.live.clone());
            tokio::spawn(heatdesk::devices::mqtt::event_loop::run(
                store,
                live,
                gateway.clone(),
                events,
            ));
            gateway
        });
        Some(Self {
            base,
            client: reqwest::Client::new(),
            clock,
            store,
            state,
            fleet,
            mqtt,
            database_url: url,
            _sqlite_dir: sqlite_dir,
            pg_schema,
        })
    }

    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Answer {
        self.call_in(method, path, token, body, None).await
    }

    /// A call whose answer is asked for in `language` (an `Accept-Language` value).
    pub async fn call_in(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
        language: Option<&str>,
    ) -> Answer {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(language) = language {
            request = request.header("accept-language", language);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        Answer::read(request.send().await.expect("request")).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.call(Method::POST, path, None, Some(body)).await
    }

    /// A POST that a proxy forwards for the client at `address`.
    pub async fn post_from(&self, address: String, path: &str, body: Value) -> Answer {
        let request = self.client.post(format!("{}{path}", self.base));
        let response = request.header("x-forwarded-for", address).json(&body).send().await;
        Answer::read(response.expect("request")).await
    }

    pub async fn register(&self, email: &str) -> Answer {
        self.post("/v2/auth", registration(email)).await
    }

    pub async fn login(&self, email: &str, password: &str) -> Answer {
        self.post("/v2/auth/login", json!({"email": email, "password": password})).await
    }

    /// Registers a business on the Estate plan (1,000 radiators) for a year, as a business
    /// that has paid would be, and signs its owner in.
    pub async fn register_business(&self, email: &str) -> Owner<'_> {
        let owner = self.register_business_without_plan(email).await;
        self.grant_estate(&owner).await;
        owner
    }

    /// Registers a business on the Estate plan whose owner has not opened the link mailed at
    /// sign-up yet (it is the first mail to `email`), and signs the owner in.
    pub async fn register_business_unconfirmed(&self, email: &str) -> Owner<'_> {
        let registered = self.register(email).await;
        assert_eq!(registered.status, StatusCode::OK, "{:?}", registered.body);
        let owner = self.sign_in(email, PASSWORD).await;
        self.grant_estate(&owner).await;
        owner
    }

    /// The owner's business on the Estate plan for a year, as a business that has paid.
    async fn grant_estate(&self, owner: &Owner<'_>) {
        let me: User = owner.get("/v2/auth/me").await.data("me");
        let now = self.clock_now();
        let year = (now, now + 365 * 86_400);
        grant_plan(&self.store, me.business_id, "estate", year).await.expect("grant a plan");
    }

    /// Registers a business that has not chosen a plan yet, confirms its email, and signs its
    /// owner in.
    pub async fn register_business_without_plan(&self, email: &str) -> Owner<'_> {
        let registered = self.register(email).await;
        assert_eq!(registered.status, StatusCode::OK, "{:?}", registered.body);
        self.confirm_email(email).await;
        self.sign_in(email, PASSWORD).await
    }

    /// Opens the link mailed to `email` at sign-up, as its holder would, and clears that mail
    /// from the outbox, so that a test reads only the mails its own calls send.
    pub async fn confirm_email(&self, email: &str) {
        let mails = self.mails_to(email, 1).await;
        let token = link_token(&mails[0], "/confirm-email?token=");
        let confirmed = self.post("/v2/auth/change_email/confirm", json!({"token": token})).await;
        assert_eq!(confirmed.status, StatusCode::OK, "{:?}", confirmed.body);
        let clear = sqlx::query("DELETE FROM outbox WHERE recipient = $1").bind(email.to_owned());
        self.store.write(clear).await.expect("clear the outbox");
    }

    /// Signs in with a password that must work.
    pub async fn sign_in(&self, email: &str, password: &str) -> Owner<'_> {
        let answer = self.login(email, password).await;
        assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
        let token = answer.body["data"]["user"]["access_token"].as_str().expect("token");
        Owner { app: self, token: token.to_owned() }
    }

    /// The test clock's time in unix seconds.
    pub fn clock_now(&self) -> i64 {
        self.clock.now().unix_timestamp()
    }

    /// Moves the clock on by `seconds` and runs one tick of the simulated fleet over them.
    pub async fn tick(&self, seconds: i64) {
        self.clock.advance(time::Duration::seconds(seconds));
        let now = self.clock.now();
        simulate_tick(&self.store, &self.state.live, &self.fleet, seconds as f64, now)
            .await
            .expect("tick");
    }

    /// The mails stored for `to`, oldest first, once there are at least `count` of them: mail
    /// is written in the background. Fails after 10 s.
    pub async fn mails_to(&self, to: &str, count: usize) -> Vec<String> {
        for _ in 0..200 {
            let rows: Vec<(String,)> =
                sqlx::query_as("SELECT body FROM outbox WHERE recipient = $1 ORDER BY id")
                    .bind(to)
                    .fetch_all(self.store.reader())
                    .await
                    .expect("outbox");
            if rows.len() >= count {
                return rows.into_iter().map(|(body,)| body).collect();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("fewer than {count} mails to {to} within 10 s");
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some((base_url, schema)) = self.pg_schema.take() {
            // Drop runs inside the test's runtime, so clean up from a thread with its own.
            std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build();
                if let Ok(runtime) = runtime {
                    runtime.block_on(run_sql(&base_url, &format!("DROP SCHEMA {schema} CASCADE")));
                }
            })
            .join()
            .ok();
        }
    }
}

async fn run_sql(url: &str, sql: &str) {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(url).await.expect("connect to PostgreSQL");
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_owned())).execute(&mut conn).await.expect(sql);
}

/// A valid business registration, as the web app sends it.
pub fn registration(email: &str) -> Value {
    json!({
        "first_name": "Acme Heating",
        "last_name": "Acme Trading",
        "email": email,
        "mobile": "07700 900123",
        "address_line1": "1 High Street",
        "address_line2": "",
        "town": "Headingley",
        "city": "Leeds",
        "post_code": "ls1 4ap",
        "password": PASSWORD,
        "is_business": 1,
        "business_name": "Acme Heating",
        "is_same_address": 1,
        "business_address_line1": "",
        "business_address_line2": "",
        "business_town": "",
        "business_city": "",
        "business_post_code": ""
    })
}

/// `registration(email)` with `changes` applied.
pub fn registration_with(email: &str, changes: Value) -> Value {
    let mut body = registration(email);
    for (key, value) in changes.as_object().expect("object") {
        body[key] = value.clone();
    }
    body
}

impl Answer {
    async fn read(response: reqwest::Response) -> Self {
        let status = response.status();
        let headers = response.headers().clone();
        let text = response.text().await.expect("body");
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Answer { status, headers, body }
    }

    /// `data.{key}` of a successful answer, as `T`.
    pub fn data<T: DeserializeOwned>(&self, key: &str) -> T {
        assert_eq!(self.status, StatusCode::OK, "{:?}", self.body);
        serde_json::from_value(self.body["data"][key].clone())
            .unwrap_or_else(|error| panic!("data.{key}: {error}: {:?}", self.body))
    }

    /// The first message under `field` in the error envelope.
    pub fn field_error(&self, field: &str) -> &str {
        self.body["errors"][field][0]
            .as_str()
            .unwrap_or_else(|| panic!("no error for {field}: {:?}", self.body))
    }

    pub fn description(&self) -> &str {
        self.body["description"].as_str().expect("description")
    }
}

/// What the servers of this test process logged (at `info`), shared by every test: for tests of
/// what the log must never hold.
pub fn logs() -> String {
    String::from_utf8_lossy(&LOGS.lock().unwrap_or_else(|p| p.into_inner())).into_owned()
}

static LOGS: std::sync::Mutex<Vec<u8>> = std::sync::Mutex::new(Vec::new());

struct LogCapture;

impl std::io::Write for LogCapture {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        LOGS.lock().unwrap_or_else(|p| p.into_inner()).extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn capture_logs() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter("info")
            .with_ansi(false)
            .with_writer(|| LogCapture);
        subscriber.try_init().ok();
    });
}

/// Reads server-sent events until one named `name` arrives; answers its data.
pub async fn next_event(
    response: &mut reqwest::Response,
    buffer: &mut String,
    name: &str,
) -> Value {
    loop {
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let event =
                block.lines().find_map(|line| line.strip_prefix("event: ")).unwrap_or_default();
            let data: String =
                block.lines().filter_map(|line| line.strip_prefix("data: ")).collect();
            if event == name {
                return serde_json::from_str(&data).unwrap();
            }
        }
        let chunk = tokio::time::timeout(Duration::from_secs(10), response.chunk())
            .await
            .expect("an event within 10 s")
            .unwrap()
            .expect("the stream stays open");
        buffer.push_str(std::str::from_utf8(&chunk).unwrap());
    }
}

/// No business is over budget: for engine rounds that leave eco out.
pub struct NoBudgets;

impl heatdesk::automations::Budget for NoBudgets {
    fn over_budget<'a>(
        &'a self,
        _: &'a Store,
        _: i64,
        _: time::OffsetDateTime,
    ) -> std::pin::Pin<Box<dyn Future<Output = heatdesk::store::StoreResult<bool>> + Send + 'a>>
    {
        Box::pin(async { Ok(false) })
    }
}

/// Polls `check` until it holds; for what arrives in its own time (a broker's delivery), so a
/// test waits for an event rather than a fixed while. Fails after 10 s.
pub async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    for _ in 0..200 {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("timed out waiting until {what}");
}

/// The token of the one-time link in `mail` whose address has `path` (`/confirm-email?token=`).
pub fn link_token(mail: &str, path: &str) -> String {
    let start = mail.find(path).expect("link in the mail") + path.len();
    mail[start..].chars().take_while(char::is_ascii_hexdigit).collect()
}
