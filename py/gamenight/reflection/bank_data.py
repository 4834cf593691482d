"""Verified puzzle banks, written by ``tools/build_bank.py``: do not edit by hand.

Each bank: board size, tile counts (diagonal, flat, block, hole) and its entries as base64 text.
"""

BANKS: tuple[tuple[int, tuple[int, int, int, int], tuple[str, ...]], ...] = (
    (
        10,
        (16, 4, 4, 2),
        (
            "BAtebeDIltGq7Q7TBGgtHoyh2RErAx7r/hleobJpe5yea8XUzgszfAMWAVkCRQtkdWv7L1ZpYRZ+/3vnNgrQADaRSvoe2LXOPteZ",
            "YJhBRyj23Af6BVaBh7IeNPvrYMEE9UklUfZh5gmgAOS/tjpnp3zsIP6V8c+Aivd6NApMBKX5u50HoHEg4vjwFIzxJOFvUhArAg+w",
            "q5iDtGWqFPXvFOQ4CStw5QzMAc3b9tBllBcVT9MYBanEjTHPtgIkACnfUz++Bx66YrivLuP6oafTUA7wA3rBJ8uccaQHtH64EFXz",
            "Ghd/WhNHAC+vX+ERM/zD9E5qjICv2p3YWQtAAogcSYgRjBwzTAqAhfa9dqyRbg6JATn9ROr+9NJS0+LTO4xPhD8d/RDDBF+8BDn9",
            "B9a8RqYzouLTKpFhtQbpAtnFHs0E3qjydkR86K68jOWIrQ2mAYCvlena3SO/gt4Wzwkg+/8rOgdiAC2xVsHZ1Rerivg1uLmLoeqQ",
            "ngkBAk5nEsCc2Hv6yB0/5+RnJab0DgavA0P4HXJe3UkhYzN8vhetXEAbYg7WAN/JiaNiwi7DqbR6Bvh6lb4QZRC9AW3oGW3g36LV",
            "QqgZSe4wBnWqKgSWBAeiIrLBUntddYsfrRNBGCoV+Q34AvxNiCWMXOSZueztDLL6c5QAqRLWATU6gAaqw+aCIJJfyGIyP1W7LQrm",
            "BJrBthsLcWKRp4U6kH5jZnjqPgxYAhJ6d9zzdPpVHh/+c9aKPO9pBg6kAE88KFjLQonv9xDHSk+1Q39UGhBqBQnFC/9jXH5Yxijk",
            "TuVAKQi2JQ32ACYs5Lcwh9hI1Dj6MWEMVhIp8AvZAuSJNJmZYn45iCUVKYVQlRq2bRFRAMyRBvY4phfMXZQC672Rw40XaQ5VAG6G",
            "zHeo3I1svJjSUbvdbNKeAweMAnQ55PegQor0mzLrsuH0Ria0QAVXAFTx6O8oFxz1HfR8cuei9UH8ZxBhAgVQZtYeN7lDdNlik6zH",
            "fLd+jhE6AnMyF7IcVxpGifTo7xRIRW6csQVHBBMfnisShj/dAipTxGmr10kFhQ01ADSofBMSz9CZGyVYxi9/yfWRNgJjA65zf2ML",
            "xKTAZaMphYA+WJ+2lAh1AJzuhPiZeOXNQsOU23+hD8g1gAm4A5Yu+hNfIbXSrzMorf2Gs0cVwgNiAyUkyiqZA8dSbXhekFOibkRz",
            "dw2HAdz6+prwyhyjV9QP+xGyv5304QlDBPTKNbwVlvQapRTMT5Pv5wiK0QggArt9M/pxL0gY38bcL/nmEcalnRLjAVsg9TGYqH0x",
            "A6MY8KvNiG6fdhHpAD5f6L5hWdejncZ4zWD41hADoBD6Awoxgqx8BnQdv8b9wyOb0EYjRgOXA6bFHJko93Ol2zc7+gxgUFne2QRa",
            "A/HI17/Hedsmn1KJCEUVnCiFgwUOA3b/gcqDPfqTLbqVoYFmcl5XcwE6AR7HxfG2lnIAdwL945pmSeH0iQTMAxtPoUgmmCjjXj4n",
            "1/5LaMWAOAm5AnICPdVi4pvcipiqVIR6JzoaHw5+A4iui9vDDCJrrzy9S4LZlK6nNRN9AtgI6yVi32ukinO0Pj92cQZdtwb6AgcO",
            "uNgZiWnHCbpSn9Y8+6idQBN4BPRXbJnpMLZLy3bs9Zk+U6qRmwkUA7AZB+vHPeU++GxHGZ0Hxnr7GQIzA1nZ2CMxQYVTgMJ1lg6C",
            "oRxu1w9BAAWpKuBVES5QTvGEbx5ROHOJ3AHUAaifmAOvzUZ+/ymmnd5Zax/r1QrAAeuYPu7bz9u7PYjy7BEQDBvrDw4MAq939TlZ",
            "KSZmXUBSsv+JEJj+ygp+AZTn547eJz5F6BNrtSWvhbrULwjqARYVzVMTNbikMt6UaMEuIRXMkQamBEDhW4cq3zBljrAeh7mZTcSS",
            "9AdHAjkQhSUkVRhTjZUd3z5WgCmn7g2JAoXU3iklYMakYs5f+qWE0Cd5pQWhAFgzcNT/4GD42beziTsgceYwnws2AcPfUx/9cP/H",
            "/Vi4IhiA38qXlwwCA5j4p3Jheseh+WNPr3QCjQgMBQU6A+0fyeVtc7/zi0iyzhrEyuAYDxOAAsommk6MKnR8jxRjpi485B4G9wlt",
            "A/MIfg24i+GaV0dmTD2EA3ZenwqBBAZMm6F53sOt01wWSzkWhdaf1ANIALQ9KuRbjFMkipRQg8srJsXxCQx9AItVm1wLkknef2qk",
            "93bC3TDJTwR2BSTzlbYZ3JmsOSBlMdTqFy4dnRI3ADEDnhEw4kby+OXiRXU7GDia8Qy/A4N8EGpYsB5Er7cYwnOXklkh1gDBAy8M",
            "VU99ACYMcaDLuSRg52xRXg84AG4YEtXuwt8oc40JnNkiw3gnnxNZAsIpmm8zjJ8uxd57kwiItLxEQwlq",
        ),
    ),
)
