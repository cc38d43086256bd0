
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'khsum' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'khsum'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'khsum' {
            [CompletionResult]::new('-a', '-a', [CompletionResultType]::ParameterName, 'Algorithm (default blake3; ''khsum list'' names them). Several, comma-separated (-a sha256,blake3), hash each file in one read, one tagged line each; -a sha2 or -a sha3 takes its member from -l BITS, as cksum does. A keyed algorithm without a key uses the all-zero key (said on stderr): a fingerprint, not a MAC (with -c: ''khsum check --help'')')
            [CompletionResult]::new('--algorithm', '--algorithm', [CompletionResultType]::ParameterName, 'Algorithm (default blake3; ''khsum list'' names them). Several, comma-separated (-a sha256,blake3), hash each file in one read, one tagged line each; -a sha2 or -a sha3 takes its member from -l BITS, as cksum does. A keyed algorithm without a key uses the all-zero key (said on stderr): a fingerprint, not a MAC (with -c: ''khsum check --help'')')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'Output length: BITS (as b2sum, and cksum -a sha2/sha3, where it picks the algorithm), BYTES for BLAKE3 (as b3sum); 0 is the default length; the last -l counts')
            [CompletionResult]::new('--length', '--length', [CompletionResultType]::ParameterName, 'Output length: BITS (as b2sum, and cksum -a sha2/sha3, where it picks the algorithm), BYTES for BLAKE3 (as b3sum); 0 is the default length; the last -l counts')
            [CompletionResult]::new('--seek', '--seek', [CompletionResultType]::ParameterName, 'Start BLAKE3''s extendable output at byte N (as b3sum --seek)')
            [CompletionResult]::new('--nonce', '--nonce', [CompletionResultType]::ParameterName, 'LeMac nonce: 32 hex digits, or 0 for the all-zero nonce (the default, with a note that a fixed nonce makes LeMac a deterministic MAC)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How digests are written: hex (the default), base64, sri (sha256-BASE64), oci (sha256:HEX), nix32 (sha256:NIX32); go-h1: go.sum''s h1: of a module tree (-r, with --prefix) or of a module zip')
            [CompletionResult]::new('--prefix', '--prefix', [CompletionResultType]::ParameterName, 'With --format go-h1: the MODULE@VERSION a tree''s files are named under, as go.sum hashes them')
            [CompletionResult]::new('--key-file', '--key-file', [CompletionResultType]::ParameterName, 'Read the key from FILE (''-'' for standard input): raw bytes or hex digits')
            [CompletionResult]::new('--key-env', '--key-env', [CompletionResultType]::ParameterName, 'Read the key, as hex digits, from environment variable VAR')
            [CompletionResult]::new('--derive-key', '--derive-key', [CompletionResultType]::ParameterName, 'BLAKE3 key derivation (as b3sum --derive-key): each FILE is key material and the output its derived key; with --key-file/--key-env, the key is the material and the one output line the derived key')
            [CompletionResult]::new('--key', '--key', [CompletionResultType]::ParameterName, 'A key on the command line: answered with how khsum takes keys')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)')
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'Descend at most N levels below directory arguments (1: their own entries)')
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Hash the files named in FILE, one per line (''-'': standard input)')
            [CompletionResult]::new('--files0-from', '--files0-from', [CompletionResultType]::ParameterName, 'Hash the files named in FILE, each ended by a NUL byte (find -print0)')
            [CompletionResult]::new('--update', '--update', [CompletionResultType]::ParameterName, 'Hash only the files LIST does not name yet and append their lines to LIST (written atomically; no other file is touched)')
            [CompletionResult]::new('--expect', '--expect', [CompletionResultType]::ParameterName, 'Check the one FILE against DIGEST (''FILE: OK'' or ''FILE: FAILED'', exit 0 or 1): hex or base64 (the algorithm found as -c finds it), sha256:HEX (OCI, pip), SRI sha384-BASE64 (the strongest of several), Nix sha256:NIX32')
            [CompletionResult]::new('--unlisted', '--unlisted', [CompletionResultType]::ParameterName, 'Also report every regular file below DIR that no list names (''name: NEW''), and fail if there is one (repeatable)')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Read checksum lists from the FILEs and verify them (same as ''khsum check'')')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Read checksum lists from the FILEs and verify them (same as ''khsum check'')')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object per input (and a summary per checked list) instead of lines')
            [CompletionResult]::new('--no-mmap', '--no-mmap', [CompletionResultType]::ParameterName, 'Read files, never memory-map them')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'Show progress on stderr even when it is not a terminal (default: on a terminal, after half a second)')
            [CompletionResult]::new('--no-progress', '--no-progress', [CompletionResultType]::ParameterName, 'Never show progress')
            [CompletionResult]::new('--tag', '--tag', [CompletionResultType]::ParameterName, 'Write BSD-style lines: ''LABEL (name) = hex''')
            [CompletionResult]::new('--untagged', '--untagged', [CompletionResultType]::ParameterName, 'Write untagged lines: ''hex  name'' (the default; for cksum compatibility)')
            [CompletionResult]::new('--base64', '--base64', [CompletionResultType]::ParameterName, 'Write digests in base64 (with padding), as cksum --base64; lists may hold either')
            [CompletionResult]::new('--raw', '--raw', [CompletionResultType]::ParameterName, 'Write the one input''s digest as raw bytes, no line (as cksum --raw)')
            [CompletionResult]::new('-z', '-z', [CompletionResultType]::ParameterName, 'End each output line with NUL, not newline, and do not escape names')
            [CompletionResult]::new('--zero', '--zero', [CompletionResultType]::ParameterName, 'End each output line with NUL, not newline, and do not escape names')
            [CompletionResult]::new('--no-names', '--no-names', [CompletionResultType]::ParameterName, 'Print only the digests, without file names')
            [CompletionResult]::new('-b', '-b', [CompletionResultType]::ParameterName, 'Mark names with ''*'' (binary mode) in untagged lines, like sha256sum -b')
            [CompletionResult]::new('--binary', '--binary', [CompletionResultType]::ParameterName, 'Mark names with ''*'' (binary mode) in untagged lines, like sha256sum -b')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Mark names with '' '' (text mode; the default), like sha256sum -t')
            [CompletionResult]::new('--text', '--text', [CompletionResultType]::ParameterName, 'Mark names with '' '' (text mode; the default), like sha256sum -t')
            [CompletionResult]::new('--keyed', '--keyed', [CompletionResultType]::ParameterName, 'b3sum''s keyed mode: the key is exactly 32 raw bytes read from standard input')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Hash every regular file below directory arguments, in sorted order')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'Hash every regular file below directory arguments, in sorted order')
            [CompletionResult]::new('--one-file-system', '--one-file-system', [CompletionResultType]::ParameterName, 'Do not enter directories on other file systems')
            [CompletionResult]::new('-L', '-L ', [CompletionResultType]::ParameterName, 'Follow symbolic links to directories (loops are reported and skipped)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links to directories (loops are reported and skipped)')
            [CompletionResult]::new('-P', '-P ', [CompletionResultType]::ParameterName, 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)')
            [CompletionResult]::new('--no-dereference', '--no-dereference', [CompletionResultType]::ParameterName, 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)')
            [CompletionResult]::new('--check-existing', '--check-existing', [CompletionResultType]::ParameterName, 'With --update, also verify the files LIST already names')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Don''t print OK for each successfully verified file')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Print nothing on standard output; the exit status shows success')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Exit non-zero for improperly formatted checksum lines')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Warn about each improperly formatted checksum line (--quiet, --status and --warn are one setting, as in GNU: the last one given wins)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Warn about each improperly formatted checksum line (--quiet, --status and --warn are one setting, as in GNU: the last one given wins)')
            [CompletionResult]::new('--ignore-missing', '--ignore-missing', [CompletionResultType]::ParameterName, 'Don''t fail or report status for missing files')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('hash', 'hash', [CompletionResultType]::ParameterValue, 'Hash files (the default when no subcommand is given)')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Verify checksum lists (GNU, BSD --tag and b3sum forms)')
            [CompletionResult]::new('tag', 'tag', [CompletionResultType]::ParameterValue, 'Compute keyed tags (MACs) of files; a key is required')
            [CompletionResult]::new('audit', 'audit', [CompletionResultType]::ParameterValue, 'Audit trees against a checksum list over time: bit rot told apart from edits, moves and deletions, from a state kept beside the list')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the algorithms, their key and output sizes, and this CPU''s backend')
            [CompletionResult]::new('bench', 'bench', [CompletionResultType]::ParameterValue, 'Measure cycles/byte and GB/s of every algorithm on every backend this CPU has')
            [CompletionResult]::new('selftest', 'selftest', [CompletionResultType]::ParameterValue, 'Run every known-answer vector on every backend this CPU has')
            [CompletionResult]::new('generate', 'generate', [CompletionResultType]::ParameterValue, 'Print the man page or a shell completion script (for packagers)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'khsum;hash' {
            [CompletionResult]::new('-a', '-a', [CompletionResultType]::ParameterName, 'Algorithm (default blake3; ''khsum list'' names them). Several, comma-separated (-a sha256,blake3), hash each file in one read, one tagged line each; -a sha2 or -a sha3 takes its member from -l BITS, as cksum does. A keyed algorithm without a key uses the all-zero key (said on stderr): a fingerprint, not a MAC')
            [CompletionResult]::new('--algorithm', '--algorithm', [CompletionResultType]::ParameterName, 'Algorithm (default blake3; ''khsum list'' names them). Several, comma-separated (-a sha256,blake3), hash each file in one read, one tagged line each; -a sha2 or -a sha3 takes its member from -l BITS, as cksum does. A keyed algorithm without a key uses the all-zero key (said on stderr): a fingerprint, not a MAC')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'Output length: BITS (as b2sum, and cksum -a sha2/sha3, where it picks the algorithm), BYTES for BLAKE3 (as b3sum); 0 is the default length; the last -l counts')
            [CompletionResult]::new('--length', '--length', [CompletionResultType]::ParameterName, 'Output length: BITS (as b2sum, and cksum -a sha2/sha3, where it picks the algorithm), BYTES for BLAKE3 (as b3sum); 0 is the default length; the last -l counts')
            [CompletionResult]::new('--seek', '--seek', [CompletionResultType]::ParameterName, 'Start BLAKE3''s extendable output at byte N (as b3sum --seek)')
            [CompletionResult]::new('--nonce', '--nonce', [CompletionResultType]::ParameterName, 'LeMac nonce: 32 hex digits, or 0 for the all-zero nonce (the default, with a note that a fixed nonce makes LeMac a deterministic MAC)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How digests are written: hex (the default), base64, sri (sha256-BASE64), oci (sha256:HEX), nix32 (sha256:NIX32); go-h1: go.sum''s h1: of a module tree (-r, with --prefix) or of a module zip')
            [CompletionResult]::new('--prefix', '--prefix', [CompletionResultType]::ParameterName, 'With --format go-h1: the MODULE@VERSION a tree''s files are named under, as go.sum hashes them')
            [CompletionResult]::new('--key-file', '--key-file', [CompletionResultType]::ParameterName, 'Read the key from FILE (''-'' for standard input): raw bytes or hex digits')
            [CompletionResult]::new('--key-env', '--key-env', [CompletionResultType]::ParameterName, 'Read the key, as hex digits, from environment variable VAR')
            [CompletionResult]::new('--derive-key', '--derive-key', [CompletionResultType]::ParameterName, 'BLAKE3 key derivation (as b3sum --derive-key): each FILE is key material and the output its derived key; with --key-file/--key-env, the key is the material and the one output line the derived key')
            [CompletionResult]::new('--key', '--key', [CompletionResultType]::ParameterName, 'A key on the command line: answered with how khsum takes keys')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)')
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'Descend at most N levels below directory arguments (1: their own entries)')
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Hash the files named in FILE, one per line (''-'': standard input)')
            [CompletionResult]::new('--files0-from', '--files0-from', [CompletionResultType]::ParameterName, 'Hash the files named in FILE, each ended by a NUL byte (find -print0)')
            [CompletionResult]::new('--update', '--update', [CompletionResultType]::ParameterName, 'Hash only the files LIST does not name yet and append their lines to LIST (written atomically; no other file is touched)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object per input (and a summary per checked list) instead of lines')
            [CompletionResult]::new('--no-mmap', '--no-mmap', [CompletionResultType]::ParameterName, 'Read files, never memory-map them')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'Show progress on stderr even when it is not a terminal (default: on a terminal, after half a second)')
            [CompletionResult]::new('--no-progress', '--no-progress', [CompletionResultType]::ParameterName, 'Never show progress')
            [CompletionResult]::new('--tag', '--tag', [CompletionResultType]::ParameterName, 'Write BSD-style lines: ''LABEL (name) = hex''')
            [CompletionResult]::new('--untagged', '--untagged', [CompletionResultType]::ParameterName, 'Write untagged lines: ''hex  name'' (the default; for cksum compatibility)')
            [CompletionResult]::new('--base64', '--base64', [CompletionResultType]::ParameterName, 'Write digests in base64 (with padding), as cksum --base64; lists may hold either')
            [CompletionResult]::new('--raw', '--raw', [CompletionResultType]::ParameterName, 'Write the one input''s digest as raw bytes, no line (as cksum --raw)')
            [CompletionResult]::new('-z', '-z', [CompletionResultType]::ParameterName, 'End each output line with NUL, not newline, and do not escape names')
            [CompletionResult]::new('--zero', '--zero', [CompletionResultType]::ParameterName, 'End each output line with NUL, not newline, and do not escape names')
            [CompletionResult]::new('--no-names', '--no-names', [CompletionResultType]::ParameterName, 'Print only the digests, without file names')
            [CompletionResult]::new('-b', '-b', [CompletionResultType]::ParameterName, 'Mark names with ''*'' (binary mode) in untagged lines, like sha256sum -b')
            [CompletionResult]::new('--binary', '--binary', [CompletionResultType]::ParameterName, 'Mark names with ''*'' (binary mode) in untagged lines, like sha256sum -b')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Mark names with '' '' (text mode; the default), like sha256sum -t')
            [CompletionResult]::new('--text', '--text', [CompletionResultType]::ParameterName, 'Mark names with '' '' (text mode; the default), like sha256sum -t')
            [CompletionResult]::new('--keyed', '--keyed', [CompletionResultType]::ParameterName, 'b3sum''s keyed mode: the key is exactly 32 raw bytes read from standard input')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Hash every regular file below directory arguments, in sorted order')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'Hash every regular file below directory arguments, in sorted order')
            [CompletionResult]::new('--one-file-system', '--one-file-system', [CompletionResultType]::ParameterName, 'Do not enter directories on other file systems')
            [CompletionResult]::new('-L', '-L ', [CompletionResultType]::ParameterName, 'Follow symbolic links to directories (loops are reported and skipped)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links to directories (loops are reported and skipped)')
            [CompletionResult]::new('-P', '-P ', [CompletionResultType]::ParameterName, 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)')
            [CompletionResult]::new('--no-dereference', '--no-dereference', [CompletionResultType]::ParameterName, 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)')
            [CompletionResult]::new('--check-existing', '--check-existing', [CompletionResultType]::ParameterName, 'With --update, also verify the files LIST already names')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'khsum;check' {
            [CompletionResult]::new('--expect', '--expect', [CompletionResultType]::ParameterName, 'Check the one FILE against DIGEST (''FILE: OK'' or ''FILE: FAILED'', exit 0 or 1): hex or base64 (the algorithm found as -c finds it), sha256:HEX (OCI, pip), SRI sha384-BASE64 (the strongest of several), Nix sha256:NIX32')
            [CompletionResult]::new('--unlisted', '--unlisted', [CompletionResultType]::ParameterName, 'Also report every regular file below DIR that no list names (''name: NEW''), and fail if there is one (repeatable)')
            [CompletionResult]::new('-a', '-a', [CompletionResultType]::ParameterName, 'Check only the lines of this algorithm, under it alone (default: each line''s own, as the description says)')
            [CompletionResult]::new('--algorithm', '--algorithm', [CompletionResultType]::ParameterName, 'Check only the lines of this algorithm, under it alone (default: each line''s own, as the description says)')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The length of the listed digests (BITS; BYTES for BLAKE3), when a list made with -l does not say it; without -a, of untagged BLAKE3 lines (b3sum -l)')
            [CompletionResult]::new('--length', '--length', [CompletionResultType]::ParameterName, 'The length of the listed digests (BITS; BYTES for BLAKE3), when a list made with -l does not say it; without -a, of untagged BLAKE3 lines (b3sum -l)')
            [CompletionResult]::new('--seek', '--seek', [CompletionResultType]::ParameterName, 'Check BLAKE3 lines made with b3sum --seek N')
            [CompletionResult]::new('--nonce', '--nonce', [CompletionResultType]::ParameterName, 'The LeMac nonce the tags were made with (32 hex digits)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order')
            [CompletionResult]::new('--key-file', '--key-file', [CompletionResultType]::ParameterName, 'Read the key from FILE (''-'' for standard input): raw bytes or hex digits')
            [CompletionResult]::new('--key-env', '--key-env', [CompletionResultType]::ParameterName, 'Read the key, as hex digits, from environment variable VAR')
            [CompletionResult]::new('--derive-key', '--derive-key', [CompletionResultType]::ParameterName, 'BLAKE3 key derivation (as b3sum --derive-key): each FILE is key material and the output its derived key; with --key-file/--key-env, the key is the material and the one output line the derived key')
            [CompletionResult]::new('--key', '--key', [CompletionResultType]::ParameterName, 'A key on the command line: answered with how khsum takes keys')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)')
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'Descend at most N levels below directory arguments (1: their own entries)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Don''t print OK for each successfully verified file')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Print nothing on standard output; the exit status shows success')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Exit non-zero for improperly formatted checksum lines')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Warn about each improperly formatted checksum line (--quiet, --status and --warn are one setting, as in GNU: the last one given wins)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Warn about each improperly formatted checksum line (--quiet, --status and --warn are one setting, as in GNU: the last one given wins)')
            [CompletionResult]::new('--ignore-missing', '--ignore-missing', [CompletionResultType]::ParameterName, 'Don''t fail or report status for missing files')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object per input (and a summary per checked list) instead of lines')
            [CompletionResult]::new('--no-mmap', '--no-mmap', [CompletionResultType]::ParameterName, 'Read files, never memory-map them')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'Show progress on stderr even when it is not a terminal (default: on a terminal, after half a second)')
            [CompletionResult]::new('--no-progress', '--no-progress', [CompletionResultType]::ParameterName, 'Never show progress')
            [CompletionResult]::new('--keyed', '--keyed', [CompletionResultType]::ParameterName, 'b3sum''s keyed mode: the key is exactly 32 raw bytes read from standard input')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Hash every regular file below directory arguments, in sorted order')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'Hash every regular file below directory arguments, in sorted order')
            [CompletionResult]::new('--one-file-system', '--one-file-system', [CompletionResultType]::ParameterName, 'Do not enter directories on other file systems')
            [CompletionResult]::new('-L', '-L ', [CompletionResultType]::ParameterName, 'Follow symbolic links to directories (loops are reported and skipped)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links to directories (loops are reported and skipped)')
            [CompletionResult]::new('-P', '-P ', [CompletionResultType]::ParameterName, 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)')
            [CompletionResult]::new('--no-dereference', '--no-dereference', [CompletionResultType]::ParameterName, 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'khsum;tag' {
            [CompletionResult]::new('-a', '-a', [CompletionResultType]::ParameterName, 'Keyed algorithm (default blake3, in its keyed mode): blake3, hmac-sha256, siphash-2-4, siphash-2-4-128, siphash-1-3, siphash-1-3-128, highwayhash-64, highwayhash-128, highwayhash-256, lemac, multimixer-128; key sizes in ''khsum list''')
            [CompletionResult]::new('--algorithm', '--algorithm', [CompletionResultType]::ParameterName, 'Keyed algorithm (default blake3, in its keyed mode): blake3, hmac-sha256, siphash-2-4, siphash-2-4-128, siphash-1-3, siphash-1-3-128, highwayhash-64, highwayhash-128, highwayhash-256, lemac, multimixer-128; key sizes in ''khsum list''')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'BLAKE3''s tag length in bytes (as b3sum -l); 0 is 32')
            [CompletionResult]::new('--length', '--length', [CompletionResultType]::ParameterName, 'BLAKE3''s tag length in bytes (as b3sum -l); 0 is 32')
            [CompletionResult]::new('--seek', '--seek', [CompletionResultType]::ParameterName, 'Start BLAKE3''s extendable output at byte N (as b3sum --seek)')
            [CompletionResult]::new('--nonce', '--nonce', [CompletionResultType]::ParameterName, 'LeMac nonce: 32 hex digits, or 0 for the all-zero nonce (the default, with a note that a fixed nonce makes LeMac a deterministic MAC)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Number of worker threads (default: the number of logical cores); -j1 reads the files strictly one after another, in order')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How digests are written: hex (the default), base64, sri (sha256-BASE64), oci (sha256:HEX), nix32 (sha256:NIX32); go-h1: go.sum''s h1: of a module tree (-r, with --prefix) or of a module zip')
            [CompletionResult]::new('--prefix', '--prefix', [CompletionResultType]::ParameterName, 'With --format go-h1: the MODULE@VERSION a tree''s files are named under, as go.sum hashes them')
            [CompletionResult]::new('--key-file', '--key-file', [CompletionResultType]::ParameterName, 'Read the key from FILE (''-'' for standard input): raw bytes or hex digits')
            [CompletionResult]::new('--key-env', '--key-env', [CompletionResultType]::ParameterName, 'Read the key, as hex digits, from environment variable VAR')
            [CompletionResult]::new('--derive-key', '--derive-key', [CompletionResultType]::ParameterName, 'BLAKE3 key derivation (as b3sum --derive-key): each FILE is key material and the output its derived key; with --key-file/--key-env, the key is the material and the one output line the derived key')
            [CompletionResult]::new('--key', '--key', [CompletionResultType]::ParameterName, 'A key on the command line: answered with how khsum takes keys')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)')
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'Descend at most N levels below directory arguments (1: their own entries)')
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Hash the files named in FILE, one per line (''-'': standard input)')
            [CompletionResult]::new('--files0-from', '--files0-from', [CompletionResultType]::ParameterName, 'Hash the files named in FILE, each ended by a NUL byte (find -print0)')
            [CompletionResult]::new('--update', '--update', [CompletionResultType]::ParameterName, 'Hash only the files LIST does not name yet and append their lines to LIST (written atomically; no other file is touched)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object per input (and a summary per checked list) instead of lines')
            [CompletionResult]::new('--no-mmap', '--no-mmap', [CompletionResultType]::ParameterName, 'Read files, never memory-map them')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'Show progress on stderr even when it is not a terminal (default: on a terminal, after half a second)')
            [CompletionResult]::new('--no-progress', '--no-progress', [CompletionResultType]::ParameterName, 'Never show progress')
            [CompletionResult]::new('--tag', '--tag', [CompletionResultType]::ParameterName, 'Write BSD-style lines: ''LABEL (name) = hex''')
            [CompletionResult]::new('--untagged', '--untagged', [CompletionResultType]::ParameterName, 'Write untagged lines: ''hex  name'' (the default; for cksum compatibility)')
            [CompletionResult]::new('--base64', '--base64', [CompletionResultType]::ParameterName, 'Write digests in base64 (with padding), as cksum --base64; lists may hold either')
            [CompletionResult]::new('--raw', '--raw', [CompletionResultType]::ParameterName, 'Write the one input''s digest as raw bytes, no line (as cksum --raw)')
            [CompletionResult]::new('-z', '-z', [CompletionResultType]::ParameterName, 'End each output line with NUL, not newline, and do not escape names')
            [CompletionResult]::new('--zero', '--zero', [CompletionResultType]::ParameterName, 'End each output line with NUL, not newline, and do not escape names')
            [CompletionResult]::new('--no-names', '--no-names', [CompletionResultType]::ParameterName, 'Print only the digests, without file names')
            [CompletionResult]::new('-b', '-b', [CompletionResultType]::ParameterName, 'Mark names with ''*'' (binary mode) in untagged lines, like sha256sum -b')
            [CompletionResult]::new('--binary', '--binary', [CompletionResultType]::ParameterName, 'Mark names with ''*'' (binary mode) in untagged lines, like sha256sum -b')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Mark names with '' '' (text mode; the default), like sha256sum -t')
            [CompletionResult]::new('--text', '--text', [CompletionResultType]::ParameterName, 'Mark names with '' '' (text mode; the default), like sha256sum -t')
            [CompletionResult]::new('--keyed', '--keyed', [CompletionResultType]::ParameterName, 'b3sum''s keyed mode: the key is exactly 32 raw bytes read from standard input')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Hash every regular file below directory arguments, in sorted order')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'Hash every regular file below directory arguments, in sorted order')
            [CompletionResult]::new('--one-file-system', '--one-file-system', [CompletionResultType]::ParameterName, 'Do not enter directories on other file systems')
            [CompletionResult]::new('-L', '-L ', [CompletionResultType]::ParameterName, 'Follow symbolic links to directories (loops are reported and skipped)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links to directories (loops are reported and skipped)')
            [CompletionResult]::new('-P', '-P ', [CompletionResultType]::ParameterName, 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)')
            [CompletionResult]::new('--no-dereference', '--no-dereference', [CompletionResultType]::ParameterName, 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)')
            [CompletionResult]::new('--check-existing', '--check-existing', [CompletionResultType]::ParameterName, 'With --update, also verify the files LIST already names')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'khsum;audit' {
            [CompletionResult]::new('--accept', '--accept', [CompletionResultType]::ParameterName, 'With --update, also record the content of this corrupt or older file (repeatable)')
            [CompletionResult]::new('--scrub', '--scrub', [CompletionResultType]::ParameterName, 'Also re-read this share of the unchanged files, verified longest ago first: PERCENT% of them (8%), or files adding up to a byte budget (500M, 2G)')
            [CompletionResult]::new('-a', '-a', [CompletionResultType]::ParameterName, 'Algorithm of a new LIST (default blake3, or what LIST''s name says); an existing LIST keeps the one its state records')
            [CompletionResult]::new('--algorithm', '--algorithm', [CompletionResultType]::ParameterName, 'Algorithm of a new LIST (default blake3, or what LIST''s name says); an existing LIST keeps the one its state records')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Number of worker threads (default: the number of logical cores)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Number of worker threads (default: the number of logical cores)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Leave out entries whose name, or path below the directory argument, matches GLOB (repeatable; a matched directory is not entered)')
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'Descend at most N levels below directory arguments (1: their own entries)')
            [CompletionResult]::new('--update', '--update', [CompletionResultType]::ParameterName, 'Record new, moved, changed and touched files in LIST and its state (LIST is created when it does not exist)')
            [CompletionResult]::new('--prune', '--prune', [CompletionResultType]::ParameterName, 'With --update, drop the entries of missing files')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Say what would be recorded; write nothing (neither LIST nor its state)')
            [CompletionResult]::new('--xattr', '--xattr', [CompletionResultType]::ParameterName, 'Also keep each file''s digest and mtime in its extended attributes, as cshatag does (user.shatag.sha256 and user.shatag.ts for sha256, user.khsum.ALG and user.khsum.ALG.ts for others): an unlisted file whose content is not its attributes'' at their mtime is corrupt; with --update the attributes of what is recorded are written (a failed write is a warning)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object per file that is not ok, and a summary object, instead of lines')
            [CompletionResult]::new('--no-mmap', '--no-mmap', [CompletionResultType]::ParameterName, 'Read files, never memory-map them')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'Show progress on stderr even when it is not a terminal')
            [CompletionResult]::new('--no-progress', '--no-progress', [CompletionResultType]::ParameterName, 'Never show progress')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Hash every regular file below directory arguments, in sorted order')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'Hash every regular file below directory arguments, in sorted order')
            [CompletionResult]::new('--one-file-system', '--one-file-system', [CompletionResultType]::ParameterName, 'Do not enter directories on other file systems')
            [CompletionResult]::new('-L', '-L ', [CompletionResultType]::ParameterName, 'Follow symbolic links to directories (loops are reported and skipped)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links to directories (loops are reported and skipped)')
            [CompletionResult]::new('-P', '-P ', [CompletionResultType]::ParameterName, 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)')
            [CompletionResult]::new('--no-dereference', '--no-dereference', [CompletionResultType]::ParameterName, 'Follow no symbolic link inside a tree: each is skipped with a warning (for trees others can write, whose links may point anywhere)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'khsum;list' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'khsum;bench' {
            [CompletionResult]::new('-a', '-a', [CompletionResultType]::ParameterName, 'Algorithm to measure (repeatable; default: all)')
            [CompletionResult]::new('--algorithm', '--algorithm', [CompletionResultType]::ParameterName, 'Algorithm to measure (repeatable; default: all)')
            [CompletionResult]::new('--backend', '--backend', [CompletionResultType]::ParameterName, 'Backend to measure (repeatable; default: every one this CPU has)')
            [CompletionResult]::new('--sizes', '--sizes', [CompletionResultType]::ParameterName, 'Message sizes, comma-separated (default 64,1K,64K,1M)')
            [CompletionResult]::new('--plot', '--plot', [CompletionResultType]::ParameterName, 'Also draw cycles/byte against message size into FILE (SVG), each algorithm''s best backend')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Also measure multi-threaded throughput over many inputs with N threads')
            [CompletionResult]::new('--quick', '--quick', [CompletionResultType]::ParameterName, 'Fewer, shorter samples (a few seconds in all)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print a JSON array instead of a table')
            [CompletionResult]::new('--csv', '--csv', [CompletionResultType]::ParameterName, 'Print CSV instead of a table')
            [CompletionResult]::new('--all-backends', '--all-backends', [CompletionResultType]::ParameterName, 'With --plot, draw every backend measured (and the multi-buffer kernels)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'khsum;selftest' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'khsum;generate' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'The man page (roff): khsum(1), or khsum-SUBCOMMAND(1) for a subcommand')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'A completion script for SHELL')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'khsum;generate;man' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'khsum;generate;completions' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'khsum;generate;help' {
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'The man page (roff): khsum(1), or khsum-SUBCOMMAND(1) for a subcommand')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'A completion script for SHELL')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'khsum;generate;help;man' {
            break
        }
        'khsum;generate;help;completions' {
            break
        }
        'khsum;generate;help;help' {
            break
        }
        'khsum;help' {
            [CompletionResult]::new('hash', 'hash', [CompletionResultType]::ParameterValue, 'Hash files (the default when no subcommand is given)')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Verify checksum lists (GNU, BSD --tag and b3sum forms)')
            [CompletionResult]::new('tag', 'tag', [CompletionResultType]::ParameterValue, 'Compute keyed tags (MACs) of files; a key is required')
            [CompletionResult]::new('audit', 'audit', [CompletionResultType]::ParameterValue, 'Audit trees against a checksum list over time: bit rot told apart from edits, moves and deletions, from a state kept beside the list')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the algorithms, their key and output sizes, and this CPU''s backend')
            [CompletionResult]::new('bench', 'bench', [CompletionResultType]::ParameterValue, 'Measure cycles/byte and GB/s of every algorithm on every backend this CPU has')
            [CompletionResult]::new('selftest', 'selftest', [CompletionResultType]::ParameterValue, 'Run every known-answer vector on every backend this CPU has')
            [CompletionResult]::new('generate', 'generate', [CompletionResultType]::ParameterValue, 'Print the man page or a shell completion script (for packagers)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'khsum;help;hash' {
            break
        }
        'khsum;help;check' {
            break
        }
        'khsum;help;tag' {
            break
        }
        'khsum;help;audit' {
            break
        }
        'khsum;help;list' {
            break
        }
        'khsum;help;bench' {
            break
        }
        'khsum;help;selftest' {
            break
        }
        'khsum;help;generate' {
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'The man page (roff): khsum(1), or khsum-SUBCOMMAND(1) for a subcommand')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'A completion script for SHELL')
            break
        }
        'khsum;help;generate;man' {
            break
        }
        'khsum;help;generate;completions' {
            break
        }
        'khsum;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
