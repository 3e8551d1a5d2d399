package attest

import (
	"context"
	"errors"
	"fmt"
	"os"
)

// VerifyRequest is what `autoverify attest verify` checks, as files: the
// bundle, the signer's public key (PEM), the subjects every statement
// must name by their digest, and Checks' commit and verdict.
type VerifyRequest struct {
	Bundle   string
	Key      string
	Subjects []string
	Commit   string
	Passed   bool
}

// InputError is input VerifyFiles could not use: a file it could not
// read, a key it could not parse, a bundle it could not decode. It names
// the file as `autoverify attest verify` takes it (the attestation,
// --key, --subject), so the command prints it as it is.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

func inputErrorf(format string, args ...any) error {
	return &InputError{Msg: fmt.Sprintf(format, args...)}
}

// VerifyFiles reads r's files and Verifies the bundle with them. It
// returns what held; an *Error saying what did not; or an *InputError.
func VerifyFiles(ctx context.Context, r VerifyRequest) (Verification, error) {
	bundle, err := os.ReadFile(r.Bundle)
	if err != nil {
		return Verification{}, inputErrorf("attestation %s: %v", r.Bundle, err)
	}
	rawKey, err := os.ReadFile(r.Key)
	if err != nil {
		return Verification{}, inputErrorf("--key %s: %v", r.Key, err)
	}
	pub, err := ParsePublic(rawKey)
	if err != nil {
		return Verification{}, inputErrorf("--key %s: %v (autoverify keys public prints a signing key's)", r.Key, err)
	}
	subjects := map[string][]byte{}
	for _, s := range r.Subjects {
		b, err := os.ReadFile(s)
		if err != nil {
			return Verification{}, inputErrorf("--subject %s: %v", s, err)
		}
		subjects[s] = b
	}
	res, err := Verify(ctx, bundle, pub, Checks{Subjects: subjects, Commit: r.Commit, Passed: r.Passed})
	var failed *Error
	if err != nil && !errors.As(err, &failed) {
		return res, inputErrorf("attestation %s: %v", r.Bundle, err)
	}
	return res, err
}
