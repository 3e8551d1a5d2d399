package assemble

import (
	"context"
	"errors"
	"io/fs"
	"os"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/attest"
)

// Attester is the signer ENGINEO_SIGNING_KEY names, or nil when it names
// none (runs are then unsigned, and say so). workdir is the tree checks
// run in ("" for none), which may not hold the key.
func (e Env) Attester(lookup settings.Lookup, workdir string) (bot.Attester, error) {
	path, src := lookup("signing-key")
	if path == "" {
		return nil, nil
	}
	if err := settings.SigningKeyOutside(lookup, workdir); err != nil {
		return nil, err
	}
	a, err := attest.LoadAttester(path, "https://github.com/engineo/autoverify@"+e.Version)
	var unread *fs.PathError
	switch {
	case errors.As(err, &unread):
		return nil, cli.InputErrorf("%s=%s: %v; point it at a PEM private key (autoverify keys generate makes one)", src, path, err)
	case err != nil:
		return nil, cli.InputErrorf("%s=%s: %v", src, path, err)
	}
	return a, nil
}

// AttestationFiles is what `autoverify attest verify` checks, as files:
// the bundle, the signer's public key (PEM), the subjects every statement
// must name by their digest, and attest.Checks' commit and verdict.
type AttestationFiles struct {
	Bundle   string
	Key      string
	Subjects []string
	Commit   string
	Passed   bool
}

// VerifyAttestation reads f's files and verifies the bundle with them. It
// returns what held; an *attest.Error saying what did not; or, for a file
// it could not read or use, a cli.InputError naming it as the command
// takes it (the attestation, --key, --subject).
func VerifyAttestation(ctx context.Context, f AttestationFiles) (attest.Verification, error) {
	bundle, err := os.ReadFile(f.Bundle)
	if err != nil {
		return attest.Verification{}, cli.InputErrorf("attestation %s: %v", f.Bundle, err)
	}
	rawKey, err := os.ReadFile(f.Key)
	if err != nil {
		return attest.Verification{}, cli.InputErrorf("--key %s: %v", f.Key, err)
	}
	pub, err := attest.ParsePublic(rawKey)
	if err != nil {
		return attest.Verification{}, cli.InputErrorf("--key %s: %v (autoverify keys public prints a signing key's)", f.Key, err)
	}
	subjects := map[string][]byte{}
	for _, s := range f.Subjects {
		b, err := os.ReadFile(s)
		if err != nil {
			return attest.Verification{}, cli.InputErrorf("--subject %s: %v", s, err)
		}
		subjects[s] = b
	}
	res, err := attest.Verify(ctx, bundle, pub, attest.Checks{Subjects: subjects, Commit: f.Commit, Passed: f.Passed})
	var failed *attest.Error
	if err != nil && !errors.As(err, &failed) {
		return res, cli.InputErrorf("attestation %s: %v", f.Bundle, err)
	}
	return res, err
}
