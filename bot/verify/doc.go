// Package verify is autoverify's verification core: it runs a story's
// checks and says what they showed. Each automated item runs in every
// environment of the matrix (Verifier, Environment), through a Runner (the
// local sandbox, Docker, Kubernetes: integrations/), by independent
// reviewers each in its own copy of the workspace (Reviewing), with
// passing results kept and served again by the result cache (Caching),
// and the reviewers' runs judged together by bot/consensus.
//
// It decides nothing about the story's lifecycle: the ledger's cycles,
// routing, fixing and recording belong to the pipeline above it (package
// bot), and the deliveries (bot/delivery/*) sit above that. It imports
// neither, and owns no I/O: runners, workspace copies and stores are
// interfaces declared here and implemented under integrations/ and ledger/.
package verify
