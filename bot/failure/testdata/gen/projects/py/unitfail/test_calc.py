import unittest

import calc


class CalcTest(unittest.TestCase):
    def test_add(self):
        self.assertEqual(calc.add(2, 3), 5)

    def test_average(self):
        self.assertEqual(calc.average([2, 4, 6]), 4)

    def test_slugify(self):
        self.assertEqual(calc.slugify("Hello World"), "hello-world")

    def test_average_empty(self):
        self.assertEqual(calc.average([]), 0)


if __name__ == "__main__":
    unittest.main()
