//! Checksum-list grammar: never panics on any line; and every line khsum writes (any name
//! without NUL, any format) parses back to the same algorithm, digest and name.
#![no_main]

use khsum::checkfile::{Line, LineFormat, ListParser, format_line};
use khsum::testutil::TestRng;
use khsum::Algorithm;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // 1. Arbitrary lines, with and without a forced algorithm.
    for forced in [None, Some(Algorithm::lookup("sha256").unwrap())] {
        let mut p = ListParser::new(forced, None);
        for line in data.split(|&c| c == b'\n') {
            let _ = p.parse(line);
        }
    }
    // 2. Round trip: the first byte picks algorithm and format, the rest is the name.
    let Some((&sel, name)) = data.split_first() else { return };
    if name.is_empty() || name.contains(&0) {
        return;
    }
    let algs = Algorithm::all();
    let alg = &algs[usize::from(sel) % algs.len()];
    // The legacy cksum/sum lines write names as they are (as GNU does): a name with a
    // newline or carriage return cannot be read back from them.
    if alg.line != khsum::LineStyle::Hex && name.iter().any(|&c| c == b'\n' || c == b'\r') {
        return;
    }
    let len = alg.output_len(None).unwrap();
    let digest = TestRng::new(sel.into()).bytes(len);
    let f = LineFormat { tag: sel & 0x80 != 0, binary: sel & 0x40 != 0, ..LineFormat::default() };
    let mut out = Vec::new();
    format_line(&mut out, alg, &digest, name, f);
    // A tagged line names its algorithm; an untagged one, and a legacy cksum/sum line
    // (which --tag does not change), is read with the algorithm given (as with -a).
    let forced = if f.tag && alg.line == khsum::LineStyle::Hex { None } else { Some(alg) };
    let mut p = ListParser::new(forced, None);
    match p.parse(&out) {
        Line::Entry(e) => {
            assert_eq!(e.algorithm.name, alg.name);
            assert_eq!(e.digest, digest);
            assert_eq!(e.name, name, "line {:?}", String::from_utf8_lossy(&out));
        }
        other => panic!("line {:?} parsed as {other:?}", String::from_utf8_lossy(&out)),
    }
});
