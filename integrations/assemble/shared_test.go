package assemble

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSharedOpensOnceAndClosesAfterTheLast: two users get one value; it
// is closed once, when both have closed (a user closing twice counts
// once); after that, or after a failed open, the next user opens again.
func TestSharedOpensOnceAndClosesAfterTheLast(t *testing.T) {
	t.Parallel()
	opens, closes := 0, 0
	fail := false
	open := shared(func(context.Context) (int, func(), error) {
		if fail {
			return 0, nil, errors.New("no")
		}
		opens++
		return opens, func() { closes++ }, nil
	})
	ctx := context.Background()
	a, closeA, err := open(ctx)
	require.NoError(t, err)
	b, closeB, err := open(ctx)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	assert.Equal(t, 1, opens)
	closeA()
	closeA()
	assert.Equal(t, 0, closes, "the other user still holds it")
	closeB()
	assert.Equal(t, 1, closes)

	fail = true
	_, _, err = open(ctx)
	require.Error(t, err)
	fail = false
	c, closeC, err := open(ctx)
	require.NoError(t, err)
	assert.Equal(t, 2, c, "opened again")
	closeC()
	assert.Equal(t, 2, closes)
}
