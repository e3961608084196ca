"""A BSV application using the cold wallet through bsv-sdk's own BRC-100 client (pinned bsv-sdk==2.4.0).

Run by LoopTests/BRC100InteropTests against `hf-watcher wallet-api serve` (the URL is the first argument); the test
answers the calls that need a key on the signer while this script waits, as a user would. Prints one JSON object:
what the wallet answered, and what bsv-sdk itself checked: the signature verifies with the derived key the wallet
gave (SHA-256, as BRC-3 signs); with `--mnemonic FILE`, bsv-sdk's ProtoWallet over the same root key (m/13'/0' of
the phrase) gives the same identity key, derived key and signature, and each side decrypts what the other
encrypted; with `--pay`, a createAction's Atomic BEEF is parsed and verified by bsv-sdk (the parent's BUMP against
the wallet's own headers, every script); the refusal reached the client as an HTTP error carrying the JSON shape.
"""
import asyncio
import hashlib
import json
import sys

from bsv.chaintracker import ChainTracker
from bsv.hd import bip32_derive_xprv_from_mnemonic
from bsv.keys import PrivateKey, PublicKey
from bsv.script import P2PKH
from bsv.transaction import Transaction
from bsv.wallet import ProtoWallet
from bsv.wallet.substrates.http_wallet_json import HTTPWalletJSON

ARGS = {"protocolID": [2, "hf airgap test"], "keyID": "1", "counterparty": "anyone"}
DATA = list(b"hf-airgap interop")


class WalletChainTracker(ChainTracker):
    """Merkle roots checked against the headers the wallet itself serves (getHeaderForHeight)."""

    def __init__(self, wallet):
        self.wallet = wallet

    async def is_valid_root_for_height(self, root, height):
        header = bytes.fromhex(self.wallet.get_header_for_height(None, {"height": height})["header"])
        return header[36:68][::-1].hex() == root

    async def current_height(self):
        return self.wallet.get_height(None, {})["height"]


def same_keys(wallet, words):
    """bsv-sdk's own ProtoWallet over the same root key (m/13'/0' of the phrase): its answers against the cold
    wallet's, and each side opening what the other sealed."""
    proto = ProtoWallet(bip32_derive_xprv_from_mnemonic(words, path="m/13'/0'").private_key())
    plain = list(b"sealed by the cold wallet")
    cold_cipher = wallet.encrypt(None, dict(ARGS, counterparty="self", plaintext=plain))["ciphertext"]
    proto_cipher = proto.encrypt(dict(ARGS, counterparty="self", plaintext=list(b"sealed by bsv-sdk")))["ciphertext"]
    return {
        "identityKey": proto.get_public_key({"identityKey": True})["publicKey"],
        "derivedKey": proto.get_public_key(dict(ARGS, forSelf=True))["publicKey"],
        "signature": bytes(proto.create_signature(dict(ARGS, data=DATA))["signature"]).hex(),
        "protoDecryptsCold": bytes(proto.decrypt(dict(ARGS, counterparty="self", ciphertext=list(cold_cipher)))["plaintext"])
        == bytes(plain),
        "coldDecryptsProto": bytes(wallet.decrypt(None, dict(ARGS, counterparty="self", ciphertext=list(proto_cipher)))["plaintext"])
        == b"sealed by bsv-sdk",
    }


def pay(wallet):
    """createAction paying a fresh P2PKH; bsv-sdk parses the Atomic BEEF and verifies it (proofs and scripts)."""
    script = P2PKH().lock(PrivateKey().address()).hex()
    result = wallet.create_action(None, {
        "description": "interop payment",
        "outputs": [{"lockingScript": script, "satoshis": 3000, "outputDescription": "to a fresh key"}],
    })
    atomic = bytes(result["tx"])
    assert atomic[:4] == bytes([1, 1, 1, 1]), "Atomic BEEF prefix"
    assert atomic[4:36][::-1].hex() == result["txid"], "the Atomic BEEF names the subject"
    tx = Transaction.from_beef(atomic[36:])
    return {
        "txid": result["txid"],
        "beefSubjectMatches": tx.txid() == result["txid"],
        "paysTheOutput": any(o.locking_script.hex() == script and o.satoshis == 3000 for o in tx.outputs),
        "verifiedByBsvSdk": asyncio.run(tx.verify(WalletChainTracker(wallet))),
    }


def main():
    wallet = HTTPWalletJSON("interop.example", base_url=sys.argv[1])
    out = {
        "network": wallet.get_network(None, {})["network"],
        "version": wallet.get_version(None, {})["version"],
        "height": wallet.get_height(None, {})["height"],
        "header": wallet.get_header_for_height(None, {"height": 1})["header"],
        "identityKey": wallet.get_public_key(None, {"identityKey": True})["publicKey"],
        "authenticated": wallet.is_authenticated(None, {})["authenticated"],
        "waited": wallet.wait_for_authentication(None, {})["authenticated"],
        "outputs": wallet.list_outputs(None, {"basket": "default"})["totalOutputs"],
        "balance": wallet.list_outputs(None, {"basket": "balance default"})["totalOutputs"],
    }
    # listOutputs with whole transactions: bsv-sdk reads the BEEF and verifies the coin's proof (BUMP) against the
    # wallet's own headers, as an application that spends the output would.
    listed = wallet.list_outputs(None, {"basket": "default", "include": "entire transactions"})
    coin = Transaction.from_beef(bytes(listed["BEEF"]))
    out["listedWithBEEF"] = {
        "outpointTxid": listed["outputs"][0]["outpoint"].split(".")[0],
        "beefTxid": coin.txid(),
        "verifiedByBsvSdk": asyncio.run(coin.verify(WalletChainTracker(wallet))),
    }
    derived = wallet.get_public_key(None, dict(ARGS, forSelf=True))["publicKey"]
    signature = bytes(wallet.create_signature(None, dict(ARGS, data=DATA))["signature"])
    out["derivedKey"] = derived
    out["signature"] = signature.hex()
    out["signatureVerifiedByBsvSdk"] = PublicKey(derived).verify(
        signature, bytes(DATA), hasher=lambda message: hashlib.sha256(message).digest())
    try:
        wallet.reveal_counterparty_key_linkage(None, {"counterparty": "self", "verifier": derived})
        out["refusal"] = None
    except RuntimeError as error:
        text = str(error)
        out["refusal"] = json.loads(text[text.index("{"):])
    if "--mnemonic" in sys.argv:
        with open(sys.argv[sys.argv.index("--mnemonic") + 1]) as phrase:
            out["protoWallet"] = same_keys(wallet, phrase.read().strip())
    if "--pay" in sys.argv:
        out["action"] = pay(wallet)
    print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    main()
