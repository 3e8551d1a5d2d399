// Package redis keeps the autoverify ledger in Redis, so that every
// replica of the server shares one ledger and one set of per-story locks.
// It owns the key layout, the per-story lock and the compare-and-set that
// make ledger.Store's Update atomic across processes and machines.
//
// # Keys
//
// Every key lives under one prefix, "autoverify:" unless WithPrefix says
// otherwise. For a story KEY (used verbatim, any bytes but empty):
//
//	autoverify:ledger:{KEY}   string  the ledger.Entry as JSON (times in RFC 3339 / ISO 8601 UTC)
//	autoverify:lock:{KEY}     string  the per-story lock: a random 128-bit token, with a PX expiry
//
// The braces are literal. They are a Redis Cluster hash tag, so both keys of
// one story hash to the same slot; because the prefix and the suffix are
// fixed, the mapping from story key to Redis key is one-to-one whatever the
// story key contains (':' and '{' included). Entries never expire; Reset
// deletes one.
//
// # Locking
//
// Update takes the story's lock with SET lock token NX PX ttl (ttl 10 s by
// default, WithLockTTL), retrying with a small jittered backoff (0.5 ms
// doubling to 20 ms) until it wins, the context ends or the lock wait (15 s
// by default, WithLockWait) runs out. Updates of one story within one
// process first queue on an in-process lock, so only one of them at a time
// polls Redis; the lock wait covers both. The token comes from crypto/rand and the lock is released by a
// Lua compare-and-delete, so only its owner can release it; if the owner
// dies the lock expires on its own after ttl.
//
// The lock serialises updates, but correctness does not rest on it alone:
// the new value is written by a Lua compare-and-set that succeeds only if
// the value is still the one fn was given. If it changed underneath (the
// lock expired during a long pause and another writer went ahead), fn runs
// again on the fresh value. So an update can never be lost, and fn may be
// called more than once; it must depend only on the entry it is given.
package redis
