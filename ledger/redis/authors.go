package redis

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/engineo/autoverify/ledger"
)

// Per-author claim counts live in one hash (field author\x1fcounter), with
// a key per counted (run, author) that expires after runMemory, all under
// one hash tag so the script's keys share a cluster slot.
const (
	fieldSep  = "\x1f"
	runMemory = 30 * 24 * time.Hour
)

var _ ledger.AuthorCounter = (*Store)(nil)

func (s *Store) authorCountsKey() string { return s.prefix + "authors:{claims}:counts" }
func (s *Store) authorRunKey(runID, author string) string {
	return s.prefix + "authors:{claims}:run:" + runID + fieldSep + author
}

// countScript adds ARGV[3..] to the author's counters unless the run
// (KEYS[2]) was counted already; ARGV[1] is the author, ARGV[2] the run
// memory in seconds ("0": no run ID, always count).
var countScript = goredis.NewScript(`
if ARGV[2] ~= '0' then
  if not redis.call('SET', KEYS[2], '1', 'NX', 'EX', ARGV[2]) then return 0 end
end
for i = 3, #ARGV, 2 do
  redis.call('HINCRBY', KEYS[1], ARGV[1] .. '` + fieldSep + `' .. ARGV[i], ARGV[i+1])
end
return 1
`)

// CountClaims implements ledger.AuthorCounter.
func (s *Store) CountClaims(ctx context.Context, author, runID string, c ledger.ClaimCounts) error {
	if author == "" {
		return fmt.Errorf("ledger: counting claims: empty author")
	}
	memory := "0"
	if runID != "" {
		memory = strconv.Itoa(int(runMemory / time.Second))
	}
	args := []any{author, memory,
		"signals", c.Signals, "held", c.Held, "rejected", c.Rejected,
		"false_claims", c.FalseClaims, "false_pairs", c.FalsePairs, "unverified", c.Unverified}
	if err := countScript.Run(ctx, s.rdb, []string{s.authorCountsKey(), s.authorRunKey(runID, author)}, args...).Err(); err != nil {
		return fmt.Errorf("ledger: counting claims of %s in redis %s: %w", author, s.url, err)
	}
	return nil
}

// AuthorClaims implements ledger.AuthorCounter.
func (s *Store) AuthorClaims(ctx context.Context) (map[string]ledger.ClaimCounts, error) {
	all, err := s.rdb.HGetAll(ctx, s.authorCountsKey()).Result()
	if err != nil {
		return nil, fmt.Errorf("ledger: reading author counts from redis %s: %w", s.url, err)
	}
	out := map[string]ledger.ClaimCounts{}
	for field, v := range all {
		i := strings.LastIndex(field, fieldSep)
		if i < 0 {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("ledger: author count %q is %q, not a number", field, v)
		}
		author, counter := field[:i], field[i+len(fieldSep):]
		c := out[author]
		switch counter {
		case "signals":
			c.Signals = n
		case "held":
			c.Held = n
		case "rejected":
			c.Rejected = n
		case "false_claims":
			c.FalseClaims = n
		case "false_pairs":
			c.FalsePairs = n
		case "unverified":
			c.Unverified = n
		}
		out[author] = c
	}
	return out, nil
}
