#!/bin/sh
# The main job: the whole air-gap loop on one machine (docs/design.md §1), in the light loop: one bundle each way.
# A local hf-devnet plays the network; a signer home and a watcher home live in a temporary directory.
# Each step prints what a person would read; the step titles go to stderr. With --json every command prints its
# JSON line instead (on stdout, one a command), for a script to read.
# Usage: sh samples/demo.sh [--json] [BIN_DIR]   (default .build/release)
set -eu
json=
if [ "${1:-}" = "--json" ]; then
    json=--json
    shift
fi
bin=$(cd "${1:-.build/release}" && pwd) || { echo "demo: no directory ${1:-.build/release}" >&2; exit 1; }
work=$(mktemp -d)
devnet_pid=
cleanup() {
    [ -n "$devnet_pid" ] && kill "$devnet_pid" 2>/dev/null && wait "$devnet_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT INT TERM
cd "$work"   # the bundles are written here, so the lines below name them short

step() { printf '\n== %s\n' "$*" >&2; }
say() { printf '%s\n' "$*" >&2; }
fail() { printf 'demo: %s\n' "$*" >&2; exit 1; }
field() { sed -n "s/.*\"$1\":\"*\([^\",}]*\)\"*.*/\1/p" | head -n 1; }

umask 077
printf 'demo store passphrase\n' > "$work/store.pw"
signer() { "$bin/hf-signer" --home "$work/signer" --network regtest --passphrase-file "$work/store.pw" "$@"; }
watcher() { "$bin/hf-watcher" --home "$work/watcher" --network regtest "$@"; }
devnet() { "$bin/hf-devnet" "$@" --url "$url"; }
# sync's progress lines ("addresses: 20 of 200") are left out; its summary and any warning are shown.
watcher_sync() {
    summary=$(watcher sync $json 2> "$work/sync.err") || { cat "$work/sync.err" >&2; fail "watcher sync failed"; }
    grep -v -e '^addresses: [0-9]* of ' -e '^headers: validated to ' "$work/sync.err" >&2 || true
    printf '%s\n' "$summary"
}

step "devnet: a local regtest chain on a free loopback port"
"$bin/hf-devnet" serve --port 0 --state "$work/devnet" > "$work/devnet.url" 2> "$work/devnet.err" &
devnet_pid=$!
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    [ -s "$work/devnet.url" ] && break
    sleep 0.25
done
url=$(head -n 1 "$work/devnet.url")
[ -n "$url" ] || { cat "$work/devnet.err" >&2; fail "hf-devnet did not start"; }
say "devnet at $url"

step "signer (offline): a home with a key vault, a new wallet, and its signed address pack"
signer init $json
signer wallet create --title Demo --mnemonic-out "$work/demo.mnemonic" $json
identity=$(signer wallet show --json | field identityKey)
signer export addrpack --out wallet.hfaddrpack $json

step "watcher (online): a home pointed at the devnet; it trusts the wallet's identity key and takes the pack"
watcher init $json
watcher config set devnet "$url" $json
watcher import wallet.hfaddrpack --trust-identity "$identity" $json

step "devnet: two payments to the wallet's first two receive addresses, each mined"
addresses=$(signer address list --count 2 | cut -f 2)
first=$(echo "$addresses" | sed -n 1p)
second=$(echo "$addresses" | sed -n 2p)
devnet fund "$first" 150000 $json
devnet fund "$second" 50000 $json

step "watcher: sync (every header and proof verified), then one update for the signer — nothing typed"
watcher_sync
watcher export update --out update-1.hfupdate $json

step "signer: import the update (headers first, then the receipts, each checked) and show the balance"
signer import update-1.hfupdate $json
signer balance $json

step "signer: pay 60000 satoshis to another wallet, offline; the .hftx carries the signer's state; kept as pending"
"$bin/hf-signer" keys generate-mnemonic --words 12 --out "$work/friend.mnemonic" 2> /dev/null
friend=$("$bin/hf-signer" keys derive --mnemonic-file "$work/friend.mnemonic" --scheme type42 --count 1 \
    --network regtest | cut -f 2)
signer send --to "$friend" --amount 60000 --out payment.hftx --yes $json
signer balance $json

step "watcher: broadcast the signed transaction (and take the state it carries); devnet mines a block"
watcher broadcast payment.hftx $json
devnet mine 1 $json

step "watcher: sync, then the next update: it starts where the .hftx said the signer stands"
watcher_sync
watcher export update --out update-2.hfupdate $json

step "signer: import it; the spend's receipt clears the pending payment"
signer import update-2.hfupdate $json
[ "$(signer pending list --json)" = "[]" ] || { signer pending list >&2; fail "the payment is still pending"; }
signer pending list $json

step "both balances"
printf 'signer:\n' >&2
signer balance $json
printf 'watcher:\n' >&2
watcher balance $json
ours=$(signer balance --json | field confirmed)
theirs=$(watcher balance --json | field confirmed)
[ "$ours" = "$theirs" ] || fail "the signer counts $ours satoshis confirmed, the watcher $theirs"

step "signer: the wallet's history and one screen of its status"
signer history $json
signer status $json

step "watcher: its status (it knows where the signer stands only from the last bundle the signer wrote)"
watcher status $json
printf '\ndemo: ok\n' >&2
