print("hf-signer")
