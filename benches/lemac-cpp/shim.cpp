// A C interface to the upstream C++ LeMac class, for the side-by-side harness. This file
// only calls the library's public API (include/lemac.h); no upstream code is copied here.
#include <lemac.h>

#include <cstdint>
#include <cstring>
#include <span>

extern "C" void* cpp_lemac_new(const std::uint8_t* key) {
  return new lemac::LeMac(std::span<const std::uint8_t>(key, 16));
}

// What khsum does per file: copy the keyed object, update, finalize with a nonce.
extern "C" void cpp_lemac_stream(const void* proto, const std::uint8_t* data, std::size_t n,
                                 const std::uint8_t* nonce, std::uint8_t* out) {
  lemac::LeMac h(*static_cast<const lemac::LeMac*>(proto));
  h.update(std::span<const std::uint8_t>(data, n));
  h.finalize_to(std::span<const std::uint8_t>(nonce, 16), std::span<std::uint8_t, 16>(out, 16));
}

// The library's one-shot call (no copy, no buffering).
extern "C" void cpp_lemac_oneshot(const void* proto, const std::uint8_t* data, std::size_t n,
                                  const std::uint8_t* nonce, std::uint8_t* out) {
  const auto tag = static_cast<const lemac::LeMac*>(proto)->oneshot(
      std::span<const std::uint8_t>(data, n), std::span<const std::uint8_t>(nonce, 16));
  std::memcpy(out, tag.data(), 16);
}
