import unittest

import app


class AppTest(unittest.TestCase):
    def test_health(self):
        self.assertEqual(app.health(), "ok")
