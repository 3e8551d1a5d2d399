package parse

import "testing"

func TestParseInt(t *testing.T) {
	n, err := ParseInt("42")
	if err != nil {
		t.Fatal(err)
	}
	if n != ParseInteger("42") {
		t.Errorf("mismatch: %s", n+"")
	}
}
