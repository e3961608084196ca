#!/bin/sh
# The demo loop (for now: the stateless key tools and the signer's home and header chain). Usage: sh samples/demo.sh [BIN_DIR]
# The sample phrase is the public BIP39 test phrase: never send money to its addresses.
set -eu
bin=${1:-.build/release}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
# Git keeps no file modes: the secret file gets its 0600 here, never from the checkout.
install -m 600 "$(dirname "$0")/sample.mnemonic" "$work/sample.mnemonic"

step() { printf '\n== %s\n' "$*" >&2; }

step "identity key and wallet ID of the sample phrase (main)"
"$bin/hf-signer" keys identity --mnemonic-file "$work/sample.mnemonic" --json

step "first 3 Type42 receive addresses (invoice 1-wallet-N)"
"$bin/hf-signer" keys derive --mnemonic-file "$work/sample.mnemonic" --scheme type42 --count 3 --json

step "first 3 BIP44 change addresses on m/44'/236'/0'/1/N"
"$bin/hf-signer" keys derive --mnemonic-file "$work/sample.mnemonic" --scheme bip44 --chain change --count 3 --json

step "a new 24-word phrase, written 0600, never printed"
"$bin/hf-signer" keys generate-mnemonic --words 24 --out "$work/new.mnemonic"
ls -l "$work/new.mnemonic" >&2
"$bin/hf-signer" keys derive --mnemonic-file "$work/new.mnemonic" --scheme type42 --network regtest --count 1 --json

step "a signer home (0700) with the mainnet header store at the compiled-in checkpoint"
"$bin/hf-signer" --home "$work/home" init --json
"$bin/hf-signer" --home "$work/home" headers status --json
"$bin/hf-signer" --home "$work/home" --network regtest headers status

step "a mnemonic file readable by others is refused (exit 77)"
chmod 644 "$work/sample.mnemonic"
if "$bin/hf-signer" keys identity --mnemonic-file "$work/sample.mnemonic"; then
    echo "demo: expected a refusal" >&2
    exit 1
else
    echo "refused with exit $?" >&2
fi
printf "\ndemo: ok\n" >&2
