"""The bounded memo behind the process-wide caches of parse trees, face designs and icons."""

from __future__ import annotations

from printandplay.model.memo import BoundedMemo


def test_a_full_memo_is_emptied_before_it_keeps_more() -> None:
    memo: BoundedMemo[str, int] = BoundedMemo(3)
    assert memo.get("a") is None
    for n, key in enumerate("abc"):
        assert memo.keep(key, n) == n
    assert len(memo) == 3 and memo.get("b") == 1
    memo.keep("d", 3)
    assert len(memo) == 1 and memo.get("a") is None and memo.get("d") == 3
