// Package bolt keeps the autoverify ledger in an embedded bbolt file, the
// zero-setup default for a single machine (the CLI, a lone server). It owns
// the file's location and layout, and the open-file registry that lets one
// process open the same ledger more than once.
//
// # Layout
//
// Open(dir) creates dir if needed and the file dir/ledger.db (mode 0600).
// It holds one bucket, "ledger", mapping each story key (its UTF-8 bytes,
// verbatim) to the ledger.Entry as JSON, times in RFC 3339 / ISO 8601 UTC:
// the same bytes the Redis store keeps, so a ledger can be copied between
// them.
//
// # Atomicity and durability
//
// bbolt has a single writer and serialisable transactions, so Update is one
// read-modify-write transaction: read the entry, run fn, write it back. No
// lock of our own is needed, and an fn error rolls the transaction back.
// Every commit is fsynced (NoSync stays off), so an update that returned is
// on disk and a crash leaves either the old or the new entry, never a torn
// one. The freelist is not synced (NoFreelistSync, the etcd setting): bbolt
// rebuilds it by scanning after an unclean shutdown, which costs nothing in
// durability and saves a page write per commit.
//
// Under contention — when an Update starts while another is still running —
// Update joins bbolt's Batch, which commits concurrent updates together in
// one transaction and one fsync instead of one each. fn then runs inside the
// shared transaction, and may run more than once if the batch has to be
// retried; it must depend only on the entry it is given (the Redis store
// asks the same). A lone Update does not wait for a batch to fill.
//
// # One process, many opens
//
// bbolt lets only one process open a file at a time; another process waits
// for the file lock and then gets "ledger: … is in use by another
// autoverify process" (after 5 s, WithLockTimeout). Within one process,
// Open of a path that is already open shares the open database (a small
// registry with a reference count) and the last Close closes it, so two
// Stores in one process over one directory behave as one store. Options of
// later Opens of an already open path are ignored.
package bolt
