import unittest


def parse_duration(s):
    units = {"s": 1, "m": 60, "h": 3600}
    return int(s[:-1]) * units[s[-1]]


class DurationTest(unittest.TestCase):
    def test_units(self):
        for text, want in [("5s", 5), ("2m", 120), ("1h", 3600), ("1d", 86400), ("10m", 60)]:
            with self.subTest(text=text):
                self.assertEqual(parse_duration(text), want)

    def test_bad_input(self):
        with self.assertRaises(ValueError):
            parse_duration("")


class DatabaseTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        raise ConnectionError("could not connect to test database on localhost:5432")

    def test_query(self):
        self.assertTrue(True)


if __name__ == "__main__":
    unittest.main()
