# bash completion for catan-referee(1)                          -*- shell-script -*-
#
# Install as share/bash-completion/completions/catan-referee (the file name must be the
# command's name for bash-completion to load it on demand), or source it from ~/.bashrc.
# Works with or without the bash-completion package.
#
# The lists below are checked against the binary by tests/cli/help_vs_man.py: the
# subcommands and options of `--help`, the mutation kinds of `mutate --help`, and the
# rules options, profiles and rule IDs of `catan-referee rules`.

_catan_referee_subcommands="check show board explain rules generate mutate redact import report serve"

# Rules options for --rule KEY=VALUE, as `catan-referee rules` prints them (default first).
_catan_referee_rule_values() {
    case $1 in
        profile) echo "catan-2025 catan-5e" ;;
        bank-shortage) echo "single-recipient-takes-rest strict" ;;
        start-player) echo "as-logged highest-roll-reroll-ties" ;;
        robber-desert) echo "allowed forbidden" ;;
        turn-phases) echo "combined strict" ;;
        robber-steal) echo "mandatory optional" ;;
        road-building-shortfall) echo "up-to-two as-many-as-possible exactly-two" ;;
        year-of-plenty-shortage) echo "take-available forbid" ;;
        longest-road-broken-tie) echo "holder-keeps set-aside" ;;
        win-detection) echo "automatic declared" ;;
        maritime-same-type) echo "forbid allow" ;;
        domestic-same-type-both-sides) echo "forbid allow" ;;
        dev-card-timing) echo "outside-roll-resolution any-time-own-turn" ;;
        board-tokens) echo "counts-only spiral" ;;
        setup-mode) echo "variable beginner-fixed" ;;
        turn-structure-56) echo "paired special-build" ;;
        special-build-order) echo "strict any" ;;
        paired-win) echo "both-on-turn own-part-only" ;;
        board-56-players) echo "five-or-six any" ;;
        victory-points) echo "10 3 4 5 6 7 8 9 11 12 13 14 15 16 17 18 19 20" ;;
        discard-limit) echo "7 2 3 4 5 6 8 9 10 11 12 13 14 15 16 17 18 19" ;;
    esac
}
_catan_referee_rule_keys="profile bank-shortage start-player robber-desert turn-phases robber-steal
    road-building-shortfall year-of-plenty-shortage longest-road-broken-tie win-detection
    maritime-same-type domestic-same-type-both-sides dev-card-timing board-tokens setup-mode
    turn-structure-56 special-build-order paired-win board-56-players victory-points discard-limit"

_catan_referee_mutation_kinds="discard-count skip-discard bank-shortage claim-off-turn
    unconnected-road distance-rule unaffordable-build play-bought-card second-dev-card
    trade-not-active steal-not-adjacent longest-road-tie wrong-vp dice-out-of-range
    entry-after-win window-out-of-order trade-in-window win-in-window partner-trades
    card-before-roll"

_catan_referee_rule_ids="COMP-01 COMP-02 COMP-03 COMP-04 COMP-05 COMP-06 COMP-07 COMP-08 COMP-09 COMP-10 BOARD-01
    BOARD-02 BOARD-03 BOARD-04 SETUP-01 SETUP-02 SETUP-03 SETUP-04 SETUP-05 SETUP-06 SETUP-07
    SETUP-08 SETUP-09 TURN-01 TURN-02 TURN-03 TURN-04 TURN-05 TURN-06 TURN-07 PROD-01 PROD-02
    PROD-03 PROD-04 PROD-05 PROD-06 ROBBER-01 ROBBER-02 ROBBER-03 ROBBER-04 ROBBER-05 ROBBER-06
    ROBBER-07 ROBBER-08 ROBBER-09 TRADE-01 TRADE-02 TRADE-03 TRADE-04 TRADE-05 TRADE-06 TRADE-07
    TRADE-08 TRADE-09 TRADE-10 TRADE-11 TRADE-12 BUILD-01 BUILD-02 BUILD-03 BUILD-04 BUILD-05
    BUILD-06 BUILD-07 BUILD-08 BUILD-09 BUILD-10 DEV-01 DEV-02 DEV-03 DEV-04 DEV-05 DEV-06
    DEV-07 DEV-08 DEV-09 DEV-10 DEV-11 AWARD-01 AWARD-02 AWARD-03 AWARD-04 AWARD-05 AWARD-06
    AWARD-07 AWARD-08 AWARD-09 WIN-01 WIN-02 WIN-03 WIN-04 X56-COMP-01 X56-COMP-02 X56-COMP-03
    X56-COMP-04 X56-COMP-05 X56-COMP-06 X56-COMP-07 X56-COMP-08 X56-BOARD-01 X56-BOARD-02
    X56-BOARD-03 X56-BOARD-04 X56-BOARD-05 X56-SETUP-01 X56-SETUP-02 X56-SETUP-03 X56-SETUP-04
    X56-TURN-01 X56-TURN-02 X56-SBP-01 X56-SBP-02 X56-SBP-03 X56-SBP-04 X56-SBP-05 X56-SBP-06
    X56-SBP-07 X56-SBP-08 X56-PAIR-01 X56-PAIR-02 X56-PAIR-03 X56-PAIR-04 X56-PAIR-05
    X56-PAIR-06 X56-PAIR-07 X56-PAIR-08 X56-PAIR-09 X56-PROD-01 X56-ROBBER-01 X56-AWARD-01
    X56-WIN-01
    D-01 D-02 D-03 D-04 D-05 D-06 D-07 D-08 D-09 D-10 D-11 D-12 D-13 D-14 D-15 D-16 D-17 D-18
    D-19 D-20 D-21 D-22 D-23 D-24 D-25 D-26 D-27 D-28 D-29 D-30 D-31 D-32"

# Options of each subcommand; those in *_arg take a value.
_catan_referee_opts_global="-h --help --version"
_catan_referee_opts_check="-h --help --glob --exclude --no-ignore --files-from --rule --format --color -j --jobs --max-worlds --approximate-worlds -q --quiet --summary --strict --max-document-bytes --max-scalar-bytes --from --view --require-assertions --keep-going --help-uri-base"
_catan_referee_arg_check="--glob --exclude --files-from --rule --format --color -j --jobs --max-worlds --max-document-bytes --max-scalar-bytes --from --view --require-assertions --help-uri-base"
_catan_referee_opts_show="-h --help --at --game --format --coords --colors --rule --max-worlds --from --view"
_catan_referee_arg_show="--at --game --format --colors --rule --max-worlds --from --view"
_catan_referee_opts_board="-h --help --from"
_catan_referee_arg_board="--from"
_catan_referee_opts_explain="-h --help"
_catan_referee_arg_explain=""
_catan_referee_opts_rules="-h --help"
_catan_referee_arg_rules=""
_catan_referee_opts_generate="-h --help --seed --players --turn-structure --count --out --force --header-only --trade-bias --build-bias --expect-every --rule"
_catan_referee_arg_generate="--seed --players --turn-structure --count --out --trade-bias --build-bias --expect-every --rule"
_catan_referee_opts_mutate="-h --help --seed --kind --out --force --from"
_catan_referee_arg_mutate="--seed --kind --out --from"
_catan_referee_opts_redact="-h --help --view --hide-discards --dice --out --force --from"
_catan_referee_arg_redact="--view --dice --out --from"
_catan_referee_opts_import="-h --help --from --out --format --view --force --list-formats"
_catan_referee_arg_import="--from --out --format --view"
_catan_referee_opts_report="-h --help --out --force --rule --max-worlds --max-entries --at --from --view --colors"
_catan_referee_arg_report="--out --rule --max-worlds --max-entries --from --view --colors"
_catan_referee_opts_serve="-h --help --rule --effects --max-line-bytes --max-worlds --protocol"
_catan_referee_arg_serve="--rule --max-line-bytes --max-worlds --protocol"

# Log files: *.yaml, *.yml, *.json, *.jsonl, other programs' *.soclog and *.catan, and
# directories.
_catan_referee_logs() {
    if declare -F _filedir >/dev/null; then
        _filedir '@(yaml|yml|json|jsonl|soclog|catan)'
    else
        local IFS=$'\n'
        compopt -o filenames 2>/dev/null
        COMPREPLY+=($(compgen -d -- "$1") $(shopt -s extglob; compgen -f -X '!*.@(yaml|yml|json|jsonl|soclog|catan)' -- "$1"))
    fi
}

_catan_referee_files() {
    if declare -F _filedir >/dev/null; then
        _filedir
    else
        local IFS=$'\n'
        compopt -o filenames 2>/dev/null
        COMPREPLY+=($(compgen -f -- "$1"))
    fi
}

_catan_referee_dirs() {
    if declare -F _filedir >/dev/null; then
        _filedir -d
    else
        local IFS=$'\n'
        compopt -o filenames 2>/dev/null
        COMPREPLY+=($(compgen -d -- "$1"))
    fi
}

_catan_referee_has() {  # _catan_referee_has WORD LIST...
    local w=$1 x
    shift
    for x in $*; do [[ $x == "$w" ]] && return 0; done
    return 1
}

# Sets COMPREPLY to the whole values that complete $2 as a value of option $1 of
# subcommand $3, and _catan_referee_fs to files, dirs or nothing for file names to add.
_catan_referee_value() {
    local opt=$1 val=$2 sub=$3 list=""
    _catan_referee_fs=""
    case $opt in
        --format)
            if [[ $sub == check ]]; then list="text json jsonl sarif junit github"
            elif [[ $sub == import ]]; then list="yaml json"
            elif [[ $sub == show ]]; then list="text json svg"
            else list="text json"; fi ;;
        --from) list="auto jsettlers soclog catanatron catanlogs stac" ;;
        --color) list="auto always never" ;;
        --require-assertions) list="all gains hands vp awards gains,hands,vp,awards" ;;
        -j|--jobs)
            local n
            n=$(getconf _NPROCESSORS_ONLN 2>/dev/null)
            list="1 2 4 8"
            [[ $n == [0-9]* && " $list " != *" $n "* ]] && list+=" $n" ;;
        --players) list="3 4 5 6" ;;
        --turn-structure) list="paired special-build" ;;
        --dice) list="pair sum" ;;
        --view)
            if [[ $sub == redact ]]; then list="spectator"; else list="0 1 2 3"; fi ;;
        --max-worlds) list="1000 50000 1000000" ;;
        --protocol) list="1 2" ;;
        --max-entries) list="1000 50000 1000000" ;;
        --kind) list=$_catan_referee_mutation_kinds ;;
        --at)
            list="error end turn: round: line: 0"
            [[ $val != *:* && ( turn: == "$val"* || round: == "$val"* || line: == "$val"* ) ]] && compopt -o nospace 2>/dev/null ;;
        --files-from) list="-"; _catan_referee_fs=files ;;
        --glob) list="'*.yaml' '*.json' '*.jsonl' '*.soclog' '*.txt'" ;;
        --exclude) list="node_modules build '*.tmp'" ;;
        --out)
            list="-"
            if [[ $sub == redact || $sub == report ]]; then _catan_referee_fs=files; else _catan_referee_fs=dirs; fi ;;
        --max-document-bytes) list="64M 256M 1G" ;;
        --max-scalar-bytes) list="1M 16M 64M" ;;
        --help-uri-base) list="file:///usr/local/share/doc/catan-referee/rules.md" ;;
        --rule)
            if [[ $val == *=* ]]; then
                local key=${val%%=*} v
                for v in $(_catan_referee_rule_values "$key"); do list+=" $key=$v"; done
            else
                local k
                for k in $_catan_referee_rule_keys; do list+=" $k="; done
                compopt -o nospace 2>/dev/null
            fi ;;
    esac
    local IFS=$' \t\n'
    COMPREPLY=($(compgen -W "$list" -- "$val"))
}

# Rewrites COMPREPLY, made of whole words that start like $1 (the current word as the
# shell sees it), into what readline replaces: the text after the last '=' or ':' of $1
# when readline breaks words there.
_catan_referee_trim() {
    local word=$1 breaks="" prefix i
    [[ $COMP_WORDBREAKS == *=* ]] && breaks+="="
    [[ $COMP_WORDBREAKS == *:* ]] && breaks+=":"
    [[ -n $breaks && $word == *[$breaks]* ]] || return 0
    prefix=${word%"${word##*[$breaks]}"}
    for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]=${COMPREPLY[i]#"$prefix"}; done
}

_catan_referee() {
    # Rebuild the words as the user typed them: readline splits at '=' and ':', which
    # must not split `--rule KEY=VALUE`, `--format=json` or `--at turn:3`. A piece is glued
    # to the previous one when no blank separates them on the line and one of them is or
    # ends with '=' or ':'.
    local words=() cword=0 i w pos=0 rest gap last
    for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
        w=${COMP_WORDS[i]}
        rest=${COMP_LINE:pos}
        gap=${rest%%[![:blank:]]*}
        pos=$((pos + ${#gap} + ${#w}))
        last=""
        ((${#words[@]} > 0)) && last=${words[${#words[@]} - 1]}
        if ((i > 1 && ${#gap} == 0)) && [[ $w == [=:]* || $last == *[=:] ]]; then
            words[${#words[@]} - 1]+=$w
        else
            words+=("$w")
        fi
        ((i == COMP_CWORD)) && cword=$((${#words[@]} - 1))
    done
    local cur=${words[cword]-} prev=""
    ((cword > 0)) && prev=${words[cword - 1]}
    COMPREPLY=()

    # The subcommand: the first word that is not an option.
    local sub="" at=0 j
    for ((j = 1; j < cword; j++)); do
        if [[ ${words[j]} != -* ]]; then sub=${words[j]}; at=$j; break; fi
    done

    if [[ -z $sub ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "$_catan_referee_opts_global" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$_catan_referee_subcommands" -- "$cur"))
        fi
        return 0
    fi
    _catan_referee_has "$sub" $_catan_referee_subcommands || return 0

    local opts_var=_catan_referee_opts_${sub} arg_var=_catan_referee_arg_${sub}
    local opts=${!opts_var} args=${!arg_var} _catan_referee_fs=""

    if [[ $cur == --*=* ]]; then  # --opt=VALUE
        local opt=${cur%%=*} val=${cur#*=}
        _catan_referee_has "$opt" $args || return 0
        _catan_referee_value "$opt" "$val" "$sub"
        for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]=$opt=${COMPREPLY[i]}; done
        _catan_referee_trim "$cur"
        [[ -n $_catan_referee_fs ]] && _catan_referee_$_catan_referee_fs "$val"
        return 0
    fi
    if [[ -n $prev ]] && _catan_referee_has "$prev" $args; then  # --opt VALUE
        _catan_referee_value "$prev" "$cur" "$sub"
        _catan_referee_trim "$cur"
        [[ -n $_catan_referee_fs ]] && _catan_referee_$_catan_referee_fs "$cur"
        return 0
    fi
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return 0
    fi

    # Positionals: count those already given after the subcommand.
    local k n=0
    for ((k = at + 1; k < cword; k++)); do
        if [[ ${words[k]} == -* ]]; then
            [[ ${words[k]} != *=* ]] && _catan_referee_has "${words[k]}" $args && ((k++))
        else
            ((n++))
        fi
    done
    case $sub in
        check)
            _catan_referee_logs "$cur"
            [[ - == "$cur"* ]] && COMPREPLY+=(-) ;;
        show|board|mutate|redact|report)
            ((n == 0)) && _catan_referee_logs "$cur" ;;
        import)
            _catan_referee_files "$cur" ;;
        explain)
            ((n == 0)) && COMPREPLY=($(compgen -W "$_catan_referee_rule_ids" -- "${cur^^}")) ;;
    esac
    return 0
}

complete -F _catan_referee catan-referee
