//! The web app is embedded from `web/dist`; Vite names files by content hash, so a new build
//! adds files the compiler never saw. Watching the folder makes cargo re-embed it. Likewise
//! `sqlx::migrate!` embeds the migrations, and a new one must rebuild it.

fn main() {
    println!("cargo:rerun-if-changed=../web/dist");
    println!("cargo:rerun-if-changed=migrations");
}
