
use builtin;
use str;

set edit:completion:arg-completer[khsum] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'khsum'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'khsum'= {
            cand -a 'Algorithm (default blake3; ''khsum list'' names them). Several, comma-separated (-a sha256,blake3), hash each file in one read, one tagged line each; -a sha2 or -a sha3 takes its member from -l BITS, as cksum does. A keyed algorithm without a key uses the all-zero key (said on stderr): a fingerprint, not a MAC (with -c: ''khsum check --help'')'
            cand --algorithm 'Algorithm (default blake3; ''khsum list'' names them). Several, comma-separated (-a sha256,blake3), hash each file in one read, one tagged line each; -a sha2 or -a sha3 takes its member from -l BITS, as cksum does. A keyed algorithm without a key uses the all-zero key (said on stderr): a fingerprint, not a MAC (with -c: ''khsum check --help'')'
            cand -l 'Output length: BITS (as b2sum, and cksum -a sha2/sha3, where it picks the algorithm), BYTES for BLAKE3 (as b3sum); 0 is the default length; the last -l counts'
            cand --length 'Output length: BITS (as b2sum, and cksum -a sha2/sha3, where it picks the algorithm), BYTES for BLAKE3 (as b3sum); 0 is the default length; the last -l counts'
            cand --seek 'Start BLAKE3''s extendable output at byte N (as b3sum --seek)'
            cand --nonce 'LeMac nonce: 32 hex digits, or 0 for the all-zero nonce (the default, with a note that a fixed nonce makes LeMac a deterministic MAC)'
            cand -j 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order'
            cand --threads 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order'
            cand --format 'How digests are written: hex (the default), base64, sri (sha256-BASE64), oci (sha256:HEX), nix32 (sha256:NIX32); go-h1: go.sum''s h1: of a module tree (-r, with --prefix) or of a module zip'
            cand --prefix 'With --format go-h1: the MODULE@VERSION a tree''s files are named under, as go.sum hashes them'
            cand --key-file 'Read the key from FILE (''-'' for standard input): raw bytes or hex digits'
            cand --key-env 'Read the key, as hex digits, from environment variable VAR'
            cand --derive-key 'BLAKE3 key derivation (as b3sum --derive-key): each FILE is key material and the output its derived key; with --key-file/--key-env, the key is the material and the one output line the derived key'
            cand --key 'A key on the command line: answered with how khsum takes keys'
            cand --exclude 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)'
            cand --max-depth 'Descend at most N levels below directory arguments (1: their own entries)'
            cand --files-from 'Hash the files named in FILE, one per line (''-'': standard input)'
            cand --files0-from 'Hash the files named in FILE, each ended by a NUL byte (find -print0)'
            cand --update 'Hash only the files LIST does not name yet and append their lines to LIST (written atomically; no other file is touched)'
            cand --expect 'Check the one FILE against DIGEST (''FILE: OK'' or ''FILE: FAILED'', exit 0 or 1): hex or base64 (the algorithm found as -c finds it), sha256:HEX (OCI, pip), SRI sha384-BASE64 (the strongest of several), Nix sha256:NIX32'
            cand --unlisted 'Also report every regular file below DIR that no list names (''name: NEW''), and fail if there is one (repeatable)'
            cand -c 'Read checksum lists from the FILEs and verify them (same as ''khsum check'')'
            cand --check 'Read checksum lists from the FILEs and verify them (same as ''khsum check'')'
            cand --json 'Print one JSON object per input (and a summary per checked list) instead of lines'
            cand --no-mmap 'Read files, never memory-map them'
            cand --progress 'Show progress on stderr even when it is not a terminal (default: on a terminal, after half a second)'
            cand --no-progress 'Never show progress'
            cand --tag 'Write BSD-style lines: ''LABEL (name) = hex'''
            cand --untagged 'Write untagged lines: ''hex  name'' (the default; for cksum compatibility)'
            cand --base64 'Write digests in base64 (with padding), as cksum --base64; lists may hold either'
            cand --raw 'Write the one input''s digest as raw bytes, no line (as cksum --raw)'
            cand -z 'End each output line with NUL, not newline, and do not escape names'
            cand --zero 'End each output line with NUL, not newline, and do not escape names'
            cand --no-names 'Print only the digests, without file names'
            cand -b 'Mark names with ''*'' (binary mode) in untagged lines, like sha256sum -b'
            cand --binary 'Mark names with ''*'' (binary mode) in untagged lines, like sha256sum -b'
            cand -t 'Mark names with '' '' (text mode; the default), like sha256sum -t'
            cand --text 'Mark names with '' '' (text mode; the default), like sha256sum -t'
            cand --keyed 'b3sum''s keyed mode: the key is exactly 32 raw bytes read from standard input'
            cand -r 'Hash every regular file below directory arguments, in sorted order'
            cand --recursive 'Hash every regular file below directory arguments, in sorted order'
            cand --one-file-system 'Do not enter directories on other file systems'
            cand -L 'Follow symbolic links to directories (loops are reported and skipped)'
            cand --follow 'Follow symbolic links to directories (loops are reported and skipped)'
            cand -P 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
            cand --no-dereference 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
            cand --check-existing 'With --update, also verify the files LIST already names'
            cand --quiet 'Don''t print OK for each successfully verified file'
            cand --status 'Print nothing on standard output; the exit status shows success'
            cand --strict 'Exit non-zero for improperly formatted checksum lines'
            cand -w 'Warn about each improperly formatted checksum line (--quiet, --status and --warn are one setting, as in GNU: the last one given wins)'
            cand --warn 'Warn about each improperly formatted checksum line (--quiet, --status and --warn are one setting, as in GNU: the last one given wins)'
            cand --ignore-missing 'Don''t fail or report status for missing files'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand hash 'Hash files (the default when no subcommand is given)'
            cand check 'Verify checksum lists (GNU, BSD --tag and b3sum forms)'
            cand tag 'Compute keyed tags (MACs) of files; a key is required'
            cand audit 'Audit trees against a checksum list over time: bit rot told apart from edits, moves and deletions, from a state kept beside the list'
            cand list 'List the algorithms, their key and output sizes, and this CPU''s backend'
            cand bench 'Measure cycles/byte and GB/s of every algorithm on every backend this CPU has'
            cand selftest 'Run every known-answer vector on every backend this CPU has'
            cand generate 'Print the man page or a shell completion script (for packagers)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'khsum;hash'= {
            cand -a 'Algorithm (default blake3; ''khsum list'' names them). Several, comma-separated (-a sha256,blake3), hash each file in one read, one tagged line each; -a sha2 or -a sha3 takes its member from -l BITS, as cksum does. A keyed algorithm without a key uses the all-zero key (said on stderr): a fingerprint, not a MAC'
            cand --algorithm 'Algorithm (default blake3; ''khsum list'' names them). Several, comma-separated (-a sha256,blake3), hash each file in one read, one tagged line each; -a sha2 or -a sha3 takes its member from -l BITS, as cksum does. A keyed algorithm without a key uses the all-zero key (said on stderr): a fingerprint, not a MAC'
            cand -l 'Output length: BITS (as b2sum, and cksum -a sha2/sha3, where it picks the algorithm), BYTES for BLAKE3 (as b3sum); 0 is the default length; the last -l counts'
            cand --length 'Output length: BITS (as b2sum, and cksum -a sha2/sha3, where it picks the algorithm), BYTES for BLAKE3 (as b3sum); 0 is the default length; the last -l counts'
            cand --seek 'Start BLAKE3''s extendable output at byte N (as b3sum --seek)'
            cand --nonce 'LeMac nonce: 32 hex digits, or 0 for the all-zero nonce (the default, with a note that a fixed nonce makes LeMac a deterministic MAC)'
            cand -j 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order'
            cand --threads 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order'
            cand --format 'How digests are written: hex (the default), base64, sri (sha256-BASE64), oci (sha256:HEX), nix32 (sha256:NIX32); go-h1: go.sum''s h1: of a module tree (-r, with --prefix) or of a module zip'
            cand --prefix 'With --format go-h1: the MODULE@VERSION a tree''s files are named under, as go.sum hashes them'
            cand --key-file 'Read the key from FILE (''-'' for standard input): raw bytes or hex digits'
            cand --key-env 'Read the key, as hex digits, from environment variable VAR'
            cand --derive-key 'BLAKE3 key derivation (as b3sum --derive-key): each FILE is key material and the output its derived key; with --key-file/--key-env, the key is the material and the one output line the derived key'
            cand --key 'A key on the command line: answered with how khsum takes keys'
            cand --exclude 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)'
            cand --max-depth 'Descend at most N levels below directory arguments (1: their own entries)'
            cand --files-from 'Hash the files named in FILE, one per line (''-'': standard input)'
            cand --files0-from 'Hash the files named in FILE, each ended by a NUL byte (find -print0)'
            cand --update 'Hash only the files LIST does not name yet and append their lines to LIST (written atomically; no other file is touched)'
            cand --json 'Print one JSON object per input (and a summary per checked list) instead of lines'
            cand --no-mmap 'Read files, never memory-map them'
            cand --progress 'Show progress on stderr even when it is not a terminal (default: on a terminal, after half a second)'
            cand --no-progress 'Never show progress'
            cand --tag 'Write BSD-style lines: ''LABEL (name) = hex'''
            cand --untagged 'Write untagged lines: ''hex  name'' (the default; for cksum compatibility)'
            cand --base64 'Write digests in base64 (with padding), as cksum --base64; lists may hold either'
            cand --raw 'Write the one input''s digest as raw bytes, no line (as cksum --raw)'
            cand -z 'End each output line with NUL, not newline, and do not escape names'
            cand --zero 'End each output line with NUL, not newline, and do not escape names'
            cand --no-names 'Print only the digests, without file names'
            cand -b 'Mark names with ''*'' (binary mode) in untagged lines, like sha256sum -b'
            cand --binary 'Mark names with ''*'' (binary mode) in untagged lines, like sha256sum -b'
            cand -t 'Mark names with '' '' (text mode; the default), like sha256sum -t'
            cand --text 'Mark names with '' '' (text mode; the default), like sha256sum -t'
            cand --keyed 'b3sum''s keyed mode: the key is exactly 32 raw bytes read from standard input'
            cand -r 'Hash every regular file below directory arguments, in sorted order'
            cand --recursive 'Hash every regular file below directory arguments, in sorted order'
            cand --one-file-system 'Do not enter directories on other file systems'
            cand -L 'Follow symbolic links to directories (loops are reported and skipped)'
            cand --follow 'Follow symbolic links to directories (loops are reported and skipped)'
            cand -P 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
            cand --no-dereference 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
            cand --check-existing 'With --update, also verify the files LIST already names'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'khsum;check'= {
            cand --expect 'Check the one FILE against DIGEST (''FILE: OK'' or ''FILE: FAILED'', exit 0 or 1): hex or base64 (the algorithm found as -c finds it), sha256:HEX (OCI, pip), SRI sha384-BASE64 (the strongest of several), Nix sha256:NIX32'
            cand --unlisted 'Also report every regular file below DIR that no list names (''name: NEW''), and fail if there is one (repeatable)'
            cand -a 'Check only the lines of this algorithm, under it alone (default: each line''s own, as the description says)'
            cand --algorithm 'Check only the lines of this algorithm, under it alone (default: each line''s own, as the description says)'
            cand -l 'The length of the listed digests (BITS; BYTES for BLAKE3), when a list made with -l does not say it; without -a, of untagged BLAKE3 lines (b3sum -l)'
            cand --length 'The length of the listed digests (BITS; BYTES for BLAKE3), when a list made with -l does not say it; without -a, of untagged BLAKE3 lines (b3sum -l)'
            cand --seek 'Check BLAKE3 lines made with b3sum --seek N'
            cand --nonce 'The LeMac nonce the tags were made with (32 hex digits)'
            cand -j 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order'
            cand --threads 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order'
            cand --key-file 'Read the key from FILE (''-'' for standard input): raw bytes or hex digits'
            cand --key-env 'Read the key, as hex digits, from environment variable VAR'
            cand --derive-key 'BLAKE3 key derivation (as b3sum --derive-key): each FILE is key material and the output its derived key; with --key-file/--key-env, the key is the material and the one output line the derived key'
            cand --key 'A key on the command line: answered with how khsum takes keys'
            cand --exclude 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)'
            cand --max-depth 'Descend at most N levels below directory arguments (1: their own entries)'
            cand --quiet 'Don''t print OK for each successfully verified file'
            cand --status 'Print nothing on standard output; the exit status shows success'
            cand --strict 'Exit non-zero for improperly formatted checksum lines'
            cand -w 'Warn about each improperly formatted checksum line (--quiet, --status and --warn are one setting, as in GNU: the last one given wins)'
            cand --warn 'Warn about each improperly formatted checksum line (--quiet, --status and --warn are one setting, as in GNU: the last one given wins)'
            cand --ignore-missing 'Don''t fail or report status for missing files'
            cand --json 'Print one JSON object per input (and a summary per checked list) instead of lines'
            cand --no-mmap 'Read files, never memory-map them'
            cand --progress 'Show progress on stderr even when it is not a terminal (default: on a terminal, after half a second)'
            cand --no-progress 'Never show progress'
            cand --keyed 'b3sum''s keyed mode: the key is exactly 32 raw bytes read from standard input'
            cand -r 'Hash every regular file below directory arguments, in sorted order'
            cand --recursive 'Hash every regular file below directory arguments, in sorted order'
            cand --one-file-system 'Do not enter directories on other file systems'
            cand -L 'Follow symbolic links to directories (loops are reported and skipped)'
            cand --follow 'Follow symbolic links to directories (loops are reported and skipped)'
            cand -P 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
            cand --no-dereference 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'khsum;tag'= {
            cand -a 'Keyed algorithm (default blake3, in its keyed mode): blake3, hmac-sha256, siphash-2-4, siphash-2-4-128, siphash-1-3, siphash-1-3-128, highwayhash-64, highwayhash-128, highwayhash-256, lemac, multimixer-128; key sizes in ''khsum list'''
            cand --algorithm 'Keyed algorithm (default blake3, in its keyed mode): blake3, hmac-sha256, siphash-2-4, siphash-2-4-128, siphash-1-3, siphash-1-3-128, highwayhash-64, highwayhash-128, highwayhash-256, lemac, multimixer-128; key sizes in ''khsum list'''
            cand -l 'BLAKE3''s tag length in bytes (as b3sum -l); 0 is 32'
            cand --length 'BLAKE3''s tag length in bytes (as b3sum -l); 0 is 32'
            cand --seek 'Start BLAKE3''s extendable output at byte N (as b3sum --seek)'
            cand --nonce 'LeMac nonce: 32 hex digits, or 0 for the all-zero nonce (the default, with a note that a fixed nonce makes LeMac a deterministic MAC)'
            cand -j 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order'
            cand --threads 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order'
            cand --format 'How digests are written: hex (the default), base64, sri (sha256-BASE64), oci (sha256:HEX), nix32 (sha256:NIX32); go-h1: go.sum''s h1: of a module tree (-r, with --prefix) or of a module zip'
            cand --prefix 'With --format go-h1: the MODULE@VERSION a tree''s files are named under, as go.sum hashes them'
            cand --key-file 'Read the key from FILE (''-'' for standard input): raw bytes or hex digits'
            cand --key-env 'Read the key, as hex digits, from environment variable VAR'
            cand --derive-key 'BLAKE3 key derivation (as b3sum --derive-key): each FILE is key material and the output its derived key; with --key-file/--key-env, the key is the material and the one output line the derived key'
            cand --key 'A key on the command line: answered with how khsum takes keys'
            cand --exclude 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)'
            cand --max-depth 'Descend at most N levels below directory arguments (1: their own entries)'
            cand --files-from 'Hash the files named in FILE, one per line (''-'': standard input)'
            cand --files0-from 'Hash the files named in FILE, each ended by a NUL byte (find -print0)'
            cand --update 'Hash only the files LIST does not name yet and append their lines to LIST (written atomically; no other file is touched)'
            cand --json 'Print one JSON object per input (and a summary per checked list) instead of lines'
            cand --no-mmap 'Read files, never memory-map them'
            cand --progress 'Show progress on stderr even when it is not a terminal (default: on a terminal, after half a second)'
            cand --no-progress 'Never show progress'
            cand --tag 'Write BSD-style lines: ''LABEL (name) = hex'''
            cand --untagged 'Write untagged lines: ''hex  name'' (the default; for cksum compatibility)'
            cand --base64 'Write digests in base64 (with padding), as cksum --base64; lists may hold either'
            cand --raw 'Write the one input''s digest as raw bytes, no line (as cksum --raw)'
            cand -z 'End each output line with NUL, not newline, and do not escape names'
            cand --zero 'End each output line with NUL, not newline, and do not escape names'
            cand --no-names 'Print only the digests, without file names'
            cand -b 'Mark names with ''*'' (binary mode) in untagged lines, like sha256sum -b'
            cand --binary 'Mark names with ''*'' (binary mode) in untagged lines, like sha256sum -b'
            cand -t 'Mark names with '' '' (text mode; the default), like sha256sum -t'
            cand --text 'Mark names with '' '' (text mode; the default), like sha256sum -t'
            cand --keyed 'b3sum''s keyed mode: the key is exactly 32 raw bytes read from standard input'
            cand -r 'Hash every regular file below directory arguments, in sorted order'
            cand --recursive 'Hash every regular file below directory arguments, in sorted order'
            cand --one-file-system 'Do not enter directories on other file systems'
            cand -L 'Follow symbolic links to directories (loops are reported and skipped)'
            cand --follow 'Follow symbolic links to directories (loops are reported and skipped)'
            cand -P 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
            cand --no-dereference 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
            cand --check-existing 'With --update, also verify the files LIST already names'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'khsum;audit'= {
            cand --accept 'With --update, also record the content of this corrupt or older file (repeatable)'
            cand --scrub 'Also re-read this share of the unchanged files, verified longest ago first: PERCENT% of them (8%), or files adding up to a byte budget (500M, 2G)'
            cand -a 'Algorithm of a new LIST (default blake3, or what LIST''s name says); an existing LIST keeps the one its state records'
            cand --algorithm 'Algorithm of a new LIST (default blake3, or what LIST''s name says); an existing LIST keeps the one its state records'
            cand -j 'Number of worker threads (default: the number of logical cores)'
            cand --threads 'Number of worker threads (default: the number of logical cores)'
            cand --exclude 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)'
            cand --max-depth 'Descend at most N levels below directory arguments (1: their own entries)'
            cand --update 'Record new, moved, changed and touched files in LIST and its state (LIST is created when it does not exist)'
            cand --prune 'With --update, drop the entries of missing files'
            cand --dry-run 'Say what would be recorded; write nothing (neither LIST nor its state)'
            cand --xattr 'Also keep each file''s digest and mtime in its extended attributes, as cshatag does (user.shatag.sha256 and user.shatag.ts for sha256, user.khsum.ALG and user.khsum.ALG.ts for others): an unlisted file whose content is not its attributes'' at their mtime is corrupt; with --update the attributes of what is recorded are written (a failed write is a warning)'
            cand --json 'Print one JSON object per file that is not ok, and a summary object, instead of lines'
            cand --no-mmap 'Read files, never memory-map them'
            cand --progress 'Show progress on stderr even when it is not a terminal'
            cand --no-progress 'Never show progress'
            cand -r 'Hash every regular file below directory arguments, in sorted order'
            cand --recursive 'Hash every regular file below directory arguments, in sorted order'
            cand --one-file-system 'Do not enter directories on other file systems'
            cand -L 'Follow symbolic links to directories (loops are reported and skipped)'
            cand --follow 'Follow symbolic links to directories (loops are reported and skipped)'
            cand -P 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
            cand --no-dereference 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'khsum;list'= {
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'khsum;bench'= {
            cand -a 'Algorithm to measure (repeatable; default: all)'
            cand --algorithm 'Algorithm to measure (repeatable; default: all)'
            cand --backend 'Backend to measure (repeatable; default: every one this CPU has)'
            cand --sizes 'Message sizes, comma-separated (default 64,1K,64K,1M)'
            cand --plot 'Also draw cycles/byte against message size into FILE (SVG), each algorithm''s best backend'
            cand --threads 'Also measure multi-threaded throughput over many inputs with N threads'
            cand --quick 'Fewer, shorter samples (a few seconds in all)'
            cand --json 'Print a JSON array instead of a table'
            cand --csv 'Print CSV instead of a table'
            cand --all-backends 'With --plot, draw every backend measured (and the multi-buffer kernels)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'khsum;selftest'= {
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'khsum;generate'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand man 'The man page (roff): khsum(1), or khsum-SUBCOMMAND(1) for a subcommand'
            cand completions 'A completion script for SHELL'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'khsum;generate;man'= {
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'khsum;generate;completions'= {
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'khsum;generate;help'= {
            cand man 'The man page (roff): khsum(1), or khsum-SUBCOMMAND(1) for a subcommand'
            cand completions 'A completion script for SHELL'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'khsum;generate;help;man'= {
        }
        &'khsum;generate;help;completions'= {
        }
        &'khsum;generate;help;help'= {
        }
        &'khsum;help'= {
            cand hash 'Hash files (the default when no subcommand is given)'
            cand check 'Verify checksum lists (GNU, BSD --tag and b3sum forms)'
            cand tag 'Compute keyed tags (MACs) of files; a key is required'
            cand audit 'Audit trees against a checksum list over time: bit rot told apart from edits, moves and deletions, from a state kept beside the list'
            cand list 'List the algorithms, their key and output sizes, and this CPU''s backend'
            cand bench 'Measure cycles/byte and GB/s of every algorithm on every backend this CPU has'
            cand selftest 'Run every known-answer vector on every backend this CPU has'
            cand generate 'Print the man page or a shell completion script (for packagers)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'khsum;help;hash'= {
        }
        &'khsum;help;check'= {
        }
        &'khsum;help;tag'= {
        }
        &'khsum;help;audit'= {
        }
        &'khsum;help;list'= {
        }
        &'khsum;help;bench'= {
        }
        &'khsum;help;selftest'= {
        }
        &'khsum;help;generate'= {
            cand man 'The man page (roff): khsum(1), or khsum-SUBCOMMAND(1) for a subcommand'
            cand completions 'A completion script for SHELL'
        }
        &'khsum;help;generate;man'= {
        }
        &'khsum;help;generate;completions'= {
        }
        &'khsum;help;help'= {
        }
    ]
    $completions[$command]
}
