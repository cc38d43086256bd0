//! Key files: never panic; an accepted fixed-length key has exactly that length; a key
//! file is read only up to its rule's maximum plus one byte, in the form the rule takes
//! (read_bounded, issue 24), and key material decodes to the same key as the file would.
#![no_main]

use khsum::files::keyfile::{ReadError, key_from_file, material_from_file, read_bounded};
use khsum::{Key, KeyRule};
use libfuzzer_sys::fuzz_target;

/// A reader that hands out at most 3 bytes a call, and counts what it gave.
struct Trickle<'a> {
    data: &'a [u8],
    given: usize,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(3).min(self.data.len() - self.given);
        buf[..n].copy_from_slice(&self.data[self.given..self.given + n]);
        self.given += n;
        Ok(n)
    }
}

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
        // Bounded reads with a small limit: never more than limit + 1 bytes taken.
        let limit = match rule {
            KeyRule::Fixed(n) => 2 * n + 2,
            _ => 40,
        };
        let mut r = Trickle { data, given: 0 };
        match read_bounded(&mut r, limit, u64::from(data.first().copied().unwrap_or(0))) {
            Ok(b) => {
                assert!(data.len() <= limit);
                assert_eq!(&b[..], data);
            }
            Err(ReadError::TooLong(m)) => {
                assert_eq!(m, limit);
                assert!(data.len() > limit);
                assert!(r.given <= limit + 1);
            }
            Err(e) => panic!("{e:?}"),
        }
    }
    // Key material read from a file decodes like the file itself.
    let dir = std::env::temp_dir().join(format!("khsum-fuzz-key-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("k");
    if std::fs::write(&path, data).is_ok()
        && let Ok(m) = material_from_file(&path)
    {
        for rule in [KeyRule::Fixed(32), KeyRule::Any] {
            let from_material = m.key_for(rule).map(|k| k.bytes().to_vec()).ok();
            let from_file = key_from_file(&path, rule).map(|k| k.bytes().to_vec()).ok();
            assert_eq!(from_material, from_file);
        }
    }
});
