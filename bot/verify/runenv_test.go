package verify_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/verify"
)

func TestCommandEnv(t *testing.T) {
	t.Parallel()
	defaults := []string{"TZ=UTC", "LC_ALL=C.UTF-8", "PYTHONHASHSEED=0", "NO_COLOR=1"}
	assert.Equal(t, defaults, verify.DeterministicEnv())

	base := []string{"PATH=/bin", "HOME=/home/svc", "LANG=de_DE.UTF-8", "CI=true"}
	tests := []struct {
		name     string
		env, set []string
		want     []string
	}{
		{"defaults appended", base, nil, append(append([]string{}, base...), defaults...)},
		{"passed-through values of the defaults' names are replaced in place",
			[]string{"PATH=/bin", "TZ=Europe/Berlin", "PYTHONHASHSEED=random", "LC_ALL=de_DE.UTF-8"}, nil,
			[]string{"PATH=/bin", "TZ=UTC", "PYTHONHASHSEED=0", "LC_ALL=C.UTF-8", "NO_COLOR=1"}},
		{"the setting overrides defaults and the runner's own, later pairs win",
			base, []string{"PYTHONHASHSEED=random", "HOME=/var/lib/autoverify/home", "GOFLAGS=-mod=mod", "TZ=Asia/Tokyo", "TZ=UTC+3"},
			[]string{"PATH=/bin", "HOME=/var/lib/autoverify/home", "LANG=de_DE.UTF-8", "CI=true",
				"TZ=UTC+3", "LC_ALL=C.UTF-8", "PYTHONHASHSEED=random", "NO_COLOR=1", "GOFLAGS=-mod=mod"}},
		{"a duplicate in env does not survive", []string{"TZ=a", "X=1", "TZ=b"}, nil,
			[]string{"TZ=UTC", "X=1", "LC_ALL=C.UTF-8", "PYTHONHASHSEED=0", "NO_COLOR=1"}},
		{"an empty value is a value", nil, []string{"NO_COLOR="},
			[]string{"TZ=UTC", "LC_ALL=C.UTF-8", "PYTHONHASHSEED=0", "NO_COLOR="}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			before := append([]string(nil), tc.env...)
			got, err := verify.CommandEnv(tc.env, tc.set)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, before, tc.env, "env is not modified")
		})
	}
}

func TestCommandEnvRejectsMalformedPairs(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"TZ", "=UTC", "1X=2", "A-B=1", "A B=1", "X=a\x00b"} {
		_, err := verify.CommandEnv(nil, []string{bad})
		assert.Error(t, err, "%q", bad)
	}
	assert.NoError(t, verify.CheckEnvPairs([]string{"_X1=a=b,c", "lower=1"}))
}
