"""Side-by-side benchmark of vlmxla (per backend) against Transformers eager on one machine."""
