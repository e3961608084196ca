print("hf-bench")
