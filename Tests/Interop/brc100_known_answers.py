#!/usr/bin/env python3
"""BRC-100 known answers from bsv-sdk's ProtoWallet (pinned bsv-sdk==2.4.0, see Tests/Interop/requirements.txt).

Prints one JSON object. Tests/HFSignerCoreTests/WalletCalls/WalletCallComputationTests.swift holds the same answers,
written in by hand, and checks the signer's answers to carried BRC-100 calls against them (BRC-42/43, BRC-2,
BRC-3). Run it in the venv (`make interop-venv`, then .build/interop-venv/bin/python) to remake them.
The decrypt case uses a ciphertext made here once (BRC-2 uses a random IV), written in as CIPHERTEXT below.
"""
import json
import sys

from bsv.keys import PrivateKey
from bsv.wallet import ProtoWallet

ROOT = "11" * 32
OTHER_PUBLIC = PrivateKey(bytes.fromhex("22" * 32)).public_key().hex()
PROTOCOL = [2, "hf airgap test"]
KEY_ID = "1"
DATA = list(b"hf-airgap known answer")
# Made once by ProtoWallet(ROOT).encrypt(plaintext=DATA, counterparty=OTHER_PUBLIC); decrypts to DATA.
CIPHERTEXT = "2b732c3f8b07c7ca2065a46318220dfc77a5478b710a1732f26b5838eb1ebd1fcc84a43008fe5172fe20bd3af67d07c7db6153d2c213893c564433c3dfa6af7269a8bc810b69"


def args(counterparty, **more):
    return dict(protocolID=PROTOCOL, keyID=KEY_ID, counterparty=counterparty, **more)


def main():
    wallet = ProtoWallet(PrivateKey(bytes.fromhex(ROOT)))
    out = {"otherPublicKey": OTHER_PUBLIC}
    out["identityKey"] = wallet.get_public_key({"identityKey": True})["publicKey"]
    for name, cp in [("self", "self"), ("anyone", "anyone"), ("other", OTHER_PUBLIC)]:
        out["publicKey." + name] = wallet.get_public_key(args(cp))["publicKey"]
        out["publicKey.forSelf." + name] = wallet.get_public_key(args(cp, forSelf=True))["publicKey"]
    out["signature.anyone"] = bytes(wallet.create_signature(args("anyone", data=DATA))["signature"]).hex()
    out["signature.other"] = bytes(wallet.create_signature(args(OTHER_PUBLIC, data=DATA))["signature"]).hex()
    out["hmac.self"] = bytes(wallet.create_hmac(args("self", data=DATA))["hmac"]).hex()
    out["hmac.other"] = bytes(wallet.create_hmac(args(OTHER_PUBLIC, data=DATA))["hmac"]).hex()
    if "--make-ciphertext" in sys.argv:
        out["ciphertext"] = bytes(wallet.encrypt(args(OTHER_PUBLIC, plaintext=DATA))["ciphertext"]).hex()
    if CIPHERTEXT:
        plain = wallet.decrypt(args(OTHER_PUBLIC, ciphertext=list(bytes.fromhex(CIPHERTEXT))))["plaintext"]
        out["decrypt.other"] = bytes(plain).hex()
    print(json.dumps(out, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
