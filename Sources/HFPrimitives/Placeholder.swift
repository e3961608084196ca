// HFPrimitives
