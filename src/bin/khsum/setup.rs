//! Turns raw flags into what the subcommands work with: the algorithm, its key and
//! parameters, one prototype hasher (key setup done once), and the input list.

use crate::args::{Common, KeyArgs};
use khsum::{Algorithm, Hasher, Key, KeyRule, OutputRule, Params};

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
}

impl KeySource {
    pub fn from_args(k: &KeyArgs) -> KeySource {
        match (&k.key_file, &k.key_env) {
            (Some(f), _) => KeySource::File(f.clone()),
            (None, Some(v)) => KeySource::Env(v.clone()),
            (None, None) => KeySource::None,
        }
    }

    pub fn is_some(&self) -> bool {
        !matches!(self, KeySource::None)
    }

    pub fn uses_stdin(&self) -> bool {
        matches!(self, KeySource::File(p) if p.as_os_str() == "-")
    }

    /// Loads the key in the form `alg` needs (a large Multimixer-128 key file is mapped).
    pub fn load(&self, alg: &Algorithm) -> Result<Option<Key>, SetupError> {
        if self.is_some() && !alg.takes_key() {
            return Err(khsum::Error::KeyNotAllowed(alg.name).into());
        }
        Ok(match self {
            KeySource::None => None,
            KeySource::File(p) => Some(Key::from_file(p, alg.key)?),
            KeySource::Env(v) => Some(Key::from_env(v, alg.key)?),
        })
    }

    /// The key as key material of any length (`--derive-key`): hex digits decoded, any
    /// other content as it is, as for HMAC keys.
    pub fn load_material(&self) -> Result<Key, SetupError> {
        Ok(match self {
            KeySource::None => Key::from_bytes(Vec::new()),
            KeySource::File(p) => Key::from_file(p, KeyRule::Any)?,
            KeySource::Env(v) => Key::from_env(v, KeyRule::Any)?,
        })
    }

    /// Reads the key material once, for algorithms not known yet (the labels of a list).
    pub fn read(&self) -> Result<KeyMaterial, SetupError> {
        Ok(match self {
            KeySource::None => KeyMaterial::None,
            KeySource::File(p) => KeyMaterial::File {
                name: p.to_string_lossy().into_owned(),
                bytes: Key::read_file(p)?,
            },
            KeySource::Env(v) => KeyMaterial::Env {
                var: v.clone(),
                text: Key::read_env(v)?,
            },
        })
    }
}

/// Key material read once, before any list: decoded for each algorithm without I/O.
pub enum KeyMaterial {
    None,
    File {
        name: String,
        bytes: zeroize::Zeroizing<Vec<u8>>,
    },
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
            KeyMaterial::File { .. } => Some("--key-file"),
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
            KeyMaterial::File { name, bytes } => Some(
                Key::from_file_contents(bytes.to_vec(), alg.key)
                    .map_err(|reason| SetupError(format!("{name}: {reason}")))?,
            ),
            KeyMaterial::Env { var, text } => Some(Key::from_env_text(var, text, alg.key)?),
        })
    }
}

/// `--length` and `--nonce` as parameters. `--length` counts bytes, as b3sum's does,
/// except for algorithms with a range of lengths (BLAKE2), where it counts bits, as
/// b2sum's does.
pub fn params(c: &Common, alg: Option<&Algorithm>) -> Result<Params, SetupError> {
    let nonce = match &c.nonce {
        None => None,
        Some(h) => {
            let mut n = [0u8; 16];
            hex::decode_to_slice(h.trim(), &mut n).map_err(|_| {
                SetupError(format!("--nonce needs 32 hex digits (16 bytes), got '{h}'"))
            })?;
            Some(n)
        }
    };
    let out_len = match (alg.map(|a| (a.name, a.output)), c.length) {
        (Some((name, OutputRule::Range { min, max, .. })), Some(bits)) => {
            if bits % 8 != 0 || !(8 * min..=8 * max).contains(&bits) {
                return Err(SetupError(format!(
                    "invalid length: {bits} ({name} takes a multiple of 8 bits from {} to {})",
                    8 * min,
                    8 * max
                )));
            }
            Some(bits / 8)
        }
        (_, len) => len,
    };
    Ok(Params { out_len, nonce })
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
