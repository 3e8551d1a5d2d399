// Package storetest is the contract every ledger.Store must meet. It owns
// the behaviour the rest of autoverify relies on and that the Store
// interface can only state in prose: unknown stories read as zero entries,
// an fn error stores nothing and comes back unchanged, stories are isolated
// however their keys are spelled, and — the reason the ledger exists —
// concurrent updates of one story are serialised, so that of N concurrent
// runs exactly the remaining number of verify cycles proceed and no
// increment is ever lost.
//
// ledger/redis and ledger/bolt run Run (and RunShared, for two Store
// values over one backend) from their tests; a new Store implementation
// should do the same.
package storetest
