# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_khsum_global_optspecs
    string join \n c/check a/algorithm= l/length= seek= nonce= json j/threads= no-mmap progress no-progress tag untagged base64 format= prefix= raw z/zero no-names b/binary t/text key-file= key-env= derive-key= keyed key= r/recursive exclude= max-depth= one-file-system L/follow P/no-dereference files-from= files0-from= update= check-existing expect= quiet status strict w/warn ignore-missing unlisted= h/help V/version
end

function __fish_khsum_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_khsum_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_khsum_using_subcommand
    set -l cmd (__fish_khsum_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c khsum -n "__fish_khsum_needs_command" -s a -l algorithm -d 'Algorithm (default blake3; \'khsum list\' names them). Several, comma-separated (-a sha256,blake3), hash each file in one read, one tagged line each; -a sha2 or -a sha3 takes its member from -l BITS, as cksum does. A keyed algorithm without a key uses the all-zero key (said on stderr): a fingerprint, not a MAC (with -c: \'khsum check --help\')' -r -f -a "blake3\t'BLAKE3 hash (default); keyed mode with a 32-byte key'
sha256\t'SHA-256 (FIPS 180-4), byte-compatible with sha256sum'
sha512\t'SHA-512 (FIPS 180-4), byte-compatible with sha512sum'
sha224\t'SHA-224 (FIPS 180-4), byte-compatible with sha224sum'
sha384\t'SHA-384 (FIPS 180-4), byte-compatible with sha384sum'
sha512-224\t'SHA-512/224 (FIPS 180-4)'
sha512-256\t'SHA-512/256 (FIPS 180-4)'
sha3-224\t'SHA3-224 (FIPS 202)'
sha3-256\t'SHA3-256 (FIPS 202)'
sha3-384\t'SHA3-384 (FIPS 202)'
sha3-512\t'SHA3-512 (FIPS 202)'
blake2b\t'BLAKE2b (RFC 7693), byte-compatible with b2sum; -l in bits like b2sum'
blake2s\t'BLAKE2s (RFC 7693), up to 256-bit output'
sm3\t'SM3 (GB/T 32905-2016), byte-compatible with cksum -a sm3'
ripemd160\t'RIPEMD-160 (ISO/IEC 10118-3), like rhash --ripemd160 and openssl dgst -ripemd160'
md5\t'MD5 (RFC 1321), md5sum-compatible. BROKEN for security: collisions are practical'
sha1\t'SHA-1 (FIPS 180-4), sha1sum-compatible, collision detection. BROKEN for security'
xxh32\t'XXH32 checksum (not cryptographic), xxhsum -H0 compatible'
xxh64\t'XXH64 checksum (not cryptographic), xxhsum -H1 compatible'
xxh3\t'XXH3 64-bit checksum (not cryptographic), xxhsum -H3 compatible'
xxh128\t'XXH3 128-bit checksum (not cryptographic), xxhsum -H2 compatible'
crc\t'POSIX cksum CRC (not cryptographic): \'CRC SIZE name\' like cksum'
crc32b\t'zlib/Ethernet CRC-32 (not cryptographic), like cksum -a crc32b'
crc32\t'zlib/Ethernet CRC-32 in hex (not cryptographic), like rhash --crc32 and SFV lists'
sysv\t'System V sum (not cryptographic), like sum -s'
bsd\t'BSD sum (not cryptographic), like sum -r'
hmac-sha256\t'HMAC-SHA256 (RFC 2104), any key length'
siphash-2-4\t'SipHash-2-4 PRF/MAC, 64-bit tag, 16-byte key'
siphash-2-4-128\t'SipHash-2-4 PRF/MAC, 128-bit tag, 16-byte key'
siphash-1-3\t'SipHash-1-3 (faster, smaller margin), 64-bit tag'
siphash-1-3-128\t'SipHash-1-3, 128-bit tag'
highwayhash-64\t'HighwayHash keyed hash, 64-bit output, 32-byte key'
highwayhash-128\t'HighwayHash keyed hash, 128-bit output, 32-byte key'
highwayhash-256\t'HighwayHash keyed hash, 256-bit output, 32-byte key'
lemac\t'LeMac AES-round MAC, 16-byte key, 16-byte nonce (--nonce), 16-byte tag'
rescue-prime\t'Rescue Prime Rp64_256 over Goldilocks (Winterfell-compatible)'
multimixer-128\t'Multimixer-128 universal hash: NOT a MAC alone; key as long as the message, never reused'
sha2\t'sha224, sha256, sha384, sha512 by --length in bits, as cksum -a sha2'
sha3\t'sha3-224, sha3-256, sha3-384, sha3-512 by --length in bits, as cksum -a sha3'"
complete -c khsum -n "__fish_khsum_needs_command" -s l -l length -d 'Output length: BITS (as b2sum, and cksum -a sha2/sha3, where it picks the algorithm), BYTES for BLAKE3 (as b3sum); 0 is the default length; the last -l counts' -r
complete -c khsum -n "__fish_khsum_needs_command" -l seek -d 'Start BLAKE3\'s extendable output at byte N (as b3sum --seek)' -r
complete -c khsum -n "__fish_khsum_needs_command" -l nonce -d 'LeMac nonce: 32 hex digits, or 0 for the all-zero nonce (the default, with a note that a fixed nonce makes LeMac a deterministic MAC)' -r
complete -c khsum -n "__fish_khsum_needs_command" -s j -l threads -d 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order' -r
complete -c khsum -n "__fish_khsum_needs_command" -l format -d 'How digests are written: hex (the default), base64, sri (sha256-BASE64), oci (sha256:HEX), nix32 (sha256:NIX32); go-h1: go.sum\'s h1: of a module tree (-r, with --prefix) or of a module zip' -r -f -a "hex\t''
base64\t''
sri\t''
oci\t''
nix32\t''
go-h1\t''"
complete -c khsum -n "__fish_khsum_needs_command" -l prefix -d 'With --format go-h1: the MODULE@VERSION a tree\'s files are named under, as go.sum hashes them' -r
complete -c khsum -n "__fish_khsum_needs_command" -l key-file -d 'Read the key from FILE (\'-\' for standard input): raw bytes or hex digits' -r -F
complete -c khsum -n "__fish_khsum_needs_command" -l key-env -d 'Read the key, as hex digits, from environment variable VAR' -r
complete -c khsum -n "__fish_khsum_needs_command" -l derive-key -d 'BLAKE3 key derivation (as b3sum --derive-key): each FILE is key material and the output its derived key; with --key-file/--key-env, the key is the material and the one output line the derived key' -r
complete -c khsum -n "__fish_khsum_needs_command" -l key -d 'A key on the command line: answered with how khsum takes keys' -r
complete -c khsum -n "__fish_khsum_needs_command" -l exclude -d 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)' -r
complete -c khsum -n "__fish_khsum_needs_command" -l max-depth -d 'Descend at most N levels below directory arguments (1: their own entries)' -r
complete -c khsum -n "__fish_khsum_needs_command" -l files-from -d 'Hash the files named in FILE, one per line (\'-\': standard input)' -r -F
complete -c khsum -n "__fish_khsum_needs_command" -l files0-from -d 'Hash the files named in FILE, each ended by a NUL byte (find -print0)' -r -F
complete -c khsum -n "__fish_khsum_needs_command" -l update -d 'Hash only the files LIST does not name yet and append their lines to LIST (written atomically; no other file is touched)' -r -F
complete -c khsum -n "__fish_khsum_needs_command" -l expect -d 'Check the one FILE against DIGEST (\'FILE: OK\' or \'FILE: FAILED\', exit 0 or 1): hex or base64 (the algorithm found as -c finds it), sha256:HEX (OCI, pip), SRI sha384-BASE64 (the strongest of several), Nix sha256:NIX32' -r
complete -c khsum -n "__fish_khsum_needs_command" -l unlisted -d 'Also report every regular file below DIR that no list names (\'name: NEW\'), and fail if there is one (repeatable)' -r
complete -c khsum -n "__fish_khsum_needs_command" -s c -l check -d 'Read checksum lists from the FILEs and verify them (same as \'khsum check\')'
complete -c khsum -n "__fish_khsum_needs_command" -l json -d 'Print one JSON object per input (and a summary per checked list) instead of lines'
complete -c khsum -n "__fish_khsum_needs_command" -l no-mmap -d 'Read files, never memory-map them'
complete -c khsum -n "__fish_khsum_needs_command" -l progress -d 'Show progress on stderr even when it is not a terminal (default: on a terminal, after half a second)'
complete -c khsum -n "__fish_khsum_needs_command" -l no-progress -d 'Never show progress'
complete -c khsum -n "__fish_khsum_needs_command" -l tag -d 'Write BSD-style lines: \'LABEL (name) = hex\''
complete -c khsum -n "__fish_khsum_needs_command" -l untagged -d 'Write untagged lines: \'hex  name\' (the default; for cksum compatibility)'
complete -c khsum -n "__fish_khsum_needs_command" -l base64 -d 'Write digests in base64 (with padding), as cksum --base64; lists may hold either'
complete -c khsum -n "__fish_khsum_needs_command" -l raw -d 'Write the one input\'s digest as raw bytes, no line (as cksum --raw)'
complete -c khsum -n "__fish_khsum_needs_command" -s z -l zero -d 'End each output line with NUL, not newline, and do not escape names'
complete -c khsum -n "__fish_khsum_needs_command" -l no-names -d 'Print only the digests, without file names'
complete -c khsum -n "__fish_khsum_needs_command" -s b -l binary -d 'Mark names with \'*\' (binary mode) in untagged lines, like sha256sum -b'
complete -c khsum -n "__fish_khsum_needs_command" -s t -l text -d 'Mark names with \' \' (text mode; the default), like sha256sum -t'
complete -c khsum -n "__fish_khsum_needs_command" -l keyed -d 'b3sum\'s keyed mode: the key is exactly 32 raw bytes read from standard input'
complete -c khsum -n "__fish_khsum_needs_command" -s r -l recursive -d 'Hash every regular file below directory arguments, in sorted order'
complete -c khsum -n "__fish_khsum_needs_command" -l one-file-system -d 'Do not enter directories on other file systems'
complete -c khsum -n "__fish_khsum_needs_command" -s L -l follow -d 'Follow symbolic links to directories (loops are reported and skipped)'
complete -c khsum -n "__fish_khsum_needs_command" -s P -l no-dereference -d 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
complete -c khsum -n "__fish_khsum_needs_command" -l check-existing -d 'With --update, also verify the files LIST already names'
complete -c khsum -n "__fish_khsum_needs_command" -l quiet -d 'Don\'t print OK for each successfully verified file'
complete -c khsum -n "__fish_khsum_needs_command" -l status -d 'Print nothing on standard output; the exit status shows success'
complete -c khsum -n "__fish_khsum_needs_command" -l strict -d 'Exit non-zero for improperly formatted checksum lines'
complete -c khsum -n "__fish_khsum_needs_command" -s w -l warn -d 'Warn about each improperly formatted checksum line (--quiet, --status and --warn are one setting, as in GNU: the last one given wins)'
complete -c khsum -n "__fish_khsum_needs_command" -l ignore-missing -d 'Don\'t fail or report status for missing files'
complete -c khsum -n "__fish_khsum_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c khsum -n "__fish_khsum_needs_command" -s V -l version -d 'Print version'
complete -c khsum -n "__fish_khsum_needs_command" -a "hash" -d 'Hash files (the default when no subcommand is given)'
complete -c khsum -n "__fish_khsum_needs_command" -a "check" -d 'Verify checksum lists (GNU, BSD --tag and b3sum forms)'
complete -c khsum -n "__fish_khsum_needs_command" -a "tag" -d 'Compute keyed tags (MACs) of files; a key is required'
complete -c khsum -n "__fish_khsum_needs_command" -a "audit" -d 'Audit trees against a checksum list over time: bit rot told apart from edits, moves and deletions, from a state kept beside the list'
complete -c khsum -n "__fish_khsum_needs_command" -a "list" -d 'List the algorithms, their key and output sizes, and this CPU\'s backend'
complete -c khsum -n "__fish_khsum_needs_command" -a "bench" -d 'Measure cycles/byte and GB/s of every algorithm on every backend this CPU has'
complete -c khsum -n "__fish_khsum_needs_command" -a "selftest" -d 'Run every known-answer vector on every backend this CPU has'
complete -c khsum -n "__fish_khsum_needs_command" -a "generate" -d 'Print the man page or a shell completion script (for packagers)'
complete -c khsum -n "__fish_khsum_needs_command" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -s a -l algorithm -d 'Algorithm (default blake3; \'khsum list\' names them). Several, comma-separated (-a sha256,blake3), hash each file in one read, one tagged line each; -a sha2 or -a sha3 takes its member from -l BITS, as cksum does. A keyed algorithm without a key uses the all-zero key (said on stderr): a fingerprint, not a MAC' -r -f -a "blake3\t'BLAKE3 hash (default); keyed mode with a 32-byte key'
sha256\t'SHA-256 (FIPS 180-4), byte-compatible with sha256sum'
sha512\t'SHA-512 (FIPS 180-4), byte-compatible with sha512sum'
sha224\t'SHA-224 (FIPS 180-4), byte-compatible with sha224sum'
sha384\t'SHA-384 (FIPS 180-4), byte-compatible with sha384sum'
sha512-224\t'SHA-512/224 (FIPS 180-4)'
sha512-256\t'SHA-512/256 (FIPS 180-4)'
sha3-224\t'SHA3-224 (FIPS 202)'
sha3-256\t'SHA3-256 (FIPS 202)'
sha3-384\t'SHA3-384 (FIPS 202)'
sha3-512\t'SHA3-512 (FIPS 202)'
blake2b\t'BLAKE2b (RFC 7693), byte-compatible with b2sum; -l in bits like b2sum'
blake2s\t'BLAKE2s (RFC 7693), up to 256-bit output'
sm3\t'SM3 (GB/T 32905-2016), byte-compatible with cksum -a sm3'
ripemd160\t'RIPEMD-160 (ISO/IEC 10118-3), like rhash --ripemd160 and openssl dgst -ripemd160'
md5\t'MD5 (RFC 1321), md5sum-compatible. BROKEN for security: collisions are practical'
sha1\t'SHA-1 (FIPS 180-4), sha1sum-compatible, collision detection. BROKEN for security'
xxh32\t'XXH32 checksum (not cryptographic), xxhsum -H0 compatible'
xxh64\t'XXH64 checksum (not cryptographic), xxhsum -H1 compatible'
xxh3\t'XXH3 64-bit checksum (not cryptographic), xxhsum -H3 compatible'
xxh128\t'XXH3 128-bit checksum (not cryptographic), xxhsum -H2 compatible'
crc\t'POSIX cksum CRC (not cryptographic): \'CRC SIZE name\' like cksum'
crc32b\t'zlib/Ethernet CRC-32 (not cryptographic), like cksum -a crc32b'
crc32\t'zlib/Ethernet CRC-32 in hex (not cryptographic), like rhash --crc32 and SFV lists'
sysv\t'System V sum (not cryptographic), like sum -s'
bsd\t'BSD sum (not cryptographic), like sum -r'
hmac-sha256\t'HMAC-SHA256 (RFC 2104), any key length'
siphash-2-4\t'SipHash-2-4 PRF/MAC, 64-bit tag, 16-byte key'
siphash-2-4-128\t'SipHash-2-4 PRF/MAC, 128-bit tag, 16-byte key'
siphash-1-3\t'SipHash-1-3 (faster, smaller margin), 64-bit tag'
siphash-1-3-128\t'SipHash-1-3, 128-bit tag'
highwayhash-64\t'HighwayHash keyed hash, 64-bit output, 32-byte key'
highwayhash-128\t'HighwayHash keyed hash, 128-bit output, 32-byte key'
highwayhash-256\t'HighwayHash keyed hash, 256-bit output, 32-byte key'
lemac\t'LeMac AES-round MAC, 16-byte key, 16-byte nonce (--nonce), 16-byte tag'
rescue-prime\t'Rescue Prime Rp64_256 over Goldilocks (Winterfell-compatible)'
multimixer-128\t'Multimixer-128 universal hash: NOT a MAC alone; key as long as the message, never reused'
sha2\t'sha224, sha256, sha384, sha512 by --length in bits, as cksum -a sha2'
sha3\t'sha3-224, sha3-256, sha3-384, sha3-512 by --length in bits, as cksum -a sha3'"
complete -c khsum -n "__fish_khsum_using_subcommand hash" -s l -l length -d 'Output length: BITS (as b2sum, and cksum -a sha2/sha3, where it picks the algorithm), BYTES for BLAKE3 (as b3sum); 0 is the default length; the last -l counts' -r
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l seek -d 'Start BLAKE3\'s extendable output at byte N (as b3sum --seek)' -r
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l nonce -d 'LeMac nonce: 32 hex digits, or 0 for the all-zero nonce (the default, with a note that a fixed nonce makes LeMac a deterministic MAC)' -r
complete -c khsum -n "__fish_khsum_using_subcommand hash" -s j -l threads -d 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order' -r
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l format -d 'How digests are written: hex (the default), base64, sri (sha256-BASE64), oci (sha256:HEX), nix32 (sha256:NIX32); go-h1: go.sum\'s h1: of a module tree (-r, with --prefix) or of a module zip' -r -f -a "hex\t''
base64\t''
sri\t''
oci\t''
nix32\t''
go-h1\t''"
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l prefix -d 'With --format go-h1: the MODULE@VERSION a tree\'s files are named under, as go.sum hashes them' -r
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l key-file -d 'Read the key from FILE (\'-\' for standard input): raw bytes or hex digits' -r -F
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l key-env -d 'Read the key, as hex digits, from environment variable VAR' -r
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l derive-key -d 'BLAKE3 key derivation (as b3sum --derive-key): each FILE is key material and the output its derived key; with --key-file/--key-env, the key is the material and the one output line the derived key' -r
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l key -d 'A key on the command line: answered with how khsum takes keys' -r
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l exclude -d 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)' -r
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l max-depth -d 'Descend at most N levels below directory arguments (1: their own entries)' -r
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l files-from -d 'Hash the files named in FILE, one per line (\'-\': standard input)' -r -F
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l files0-from -d 'Hash the files named in FILE, each ended by a NUL byte (find -print0)' -r -F
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l update -d 'Hash only the files LIST does not name yet and append their lines to LIST (written atomically; no other file is touched)' -r -F
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l json -d 'Print one JSON object per input (and a summary per checked list) instead of lines'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l no-mmap -d 'Read files, never memory-map them'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l progress -d 'Show progress on stderr even when it is not a terminal (default: on a terminal, after half a second)'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l no-progress -d 'Never show progress'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l tag -d 'Write BSD-style lines: \'LABEL (name) = hex\''
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l untagged -d 'Write untagged lines: \'hex  name\' (the default; for cksum compatibility)'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l base64 -d 'Write digests in base64 (with padding), as cksum --base64; lists may hold either'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l raw -d 'Write the one input\'s digest as raw bytes, no line (as cksum --raw)'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -s z -l zero -d 'End each output line with NUL, not newline, and do not escape names'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l no-names -d 'Print only the digests, without file names'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -s b -l binary -d 'Mark names with \'*\' (binary mode) in untagged lines, like sha256sum -b'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -s t -l text -d 'Mark names with \' \' (text mode; the default), like sha256sum -t'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l keyed -d 'b3sum\'s keyed mode: the key is exactly 32 raw bytes read from standard input'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -s r -l recursive -d 'Hash every regular file below directory arguments, in sorted order'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l one-file-system -d 'Do not enter directories on other file systems'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -s L -l follow -d 'Follow symbolic links to directories (loops are reported and skipped)'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -s P -l no-dereference -d 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -l check-existing -d 'With --update, also verify the files LIST already names'
complete -c khsum -n "__fish_khsum_using_subcommand hash" -s h -l help -d 'Print help'
complete -c khsum -n "__fish_khsum_using_subcommand check" -l expect -d 'Check the one FILE against DIGEST (\'FILE: OK\' or \'FILE: FAILED\', exit 0 or 1): hex or base64 (the algorithm found as -c finds it), sha256:HEX (OCI, pip), SRI sha384-BASE64 (the strongest of several), Nix sha256:NIX32' -r
complete -c khsum -n "__fish_khsum_using_subcommand check" -l unlisted -d 'Also report every regular file below DIR that no list names (\'name: NEW\'), and fail if there is one (repeatable)' -r
complete -c khsum -n "__fish_khsum_using_subcommand check" -s a -l algorithm -d 'Check only the lines of this algorithm, under it alone (default: each line\'s own, as the description says)' -r -f -a "blake3\t'BLAKE3 hash (default); keyed mode with a 32-byte key'
sha256\t'SHA-256 (FIPS 180-4), byte-compatible with sha256sum'
sha512\t'SHA-512 (FIPS 180-4), byte-compatible with sha512sum'
sha224\t'SHA-224 (FIPS 180-4), byte-compatible with sha224sum'
sha384\t'SHA-384 (FIPS 180-4), byte-compatible with sha384sum'
sha512-224\t'SHA-512/224 (FIPS 180-4)'
sha512-256\t'SHA-512/256 (FIPS 180-4)'
sha3-224\t'SHA3-224 (FIPS 202)'
sha3-256\t'SHA3-256 (FIPS 202)'
sha3-384\t'SHA3-384 (FIPS 202)'
sha3-512\t'SHA3-512 (FIPS 202)'
blake2b\t'BLAKE2b (RFC 7693), byte-compatible with b2sum; -l in bits like b2sum'
blake2s\t'BLAKE2s (RFC 7693), up to 256-bit output'
sm3\t'SM3 (GB/T 32905-2016), byte-compatible with cksum -a sm3'
ripemd160\t'RIPEMD-160 (ISO/IEC 10118-3), like rhash --ripemd160 and openssl dgst -ripemd160'
md5\t'MD5 (RFC 1321), md5sum-compatible. BROKEN for security: collisions are practical'
sha1\t'SHA-1 (FIPS 180-4), sha1sum-compatible, collision detection. BROKEN for security'
xxh32\t'XXH32 checksum (not cryptographic), xxhsum -H0 compatible'
xxh64\t'XXH64 checksum (not cryptographic), xxhsum -H1 compatible'
xxh3\t'XXH3 64-bit checksum (not cryptographic), xxhsum -H3 compatible'
xxh128\t'XXH3 128-bit checksum (not cryptographic), xxhsum -H2 compatible'
crc\t'POSIX cksum CRC (not cryptographic): \'CRC SIZE name\' like cksum'
crc32b\t'zlib/Ethernet CRC-32 (not cryptographic), like cksum -a crc32b'
crc32\t'zlib/Ethernet CRC-32 in hex (not cryptographic), like rhash --crc32 and SFV lists'
sysv\t'System V sum (not cryptographic), like sum -s'
bsd\t'BSD sum (not cryptographic), like sum -r'
hmac-sha256\t'HMAC-SHA256 (RFC 2104), any key length'
siphash-2-4\t'SipHash-2-4 PRF/MAC, 64-bit tag, 16-byte key'
siphash-2-4-128\t'SipHash-2-4 PRF/MAC, 128-bit tag, 16-byte key'
siphash-1-3\t'SipHash-1-3 (faster, smaller margin), 64-bit tag'
siphash-1-3-128\t'SipHash-1-3, 128-bit tag'
highwayhash-64\t'HighwayHash keyed hash, 64-bit output, 32-byte key'
highwayhash-128\t'HighwayHash keyed hash, 128-bit output, 32-byte key'
highwayhash-256\t'HighwayHash keyed hash, 256-bit output, 32-byte key'
lemac\t'LeMac AES-round MAC, 16-byte key, 16-byte nonce (--nonce), 16-byte tag'
rescue-prime\t'Rescue Prime Rp64_256 over Goldilocks (Winterfell-compatible)'
multimixer-128\t'Multimixer-128 universal hash: NOT a MAC alone; key as long as the message, never reused'
sha2\t'sha224, sha256, sha384, sha512 by --length in bits, as cksum -a sha2'
sha3\t'sha3-224, sha3-256, sha3-384, sha3-512 by --length in bits, as cksum -a sha3'"
complete -c khsum -n "__fish_khsum_using_subcommand check" -s l -l length -d 'The length of the listed digests (BITS; BYTES for BLAKE3), when a list made with -l does not say it; without -a, of untagged BLAKE3 lines (b3sum -l)' -r
complete -c khsum -n "__fish_khsum_using_subcommand check" -l seek -d 'Check BLAKE3 lines made with b3sum --seek N' -r
complete -c khsum -n "__fish_khsum_using_subcommand check" -l nonce -d 'The LeMac nonce the tags were made with (32 hex digits)' -r
complete -c khsum -n "__fish_khsum_using_subcommand check" -s j -l threads -d 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order' -r
complete -c khsum -n "__fish_khsum_using_subcommand check" -l key-file -d 'Read the key from FILE (\'-\' for standard input): raw bytes or hex digits' -r -F
complete -c khsum -n "__fish_khsum_using_subcommand check" -l key-env -d 'Read the key, as hex digits, from environment variable VAR' -r
complete -c khsum -n "__fish_khsum_using_subcommand check" -l derive-key -d 'BLAKE3 key derivation (as b3sum --derive-key): each FILE is key material and the output its derived key; with --key-file/--key-env, the key is the material and the one output line the derived key' -r
complete -c khsum -n "__fish_khsum_using_subcommand check" -l key -d 'A key on the command line: answered with how khsum takes keys' -r
complete -c khsum -n "__fish_khsum_using_subcommand check" -l exclude -d 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)' -r
complete -c khsum -n "__fish_khsum_using_subcommand check" -l max-depth -d 'Descend at most N levels below directory arguments (1: their own entries)' -r
complete -c khsum -n "__fish_khsum_using_subcommand check" -l quiet -d 'Don\'t print OK for each successfully verified file'
complete -c khsum -n "__fish_khsum_using_subcommand check" -l status -d 'Print nothing on standard output; the exit status shows success'
complete -c khsum -n "__fish_khsum_using_subcommand check" -l strict -d 'Exit non-zero for improperly formatted checksum lines'
complete -c khsum -n "__fish_khsum_using_subcommand check" -s w -l warn -d 'Warn about each improperly formatted checksum line (--quiet, --status and --warn are one setting, as in GNU: the last one given wins)'
complete -c khsum -n "__fish_khsum_using_subcommand check" -l ignore-missing -d 'Don\'t fail or report status for missing files'
complete -c khsum -n "__fish_khsum_using_subcommand check" -l json -d 'Print one JSON object per input (and a summary per checked list) instead of lines'
complete -c khsum -n "__fish_khsum_using_subcommand check" -l no-mmap -d 'Read files, never memory-map them'
complete -c khsum -n "__fish_khsum_using_subcommand check" -l progress -d 'Show progress on stderr even when it is not a terminal (default: on a terminal, after half a second)'
complete -c khsum -n "__fish_khsum_using_subcommand check" -l no-progress -d 'Never show progress'
complete -c khsum -n "__fish_khsum_using_subcommand check" -l keyed -d 'b3sum\'s keyed mode: the key is exactly 32 raw bytes read from standard input'
complete -c khsum -n "__fish_khsum_using_subcommand check" -s r -l recursive -d 'Hash every regular file below directory arguments, in sorted order'
complete -c khsum -n "__fish_khsum_using_subcommand check" -l one-file-system -d 'Do not enter directories on other file systems'
complete -c khsum -n "__fish_khsum_using_subcommand check" -s L -l follow -d 'Follow symbolic links to directories (loops are reported and skipped)'
complete -c khsum -n "__fish_khsum_using_subcommand check" -s P -l no-dereference -d 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
complete -c khsum -n "__fish_khsum_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -s a -l algorithm -d 'Keyed algorithm (default blake3, in its keyed mode): blake3, hmac-sha256, siphash-2-4, siphash-2-4-128, siphash-1-3, siphash-1-3-128, highwayhash-64, highwayhash-128, highwayhash-256, lemac, multimixer-128; key sizes in \'khsum list\'' -r -f -a "blake3\t'BLAKE3 hash (default); keyed mode with a 32-byte key'
sha256\t'SHA-256 (FIPS 180-4), byte-compatible with sha256sum'
sha512\t'SHA-512 (FIPS 180-4), byte-compatible with sha512sum'
sha224\t'SHA-224 (FIPS 180-4), byte-compatible with sha224sum'
sha384\t'SHA-384 (FIPS 180-4), byte-compatible with sha384sum'
sha512-224\t'SHA-512/224 (FIPS 180-4)'
sha512-256\t'SHA-512/256 (FIPS 180-4)'
sha3-224\t'SHA3-224 (FIPS 202)'
sha3-256\t'SHA3-256 (FIPS 202)'
sha3-384\t'SHA3-384 (FIPS 202)'
sha3-512\t'SHA3-512 (FIPS 202)'
blake2b\t'BLAKE2b (RFC 7693), byte-compatible with b2sum; -l in bits like b2sum'
blake2s\t'BLAKE2s (RFC 7693), up to 256-bit output'
sm3\t'SM3 (GB/T 32905-2016), byte-compatible with cksum -a sm3'
ripemd160\t'RIPEMD-160 (ISO/IEC 10118-3), like rhash --ripemd160 and openssl dgst -ripemd160'
md5\t'MD5 (RFC 1321), md5sum-compatible. BROKEN for security: collisions are practical'
sha1\t'SHA-1 (FIPS 180-4), sha1sum-compatible, collision detection. BROKEN for security'
xxh32\t'XXH32 checksum (not cryptographic), xxhsum -H0 compatible'
xxh64\t'XXH64 checksum (not cryptographic), xxhsum -H1 compatible'
xxh3\t'XXH3 64-bit checksum (not cryptographic), xxhsum -H3 compatible'
xxh128\t'XXH3 128-bit checksum (not cryptographic), xxhsum -H2 compatible'
crc\t'POSIX cksum CRC (not cryptographic): \'CRC SIZE name\' like cksum'
crc32b\t'zlib/Ethernet CRC-32 (not cryptographic), like cksum -a crc32b'
crc32\t'zlib/Ethernet CRC-32 in hex (not cryptographic), like rhash --crc32 and SFV lists'
sysv\t'System V sum (not cryptographic), like sum -s'
bsd\t'BSD sum (not cryptographic), like sum -r'
hmac-sha256\t'HMAC-SHA256 (RFC 2104), any key length'
siphash-2-4\t'SipHash-2-4 PRF/MAC, 64-bit tag, 16-byte key'
siphash-2-4-128\t'SipHash-2-4 PRF/MAC, 128-bit tag, 16-byte key'
siphash-1-3\t'SipHash-1-3 (faster, smaller margin), 64-bit tag'
siphash-1-3-128\t'SipHash-1-3, 128-bit tag'
highwayhash-64\t'HighwayHash keyed hash, 64-bit output, 32-byte key'
highwayhash-128\t'HighwayHash keyed hash, 128-bit output, 32-byte key'
highwayhash-256\t'HighwayHash keyed hash, 256-bit output, 32-byte key'
lemac\t'LeMac AES-round MAC, 16-byte key, 16-byte nonce (--nonce), 16-byte tag'
rescue-prime\t'Rescue Prime Rp64_256 over Goldilocks (Winterfell-compatible)'
multimixer-128\t'Multimixer-128 universal hash: NOT a MAC alone; key as long as the message, never reused'
sha2\t'sha224, sha256, sha384, sha512 by --length in bits, as cksum -a sha2'
sha3\t'sha3-224, sha3-256, sha3-384, sha3-512 by --length in bits, as cksum -a sha3'"
complete -c khsum -n "__fish_khsum_using_subcommand tag" -s l -l length -d 'BLAKE3\'s tag length in bytes (as b3sum -l); 0 is 32' -r
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l seek -d 'Start BLAKE3\'s extendable output at byte N (as b3sum --seek)' -r
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l nonce -d 'LeMac nonce: 32 hex digits, or 0 for the all-zero nonce (the default, with a note that a fixed nonce makes LeMac a deterministic MAC)' -r
complete -c khsum -n "__fish_khsum_using_subcommand tag" -s j -l threads -d 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order' -r
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l format -d 'How digests are written: hex (the default), base64, sri (sha256-BASE64), oci (sha256:HEX), nix32 (sha256:NIX32); go-h1: go.sum\'s h1: of a module tree (-r, with --prefix) or of a module zip' -r -f -a "hex\t''
base64\t''
sri\t''
oci\t''
nix32\t''
go-h1\t''"
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l prefix -d 'With --format go-h1: the MODULE@VERSION a tree\'s files are named under, as go.sum hashes them' -r
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l key-file -d 'Read the key from FILE (\'-\' for standard input): raw bytes or hex digits' -r -F
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l key-env -d 'Read the key, as hex digits, from environment variable VAR' -r
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l derive-key -d 'BLAKE3 key derivation (as b3sum --derive-key): each FILE is key material and the output its derived key; with --key-file/--key-env, the key is the material and the one output line the derived key' -r
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l key -d 'A key on the command line: answered with how khsum takes keys' -r
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l exclude -d 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)' -r
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l max-depth -d 'Descend at most N levels below directory arguments (1: their own entries)' -r
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l files-from -d 'Hash the files named in FILE, one per line (\'-\': standard input)' -r -F
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l files0-from -d 'Hash the files named in FILE, each ended by a NUL byte (find -print0)' -r -F
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l update -d 'Hash only the files LIST does not name yet and append their lines to LIST (written atomically; no other file is touched)' -r -F
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l json -d 'Print one JSON object per input (and a summary per checked list) instead of lines'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l no-mmap -d 'Read files, never memory-map them'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l progress -d 'Show progress on stderr even when it is not a terminal (default: on a terminal, after half a second)'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l no-progress -d 'Never show progress'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l tag -d 'Write BSD-style lines: \'LABEL (name) = hex\''
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l untagged -d 'Write untagged lines: \'hex  name\' (the default; for cksum compatibility)'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l base64 -d 'Write digests in base64 (with padding), as cksum --base64; lists may hold either'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l raw -d 'Write the one input\'s digest as raw bytes, no line (as cksum --raw)'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -s z -l zero -d 'End each output line with NUL, not newline, and do not escape names'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l no-names -d 'Print only the digests, without file names'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -s b -l binary -d 'Mark names with \'*\' (binary mode) in untagged lines, like sha256sum -b'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -s t -l text -d 'Mark names with \' \' (text mode; the default), like sha256sum -t'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l keyed -d 'b3sum\'s keyed mode: the key is exactly 32 raw bytes read from standard input'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -s r -l recursive -d 'Hash every regular file below directory arguments, in sorted order'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l one-file-system -d 'Do not enter directories on other file systems'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -s L -l follow -d 'Follow symbolic links to directories (loops are reported and skipped)'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -s P -l no-dereference -d 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -l check-existing -d 'With --update, also verify the files LIST already names'
complete -c khsum -n "__fish_khsum_using_subcommand tag" -s h -l help -d 'Print help'
complete -c khsum -n "__fish_khsum_using_subcommand audit" -l accept -d 'With --update, also record the content of this corrupt or older file (repeatable)' -r
complete -c khsum -n "__fish_khsum_using_subcommand audit" -l scrub -d 'Also re-read this share of the unchanged files, verified longest ago first: PERCENT% of them (8%), or files adding up to a byte budget (500M, 2G)' -r
complete -c khsum -n "__fish_khsum_using_subcommand audit" -s a -l algorithm -d 'Algorithm of a new LIST (default blake3, or what LIST\'s name says); an existing LIST keeps the one its state records' -r -f -a "blake3\t'BLAKE3 hash (default); keyed mode with a 32-byte key'
sha256\t'SHA-256 (FIPS 180-4), byte-compatible with sha256sum'
sha512\t'SHA-512 (FIPS 180-4), byte-compatible with sha512sum'
sha224\t'SHA-224 (FIPS 180-4), byte-compatible with sha224sum'
sha384\t'SHA-384 (FIPS 180-4), byte-compatible with sha384sum'
sha512-224\t'SHA-512/224 (FIPS 180-4)'
sha512-256\t'SHA-512/256 (FIPS 180-4)'
sha3-224\t'SHA3-224 (FIPS 202)'
sha3-256\t'SHA3-256 (FIPS 202)'
sha3-384\t'SHA3-384 (FIPS 202)'
sha3-512\t'SHA3-512 (FIPS 202)'
blake2b\t'BLAKE2b (RFC 7693), byte-compatible with b2sum; -l in bits like b2sum'
blake2s\t'BLAKE2s (RFC 7693), up to 256-bit output'
sm3\t'SM3 (GB/T 32905-2016), byte-compatible with cksum -a sm3'
ripemd160\t'RIPEMD-160 (ISO/IEC 10118-3), like rhash --ripemd160 and openssl dgst -ripemd160'
md5\t'MD5 (RFC 1321), md5sum-compatible. BROKEN for security: collisions are practical'
sha1\t'SHA-1 (FIPS 180-4), sha1sum-compatible, collision detection. BROKEN for security'
xxh32\t'XXH32 checksum (not cryptographic), xxhsum -H0 compatible'
xxh64\t'XXH64 checksum (not cryptographic), xxhsum -H1 compatible'
xxh3\t'XXH3 64-bit checksum (not cryptographic), xxhsum -H3 compatible'
xxh128\t'XXH3 128-bit checksum (not cryptographic), xxhsum -H2 compatible'
crc\t'POSIX cksum CRC (not cryptographic): \'CRC SIZE name\' like cksum'
crc32b\t'zlib/Ethernet CRC-32 (not cryptographic), like cksum -a crc32b'
crc32\t'zlib/Ethernet CRC-32 in hex (not cryptographic), like rhash --crc32 and SFV lists'
sysv\t'System V sum (not cryptographic), like sum -s'
bsd\t'BSD sum (not cryptographic), like sum -r'
hmac-sha256\t'HMAC-SHA256 (RFC 2104), any key length'
siphash-2-4\t'SipHash-2-4 PRF/MAC, 64-bit tag, 16-byte key'
siphash-2-4-128\t'SipHash-2-4 PRF/MAC, 128-bit tag, 16-byte key'
siphash-1-3\t'SipHash-1-3 (faster, smaller margin), 64-bit tag'
siphash-1-3-128\t'SipHash-1-3, 128-bit tag'
highwayhash-64\t'HighwayHash keyed hash, 64-bit output, 32-byte key'
highwayhash-128\t'HighwayHash keyed hash, 128-bit output, 32-byte key'
highwayhash-256\t'HighwayHash keyed hash, 256-bit output, 32-byte key'
lemac\t'LeMac AES-round MAC, 16-byte key, 16-byte nonce (--nonce), 16-byte tag'
rescue-prime\t'Rescue Prime Rp64_256 over Goldilocks (Winterfell-compatible)'
multimixer-128\t'Multimixer-128 universal hash: NOT a MAC alone; key as long as the message, never reused'"
complete -c khsum -n "__fish_khsum_using_subcommand audit" -s j -l threads -d 'Number of worker threads (default: the number of logical cores)' -r
complete -c khsum -n "__fish_khsum_using_subcommand audit" -l exclude -d 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)' -r
complete -c khsum -n "__fish_khsum_using_subcommand audit" -l max-depth -d 'Descend at most N levels below directory arguments (1: their own entries)' -r
complete -c khsum -n "__fish_khsum_using_subcommand audit" -l update -d 'Record new, moved, changed and touched files in LIST and its state (LIST is created when it does not exist)'
complete -c khsum -n "__fish_khsum_using_subcommand audit" -l prune -d 'With --update, drop the entries of missing files'
complete -c khsum -n "__fish_khsum_using_subcommand audit" -l dry-run -d 'Say what would be recorded; write nothing (neither LIST nor its state)'
complete -c khsum -n "__fish_khsum_using_subcommand audit" -l xattr -d 'Also keep each file\'s digest and mtime in its extended attributes, as cshatag does (user.shatag.sha256 and user.shatag.ts for sha256, user.khsum.ALG and user.khsum.ALG.ts for others): an unlisted file whose content is not its attributes\' at their mtime is corrupt; with --update the attributes of what is recorded are written (a failed write is a warning)'
complete -c khsum -n "__fish_khsum_using_subcommand audit" -l json -d 'Print one JSON object per file that is not ok, and a summary object, instead of lines'
complete -c khsum -n "__fish_khsum_using_subcommand audit" -l no-mmap -d 'Read files, never memory-map them'
complete -c khsum -n "__fish_khsum_using_subcommand audit" -l progress -d 'Show progress on stderr even when it is not a terminal'
complete -c khsum -n "__fish_khsum_using_subcommand audit" -l no-progress -d 'Never show progress'
complete -c khsum -n "__fish_khsum_using_subcommand audit" -s r -l recursive -d 'Hash every regular file below directory arguments, in sorted order'
complete -c khsum -n "__fish_khsum_using_subcommand audit" -l one-file-system -d 'Do not enter directories on other file systems'
complete -c khsum -n "__fish_khsum_using_subcommand audit" -s L -l follow -d 'Follow symbolic links to directories (loops are reported and skipped)'
complete -c khsum -n "__fish_khsum_using_subcommand audit" -s P -l no-dereference -d 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
complete -c khsum -n "__fish_khsum_using_subcommand audit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c khsum -n "__fish_khsum_using_subcommand list" -s h -l help -d 'Print help'
complete -c khsum -n "__fish_khsum_using_subcommand bench" -s a -l algorithm -d 'Algorithm to measure (repeatable; default: all)' -r -f -a "blake3\t'BLAKE3 hash (default); keyed mode with a 32-byte key'
sha256\t'SHA-256 (FIPS 180-4), byte-compatible with sha256sum'
sha512\t'SHA-512 (FIPS 180-4), byte-compatible with sha512sum'
sha224\t'SHA-224 (FIPS 180-4), byte-compatible with sha224sum'
sha384\t'SHA-384 (FIPS 180-4), byte-compatible with sha384sum'
sha512-224\t'SHA-512/224 (FIPS 180-4)'
sha512-256\t'SHA-512/256 (FIPS 180-4)'
sha3-224\t'SHA3-224 (FIPS 202)'
sha3-256\t'SHA3-256 (FIPS 202)'
sha3-384\t'SHA3-384 (FIPS 202)'
sha3-512\t'SHA3-512 (FIPS 202)'
blake2b\t'BLAKE2b (RFC 7693), byte-compatible with b2sum; -l in bits like b2sum'
blake2s\t'BLAKE2s (RFC 7693), up to 256-bit output'
sm3\t'SM3 (GB/T 32905-2016), byte-compatible with cksum -a sm3'
ripemd160\t'RIPEMD-160 (ISO/IEC 10118-3), like rhash --ripemd160 and openssl dgst -ripemd160'
md5\t'MD5 (RFC 1321), md5sum-compatible. BROKEN for security: collisions are practical'
sha1\t'SHA-1 (FIPS 180-4), sha1sum-compatible, collision detection. BROKEN for security'
xxh32\t'XXH32 checksum (not cryptographic), xxhsum -H0 compatible'
xxh64\t'XXH64 checksum (not cryptographic), xxhsum -H1 compatible'
xxh3\t'XXH3 64-bit checksum (not cryptographic), xxhsum -H3 compatible'
xxh128\t'XXH3 128-bit checksum (not cryptographic), xxhsum -H2 compatible'
crc\t'POSIX cksum CRC (not cryptographic): \'CRC SIZE name\' like cksum'
crc32b\t'zlib/Ethernet CRC-32 (not cryptographic), like cksum -a crc32b'
crc32\t'zlib/Ethernet CRC-32 in hex (not cryptographic), like rhash --crc32 and SFV lists'
sysv\t'System V sum (not cryptographic), like sum -s'
bsd\t'BSD sum (not cryptographic), like sum -r'
hmac-sha256\t'HMAC-SHA256 (RFC 2104), any key length'
siphash-2-4\t'SipHash-2-4 PRF/MAC, 64-bit tag, 16-byte key'
siphash-2-4-128\t'SipHash-2-4 PRF/MAC, 128-bit tag, 16-byte key'
siphash-1-3\t'SipHash-1-3 (faster, smaller margin), 64-bit tag'
siphash-1-3-128\t'SipHash-1-3, 128-bit tag'
highwayhash-64\t'HighwayHash keyed hash, 64-bit output, 32-byte key'
highwayhash-128\t'HighwayHash keyed hash, 128-bit output, 32-byte key'
highwayhash-256\t'HighwayHash keyed hash, 256-bit output, 32-byte key'
lemac\t'LeMac AES-round MAC, 16-byte key, 16-byte nonce (--nonce), 16-byte tag'
rescue-prime\t'Rescue Prime Rp64_256 over Goldilocks (Winterfell-compatible)'
multimixer-128\t'Multimixer-128 universal hash: NOT a MAC alone; key as long as the message, never reused'"
complete -c khsum -n "__fish_khsum_using_subcommand bench" -l backend -d 'Backend to measure (repeatable; default: every one this CPU has)' -r
complete -c khsum -n "__fish_khsum_using_subcommand bench" -l sizes -d 'Message sizes, comma-separated (default 64,1K,64K,1M)' -r
complete -c khsum -n "__fish_khsum_using_subcommand bench" -l plot -d 'Also draw cycles/byte against message size into FILE (SVG), each algorithm\'s best backend' -r -F
complete -c khsum -n "__fish_khsum_using_subcommand bench" -l threads -d 'Also measure multi-threaded throughput over many inputs with N threads' -r
complete -c khsum -n "__fish_khsum_using_subcommand bench" -l quick -d 'Fewer, shorter samples (a few seconds in all)'
complete -c khsum -n "__fish_khsum_using_subcommand bench" -l json -d 'Print a JSON array instead of a table'
complete -c khsum -n "__fish_khsum_using_subcommand bench" -l csv -d 'Print CSV instead of a table'
complete -c khsum -n "__fish_khsum_using_subcommand bench" -l all-backends -d 'With --plot, draw every backend measured (and the multi-buffer kernels)'
complete -c khsum -n "__fish_khsum_using_subcommand bench" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c khsum -n "__fish_khsum_using_subcommand selftest" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c khsum -n "__fish_khsum_using_subcommand generate; and not __fish_seen_subcommand_from man completions help" -s h -l help -d 'Print help'
complete -c khsum -n "__fish_khsum_using_subcommand generate; and not __fish_seen_subcommand_from man completions help" -f -a "man" -d 'The man page (roff): khsum(1), or khsum-SUBCOMMAND(1) for a subcommand'
complete -c khsum -n "__fish_khsum_using_subcommand generate; and not __fish_seen_subcommand_from man completions help" -f -a "completions" -d 'A completion script for SHELL'
complete -c khsum -n "__fish_khsum_using_subcommand generate; and not __fish_seen_subcommand_from man completions help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c khsum -n "__fish_khsum_using_subcommand generate; and __fish_seen_subcommand_from man" -s h -l help -d 'Print help'
complete -c khsum -n "__fish_khsum_using_subcommand generate; and __fish_seen_subcommand_from completions" -s h -l help -d 'Print help'
complete -c khsum -n "__fish_khsum_using_subcommand generate; and __fish_seen_subcommand_from help" -f -a "man" -d 'The man page (roff): khsum(1), or khsum-SUBCOMMAND(1) for a subcommand'
complete -c khsum -n "__fish_khsum_using_subcommand generate; and __fish_seen_subcommand_from help" -f -a "completions" -d 'A completion script for SHELL'
complete -c khsum -n "__fish_khsum_using_subcommand generate; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c khsum -n "__fish_khsum_using_subcommand help; and not __fish_seen_subcommand_from hash check tag audit list bench selftest generate help" -f -a "hash" -d 'Hash files (the default when no subcommand is given)'
complete -c khsum -n "__fish_khsum_using_subcommand help; and not __fish_seen_subcommand_from hash check tag audit list bench selftest generate help" -f -a "check" -d 'Verify checksum lists (GNU, BSD --tag and b3sum forms)'
complete -c khsum -n "__fish_khsum_using_subcommand help; and not __fish_seen_subcommand_from hash check tag audit list bench selftest generate help" -f -a "tag" -d 'Compute keyed tags (MACs) of files; a key is required'
complete -c khsum -n "__fish_khsum_using_subcommand help; and not __fish_seen_subcommand_from hash check tag audit list bench selftest generate help" -f -a "audit" -d 'Audit trees against a checksum list over time: bit rot told apart from edits, moves and deletions, from a state kept beside the list'
complete -c khsum -n "__fish_khsum_using_subcommand help; and not __fish_seen_subcommand_from hash check tag audit list bench selftest generate help" -f -a "list" -d 'List the algorithms, their key and output sizes, and this CPU\'s backend'
complete -c khsum -n "__fish_khsum_using_subcommand help; and not __fish_seen_subcommand_from hash check tag audit list bench selftest generate help" -f -a "bench" -d 'Measure cycles/byte and GB/s of every algorithm on every backend this CPU has'
complete -c khsum -n "__fish_khsum_using_subcommand help; and not __fish_seen_subcommand_from hash check tag audit list bench selftest generate help" -f -a "selftest" -d 'Run every known-answer vector on every backend this CPU has'
complete -c khsum -n "__fish_khsum_using_subcommand help; and not __fish_seen_subcommand_from hash check tag audit list bench selftest generate help" -f -a "generate" -d 'Print the man page or a shell completion script (for packagers)'
complete -c khsum -n "__fish_khsum_using_subcommand help; and not __fish_seen_subcommand_from hash check tag audit list bench selftest generate help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c khsum -n "__fish_khsum_using_subcommand help; and __fish_seen_subcommand_from generate" -f -a "man" -d 'The man page (roff): khsum(1), or khsum-SUBCOMMAND(1) for a subcommand'
complete -c khsum -n "__fish_khsum_using_subcommand help; and __fish_seen_subcommand_from generate" -f -a "completions" -d 'A completion script for SHELL'
