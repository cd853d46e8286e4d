//! The tokens of a block: runs of equal entries, each written as one
//! prefix code for the pair (entry, length class), chosen by the kinds of
//! the runs before, and the length's extra bits; the bits of a block,
//! written and read first bit highest.
//!
//! A run of `n` entries has `m = n - 1`. Classes 0 to 7 are `m` itself;
//! above, class `8 + 2(k - 3) + h` holds the `m` of `k + 1` bits whose
//! second-highest bit is `h`, and the `k - 1` bits below follow the code.

/// Each token is coded by the code of its context: the kinds of the one
/// or two runs before it (`depth`, chosen per section), a kind being the
/// entry's low two bits (for movement entries the tag, draw, win or loss;
/// for placement the value) and 3 before the first run of a chunk of the
/// compressor. A section of depth `d` has `4^d` codes, and each of its
/// blocks opens with the context of its first token in `2d` bits.
pub(crate) const MAX_DEPTH: u8 = 2;

/// The number of contexts of a section of context depth `depth`.
#[inline]
pub(crate) const fn contexts(depth: u8) -> usize {
    1 << (2 * depth)
}

/// The context before a chunk's first run.
#[inline]
pub(crate) const fn start(depth: u8) -> u8 {
    (contexts(depth) - 1) as u8
}

/// The context of the token after a run of `value`, in context `context`.
#[inline]
pub(crate) fn context_after(context: u8, value: u16, depth: u8) -> u8 {
    let mask = (contexts(depth) - 1) as u8;
    ((context << 2) | (value & 3) as u8) & mask
}

/// Length classes: enough for runs of 2^40 entries.
pub(crate) const CLASSES: u32 = 84;
/// The longest run a token holds.
pub(crate) const MAX_RUN: u64 = 1 << 40;

/// A token (`symbol × CLASSES + class`) as the decoders answer it: the
/// symbol's index above 7 bits of class, split once when a file is opened
/// so that decoding divides nothing.
#[inline]
pub(crate) fn split_token(token: u32) -> u32 {
    ((token / CLASSES) << 7) | (token % CLASSES)
}

/// The class and the symbol's index of a token split by [`split_token`].
#[inline]
pub(crate) fn class_and_symbol(split: u32) -> (u32, usize) {
    (split & 0x7f, (split >> 7) as usize)
}

/// The class of a run of `n` entries (1 to [`MAX_RUN`]) and its extra bits
/// (`(count, value)`).
#[inline]
pub(crate) fn class_of(n: u64) -> (u32, u32, u64) {
    let m = n - 1;
    if m < 8 {
        return (m as u32, 0, 0);
    }
    let k = 63 - m.leading_zeros();
    let high = (m >> (k - 1)) & 1;
    let extra = k - 1;
    (8 + 2 * (k - 3) + high as u32, extra, m & ((1 << extra) - 1))
}

/// The number of extra bits of a class, and the run length its extra bits
/// `value` give (`value` below `1 << count`).
#[inline]
pub(crate) fn extra_bits(class: u32) -> u32 {
    if class < 8 {
        0
    } else {
        (class - 8) / 2 + 2
    }
}

/// The run length of `class` with extra bits `value`.
#[inline]
pub(crate) fn run_length(class: u32, value: u64) -> u64 {
    if class < 8 {
        return u64::from(class) + 1;
    }
    let k = (class - 8) / 2 + 3;
    let high = u64::from((class - 8) & 1);
    ((1u64 << k) | high << (k - 1) | value) + 1
}

/// Bits written first bit highest into whole bytes.
#[derive(Default)]
pub(crate) struct BitWriter {
    pub bytes: Vec<u8>,
    buffer: u64,
    pending: u32,
    pub bits: u64,
}

impl BitWriter {
    /// Appends the low `count` bits of `value` (`count` at most 56).
    #[inline]
    pub fn put(&mut self, value: u64, count: u32) {
        debug_assert!(count <= 56);
        if count == 0 {
            return;
        }
        self.buffer = self.buffer << count | (value & ((1u64 << count) - 1));
        self.pending += count;
        self.bits += u64::from(count);
        while self.pending >= 8 {
            self.pending -= 8;
            self.bytes.push((self.buffer >> self.pending) as u8);
        }
    }

    /// Pads with zeros to `len` bytes (at least the bytes written).
    pub fn pad_to(&mut self, len: usize) {
        if self.pending > 0 {
            let shift = 8 - self.pending;
            self.bytes.push((self.buffer << shift) as u8);
            self.pending = 0;
        }
        self.bytes.resize(len.max(self.bytes.len()), 0);
    }
}

/// Zero bytes a [`BitReader`] needs after the block's bits.
pub(crate) const PADDING: usize = 16;

/// Bits of one block read first bit highest, from the block's bytes
/// followed by [`PADDING`] zero bytes (so that a window never reads past
/// the buffer while the position stays within the block; the decoder
/// keeps the position and checks that it does).
pub(crate) struct BitReader<'a> {
    bytes: &'a [u8],
    /// The block's length in bits.
    bits: u64,
}

impl<'a> BitReader<'a> {
    /// A reader of `padded`: a block and [`PADDING`] zero bytes after it.
    pub fn new(padded: &'a [u8]) -> BitReader<'a> {
        BitReader {
            bytes: padded,
            bits: 8 * padded.len().saturating_sub(PADDING) as u64,
        }
    }

    /// The block's length in bits.
    pub fn len(&self) -> u64 {
        self.bits
    }

    /// The 64 bits from bit `position` on, first bit highest (zeros once
    /// past the end).
    #[inline]
    pub fn peek_at(&self, position: u64) -> u64 {
        let byte = (position / 8) as usize;
        let shift = (position % 8) as u32;
        let (Some(word), Some(&next)) = (self.bytes.get(byte..byte + 8), self.bytes.get(byte + 8))
        else {
            return 0;
        };
        let mut window = [0u8; 8];
        window.copy_from_slice(word);
        let high = u64::from_be_bytes(window) << shift;
        if shift == 0 {
            high
        } else {
            high | u64::from(next) >> (8 - shift)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_cover_every_length_once() {
        let mut last = (0, 0);
        for n in 1..5000u64 {
            let (class, count, value) = class_of(n);
            assert_eq!(count, extra_bits(class));
            assert!(value < 1 << count);
            assert_eq!(run_length(class, value), n);
            assert!((class, value) > last || n == 1, "order at {n}");
            last = (class, value);
        }
        let (class, count, value) = class_of(MAX_RUN);
        assert!(class < CLASSES);
        assert_eq!(run_length(class, value), MAX_RUN);
        assert_eq!(count, extra_bits(class));
        // Classes 8 and 9: m = 8..11 and 12..15, two extra bits.
        assert_eq!(class_of(9), (8, 2, 0));
        assert_eq!(class_of(13), (9, 2, 0));
        assert_eq!(class_of(17), (10, 3, 0));
    }

    #[test]
    fn bits_read_back() {
        let mut writer = BitWriter::default();
        let items = [
            (1u64, 1u32),
            (0b1011, 4),
            (0x3ff_ffff, 26),
            (0, 3),
            (0xabcdef, 24),
        ];
        for (value, count) in items {
            writer.put(value, count);
        }
        writer.pad_to(16);
        assert_eq!(writer.bytes.len(), 16);
        writer.bytes.extend([0; PADDING]);
        let reader = BitReader::new(&writer.bytes);
        assert_eq!(reader.len(), 128);
        let mut position = 0;
        for (value, count) in items {
            assert_eq!(
                reader.peek_at(position) >> (64 - count),
                value,
                "{value:#x}"
            );
            position += u64::from(count);
        }
        assert_eq!(reader.peek_at(position), 0);
        assert_eq!(reader.peek_at(200), 0, "past the padding");
    }
}
