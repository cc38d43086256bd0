_khsum() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="khsum"
                ;;
            khsum,audit)
                cmd="khsum__subcmd__audit"
                ;;
            khsum,bench)
                cmd="khsum__subcmd__bench"
                ;;
            khsum,check)
                cmd="khsum__subcmd__check"
                ;;
            khsum,generate)
                cmd="khsum__subcmd__generate"
                ;;
            khsum,hash)
                cmd="khsum__subcmd__hash"
                ;;
            khsum,help)
                cmd="khsum__subcmd__help"
                ;;
            khsum,list)
                cmd="khsum__subcmd__list"
                ;;
            khsum,selftest)
                cmd="khsum__subcmd__selftest"
                ;;
            khsum,tag)
                cmd="khsum__subcmd__tag"
                ;;
            khsum__subcmd__generate,completions)
                cmd="khsum__subcmd__generate__subcmd__completions"
                ;;
            khsum__subcmd__generate,help)
                cmd="khsum__subcmd__generate__subcmd__help"
                ;;
            khsum__subcmd__generate,man)
                cmd="khsum__subcmd__generate__subcmd__man"
                ;;
            khsum__subcmd__generate__subcmd__help,completions)
                cmd="khsum__subcmd__generate__subcmd__help__subcmd__completions"
                ;;
            khsum__subcmd__generate__subcmd__help,help)
                cmd="khsum__subcmd__generate__subcmd__help__subcmd__help"
                ;;
            khsum__subcmd__generate__subcmd__help,man)
                cmd="khsum__subcmd__generate__subcmd__help__subcmd__man"
                ;;
            khsum__subcmd__help,audit)
                cmd="khsum__subcmd__help__subcmd__audit"
                ;;
            khsum__subcmd__help,bench)
                cmd="khsum__subcmd__help__subcmd__bench"
                ;;
            khsum__subcmd__help,check)
                cmd="khsum__subcmd__help__subcmd__check"
                ;;
            khsum__subcmd__help,generate)
                cmd="khsum__subcmd__help__subcmd__generate"
                ;;
            khsum__subcmd__help,hash)
                cmd="khsum__subcmd__help__subcmd__hash"
                ;;
            khsum__subcmd__help,help)
                cmd="khsum__subcmd__help__subcmd__help"
                ;;
            khsum__subcmd__help,list)
                cmd="khsum__subcmd__help__subcmd__list"
                ;;
            khsum__subcmd__help,selftest)
                cmd="khsum__subcmd__help__subcmd__selftest"
                ;;
            khsum__subcmd__help,tag)
                cmd="khsum__subcmd__help__subcmd__tag"
                ;;
            khsum__subcmd__help__subcmd__generate,completions)
                cmd="khsum__subcmd__help__subcmd__generate__subcmd__completions"
                ;;
            khsum__subcmd__help__subcmd__generate,man)
                cmd="khsum__subcmd__help__subcmd__generate__subcmd__man"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        khsum)
            opts="-c -a -l -j -z -b -t -r -L -P -w -h -V --check --algorithm --length --seek --nonce --json --threads --no-mmap --progress --no-progress --tag --untagged --base64 --format --prefix --raw --zero --no-names --binary --text --key-file --key-env --derive-key --keyed --key --recursive --exclude --max-depth --one-file-system --follow --no-dereference --files-from --files0-from --update --check-existing --expect --quiet --status --strict --warn --ignore-missing --unlisted --help --version hash check tag audit list bench selftest generate help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --algorithm)
                    COMPREPLY=($(compgen -W "blake3 sha256 sha512 sha224 sha384 sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 blake2b blake2s sm3 ripemd160 md5 sha1 xxh32 xxh64 xxh3 xxh128 crc crc32b crc32 sysv bsd hmac-sha256 siphash-2-4 siphash-2-4-128 siphash-1-3 siphash-1-3-128 highwayhash-64 highwayhash-128 highwayhash-256 lemac rescue-prime multimixer-128 sha2 sha3" -- "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -W "blake3 sha256 sha512 sha224 sha384 sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 blake2b blake2s sm3 ripemd160 md5 sha1 xxh32 xxh64 xxh3 xxh128 crc crc32b crc32 sysv bsd hmac-sha256 siphash-2-4 siphash-2-4-128 siphash-1-3 siphash-1-3-128 highwayhash-64 highwayhash-128 highwayhash-256 lemac rescue-prime multimixer-128 sha2 sha3" -- "${cur}"))
                    return 0
                    ;;
                --length)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seek)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --nonce)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "hex base64 sri oci nix32 go-h1" -- "${cur}"))
                    return 0
                    ;;
                --prefix)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --key-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --key-env)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --derive-key)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --key)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --files0-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --update)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --expect)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unlisted)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__audit)
            opts="-a -j -r -L -P -h --update --accept --prune --dry-run --xattr --scrub --algorithm --json --threads --no-mmap --progress --no-progress --recursive --exclude --max-depth --one-file-system --follow --no-dereference --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --accept)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scrub)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --algorithm)
                    COMPREPLY=($(compgen -W "blake3 sha256 sha512 sha224 sha384 sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 blake2b blake2s sm3 ripemd160 md5 sha1 xxh32 xxh64 xxh3 xxh128 crc crc32b crc32 sysv bsd hmac-sha256 siphash-2-4 siphash-2-4-128 siphash-1-3 siphash-1-3-128 highwayhash-64 highwayhash-128 highwayhash-256 lemac rescue-prime multimixer-128" -- "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -W "blake3 sha256 sha512 sha224 sha384 sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 blake2b blake2s sm3 ripemd160 md5 sha1 xxh32 xxh64 xxh3 xxh128 crc crc32b crc32 sysv bsd hmac-sha256 siphash-2-4 siphash-2-4-128 siphash-1-3 siphash-1-3-128 highwayhash-64 highwayhash-128 highwayhash-256 lemac rescue-prime multimixer-128" -- "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__bench)
            opts="-a -h --algorithm --backend --sizes --quick --json --csv --plot --all-backends --threads --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --algorithm)
                    COMPREPLY=($(compgen -W "blake3 sha256 sha512 sha224 sha384 sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 blake2b blake2s sm3 ripemd160 md5 sha1 xxh32 xxh64 xxh3 xxh128 crc crc32b crc32 sysv bsd hmac-sha256 siphash-2-4 siphash-2-4-128 siphash-1-3 siphash-1-3-128 highwayhash-64 highwayhash-128 highwayhash-256 lemac rescue-prime multimixer-128" -- "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -W "blake3 sha256 sha512 sha224 sha384 sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 blake2b blake2s sm3 ripemd160 md5 sha1 xxh32 xxh64 xxh3 xxh128 crc crc32b crc32 sysv bsd hmac-sha256 siphash-2-4 siphash-2-4-128 siphash-1-3 siphash-1-3-128 highwayhash-64 highwayhash-128 highwayhash-256 lemac rescue-prime multimixer-128" -- "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sizes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__check)
            opts="-w -a -l -j -r -L -P -h --expect --quiet --status --strict --warn --ignore-missing --unlisted --algorithm --length --seek --nonce --json --threads --no-mmap --progress --no-progress --key-file --key-env --derive-key --keyed --key --recursive --exclude --max-depth --one-file-system --follow --no-dereference --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --expect)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unlisted)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --algorithm)
                    COMPREPLY=($(compgen -W "blake3 sha256 sha512 sha224 sha384 sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 blake2b blake2s sm3 ripemd160 md5 sha1 xxh32 xxh64 xxh3 xxh128 crc crc32b crc32 sysv bsd hmac-sha256 siphash-2-4 siphash-2-4-128 siphash-1-3 siphash-1-3-128 highwayhash-64 highwayhash-128 highwayhash-256 lemac rescue-prime multimixer-128 sha2 sha3" -- "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -W "blake3 sha256 sha512 sha224 sha384 sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 blake2b blake2s sm3 ripemd160 md5 sha1 xxh32 xxh64 xxh3 xxh128 crc crc32b crc32 sysv bsd hmac-sha256 siphash-2-4 siphash-2-4-128 siphash-1-3 siphash-1-3-128 highwayhash-64 highwayhash-128 highwayhash-256 lemac rescue-prime multimixer-128 sha2 sha3" -- "${cur}"))
                    return 0
                    ;;
                --length)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seek)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --nonce)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --key-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --key-env)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --derive-key)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --key)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__generate)
            opts="-h --help man completions help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__generate__subcmd__completions)
            opts="-h --help bash zsh fish elvish powershell"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__generate__subcmd__help)
            opts="man completions help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__generate__subcmd__help__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__generate__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__generate__subcmd__help__subcmd__man)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__generate__subcmd__man)
            opts="-h --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__hash)
            opts="-a -l -j -z -b -t -r -L -P -h --algorithm --length --seek --nonce --json --threads --no-mmap --progress --no-progress --tag --untagged --base64 --format --prefix --raw --zero --no-names --binary --text --key-file --key-env --derive-key --keyed --key --recursive --exclude --max-depth --one-file-system --follow --no-dereference --files-from --files0-from --update --check-existing --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --algorithm)
                    COMPREPLY=($(compgen -W "blake3 sha256 sha512 sha224 sha384 sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 blake2b blake2s sm3 ripemd160 md5 sha1 xxh32 xxh64 xxh3 xxh128 crc crc32b crc32 sysv bsd hmac-sha256 siphash-2-4 siphash-2-4-128 siphash-1-3 siphash-1-3-128 highwayhash-64 highwayhash-128 highwayhash-256 lemac rescue-prime multimixer-128 sha2 sha3" -- "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -W "blake3 sha256 sha512 sha224 sha384 sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 blake2b blake2s sm3 ripemd160 md5 sha1 xxh32 xxh64 xxh3 xxh128 crc crc32b crc32 sysv bsd hmac-sha256 siphash-2-4 siphash-2-4-128 siphash-1-3 siphash-1-3-128 highwayhash-64 highwayhash-128 highwayhash-256 lemac rescue-prime multimixer-128 sha2 sha3" -- "${cur}"))
                    return 0
                    ;;
                --length)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seek)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --nonce)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "hex base64 sri oci nix32 go-h1" -- "${cur}"))
                    return 0
                    ;;
                --prefix)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --key-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --key-env)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --derive-key)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --key)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --files0-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --update)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__help)
            opts="hash check tag audit list bench selftest generate help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__help__subcmd__audit)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__help__subcmd__bench)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__help__subcmd__check)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__help__subcmd__generate)
            opts="man completions"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__help__subcmd__generate__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__help__subcmd__generate__subcmd__man)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__help__subcmd__hash)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__help__subcmd__selftest)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__help__subcmd__tag)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__list)
            opts="-h --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__selftest)
            opts="-h --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        khsum__subcmd__tag)
            opts="-a -l -j -z -b -t -r -L -P -h --algorithm --length --seek --nonce --json --threads --no-mmap --progress --no-progress --tag --untagged --base64 --format --prefix --raw --zero --no-names --binary --text --key-file --key-env --derive-key --keyed --key --recursive --exclude --max-depth --one-file-system --follow --no-dereference --files-from --files0-from --update --check-existing --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --algorithm)
                    COMPREPLY=($(compgen -W "blake3 sha256 sha512 sha224 sha384 sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 blake2b blake2s sm3 ripemd160 md5 sha1 xxh32 xxh64 xxh3 xxh128 crc crc32b crc32 sysv bsd hmac-sha256 siphash-2-4 siphash-2-4-128 siphash-1-3 siphash-1-3-128 highwayhash-64 highwayhash-128 highwayhash-256 lemac rescue-prime multimixer-128 sha2 sha3" -- "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -W "blake3 sha256 sha512 sha224 sha384 sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 blake2b blake2s sm3 ripemd160 md5 sha1 xxh32 xxh64 xxh3 xxh128 crc crc32b crc32 sysv bsd hmac-sha256 siphash-2-4 siphash-2-4-128 siphash-1-3 siphash-1-3-128 highwayhash-64 highwayhash-128 highwayhash-256 lemac rescue-prime multimixer-128 sha2 sha3" -- "${cur}"))
                    return 0
                    ;;
                --length)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seek)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --nonce)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "hex base64 sri oci nix32 go-h1" -- "${cur}"))
                    return 0
                    ;;
                --prefix)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --key-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --key-env)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --derive-key)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --key)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --files0-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --update)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _khsum -o nosort -o bashdefault -o default khsum
else
    complete -F _khsum -o bashdefault -o default khsum
fi
