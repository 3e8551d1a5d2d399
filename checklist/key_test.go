package checklist

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFindKey(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "KAN-25", FindKey("KAN-25: greet people", "feature/OPS-1", "body AB-3"))
	assert.Equal(t, "OPS-12", FindKey("greet people", "feature/OPS-12-greet", "body AB-3"))
	assert.Equal(t, "AB-3", FindKey("greet", "main", "Implements AB-3."))
	assert.Equal(t, "", FindKey("greet", "main", "no key; a-1 and K-1 are not keys"))
}
