//! Reading a network file (`.bnn`): the layout is in the
//! [network guide](crate::guide::network).
//! Every size is checked before a byte is used, and the checksum last, so
//! a damaged file gives a [`NetworkError`] that says what and where.

use std::path::{Path, PathBuf};

use super::{
    kernels, Bucket, Network, BUCKETS, H1_WIDTHS, H2, H3, INPUTS, INPUTS_WITH_ATTACKS, OUTPUTS,
    OUTPUTS_WITH_DISTANCE,
};

/// The first bytes of a network file.
pub const NETWORK_MAGIC: &[u8; 8] = b"BAGHNET\0";
/// The version of the network files this crate reads.
pub const NETWORK_VERSION: u32 = 1;

/// Why a network could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NetworkError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// The bytes are not a network this library reads.
    #[error("{source_name}: {reason}")]
    Format {
        /// The file, or `bytes` for a buffer.
        source_name: String,
        /// What is wrong, and at which byte.
        reason: String,
    },
}

/// A cursor over the file's bytes that fails, rather than panics, past
/// the end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(format!(
                "truncated: {what} needs {n} bytes at byte {}, the file has {}",
                self.at,
                self.bytes.len()
            ));
        };
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u32(&mut self, what: &str) -> Result<u32, String> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn i16s(&mut self, n: usize, what: &str) -> Result<Vec<i16>, String> {
        let b = self.take(2 * n, what)?;
        Ok(b.chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }

    fn i32s(&mut self, n: usize, what: &str) -> Result<Vec<i32>, String> {
        let b = self.take(4 * n, what)?;
        Ok(b.chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

impl Network {
    /// Reads a network file.
    ///
    /// Errors: the file cannot be read, or is not a network of this
    /// version and shape ([`NetworkError::Format`] says where).
    pub fn open(path: impl AsRef<Path>) -> Result<Network, NetworkError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| NetworkError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Network::parse(&bytes, &path.display().to_string())
    }

    /// Reads a network from the bytes of a network file.
    ///
    /// Errors: as [`Network::open`], with `bytes` as the file's name.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        Network::parse(bytes, "bytes")
    }

    fn parse(bytes: &[u8], source_name: &str) -> Result<Network, NetworkError> {
        Network::read(bytes).map_err(|reason| NetworkError::Format {
            source_name: source_name.to_string(),
            reason,
        })
    }

    fn read(bytes: &[u8]) -> Result<Network, String> {
        if bytes.len() < 4 {
            return Err(format!("{} bytes, too short for a network", bytes.len()));
        }
        let (body, trailer) = bytes.split_at(bytes.len() - 4);
        let mut r = Reader { bytes: body, at: 0 };
        if r.take(8, "the magic")? != NETWORK_MAGIC {
            return Err("not a network file (wrong magic)".into());
        }
        let version = r.u32("the version")?;
        if version != NETWORK_VERSION {
            return Err(format!(
                "version {version}, this library reads version {NETWORK_VERSION}"
            ));
        }
        let mut shape = [0u32; 6];
        for s in &mut shape {
            *s = r.u32("the shape")?;
        }
        let outputs = if shape[4] == OUTPUTS_WITH_DISTANCE as u32 {
            OUTPUTS_WITH_DISTANCE
        } else {
            OUTPUTS
        };
        let h1 = H1_WIDTHS
            .into_iter()
            .find(|&w| w as u32 == shape[1])
            .unwrap_or(H1_WIDTHS[0]);
        let inputs = if shape[0] == INPUTS_WITH_ATTACKS as u32 {
            INPUTS_WITH_ATTACKS
        } else {
            INPUTS
        };
        let expected = [inputs, h1, H2, H3, outputs, BUCKETS].map(|n| n as u32);
        if shape != expected {
            return Err(format!(
                "shape {shape:?} (inputs, layers, outputs, buckets); this library reads {expected:?} \
                 (or {INPUTS_WITH_ATTACKS} inputs, with the goats under attack, a first layer of \
                 {H1_WIDTHS:?}, or {OUTPUTS_WITH_DISTANCE} outputs, with the distance)"
            ));
        }
        let rules_len = r.u32("the rule set's length")? as usize;
        let rules = std::str::from_utf8(r.take(rules_len, "the rule set")?)
            .map_err(|_| "the rule set's text is not UTF-8".to_string())?
            .to_string();
        let w1 = r.i16s(inputs * h1, "the first layer's weights")?;
        let b1 = r.i16s(h1, "the first layer's biases")?;
        let mut buckets = Vec::with_capacity(BUCKETS);
        for _ in 0..BUCKETS {
            buckets.push(Bucket {
                w2: kernels::pair_columns(&r.i16s(H2 * h1, "the second layer's weights")?, h1, H2),
                b2: r.i32s(H2, "the second layer's biases")?,
                w3: kernels::pair_columns(&r.i16s(H3 * H2, "the third layer's weights")?, H2, H3),
                b3: r.i32s(H3, "the third layer's biases")?,
                w4: r.i16s(outputs * H3, "the output layer's weights")?,
                b4: r.i32s(outputs, "the output layer's biases")?,
            });
        }
        if r.at != body.len() {
            return Err(format!(
                "{} bytes after the output layer, where the checksum should be",
                body.len() - r.at
            ));
        }
        let stored = u32::from_le_bytes([trailer[0], trailer[1], trailer[2], trailer[3]]);
        let actual = crc32fast::hash(body);
        if stored != actual {
            return Err(format!(
                "checksum {stored:08x}, the bytes give {actual:08x}: the file is damaged"
            ));
        }
        Network::from_parts(rules, h1, inputs, &w1, &b1, buckets, outputs)
    }
}
