"""A BSV application using the cold wallet through bsv-sdk's own BRC-100 client (pinned bsv-sdk==2.4.0).

Run by LoopTests/BRC100InteropTests against `hf-watcher wallet-api serve` (the URL is the first argument); the test
answers the calls that need a key on the signer while this script waits, as a user would. Prints one JSON object:
what the wallet answered, and what bsv-sdk itself checked (the signature verifies with the derived key the wallet
gave, under SHA-256 as BRC-3 signs; the refusal reached the client as an HTTP error carrying the JSON shape).
"""
import hashlib
import json
import sys

from bsv.keys import PublicKey
from bsv.wallet.substrates.http_wallet_json import HTTPWalletJSON

ARGS = {"protocolID": [2, "hf airgap test"], "keyID": "1", "counterparty": "anyone"}
DATA = list(b"hf-airgap interop")


def main():
    wallet = HTTPWalletJSON("interop.example", base_url=sys.argv[1])
    out = {
        "network": wallet.get_network(None, {})["network"],
        "version": wallet.get_version(None, {})["version"],
        "height": wallet.get_height(None, {})["height"],
        "header": wallet.get_header_for_height(None, {"height": 1})["header"],
        "identityKey": wallet.get_public_key(None, {"identityKey": True})["publicKey"],
        "authenticated": wallet.is_authenticated(None, {})["authenticated"],
        "outputs": wallet.list_outputs(None, {"basket": "default"})["totalOutputs"],
    }
    derived = wallet.get_public_key(None, dict(ARGS, forSelf=True))["publicKey"]
    signature = bytes(wallet.create_signature(None, dict(ARGS, data=DATA))["signature"])
    out["derivedKey"] = derived
    out["signatureVerifiedByBsvSdk"] = PublicKey(derived).verify(
        signature, bytes(DATA), hasher=lambda message: hashlib.sha256(message).digest())
    try:
        wallet.reveal_counterparty_key_linkage(None, {"counterparty": "self", "verifier": derived})
        out["refusal"] = None
    except RuntimeError as error:
        text = str(error)
        out["refusal"] = json.loads(text[text.index("{"):])
    print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    main()
