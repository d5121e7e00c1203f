//! One-time secrets handed out in links and headers (sessions, password resets, checkouts):
//! random, and stored only as their digest, so a copy of the store opens nothing.

use sha2::{Digest, Sha256};

/// A fresh random token: 256 bits, hex.
pub fn new_token() -> String {
    hex::encode(rand::random::<[u8; 32]>())
}

/// The digest a token is stored and looked up by.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}
