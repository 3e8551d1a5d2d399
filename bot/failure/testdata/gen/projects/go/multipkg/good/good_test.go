package good

import "testing"

func TestDouble(t *testing.T) {
	if Double(4) != 8 {
		t.Fatal("bad double")
	}
}
