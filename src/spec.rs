//! The shared vocabulary of algorithms: what output lengths, keys, line forms and kinds
//! an algorithm has, and the parameters a hasher is built with. A leaf module: it imports
//! nothing from the crate, so the registry (`algorithm`), the hasher trait, the adapters
//! and the list grammar all depend on it and never on each other through it.

/// What key an algorithm takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyRule {
    /// Unkeyed (a plain hash).
    None,
    /// Exactly `len` bytes. Without a key, `hash` mode uses the all-zero key (a
    /// fingerprint, not a MAC) — except BLAKE3, whose unkeyed mode is the plain hash.
    Fixed(usize),
    /// Any length (HMAC). Without a key, `hash` mode uses the empty key.
    Any,
    /// Exactly as long as the message, a non-zero multiple of 32 bytes (Multimixer-128).
    /// There is no unkeyed mode.
    SameAsMessage,
}

/// What output lengths an algorithm produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputRule {
    /// Always this many bytes.
    Fixed(usize),
    /// Extendable output: `default` bytes unless another count is asked for (at most
    /// [`XOF_MAX`] bytes).
    Xof {
        /// The length used when none is asked for.
        default: usize,
    },
    /// Any whole number of bytes from `min` to `max` (a length written in bits in tags
    /// such as `BLAKE2b-256`), `default` when none is asked for.
    Range {
        /// The shortest output, in bytes.
        min: usize,
        /// The longest output, in bytes.
        max: usize,
        /// The length used when none is asked for.
        default: usize,
    },
}

/// The largest output an extendable-output algorithm is asked for, in bytes.
pub const XOF_MAX: usize = 1 << 30;

impl OutputRule {
    /// The default output length in bytes.
    pub fn default_len(self) -> usize {
        match self {
            OutputRule::Fixed(n) | OutputRule::Xof { default: n } => n,
            OutputRule::Range { default, .. } => default,
        }
    }
}

/// How an algorithm's lines look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineStyle {
    /// `hex  name` (GNU, b3sum, xxhsum) or `LABEL (name) = hex` (`--tag`).
    Hex,
    /// POSIX `cksum`: `CRC SIZE name` in decimal; no name for standard input given
    /// implicitly.
    Cksum,
    /// `sum -s` (System V): `SUM BLOCKS name`, 512-byte blocks.
    SumSysv,
    /// `sum -r` (BSD): `SUM BLOCKS name` as `%05d %5d`, 1024-byte blocks.
    SumBsd,
}

/// What kind of function an algorithm is, for `khsum list` and for what its output may
/// be trusted with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A cryptographic hash (collision and preimage resistant); some have a keyed mode.
    CryptoHash,
    /// A MAC or PRF: a tag authenticates only under a secret key.
    Mac,
    /// A universal hash: NOT a MAC on its own (its output must be masked or fed to a PRF).
    UniversalHash,
    /// A checksum against accidental corruption, no security at all.
    Checksum,
}

impl Class {
    /// The short name `khsum list` prints.
    pub fn name(self) -> &'static str {
        match self {
            Class::CryptoHash => "hash",
            Class::Mac => "mac",
            Class::UniversalHash => "universal-hash",
            Class::Checksum => "checksum",
        }
    }
}

/// Per-hasher parameters beyond the key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Params {
    /// Output length in bytes, for algorithms with a choice of lengths.
    pub out_len: Option<usize>,
    /// A 16-byte nonce (LeMac); all zero when absent.
    pub nonce: Option<[u8; 16]>,
}
