package main

import (
	"context"
	"fmt"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/integrations/assemble"
	"github.com/engineo/autoverify/integrations/attest"
)

// attestCmd is `autoverify attest verify FILE --key PUB [--subject FILE]…
// [--commit SHA] [--passed] [--json]`: exit 0 when every envelope holds, 1 with the
// reason when one does not, 2 on bad input.
func (a *App) attestCmd(ctx context.Context, args []string) (int, error) {
	if len(args) == 0 || args[0] != "verify" {
		return exitBadInput, cli.InputErrorf("usage: autoverify attest verify FILE --key PUB [--subject FILE]... [--commit SHA] [--passed] [--json]")
	}
	fs := a.flagSet("attest verify")
	keyPath := fs.String("key", "", "the signer's public key (PEM)")
	commit := fs.String("commit", "", "the commit the attestations must be about")
	asJSON := fs.Bool("json", false, "print what was verified as JSON")
	passed := fs.Bool("passed", false, "also require the run's verdict to be PASSED")
	var subjects cli.List
	fs.Var(&subjects, "subject", "a file every statement must name by its digest (the evidence, the summary); repeatable")
	pos, err := cli.ParseArgs(fs, args[1:])
	if err != nil {
		return exitBadInput, err
	}
	if len(pos) != 1 || *keyPath == "" {
		return exitBadInput, cli.InputErrorf("attest verify needs one attestation file and --key PUB: autoverify attest verify FILE --key PUB [--subject FILE]... [--commit SHA] [--passed]")
	}
	got, err := assemble.VerifyAttestation(ctx, assemble.AttestationFiles{Bundle: pos[0], Key: *keyPath, Subjects: subjects, Commit: *commit, Passed: *passed})
	return a.printVerified(pos[0], got, err, *asJSON)
}

// printVerified says what was verified, or why not.
func (a *App) printVerified(file string, res attest.Verification, err error, asJSON bool) (int, error) {
	if cli.IsInputError(err) {
		return exitBadInput, err
	}
	if asJSON {
		_ = cli.WriteJSON(a.Stdout, attest.OutcomeOf(res, err))
	} else if err == nil {
		fmt.Fprint(a.Stdout, report.AttestVerified(res.View(file)))
	}
	if err != nil {
		fmt.Fprintf(a.Stderr, "%s: NOT verified: %v\n", file, err)
		return exitFailed, nil
	}
	return exitOK, nil
}
