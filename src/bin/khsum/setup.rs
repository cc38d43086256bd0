//! Turns raw flags into what the subcommands work with: the algorithm, its key and
//! parameters, one prototype hasher (key setup done once), and the input list.

use crate::args::{Common, KeyArgs};
use khsum::algorithm::{LengthError, LengthUnit};
use khsum::{Algorithm, Hasher, Key, KeyRule, Params};

/// The line GNU's tools end a usage error with, printed as it is (no program name).
pub const TRY_HELP: &str = "Try 'khsum --help' for more information.";

/// A setup error: printed as `khsum: …`, exit status 2.
pub struct SetupError(pub String);

impl From<khsum::Error> for SetupError {
    fn from(e: khsum::Error) -> Self {
        SetupError(describe(&e))
    }
}

/// A library error as the CLI says it: the library's text plus the option that fixes it.
pub fn describe(e: &khsum::Error) -> String {
    use khsum::{Error, OutputRule};
    match e {
        Error::UnknownAlgorithm(_) => format!("{e} (see 'khsum list')"),
        Error::KeyRequired(_) => format!("{e} (--key-file or --key-env)"),
        Error::NonceNotAllowed(_) => format!("{e} (--nonce is for lemac)"),
        Error::SeekNotAllowed(_) => format!("{e} (--seek is for blake3)"),
        Error::BadLength {
            alg,
            requested,
            rule: OutputRule::Fixed(n),
        } => format!("{alg} produces {n} bytes; --length {requested} is not supported"),
        Error::BadLength {
            requested: 0,
            rule: OutputRule::Xof { .. },
            ..
        } => "--length must be at least 1".into(),
        Error::BadLength {
            requested,
            rule: OutputRule::Xof { .. },
            ..
        } => format!(
            "--length {requested} is too large (at most {} bytes)",
            khsum::algorithm::XOF_MAX
        ),
        _ => e.to_string(),
    }
}

impl From<LengthError> for SetupError {
    fn from(e: LengthError) -> Self {
        SetupError(LengthWords(&e).to_string())
    }
}

/// A length error in GNU coreutils 9.8+'s words: `invalid length: 'TEXT'` and, on a second
/// line, why (one line when the length is missing or not a number).
struct LengthWords<'a>(&'a LengthError);

impl std::fmt::Display for LengthWords<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let invalid =
            |f: &mut std::fmt::Formatter<'_>, text: &str| writeln!(f, "invalid length: '{text}'");
        match self.0 {
            LengthError::NotANumber(text) => write!(f, "invalid length: '{text}'"),
            LengthError::TooLong { text, alg, max } => {
                invalid(f, text)?;
                let label = alg.bsd_label();
                match alg.length_unit {
                    LengthUnit::Bits => {
                        write!(f, "maximum digest length for '{label}' is {max} bits")
                    }
                    LengthUnit::Bytes => {
                        write!(f, "maximum output length for '{label}' is {max} bytes")
                    }
                }
            }
            LengthError::NotWholeBytes(text) => {
                invalid(f, text)?;
                f.write_str("length is not a multiple of 8")
            }
            LengthError::OneLength { text, alg } => {
                invalid(f, text)?;
                match alg.line.legacy_value() {
                    Some((bytes, count)) => write!(
                        f,
                        "{} prints a {}-bit checksum and the {count}: --length does not apply",
                        alg.name,
                        8 * bytes
                    ),
                    None => {
                        let n = alg.output.default_len();
                        let n = match alg.length_unit {
                            LengthUnit::Bits => format!("{} bits", 8 * n),
                            LengthUnit::Bytes => format!("{n} bytes"),
                        };
                        write!(
                            f,
                            "{} has one output length, {n} (--length takes 0 or that)",
                            alg.name
                        )
                    }
                }
            }
            LengthError::NotInFamily { text, family } => {
                invalid(f, text)?;
                write!(
                    f,
                    "digest length for '{}' must be {}",
                    family.label(),
                    family.lengths()
                )
            }
            LengthError::FamilyNeedsLength(family) => write!(
                f,
                "--algorithm={} requires specifying --length {}",
                family.name(),
                family.lengths()
            ),
        }
    }
}

impl From<khsum::key::KeyError> for SetupError {
    fn from(e: khsum::key::KeyError) -> Self {
        SetupError(e.to_string())
    }
}

/// Where the key comes from, if anywhere (as typed).
pub enum KeySource {
    None,
    File(std::path::PathBuf),
    Env(String),
    /// `--keyed`: 32 raw bytes on standard input, as b3sum reads them.
    Keyed,
}

impl KeySource {
    pub fn from_args(k: &KeyArgs) -> KeySource {
        match (&k.key_file, &k.key_env) {
            _ if k.keyed => KeySource::Keyed,
            (Some(f), _) => KeySource::File(f.clone()),
            (None, Some(v)) => KeySource::Env(v.clone()),
            (None, None) => KeySource::None,
        }
    }

    pub fn is_some(&self) -> bool {
        !matches!(self, KeySource::None)
    }

    pub fn uses_stdin(&self) -> bool {
        self.stdin_option().is_some()
    }

    /// The option that reads the key from standard input, if it does.
    pub fn stdin_option(&self) -> Option<&'static str> {
        match self {
            KeySource::File(p) if p.as_os_str() == "-" => Some("--key-file -"),
            KeySource::Keyed => Some("--keyed"),
            _ => None,
        }
    }

    /// Loads the key in the form `alg` needs (a large Multimixer-128 key file is mapped).
    pub fn load(&self, alg: &Algorithm) -> Result<Option<Key>, SetupError> {
        if self.is_some() && !alg.takes_key() {
            return Err(khsum::Error::KeyNotAllowed(alg.name).into());
        }
        Ok(match self {
            KeySource::None => None,
            KeySource::File(p) => Some(khsum::files::keyfile::key_from_file(p, alg.key)?),
            KeySource::Env(v) => Some(Key::from_env(v, alg.key)?),
            KeySource::Keyed => Some(Key::from_secret(keyed()?)),
        })
    }

    /// The key as key material of any length (`--derive-key`): hex digits decoded, any
    /// other content as it is, as for HMAC keys.
    pub fn load_material(&self) -> Result<Key, SetupError> {
        Ok(match self {
            KeySource::None => Key::from_bytes(Vec::new()),
            KeySource::File(p) => khsum::files::keyfile::key_from_file(p, KeyRule::Any)?,
            KeySource::Env(v) => Key::from_env(v, KeyRule::Any)?,
            KeySource::Keyed => Key::from_secret(keyed()?),
        })
    }

    /// Reads the key material once, for algorithms not known yet (the labels of a list).
    pub fn read(&self) -> Result<KeyMaterial, SetupError> {
        Ok(match self {
            KeySource::None => KeyMaterial::None,
            KeySource::File(p) => KeyMaterial::File(khsum::files::keyfile::material_from_file(p)?),
            KeySource::Env(v) => KeyMaterial::Env {
                var: v.clone(),
                text: Key::read_env(v)?,
            },
            KeySource::Keyed => {
                KeyMaterial::File(khsum::key::Material::from_bytes("--keyed", keyed()?))
            }
        })
    }
}

/// `--keyed`: exactly 32 raw key bytes from standard input, in memory wiped when dropped;
/// b3sum's words for any other count.
fn keyed() -> Result<zeroize::Zeroizing<Vec<u8>>, SetupError> {
    use std::io::Read;
    let mut bytes = zeroize::Zeroizing::new(Vec::with_capacity(33));
    // Past std's buffer: the key passes through wiped memory alone.
    khsum::files::io::stdin_direct()
        .and_then(|stdin| stdin.take(33).read_to_end(&mut bytes))
        .map_err(|e| {
            SetupError(format!(
                "--keyed: standard input: {}",
                khsum::files::io::describe_io_error(&e)
            ))
        })?;
    match bytes.len() {
        32 => Ok(bytes),
        n if n < 32 => Err(SetupError(format!(
            "--keyed: expected 32 key bytes from standard input, found {n}"
        ))),
        _ => Err(SetupError(
            "--keyed: read more than 32 key bytes from standard input".into(),
        )),
    }
}

/// Key material read once, before any list: decoded for each algorithm without I/O.
pub enum KeyMaterial {
    None,
    /// Read once (mapped when large); each algorithm's key shares its bytes where it can.
    File(khsum::key::Material),
    Env {
        var: String,
        text: zeroize::Zeroizing<String>,
    },
}

impl KeyMaterial {
    /// The option the key was given with, if one was.
    pub fn given_with(&self) -> Option<&'static str> {
        match self {
            KeyMaterial::None => None,
            KeyMaterial::File(_) => Some("--key-file"),
            KeyMaterial::Env { .. } => Some("--key-env"),
        }
    }

    /// The key in the form `alg` needs (no I/O).
    pub fn key_for(&self, alg: &Algorithm) -> Result<Option<Key>, SetupError> {
        if !matches!(self, KeyMaterial::None) && !alg.takes_key() {
            return Err(khsum::Error::KeyNotAllowed(alg.name).into());
        }
        Ok(match self {
            KeyMaterial::None => None,
            KeyMaterial::File(m) => Some(m.key_for(alg.key)?),
            KeyMaterial::Env { var, text } => Some(Key::from_env_text(var, text, alg.key)?),
        })
    }
}

/// `--length`, `--nonce` and `--seek` as parameters for `alg`. `--length` counts bits, as
/// b2sum's and GNU cksum's do, except for BLAKE3, where it counts bytes, as b3sum's does
/// ([`Algorithm::length_option`]); without an algorithm (checking with no `-a`) it is the
/// length of untagged BLAKE3 lines (b3sum's lists).
pub fn params(c: &Common, alg: Option<&'static Algorithm>) -> Result<Params, SetupError> {
    let nonce = match &c.nonce {
        None => None,
        // `--nonce 0`: the all-zero nonce, said on purpose (no LeMac note).
        Some(h) if h.trim() == "0" => Some([0u8; 16]),
        Some(h) => {
            let mut n = [0u8; 16];
            hex::decode_to_slice(h.trim(), &mut n).map_err(|_| {
                SetupError(format!(
                    "--nonce needs 32 hex digits (16 bytes) or 0, got '{h}'"
                ))
            })?;
            Some(n)
        }
    };
    let out_len = match &c.length {
        None => None,
        Some(text) => alg
            .unwrap_or_else(Algorithm::default_algorithm)
            .length_option(text)?,
    };
    Ok(Params {
        out_len,
        nonce,
        seek: c.seek.unwrap_or(0),
    })
}

/// The ready-to-clone hasher for one algorithm and key.
pub fn prototype(
    alg: &'static Algorithm,
    key: &Option<Key>,
    params: &Params,
) -> Result<Box<dyn Hasher>, SetupError> {
    Ok(alg.hasher(key.as_ref(), params)?)
}

/// Sets the worker-thread count.
pub fn threads(c: &Common) -> Result<(), SetupError> {
    if let Some(n) = c.threads {
        if n == 0 {
            return Err(SetupError("--threads must be at least 1".into()));
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .map_err(|e| SetupError(e.to_string()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every refused `--length` as GNU cksum 9.8+ words it (`tests/cksum/b2sum.sh`,
    /// `cksum-sha3.sh`), and khsum's own words for what GNU has none for.
    #[test]
    fn lengths_in_gnus_words() {
        use khsum::algorithm::Family;
        let a = |n: &str| Algorithm::lookup(n).unwrap();
        let big = "18446744073709551616";
        let refused: &[(&str, &str, &str)] = &[
            (
                "blake2b",
                "513",
                "invalid length: '513'\nmaximum digest length for 'BLAKE2b' is 512 bits",
            ),
            (
                "blake2b",
                "1024",
                "invalid length: '1024'\nmaximum digest length for 'BLAKE2b' is 512 bits",
            ),
            (
                "blake2b",
                big,
                "invalid length: '18446744073709551616'\nmaximum digest length for 'BLAKE2b' is 512 bits",
            ),
            (
                "blake2b",
                "7",
                "invalid length: '7'\nlength is not a multiple of 8",
            ),
            (
                "blake2s",
                "264",
                "invalid length: '264'\nmaximum digest length for 'BLAKE2s' is 256 bits",
            ),
            (
                "blake3",
                "1073741825",
                "invalid length: '1073741825'\nmaximum output length for 'BLAKE3' is 1073741824 bytes",
            ),
            ("blake3", "12a", "invalid length: '12a'"),
            ("blake3", "", "invalid length: ''"),
            ("blake3", "-1", "invalid length: '-1'"),
            (
                "sha256",
                "32",
                "invalid length: '32'\nsha256 has one output length, 256 bits (--length takes 0 or that)",
            ),
            (
                "crc",
                "32",
                "invalid length: '32'\ncrc prints a 32-bit checksum and the size: --length does not apply",
            ),
            (
                "sysv",
                "16",
                "invalid length: '16'\nsysv prints a 16-bit checksum and the blocks: --length does not apply",
            ),
        ];
        for &(alg, text, want) in refused {
            let got = LengthWords(&a(alg).length_option(text).unwrap_err()).to_string();
            assert_eq!(got, want, "{alg} -l {text}");
        }
        for fam in ["sha2", "sha3"] {
            let f = Family::lookup(fam).unwrap();
            let label = fam.to_ascii_uppercase();
            for len in ["216", "248", "376", "504", "513", "1024", "0", big] {
                assert_eq!(
                    LengthWords(&f.member(Some(len)).unwrap_err()).to_string(),
                    format!(
                        "invalid length: '{len}'\ndigest length for '{label}' must be 224, 256, 384, or 512"
                    )
                );
            }
            assert_eq!(
                LengthWords(&f.member(None).unwrap_err()).to_string(),
                format!("--algorithm={fam} requires specifying --length 224, 256, 384, or 512")
            );
        }
    }
}
