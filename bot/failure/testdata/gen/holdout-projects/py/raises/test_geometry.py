import pytest

from geometry import area, hypot


def test_hypot():
    assert hypot(3, 4) == 5


def test_area_precise():
    assert area(1) == pytest.approx(3.14159, rel=1e-4)


def test_negative_radius():
    with pytest.raises(ValueError):
        area(-1)


class TestSeries:
    def test_list(self):
        assert [round(area(r), 2) for r in (1, 2)] == [3.14, 12.57]

    def test_dict(self):
        assert {"r": 1, "a": area(1)} == {"r": 1, "a": 3.14159}
