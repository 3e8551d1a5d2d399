package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/engineo/autoverify/bot/delivery/cli"
	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/integrations/attest"
)

// keysCmd is `autoverify keys generate [--ed25519] [--out PREFIX]` (writes
// PREFIX.key, mode 0600, and PREFIX.pub; never over existing files) and
// `autoverify keys public` (prints ENGINEO_SIGNING_KEY's public key).
func (a *App) keysCmd(_ context.Context, args []string) (int, error) {
	if len(args) == 0 {
		return exitBadInput, cli.InputErrorf("usage: autoverify keys generate [--ed25519] [--out PREFIX] | autoverify keys public")
	}
	fs := a.flagSet("keys " + args[0])
	switch args[0] {
	case "generate":
		ed := fs.Bool("ed25519", false, "an Ed25519 key instead of ECDSA P-256")
		out := fs.String("out", "autoverify-signing", "prefix of the files written: PREFIX.key and PREFIX.pub")
		if _, err := cli.ParseN(fs, args[1:], 0, "keys generate takes no arguments: autoverify keys generate [--ed25519] [--out PREFIX]"); err != nil {
			return exitBadInput, err
		}
		kind := attest.ECDSAP256
		if *ed {
			kind = attest.Ed25519
		}
		return a.generateKey(kind, *out)
	case "public":
		lookup := cli.SettingFlags(fs, a.Getenv, settings.Run)
		if _, err := cli.ParseN(fs, args[1:], 0, "keys public takes no arguments: autoverify keys public"); err != nil {
			return exitBadInput, err
		}
		return a.publicKey(lookup)
	}
	return exitBadInput, cli.InputErrorf("keys %q: want generate or public", args[0])
}

func (a *App) generateKey(kind attest.Kind, prefix string) (int, error) {
	fp, err := attest.WriteKeyPair(kind, prefix)
	var exists *fs.PathError
	if errors.Is(err, fs.ErrExist) && errors.As(err, &exists) {
		return exitBadInput, cli.InputErrorf("%s exists: keys generate never overwrites a key; pass another --out", exists.Path)
	} else if err != nil {
		return exitFailed, err
	}
	fmt.Fprint(a.Stdout, report.KeysWritten(prefix, fp))
	return exitOK, nil
}

func (a *App) publicKey(lookup settings.Lookup) (int, error) {
	signer, err := a.env().Attester(lookup, "")
	if err != nil {
		return exitBadInput, err
	}
	at, ok := signer.(*attest.Attester)
	if !ok {
		return exitBadInput, cli.InputErrorf("no signing key: set ENGINEO_SIGNING_KEY (or --signing-key) to a PEM private key")
	}
	pub, err := attest.PublicPEM(at.Key.Public())
	if err != nil {
		return exitFailed, err
	}
	_, _ = a.Stdout.Write(pub)
	return exitOK, nil
}
