#!/bin/sh
# The main job: the whole air-gap loop on one machine (docs/design.md §1), narrated on stderr.
# A local hf-devnet plays the network; a signer home and a watcher home live in a temporary directory.
# Usage: sh samples/demo.sh [BIN_DIR]   (default .build/release)
set -eu
bin=${1:-.build/release}
work=$(mktemp -d)
devnet_pid=
cleanup() {
    [ -n "$devnet_pid" ] && kill "$devnet_pid" 2>/dev/null && wait "$devnet_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

step() { printf '\n== %s\n' "$*" >&2; }
field() { sed -n "s/.*\"$1\":\"*\([^\",}]*\)\"*.*/\1/p" | head -n 1; }

umask 077
printf 'demo store passphrase\n' > "$work/store.pw"
signer() { "$bin/hf-signer" --home "$work/signer" --network regtest --passphrase-file "$work/store.pw" "$@"; }
watcher() { "$bin/hf-watcher" --home "$work/watcher" --network regtest "$@"; }

step "devnet: a local regtest chain on a free loopback port"
"$bin/hf-devnet" serve --port 0 --state "$work/devnet" > "$work/devnet.url" &
devnet_pid=$!
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    [ -s "$work/devnet.url" ] && break
    sleep 0.25
done
url=$(head -n 1 "$work/devnet.url")
[ -n "$url" ] || { echo "demo: hf-devnet did not start" >&2; exit 1; }
echo "devnet at $url" >&2

step "signer (offline): a home with a key vault, and a new wallet"
signer init --json
signer wallet create --title Demo --mnemonic-out "$work/demo.mnemonic" --json
identity=$(signer wallet show --json | field identityKey)
signer export addrpack --out "$work/wallet.hfaddrpack" --json

step "watcher (online): a home pointed at the devnet; it trusts the wallet's identity key"
watcher init
watcher config set devnet "$url"
watcher import "$work/wallet.hfaddrpack" --trust-identity "$identity" --json

step "devnet: two payments to the wallet's first two receive addresses, mined"
addresses=$(signer address list --count 2 --json | tr '{' '\n' | field address)
first=$(echo "$addresses" | sed -n 1p)
second=$(signer address list --start 1 --count 1 --json | field address)
"$bin/hf-devnet" fund "$first" 150000 --url "$url" --json
"$bin/hf-devnet" fund "$second" 50000 --url "$url" --json

step "watcher: sync (every header and proof verified), export headers and receipts"
watcher sync --json
tip=$(signer headers status --json | field validatedTipHeight)
watcher export headers --from $((tip + 1)) --out "$work/headers-1.hfheaders" --json
watcher export receipts --out-dir "$work/receipts-1" --json

step "signer: import them (SPV first, then ownership) and show the balance"
signer import "$work/headers-1.hfheaders" "$work"/receipts-1/*.hfreceipt --json
signer balance --json

step "signer: pay 60000 satoshis to another wallet, offline; kept as pending"
"$bin/hf-signer" keys generate-mnemonic --words 12 --out "$work/friend.mnemonic"
friend=$("$bin/hf-signer" keys derive --mnemonic-file "$work/friend.mnemonic" --scheme type42 --count 1 --network regtest --json | field address)
signer send --to "$friend" --amount 60000 --out "$work/payment.hftx" --yes --json
signer balance --json

step "watcher: broadcast the signed transaction; devnet mines it"
watcher broadcast "$work/payment.hftx" --json
"$bin/hf-devnet" mine 1 --url "$url" --json

step "watcher: sync and export the new headers and receipt; signer imports: the spend is confirmed"
watcher sync --json
tip=$(signer headers status --json | field validatedTipHeight)
watcher export headers --from $((tip + 1)) --out "$work/headers-2.hfheaders" --json
watcher export receipts --since $((tip + 1)) --out-dir "$work/receipts-2" --json
signer import "$work/headers-2.hfheaders" "$work"/receipts-2/*.hfreceipt --json
signer pending list --json

step "both balances"
printf 'signer:  ' >&2; signer balance --json
printf 'watcher: ' >&2; watcher balance --json
printf '\ndemo: ok\n' >&2
