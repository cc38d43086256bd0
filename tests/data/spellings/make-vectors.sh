#!/usr/bin/env bash
# Writes vectors.txt: each digest spelling of three inputs, computed by the reference
# tools only (OpenSSL 3.0 `openssl dgst`, coreutils `base64`, b3sum 1.8, Nix 2.8's
# `nix-hash` and `nix hash file` from Debian 12's nix-bin). khsum is not run here.
# Lines: INPUT ALGORITHM FORMAT TEXT. Inputs: abc (the 3 bytes "abc"), empty, and
# pattern (300,000 bytes, byte i = i mod 251).
set -euo pipefail
cd "$(mktemp -d)"
printf abc > abc
: > empty
python3 -c 'import sys; sys.stdout.buffer.write(bytes(i % 251 for i in range(300000)))' > pattern
nix() { command nix --extra-experimental-features nix-command "$@"; }
for f in abc empty pattern; do
  for a in md5 sha1 sha256 sha384 sha512; do
    echo "$f $a hex $(openssl dgst -"$a" -r "$f" | cut -d' ' -f1)"
    echo "$f $a base64 $(openssl dgst -"$a" -binary "$f" | base64 -w0)"
  done
  # W3C SRI, as its specification and MDN compute it; Nix's SRI for md5 and sha1.
  for a in sha256 sha384 sha512; do
    echo "$f $a sri $a-$(openssl dgst -"$a" -binary "$f" | base64 -w0)"
  done
  for a in md5 sha1; do echo "$f $a sri $(nix hash file --type "$a" "$f")"; done
  # OCI and pip: the name, a colon, lowercase hex.
  for a in sha256 sha384 sha512; do
    echo "$f $a oci $a:$(openssl dgst -"$a" -r "$f" | cut -d' ' -f1)"
  done
  echo "$f blake3 oci blake3:$(b3sum --no-names "$f")"
  for a in md5 sha1 sha256 sha512; do
    echo "$f $a nix32 $a:$(nix-hash --type "$a" --flat --base32 "$f")"
  done
done
