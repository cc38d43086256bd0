//! Compiles `shim.cpp` (a C interface to the C++ class) against the C++ build named by
//! `LEMAC_CPP_SRC` (its source tree, for `include/`) and `LEMAC_CPP_BUILD` (for
//! `liblemac.a`), both set by `benches/lemac_cpp.sh`.

fn main() {
    let src = std::env::var("LEMAC_CPP_SRC").expect("set LEMAC_CPP_SRC (see benches/lemac_cpp.sh)");
    let build =
        std::env::var("LEMAC_CPP_BUILD").expect("set LEMAC_CPP_BUILD (see benches/lemac_cpp.sh)");
    println!("cargo:rerun-if-env-changed=LEMAC_CPP_SRC");
    println!("cargo:rerun-if-env-changed=LEMAC_CPP_BUILD");
    println!("cargo:rerun-if-changed=shim.cpp");
    cc::Build::new()
        .cpp(true)
        .file("shim.cpp")
        .include(format!("{src}/include"))
        .flag("-std=c++20")
        .opt_level(2)
        .compile("lemac_shim");
    println!("cargo:rustc-link-search=native={build}");
    println!("cargo:rustc-link-lib=static=lemac");
    println!("cargo:rustc-link-lib=dylib=stdc++");
}
