"""Pure Swiss engine (no Django): pairing, standings, top cut and event structure."""
