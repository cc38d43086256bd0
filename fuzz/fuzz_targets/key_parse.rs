//! Key-file contents: never panic; an accepted fixed-length key has exactly that length.
#![no_main]

use khsum::{Key, KeyRule};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for rule in [
        KeyRule::Fixed(16),
        KeyRule::Fixed(32),
        KeyRule::Any,
        KeyRule::SameAsMessage,
    ] {
        if let Ok(k) = Key::from_file_contents(data.to_vec(), rule) {
            assert!(!k.is_empty());
            if let KeyRule::Fixed(n) = rule {
                assert_eq!(k.len(), n);
            }
        }
    }
});
