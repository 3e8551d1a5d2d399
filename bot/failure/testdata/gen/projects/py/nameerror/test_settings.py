import settings


def test_timeout():
    assert settings.TIMEOUT > 0
